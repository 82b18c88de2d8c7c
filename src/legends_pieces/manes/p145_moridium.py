"""#145 Moridium -- red angel, strength 7."""

from legends_core import piece

from ..powers import FLYING, ReflectVision

PIECE = piece(
    145, "Moridium", 7, type="angel", colour="red",
    text=("Innate: an enemy piece that uses Vision to reveal Moridium is destroyed. "
          "Action: Flying."),
    powers=[ReflectVision(), FLYING],
)

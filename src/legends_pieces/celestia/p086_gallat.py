"""#86 Gallat -- blue angel, strength 4."""

from legends_core import piece

from ..powers import FLYING, ReflectVision

PIECE = piece(
    86, "Gallat", 4, type="angel", colour="blue",
    text=("Innate: an enemy piece that uses Vision to reveal Gallat is destroyed for it. "
          "Action: Flying."),
    powers=[ReflectVision(), FLYING],
)

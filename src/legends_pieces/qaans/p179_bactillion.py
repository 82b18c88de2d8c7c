"""#179 Bactillion -- purple mold, strength 7."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, FLYING

PIECE = piece(
    179, "Bactillion", 7, type="mold", colour="purple",
    text=("Innate: Dispel Magic -- a magic piece it attacks is destroyed and casts nothing. "
          "Action: Flying."),
    powers=[DISPEL_MAGIC, FLYING],
)

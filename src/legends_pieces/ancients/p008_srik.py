"""#8 Srik -- green elf, strength 7."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, SLASHING

PIECE = piece(
    8, "Srik", 7, type="elf", colour="green",
    text=("Innate: Dispel Magic -- a magic piece Srik attacks is destroyed without its spell. "
          "Action: Slashing."),
    powers=[DISPEL_MAGIC, SLASHING],
)

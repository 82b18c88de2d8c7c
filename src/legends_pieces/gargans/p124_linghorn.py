"""#124 Linghorn -- silver minotaur, strength 3."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, SLASHING

PIECE = piece(
    124, "Linghorn", 3, type="minotaur", colour="silver",
    text="Innate: Dispel Magic. Action: Slashing.",
    powers=[DISPEL_MAGIC, SLASHING],
)

"""#144 Renil -- red vampire, strength 7."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, SLASHING

PIECE = piece(
    144, "Renil", 7, type="vampire", colour="red",
    text="Innate: Dispel Magic. Action: Slashing.",
    powers=[DISPEL_MAGIC, SLASHING],
)

"""#85 Spirit of Negation -- blue spirit, strength 4."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, SWITCHING

PIECE = piece(
    85, "Spirit of Negation", 4, type="spirit", colour="blue",
    text="Innate: Dispel Magic. Action: Switching (trade squares with another spirit of yours).",
    powers=[DISPEL_MAGIC, SWITCHING],
)

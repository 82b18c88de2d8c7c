"""#81 Vinin Satyr -- blue satyr, strength 6."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    81, "Vinin Satyr", 6, type="satyr", colour="blue",
    text="Innate: +2 while on mountain.",
    powers=[TerrainBonus("mountain", 2)],
)

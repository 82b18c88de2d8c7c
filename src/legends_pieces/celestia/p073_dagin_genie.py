"""#73 Dagin Genie -- blue spirit, strength 8."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    73, "Dagin Genie", 8, type="spirit", colour="blue",
    text="Innate: +1 while on desert.",
    powers=[TerrainBonus("desert", 1)],
)

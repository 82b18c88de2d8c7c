"""#143 Mummy -- red zombie, strength 8."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    143, "Mummy", 8, type="zombie", colour="red",
    text="Innate: +1 on desert.",
    powers=[TerrainBonus("desert", 1)],
)

"""#155 Plague Bearer -- red zombie, strength 4."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    155, "Plague Bearer", 4, type="zombie", colour="red",
    text="Innate: +7 on town.",
    powers=[TerrainBonus("town", 7)],
)

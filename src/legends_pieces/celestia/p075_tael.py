"""#75 Tael -- blue chimera, strength 8."""

from legends_core import piece

from ..powers import FLYING, TerrainBonus

PIECE = piece(
    75, "Tael", 8, type="chimera", colour="blue",
    text="Innate: +1 while on mountain. Action: Flying.",
    powers=[TerrainBonus("mountain", 1), FLYING],
)

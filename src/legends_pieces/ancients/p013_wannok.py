"""#13 Wannok -- green sprite, strength 6."""

from legends_core import piece

from ..powers import FLYING, TerrainBonus

PIECE = piece(
    13, "Wannok", 6, type="sprite", colour="green",
    text="Innate: +1 in forest. Action: Flying.",
    powers=[TerrainBonus("forest", 1), FLYING],
)

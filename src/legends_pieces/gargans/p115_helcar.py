"""#115 Helcar -- silver beast, strength 6."""

from legends_core import piece

from ..powers import FLYING, TerrainBonus

PIECE = piece(
    115, "Helcar", 6, type="beast", colour="silver",
    text="Innate: +2 on mountain. Action: Flying.",
    powers=[TerrainBonus("mountain", 2), FLYING],
)

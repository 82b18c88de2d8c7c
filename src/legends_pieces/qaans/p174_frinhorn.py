"""#174 Frinhorn -- purple dragon, strength 9."""

from legends_core import piece

from ..powers import FLYING, TerrainBonus

PIECE = piece(
    174, "Frinhorn", 9, type="dragon", colour="purple",
    text="Innate: +1 on plains. Action: Flying.",
    powers=[TerrainBonus("plains", 1), FLYING],
)

"""#16 Grundin -- green ranger, strength 5."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    16, "Grundin", 5, type="ranger", colour="green",
    text="Innate: +2 in forest.",
    powers=[TerrainBonus("forest", 2)],
)

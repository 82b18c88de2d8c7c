"""#184 Hades Giant -- purple insectoid, strength 5."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    184, "Hades Giant", 5, type="insectoid", colour="purple",
    text="Innate: +2 on mountain.",
    powers=[TerrainBonus("mountain", 2)],
)

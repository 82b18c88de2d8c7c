"""#43 Hillstone Priest -- gold cleric, strength 7."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    43, "Hillstone Priest", 7, type="cleric", colour="gold",
    text="Innate: +2 on mountain.",
    powers=[TerrainBonus("mountain", 2)],
)

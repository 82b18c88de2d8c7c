"""#49 Hillstone Curate -- gold cleric, strength 5."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    49, "Hillstone Curate", 5, type="cleric", colour="gold",
    text="Innate: +2 on mountain.",
    powers=[TerrainBonus("mountain", 2)],
)

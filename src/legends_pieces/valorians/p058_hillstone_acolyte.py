"""#58 Hillstone Acolyte -- gold cleric, strength 2."""

from legends_core import piece

from ..powers import CHARGING, TerrainBonus

PIECE = piece(
    58, "Hillstone Acolyte", 2, type="cleric", colour="gold",
    text="Innate: +2 on mountain. Action: Charging.",
    powers=[TerrainBonus("mountain", 2), CHARGING],
)

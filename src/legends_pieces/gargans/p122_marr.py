"""#122 Marr -- silver titan, strength 3."""

from legends_core import piece

from ..powers import CHARGING, TerrainBonus

PIECE = piece(
    122, "Marr", 3, type="titan", colour="silver",
    text="Innate: +2 on mountain. Action: Charging.",
    powers=[TerrainBonus("mountain", 2), CHARGING],
)

"""#191 Slime of Bremmuk -- purple mold, strength 3."""

from legends_core import piece

from ..powers import CHARGING, TerrainBonus

PIECE = piece(
    191, "Slime of Bremmuk", 3, type="mold", colour="purple",
    text="Innate: +2 on forest. Action: Charging.",
    powers=[TerrainBonus("forest", 2), CHARGING],
)

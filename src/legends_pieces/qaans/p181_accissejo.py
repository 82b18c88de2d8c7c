"""#181 Accissejo -- purple insectoid, strength 6."""

from legends_core import piece

from ..powers import SLASHING, TerrainBonus

PIECE = piece(
    181, "Accissejo", 6, type="insectoid", colour="purple",
    text="Innate: +2 on forest. Action: Slashing.",
    powers=[TerrainBonus("forest", 2), SLASHING],
)

"""#56 Ulaniva Defender -- gold paladin, strength 3."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, QUICKNESS, TerrainBonus

PIECE = piece(
    56, "Ulaniva Defender", 3, type="paladin", colour="gold",
    text="Innate: +3 on desert. Innate: Dispel Magic. Action: Quickness.",
    powers=[TerrainBonus("desert", 3), DISPEL_MAGIC, QUICKNESS],
)

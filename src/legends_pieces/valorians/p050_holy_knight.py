"""#50 Holy Knight -- gold paladin, strength 5."""

from legends_core import piece

from ..powers import QUICKNESS, TerrainBonus

PIECE = piece(
    50, "Holy Knight", 5, type="paladin", colour="gold",
    text="Innate: +4 on town. Action: Quickness.",
    powers=[TerrainBonus("town", 4), QUICKNESS],
)

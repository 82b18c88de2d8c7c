"""#53 Ulaniva Crusader -- gold paladin, strength 4."""

from legends_core import piece

from ..powers import TerrainBonus, TerrainJump

PIECE = piece(
    53, "Ulaniva Crusader", 4, type="paladin", colour="gold",
    text=("Innate: +2 on desert. Action: while standing on desert, move to any other empty "
          "desert square."),
    powers=[TerrainBonus("desert", 2), TerrainJump("desert")],
)

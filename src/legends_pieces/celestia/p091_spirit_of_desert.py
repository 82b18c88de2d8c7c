"""#91 Spirit of Desert -- blue spirit, strength 2."""

from legends_core import piece

from ..powers import TerrainBonus, TerrainJump

PIECE = piece(
    91, "Spirit of Desert", 2, type="spirit", colour="blue",
    text=("Innate: +3 while on desert. Action: when it stands on desert, reveal it and move it "
          "to any empty desert square."),
    powers=[TerrainBonus("desert", 3), TerrainJump("desert")],
)

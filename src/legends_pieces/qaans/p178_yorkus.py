"""#178 Yorkus -- purple insectoid, strength 7."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    178, "Yorkus", 7, type="insectoid", colour="purple",
    text="Action: standing on a desert square, Yorkus is revealed and jumps to any other empty desert square.",
    powers=[TerrainJump("desert")],
)

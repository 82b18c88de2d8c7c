"""#173 Gangis Wind -- purple mold, strength 9."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    173, "Gangis Wind", 9, type="mold", colour="purple",
    text="Action: standing on a town square, Gangis Wind is revealed and jumps to any other empty town square.",
    powers=[TerrainJump("town")],
)

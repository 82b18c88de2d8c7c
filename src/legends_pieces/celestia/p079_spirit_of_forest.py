"""#79 Spirit of Forest -- blue spirit, strength 6."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    79, "Spirit of Forest", 6, type="spirit", colour="blue",
    text="Action: when it stands on forest, reveal it and move it to any empty forest square.",
    powers=[TerrainJump("forest")],
)

"""#149 Lingering Death -- red zombie, strength 6."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    149, "Lingering Death", 6, type="zombie", colour="red",
    text="Action: when it stands on marsh, reveal it and move it to any empty marsh square.",
    powers=[TerrainJump("marsh")],
)

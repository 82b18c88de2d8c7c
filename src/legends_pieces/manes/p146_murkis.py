"""#146 Murkis -- red zombie, strength 7."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    146, "Murkis", 7, type="zombie", colour="red",
    text="Action: when Murkis stands on marsh, reveal it and move it to any empty marsh square.",
    powers=[TerrainJump("marsh")],
)

"""#109 Cave Beast -- silver beast, strength 8."""

from legends_core import piece

from ..powers import TerrainJump

PIECE = piece(
    109, "Cave Beast", 8, type="beast", colour="silver",
    text=("Action: when the Cave Beast stands on a mountain, reveal it and move it to any "
          "empty mountain square."),
    powers=[TerrainJump("mountain")],
)

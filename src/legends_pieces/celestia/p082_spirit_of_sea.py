"""#82 Spirit of Sea -- blue spirit, strength 5."""

from legends_core import piece

from ..powers import WaterJump

PIECE = piece(
    82, "Spirit of Sea", 5, type="spirit", colour="blue",
    text=("Action: when it stands beside water, reveal it and move it to any empty square that "
          "is also beside water."),
    powers=[WaterJump()],
)

"""#88 Spirit of Vision -- blue spirit, strength 3."""

from legends_core import piece

from ..powers import VISION

PIECE = piece(
    88, "Spirit of Vision", 3, type="spirit", colour="blue",
    text="Action: Vision.",
    powers=[VISION],
)

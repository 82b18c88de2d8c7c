"""#117 Rock Giant -- silver giant, strength 5."""

from legends_core import piece

from ..powers import DISTANCE_STRIKE

PIECE = piece(
    117, "Rock Giant", 5, type="giant", colour="silver",
    text="Action: Distance Strike.",
    powers=[DISTANCE_STRIKE],
)

"""#154 Kutbone -- red skeleton, strength 4."""

from legends_core import piece

from ..powers import DISTANCE_STRIKE

PIECE = piece(
    154, "Kutbone", 4, type="skeleton", colour="red",
    text="Action: Distance Strike.",
    powers=[DISTANCE_STRIKE],
)

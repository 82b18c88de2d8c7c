"""#188 Spitting Mushrooms -- purple mold, strength 4."""

from legends_core import piece

from ..powers import DISTANCE_STRIKE

PIECE = piece(
    188, "Spitting Mushrooms", 4, type="mold", colour="purple",
    text="Action: Distance Strike.",
    powers=[DISTANCE_STRIKE],
)

"""#74 Aras -- blue angel, strength 8."""

from legends_core import piece

from ..powers import FLYING, VISION

PIECE = piece(
    74, "Aras", 8, type="angel", colour="blue",
    text="Action: Vision. Action: Flying.",
    powers=[VISION, FLYING],
)

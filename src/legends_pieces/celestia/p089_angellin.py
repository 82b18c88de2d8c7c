"""#89 Angellin -- blue angel, strength 3."""

from legends_core import piece

from ..powers import FLYING, TELEPORT

PIECE = piece(
    89, "Angellin", 3, type="angel", colour="blue",
    text="Action: Flying. Action: Teleport.",
    powers=[FLYING, TELEPORT],
)

"""#40 Craglor -- gold dragon, strength 8."""

from legends_core import piece

from ..powers import FLYING, QUICKNESS

PIECE = piece(
    40, "Craglor", 8, type="dragon", colour="gold",
    text="Action: Flying. Action: Quickness.",
    powers=[FLYING, QUICKNESS],
)

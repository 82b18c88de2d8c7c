"""#18 Dwarven Hero -- green dwarf, strength 4."""

from legends_core import piece

from ..powers import SURROUND

PIECE = piece(
    18, "Dwarven Hero", 4, type="dwarf", colour="green",
    text="Action: Surround (an enemy hemmed in by five or more of your pieces is destroyed).",
    powers=[SURROUND],
)

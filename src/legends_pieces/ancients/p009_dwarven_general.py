"""#9 Dwarven General -- green dwarf, strength 7."""

from legends_core import piece

from ..powers import SURROUND

PIECE = piece(
    9, "Dwarven General", 7, type="dwarf", colour="green",
    text="Action: Surround (an enemy hemmed in by five or more of your pieces is destroyed).",
    powers=[SURROUND],
)

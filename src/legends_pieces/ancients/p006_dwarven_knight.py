"""#6 Dwarven Knight -- green dwarf, strength 8."""

from legends_core import piece

from ..powers import QUICKNESS

PIECE = piece(
    6, "Dwarven Knight", 8, type="dwarf", colour="green",
    text="Action: Quickness (up to two orthogonal steps in one turn).",
    powers=[QUICKNESS],
)

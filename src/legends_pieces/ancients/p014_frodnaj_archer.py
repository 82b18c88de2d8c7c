"""#14 Frodnaj Archer -- green elf, strength 5."""

from legends_core import piece

from ..powers import DISTANCE_STRIKE

PIECE = piece(
    14, "Frodnaj Archer", 5, type="elf", colour="green",
    text="Action: Distance Strike.",
    powers=[DISTANCE_STRIKE],
)

"""#17 Relfreod Archer -- green elf, strength 4."""

from legends_core import piece

from ..powers import DISTANCE_STRIKE

PIECE = piece(
    17, "Relfreod Archer", 4, type="elf", colour="green",
    text="Action: Distance Strike.",
    powers=[DISTANCE_STRIKE],
)

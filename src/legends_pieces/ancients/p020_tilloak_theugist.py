"""#20 Tilloak Theugist -- green elf, strength 3."""

from legends_core import piece

from ..powers import CHARGING, SLASHING

PIECE = piece(
    20, "Tilloak Theugist", 3, type="elf", colour="green",
    text="Action: Slashing. Action: Charging. (Only one action a turn, as always.)",
    powers=[SLASHING, CHARGING],
)

"""#150 Crimson -- red werewolf, strength 5."""

from legends_core import piece

from ..powers import SLASHING

PIECE = piece(
    150, "Crimson", 5, type="werewolf", colour="red",
    text="Action: Slashing.",
    powers=[SLASHING],
)

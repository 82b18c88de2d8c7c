"""#83 Montika -- blue ram, strength 5."""

from legends_core import piece

from ..powers import SLASHING

PIECE = piece(
    83, "Montika", 5, type="ram", colour="blue",
    text="Action: Slashing.",
    powers=[SLASHING],
)

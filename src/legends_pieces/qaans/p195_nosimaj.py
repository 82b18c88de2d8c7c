"""#195 Nosimaj -- purple mutant, strength 2."""

from legends_core import piece

from ..powers import CurseGrant, of

PIECE = piece(
    195, "Nosimaj", 2, type="mutant", colour="purple",
    text="Death Curse: while it lasts, every piece able to move has the Flying action.",
    powers=[CurseGrant("flying", of(mobile=True))],
    rulings=["It works for both sides: the text does not limit it to its own player's pieces."],
)

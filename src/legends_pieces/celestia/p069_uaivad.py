"""#69 Uaivad -- blue dragon, strength 10."""

from legends_core import piece

from ..powers import FLYING, CurseStrength, of

PIECE = piece(
    69, "Uaivad", 10, type="dragon", colour="blue",
    text="Action: Flying. Death Curse: while it lasts, every dragon on the board has +1.",
    powers=[FLYING, CurseStrength(1, of(type="dragon"))],
    rulings=["The curse helps every dragon, whichever side controls it."],
)

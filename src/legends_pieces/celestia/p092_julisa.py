"""#92 Julisa -- blue dragon, strength 2."""

from legends_core import piece

from ..powers import FLYING, SLASHING

PIECE = piece(
    92, "Julisa", 2, type="dragon", colour="blue",
    text="Action: Slashing. Action: Flying.",
    powers=[SLASHING, FLYING],
    rulings=[
        "Her chart files Flying under Magic; that is a misprint for the ordinary Flying action "
        "(she is a warrior, not a magic piece).",
    ],
)

"""#114 Crush -- silver giant, strength 6."""

from legends_core import piece

from ..powers import BERSERK

PIECE = piece(
    114, "Crush", 6, type="giant", colour="silver",
    text="Innate: Berserk (after each win it must attack again while it can).",
    powers=[BERSERK],
)

"""#110 Akillon -- silver titan, strength 7."""

from legends_core import piece

from ..powers import BERSERK

PIECE = piece(
    110, "Akillon", 7, type="titan", colour="silver",
    text="Innate: Berserk (after each win it must attack again while it can).",
    powers=[BERSERK],
)

"""#2 Vellec -- green elf, strength 10."""

from legends_core import piece

from ..powers import CurseStrength, of

PIECE = piece(
    2, "Vellec", 10, type="elf", colour="green",
    text="Death Curse: while this curse is in effect, every Elf on the board has +1 strength.",
    powers=[CurseStrength(1, of(type="elf"))],
    rulings=[
        "The bonus counts for every Elf, whichever side controls it, since the text names no "
        "side.",
    ],
)

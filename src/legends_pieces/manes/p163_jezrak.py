"""#163 Jezrak -- red skeleton, strength 1."""

from legends_core import piece

from ..powers import KillsBase

PIECE = piece(
    163, "Jezrak", 1, type="skeleton", colour="red",
    text="Innate: a piece of base strength 9 or 10 that Jezrak attacks is destroyed.",
    powers=[KillsBase((9, 10))],
)

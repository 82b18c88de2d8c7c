"""#46 Humble Clergy -- gold cleric, strength 6."""

from legends_core import piece

from ..powers import CurseStrength, of

PIECE = piece(
    46, "Humble Clergy", 6, type="cleric", colour="gold",
    text="Death Curse: while it lasts, every piece whose base strength is 2 gets +6.",
    powers=[CurseStrength(6, of(base=2))],
    rulings=[
        "The bonus goes to base strength 2 pieces of both sides, since the text names no side.",
    ],
)

"""#148 Scythe -- red skeleton, strength 6."""

from legends_core import piece

from ..powers import FLYING, VsKeyword

PIECE = piece(
    148, "Scythe", 6, type="skeleton", colour="red",
    text="Innate: +2 when fighting a piece that has the Flying action. Action: Flying.",
    powers=[VsKeyword("flying", 2), FLYING],
    rulings=[
        "Flying counts however the other piece has it: printed, lent until the end of the "
        "turn, or given by a death curse.",
    ],
)

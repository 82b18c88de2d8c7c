"""#71 Electibra -- blue dragon, strength 9."""

from legends_core import piece

from ..powers import FLYING, CurseStrength, of

PIECE = piece(
    71, "Electibra", 9, type="dragon", colour="blue",
    text=("Action: Flying. Death Curse: while it lasts, each piece that has the Flying action "
          "gets +1."),
    powers=[FLYING, CurseStrength(1, of(keyword="flying"))],
    rulings=[
        "A piece counts if it has Flying at the moment its strength is measured: printed, lent "
        "for the rest of the turn (Cloud Citadel, Elementus), or given by a curse. Both sides "
        "benefit.",
    ],
)

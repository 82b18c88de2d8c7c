"""#93 Forillian Panther -- blue panther, strength 2."""

from legends_core import piece

from ..powers import FLYING, RevealFlownOver

PIECE = piece(
    93, "Forillian Panther", 2, type="panther", colour="blue",
    text=("Ability: show everyone the pieces the Panther leapt over with Flying this turn. "
          "Action: Flying."),
    powers=[RevealFlownOver(), FLYING],
    rulings=[
        "The reveal is printed as an Ability, so its player chooses whether and when (before "
        "the turn ends) to use it, exactly as for Lord of Eagles.",
    ],
)

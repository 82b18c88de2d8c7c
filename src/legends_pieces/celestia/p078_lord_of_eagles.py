"""#78 Lord of Eagles -- blue eagle, strength 7."""

from legends_core import piece

from ..powers import FLYING, RevealFlownOver

PIECE = piece(
    78, "Lord of Eagles", 7, type="eagle", colour="blue",
    text=("Ability: if you wish, show everyone the pieces the Lord of Eagles leapt over with "
          "Flying this turn. Action: Flying."),
    powers=[RevealFlownOver(), FLYING],
)

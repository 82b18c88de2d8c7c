"""#139 Lord of Bones -- red skeleton, strength 9."""

from legends_core import piece

from ..powers import Grant, of

PIECE = piece(
    139, "Lord of Bones", 9, type="skeleton", colour="red",
    text=("Ability: reveal the Lord of Bones and one skeleton of yours anywhere on the board; "
          "that skeleton may use Charging until the turn is over."),
    powers=[Grant("lord-of-bones", "charging", target=of(type="skeleton"), reveal_target=True)],
    rulings=[
        "The skeleton need not be adjacent, and the Lord may pick himself (he is a skeleton).",
    ],
)

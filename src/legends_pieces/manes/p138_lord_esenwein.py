"""#138 Lord Esenwein -- red vampire, strength 10."""

from legends_core import piece

from ..powers import Grant, of

PIECE = piece(
    138, "Lord Esenwein", 10, type="vampire", colour="red",
    text=("Ability: reveal Lord Esenwein and one vampire of yours anywhere on the board; that "
          "vampire may use Flying until the turn is over."),
    powers=[Grant("lord-esenwein", "flying", target=of(type="vampire"), reveal_target=True)],
    rulings=[
        "The vampire need not stand next to him, and he may pick himself, being a vampire.",
        "Only a vampire you control can be chosen: giving an enemy an action does nothing.",
    ],
)

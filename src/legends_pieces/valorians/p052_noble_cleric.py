"""#52 Noble Cleric -- gold cleric, strength 4."""

from legends_core import piece

from ..powers import ReturnAfterAttack

PIECE = piece(
    52, "Noble Cleric", 4, type="cleric", colour="gold",
    text=("Ability: right after Noble Cleric wins an attack, you may destroy it and put any one "
          "of your destroyed pieces on the square it stood on."),
    powers=[ReturnAfterAttack("noble-cleric")],
    rulings=[
        "The square it stood on is the attacked square, where it stands once the attack is won.",
    ],
)

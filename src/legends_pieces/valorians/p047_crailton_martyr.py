"""#47 Crailton Martyr -- gold paladin, strength 6."""

from legends_core import piece

from ..powers import ReturnAfterAttack, of

PIECE = piece(
    47, "Crailton Martyr", 6, type="paladin", colour="gold",
    text=("Ability: right after Crailton Martyr wins an attack, you may destroy him and put one "
          "of your destroyed gold pieces on the square he stood on."),
    powers=[ReturnAfterAttack("crailton-martyr", of(colour="gold"))],
    rulings=[
        "The square he stood on is the attacked square, where he stands once the attack is won.",
    ],
)

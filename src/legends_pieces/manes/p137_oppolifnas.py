"""#137 Oppolifnas -- red dragon, strength 10."""

from legends_core import piece

from ..powers import FLYING, Grant

PIECE = piece(
    137, "Oppolifnas", 10, type="dragon", colour="red",
    text=("Ability: reveal Oppolifnas together with a neighbouring piece of yours; that piece "
          "may use Flying until the turn is over. Action: Flying."),
    powers=[Grant("oppolifnas", "flying", reach="adjacent", reveal_target=True), FLYING],
    rulings=[
        "The gift is offered only in your own main decision, before you act: Flying is a turn "
        "action, so it could not be used at any other time.",
    ],
)

"""#170 Bone Castle -- red castle."""

from legends_core import piece

from ..powers import STATIONARY, Grant, of

PIECE = piece(
    170, "Bone Castle", None, kind="castle", type="castle", colour="red",
    text=("Stationary. Ability: reveal the castle to let a skeleton of yours next to it use "
          "Slashing until the turn is over."),
    powers=[STATIONARY, Grant("bone-castle", "slashing", target=of(type="skeleton"),
                              reach="adjacent")],
    rulings=[
        "Only the castle is revealed: the text shows no other piece, so the skeleton stays "
        "hidden and the other players are not told which neighbour got Slashing. It is "
        "revealed when it uses the action, like any piece using a power.",
    ],
)

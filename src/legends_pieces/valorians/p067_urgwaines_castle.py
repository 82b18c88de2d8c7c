"""#67 Urgwaine's Castle -- gold castle."""

from legends_core import piece

from ..powers import STATIONARY, Grant, of

PIECE = piece(
    67, "Urgwaine's Castle", None, kind="castle", type="castle", colour="gold",
    text=("Stationary. Ability: reveal the castle; Sir Urgwaine or Urgwaine's Knights (one piece "
          "of your choice) gains Quickness until the turn ends."),
    powers=[STATIONARY,
            Grant("urgwaines-castle", "quickness",
                  target=of(name=("Sir Urgwaine", "Urgwaine's Knights")), reveal_target=False)],
    rulings=[
        "Only the castle is revealed, as the text names no other piece; the piece given "
        "Quickness is revealed when it uses the action.",
        "Like every granted movement action, it is offered only in your own turn, before you "
        "act.",
    ],
)

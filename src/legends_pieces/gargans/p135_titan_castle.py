"""#135 Titan Castle -- silver castle."""

from legends_core import piece

from ..powers import STATIONARY, Boost, of

PIECE = piece(
    135, "Titan Castle", None, kind="castle", type="castle", colour="silver",
    text=("Stationary. Ability (once per turn): reveal the castle and a Titan of yours next to "
          "it; that Titan is revealed and gets +1 for the rest of the turn."),
    powers=[STATIONARY, Boost("titan-castle", 1, target=of(type="titan"), once="turn",
                              reveal_target=True)],
)

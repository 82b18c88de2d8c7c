"""#169 Rancid Castle -- red castle."""

from legends_core import piece

from ..powers import STATIONARY, Boost, of

PIECE = piece(
    169, "Rancid Castle", None, kind="castle", type="castle", colour="red",
    text=("Stationary. Ability, once per turn: reveal the castle to give a red piece of yours "
          "next to it +1 for the rest of the turn; that piece is revealed."),
    powers=[STATIONARY, Boost("rancid-castle", 1, target=of(colour="red"), once="turn",
                              reveal_target=True)],
)

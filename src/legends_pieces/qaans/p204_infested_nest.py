"""#204 Infested Nest -- purple castle."""

from legends_core import piece

from ..powers import STATIONARY, Boost, of

PIECE = piece(
    204, "Infested Nest", None, kind="castle", type="castle", colour="purple",
    text=("Stationary. Ability (once per turn): reveal the Nest and a purple piece of yours "
          "next to it; that piece gets +1."),
    powers=[STATIONARY, Boost("infested-nest", 1, target=of(colour="purple"), once="turn",
                              reveal_target=True)],
    rulings=["The chart gives no duration for the +1; like every other such boost it lasts "
             "for the rest of the turn, since a bonus kept forever would stack up turn after "
             "turn from a once-per-turn ability."],
)

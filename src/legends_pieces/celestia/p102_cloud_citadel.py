"""#102 Cloud Citadel -- blue castle."""

from legends_core import piece

from ..powers import STATIONARY, Grant, of

PIECE = piece(
    102, "Cloud Citadel", None, kind="castle", type="castle", colour="blue",
    text=("Stationary. Ability: reveal the Citadel together with a piece of yours beside it "
          "that can move; that piece has the Flying action until the turn is over."),
    powers=[STATIONARY, Grant("cloud-citadel", "flying", target=of(mobile=True), reach="adjacent",
                              reveal_target=True)],
)

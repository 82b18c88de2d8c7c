"""#165 Skeleton Grave -- red magic."""

from legends_core import piece

from ..powers import STATIONARY, GraveSpell

PIECE = piece(
    165, "Skeleton Grave", None, kind="magic", type="magic", colour="red",
    text=("Stationary. Magic: when attacked, the Grave and its attacker are destroyed, and a "
          "destroyed skeleton, from any destroyed area, rises on the Grave's square under your "
          "control."),
    powers=[STATIONARY, GraveSpell(type="skeleton", any_area=True)],
    rulings=[
        "The rising skeleton is not optional when one is available; it is placed face up.",
        "A skeleton in the death curse slot (such as the Skeleton Warlock) cannot rise.",
    ],
)

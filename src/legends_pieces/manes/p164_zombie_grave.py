"""#164 Zombie Grave -- red magic."""

from legends_core import piece

from ..powers import STATIONARY, GraveSpell

PIECE = piece(
    164, "Zombie Grave", None, kind="magic", type="magic", colour="red",
    text=("Stationary. Magic: when attacked, the Grave and its attacker are destroyed, and a "
          "zombie from your own destroyed pieces rises on the Grave's square under your control."),
    powers=[STATIONARY, GraveSpell(type="zombie")],
    rulings=[
        "The rising zombie is not optional when one is available; it is placed face up.",
    ],
)

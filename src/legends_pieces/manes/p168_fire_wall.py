"""#168 Fire Wall -- red magic."""

from legends_core import piece

from ..powers import SPELL, STATIONARY, Weaken

PIECE = piece(
    168, "Fire Wall", None, kind="magic", type="magic", colour="red",
    text=("Stationary. Ability: destroy the Fire Wall to reveal an enemy piece next to it; "
          "that piece is weakened by 2 until the turn is over. Magic: when attacked, the Fire "
          "Wall and its attacker are destroyed."),
    powers=[STATIONARY, Weaken("fire-wall", -2, reveal_target=True), SPELL],
    rulings=[
        "It may be used in any window, also in the opponent's turn: a piece brought to 0 or "
        "less is destroyed at once.",
    ],
)

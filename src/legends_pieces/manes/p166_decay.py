"""#166 Decay -- red magic."""

from legends_core import piece

from ..powers import SPELL, STATIONARY, DestroyAdjacent

PIECE = piece(
    166, "Decay", None, kind="magic", type="magic", colour="red",
    text=("Stationary. Action: reveal Decay and destroy it together with every piece around "
          "it, yours as well as the enemy's. Magic: when attacked, Decay and its attacker are "
          "destroyed."),
    powers=[STATIONARY, DestroyAdjacent("decay"), SPELL],
)

"""#203 The Hidden Hive -- purple castle."""

from legends_core import piece

from ..powers import STATIONARY, Relocate

PIECE = piece(
    203, "The Hidden Hive", None, kind="castle", type="castle", colour="purple",
    text=("Stationary. Action (one use in the whole game): the Hive is revealed and set down "
          "on any empty forest square."),
    powers=[STATIONARY, Relocate("the-hidden-hive", "forest", once="game")],
)

"""#101 Wind Castle -- blue castle."""

from legends_core import piece

from ..powers import STATIONARY, Relocate

PIECE = piece(
    101, "Wind Castle", None, kind="castle", type="castle", colour="blue",
    text=("Stationary. Action (one use per game): reveal the castle and shift it onto an empty "
          "square touching it."),
    powers=[STATIONARY, Relocate("wind-castle", "adjacent", once="game")],
    rulings=["Adjacent includes diagonal squares, as everywhere in the rules."],
)

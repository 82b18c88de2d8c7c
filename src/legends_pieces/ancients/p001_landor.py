"""#1 Landor -- green ranger, strength 10."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from legends_core import piece
from legends_core.moves import can_attack_square

from ..powers import StepAction

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class DiagonalStep(StepAction):
    """Action: one step to a diagonal neighbour; an enemy there is attacked."""

    key = "landor"
    watches = "adjacent"  # the diagonal squares, and its own (see legends_core.changes)

    def describe(self) -> str:
        return ("Show this piece and step to a diagonally touching square; if an enemy holds "
                "that square, the step is an attack.")

    def squares(self, game: Engine, piece: int) -> Iterable[int]:
        return [t for t in game.board.diagonal(game.loc[piece]) if game.board.is_land(t)
                and (game.grid[t] < 0 or can_attack_square(game, piece, t))]


PIECE = piece(
    1, "Landor", 10, type="ranger", colour="green",
    text=("Action: show Landor and move him a single square on a diagonal. He may attack that "
          "way too: an enemy on that square is attacked."),
    powers=[DiagonalStep()],
    rulings=[
        "A diagonal attack is made with the action (so it is Landor's action for the turn); "
        "since attacking shows Landor anyway, this costs nothing a standard attack would not.",
        "Water blocks the diagonal step like any other move.",
    ],
)

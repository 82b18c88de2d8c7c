"""#34 Guarded Fortress -- green castle."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import STATIONARY, TargetAction, candidate_squares

if TYPE_CHECKING:
    from legends_core.engine import Engine

LIMIT = 4


def _weak(game: Engine, pid: int) -> bool:
    s = game.types[pid].strength
    return game.types[pid].kind == "warrior" and s is not None and s <= LIMIT


@attrs.frozen(repr=False)
class Sentry(TargetAction):
    """Action: reveal this castle and an adjacent enemy piece; a piece of base strength 4 or
    less is destroyed."""

    key = "guarded-fortress"
    watches = "adjacent"  # touching enemies (see legends_core.changes)

    def describe(self) -> str:
        return ("Show this castle and a touching enemy piece; that piece is destroyed if its "
                "base strength is at most 4.")

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        # A piece shown to everyone and out of reach would change nothing: not offered (its
        # strength is public then, so leaving it out tells no one anything).
        near = candidate_squares(game, game.ctrl[piece],
                                 squares=game.board.adjacent(game.loc[piece]), whose="enemy")
        return [s for s in near
                if not (game.is_revealed(game.grid[s]) and not _weak(game, game.grid[s]))]

    def act(self, game: Engine, piece: int, square: int) -> None:
        target = game.grid[square]
        game.reveal([target])
        if _weak(game, target):
            game.destroy([target], cause=self.key)


PIECE = piece(
    34, "Guarded Fortress", None, kind="castle", type="castle", colour="green",
    text=("Stationary. Action: show the Fortress and one enemy piece touching it. If that "
          "piece's printed strength is 4 or lower, it is destroyed."),
    powers=[STATIONARY, Sentry()],
    rulings=[
        "Only enemy pieces may be chosen, and the test uses the printed (base) strength.",
        "Magic pieces and castles have no base strength and are never destroyed this way.",
        "A piece already shown to everyone whose base strength is above 4 is not offered, "
        "since nothing would happen.",
    ],
)

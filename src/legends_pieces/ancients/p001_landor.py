"""#1 Landor -- green ranger, strength 10."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece
from legends_core.moves import can_attack_square

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class DiagonalStep(Power):
    """Action: one step to a diagonal neighbour; an enemy there is attacked."""

    label = "Action"
    key = "diagonal"

    def describe(self) -> str:
        return ("Show this piece and step to a diagonally touching square; if an enemy holds "
                "that square, the step is an attack.")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        if game.is_stationary(piece):
            return
        sq = game.loc[piece]
        src = game.name(sq)
        for t in game.board.diagonal(sq):
            if not game.board.is_land(t):
                continue
            if game.grid[t] < 0 or can_attack_square(game, piece, t):
                yield Action.power(src, self.key, game.name(t))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.sq(action.targets[0])
        if game.grid[target] >= 0:
            game.attack(piece, target, self.key)
        else:
            game.move_piece(piece, target, self.key)


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

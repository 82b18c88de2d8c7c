"""Setup decisions: the opponent's shuffle, then up to two switches each.

Pieces are first placed at random, label side down. Each player then chooses for the other's
army ``shuffle`` (the engine reshuffles that army's pieces over the same squares, from the
game's seed) or ``keep`` (see the ruling "Rearranging the opponent's pieces"). Then the first
player, and after them the others, may make up to ``rules.switches`` switches of two of their
own pieces.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from . import actions
from .actions import DONE, Action
from .events import Shuffled
from .rulings import ruling
from .tasks import Task, task

if TYPE_CHECKING:
    from .engine import Engine

RULINGS = (
    ruling("Rearranging the opponent's pieces",
           "The rulebook lets each player rearrange the other's face-down pieces. Nobody knows "
           "a face-down piece, so any rearrangement is worth no more than a random one: the "
           "choice offered is to shuffle that army's pieces over the same squares, or to keep "
           "them as they are."),
)


_SWAPS: dict[tuple[int, int, int], Action] = {}


def _swap(g: Engine, a: int, b: int) -> Action:
    """Swap actions are immutable; each is built once per board width and pair of squares."""
    key = (g.board.width, a, b)
    act = _SWAPS.get(key)
    if act is None:
        if len(_SWAPS) >= actions.INTERN_MAX:
            _SWAPS.clear()
        act = _SWAPS[key] = Action.swap(g.board.name(a), g.board.name(b))
    return act


def shuffle_army(g: Engine, player: int) -> None:
    """Reshuffle the pieces ``player`` controls over their squares (nobody learns anything)."""
    pids = g.pieces(player)
    squares = [g.loc[p] for p in pids]
    rng = random.Random(f"{g.seed}:shuffle:{g.shuffles}")
    g.shuffles += 1
    rng.shuffle(pids)
    for p, sq in zip(pids, squares, strict=True):
        g.loc[p] = sq
        g.grid[sq] = p


@task("setup-shuffle", decision=True)
@attrs.frozen
class SetupShuffle(Task):
    player: int
    target: int
    prompt = "reshuffle the opponent's face-down pieces, or keep them"

    def options(self, g: Engine) -> list[Action]:
        return [Action.choose("shuffle"), Action.choose("keep")]

    def answer(self, g: Engine, action: Action) -> None:
        g.emit_choice(self.player, "shuffle", action.value, public=True)
        if action.value == "shuffle":
            shuffle_army(g, self.target)
            g.emit(Shuffled(g.rules.players[self.player], g.rules.players[self.target]))


@task("setup-switch", decision=True)
@attrs.frozen
class SetupSwitch(Task):
    player: int
    left: int
    prompt = "switch two of your pieces, or choose done"

    def options(self, g: Engine) -> list[Action]:
        own = [g.loc[p] for p in g.pieces(self.player)]
        out = [DONE]
        for i, a in enumerate(own):
            for b in own[i + 1:]:
                out.append(_swap(g, a, b))
        return out

    def answer(self, g: Engine, action: Action) -> None:
        if action.kind == "choose":
            g.emit_choice(self.player, "switch", "done", public=True)
            return
        a = g.grid[g.board.parse_square(action.src)]
        b = g.grid[g.board.parse_square(action.dst)]
        g.swap_pieces(a, b, "setup switch")
        if self.left > 1:
            g.schedule(SetupSwitch(self.player, self.left - 1))

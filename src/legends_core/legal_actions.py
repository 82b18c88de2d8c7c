"""The lazy list of legal actions a game hands out (``Game.legal_actions()``).

It is its own module so that it can be compiled with the engine: a random or sampling player
asks it for ``len`` and ``[i]`` at every decision, and as a Python class those two calls cost
about as much as two or three percent of a whole random game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, SupportsIndex

from .actions import Action
from .engine import Engine

__all__ = ["LegalActions", "member"]


class LegalActions:
    """A lazy view of the legal actions (like python-chess's ``board.legal_moves``).

    Supports iteration, ``len``, ``in``, indexing and truth testing; computed on first use.
    It refers to the game, never the other way round, so a finished game is freed at once (no
    cycle for the garbage collector to find).
    """

    # The game is a Game (typed loosely: this module sits below game.py, which imports it).
    _game: Any
    _version: int
    _engine: Engine  # the game's engine when listed (a compiled call, where the game's is not)
    _list: list[Action] | None

    def __init__(self, game: Any, version: int = -1, engine: Engine | None = None) -> None:
        # The game's version and engine, as Game.legal_actions hands them (read there, by
        # interpreted code, they cost less than compiled code's generic reads of them).
        self._game = game
        self._version = game._version if version < 0 else version
        self._engine = game._engine if engine is None else engine
        self._list = None

    def _actions(self) -> list[Action]:
        if self._version != self._game._version:
            raise RuntimeError("the game changed since these legal actions were listed")
        acts = self._list
        if acts is None:
            acts = self._list = self._engine.options()
        return acts

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions())

    def __len__(self) -> int:
        return len(self._actions())

    def __bool__(self) -> bool:
        return bool(self._actions())

    def __contains__(self, action: object) -> bool:
        return member(action, self._actions())

    def __getitem__(self, i: SupportsIndex) -> Action:
        # Any index Python's lists take (an int, or a NumPy integer from a sampler).
        return self._actions()[i]

    def __repr__(self) -> str:
        acts = self._actions()
        shown = ", ".join(str(a) for a in acts[:8])
        more = f", ... ({len(acts)} in all)" if len(acts) > 8 else ""
        return f"<LegalActions: {shown}{more}>"


def member(action: object, acts: list[Action]) -> bool:
    """Is ``action`` among ``acts``? A switch (``swap``) is read with its two squares in
    either order."""
    if not isinstance(action, Action):
        return False
    if action.kind == "swap":
        action = action.canonical()
    if len(acts) < 200:
        return action in acts  # identity first, then tuple equality: cheap for short lists
    try:
        return action in set(acts)
    except TypeError:  # a hand-made Action holding a list is never legal
        return False

"""The game's state as the modules below the engine name it: the protocol :class:`State`.

The :class:`~legends_core.Engine` meets it. The hook specifications (:mod:`legends_core.hookspecs`) sit below the engine (the catalogue
that builds the engine's tables reads them), so they cannot name the engine itself; they name
this instead. It lists only the basic facts; every hook receives the whole engine, with all
of :class:`~legends_core.queries.Queries` and :class:`~legends_core.effects.Effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .piecetype import PieceType
    from .statevalues import Combat, Rules


class State(Protocol):
    """The game a power receives: the :class:`~legends_core.Engine` (pieces are ids, squares
    and players are ints)."""

    #: The game's fixed rules.
    rules: Rules
    #: Each piece's type, by piece id.
    types: list[PieceType]
    #: Each piece's owner and controller (player numbers), by piece id.
    owner: list[int]
    ctrl: list[int]
    #: Each piece's square (or an off-board place, see :mod:`legends_core.statevalues`).
    loc: list[int]
    #: The attack under way, if any.
    combat: Combat | None
    #: The turn number (1 for the first turn).
    turn: int

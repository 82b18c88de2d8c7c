"""Candidate lists built from what the choosing player knows.

A list of pieces offered to a player (a question's choices, or the targets of an action) must
not be narrowed by facts that player cannot see: dropping the castle from "any piece on marsh"
shows the chooser which hidden piece is the castle. :func:`candidates` is the one place such
lists are built. A condition on what a piece *is* (type, kind, colour, strength, name,
keywords) is tested only on pieces the chooser knows; a piece hidden from them counts as
meeting it. Facts everyone sees (square, terrain, controller, whether a piece has moved or is
revealed) may narrow the list freely: pass them as ``squares`` and ``whose``, or filter the
result. What happens to a pick the effect cannot touch: see the ruling "Choices and hidden
pieces".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

from legends_core.queries import nameable, nameable_squares
from legends_core.rulings import ruling

from .match import Match

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Choices and hidden pieces",
           "A power that lets a player pick a piece offers every piece that player could name "
           "from what they know, on either side, never leaving out a hidden piece because of "
           "what it really is. When the piece picked turns out to be one the effect cannot "
           "touch (a castle, which falls only to an attack; a magic piece or a castle for an "
           "effect on strength), nothing happens to it, and it is shown to the other players "
           "only if the power's text reveals the piece it picks. The chooser then learns no "
           "more than an opponent saying \"that one is not affected\" would tell them at the "
           "table."),
)

#: A test on what a piece is: ``match(game, piece)``, e.g. a :class:`~.match.Match`.
Test = Callable[["Engine", int], bool]
Whose = Literal["any", "own", "enemy"]


def could_match(g: Engine, chooser: int, pid: int, match: Test | None) -> bool:
    """Could ``pid`` meet ``match`` as far as ``chooser`` can tell? Always true for a piece
    hidden from them."""
    return match is None or not g.knows(chooser, pid) or bool(match(g, pid))


def candidates(g: Engine, chooser: int, *, squares: Iterable[int] | None = None,
               whose: Whose = "any", match: Test | None = None) -> list[int]:
    """The pieces ``chooser`` could name: on ``squares`` (in the order given; every square
    when ``None``), controlled by anyone, by ``chooser`` (``"own"``) or by an opponent of
    theirs (``"enemy"``), and meeting ``match`` as far as ``chooser`` can tell."""
    # _type_answers, written out: this is called at nearly every decision.
    return nameable(g, chooser, squares, whose, match,
                    match.by_type if type(match) is Match and match.keyword is None
                    else _type_answers(match))


def candidate_squares(g: Engine, chooser: int, *, squares: Iterable[int] | None = None,
                      whose: Whose = "any", match: Test | None = None) -> list[int]:
    """The squares of :func:`candidates` (for the targets of an action)."""
    if match is None:  # the common case: no test of what the pieces are
        return nameable_squares(g, chooser, squares, whose, None, None)
    return nameable_squares(g, chooser, squares, whose, match,
                            match.by_type if type(match) is Match and match.keyword is None
                            else _type_answers(match))


def _type_answers(match: Test | None) -> dict[Any, bool] | None:
    """A Match on printed facts only keeps its answers per piece type, for ``nameable`` to
    read without calling it; any other test is asked piece by piece."""
    return match.by_type if isinstance(match, Match) and match.keyword is None else None


def not_castle(g: Engine, pid: int) -> bool:
    """For :func:`candidates`: leave out castles the chooser knows (a castle falls only to an
    attack), while a hidden castle stays a valid pick."""
    return g.types[pid].kind != "castle"

"""The plain values a game's state holds: its rules, the attack under way, where pieces wait.

Its fixed rules (:class:`~legends_core.Rules`), the attack under way
(:class:`~legends_core.Combat`), what an attack override decided
(:class:`~legends_core.Outcome`), and the places of pieces off the board.

They sit below the state (the :class:`~legends_core.Engine`) and everything that reads it, so the
modules of play and of the state's own queries can name them without importing the engine;
the engine re-exports them.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import attrs

#: The default of ``no_progress_limit`` for new games (see :class:`Rules`).
NO_PROGRESS_LIMIT = 200
#: The usual ``repetition_limit`` (chess's automatic fivefold repetition). Off unless a game
#: asks for it: counting costs a few per cent of a random game's time (see :class:`Rules`).
REPETITION_LIMIT = 5

#: ``loc`` values for pieces off the board.
DESTROYED = -1
CURSE = -2
CURSE_QUEUE = -3
#: ``loc`` of a piece waiting off the board in its owner's reserve (a second army, reinforcements).
RESERVE = -4


def _off(limit: object) -> object:
    """``0`` turns a limit off, as ``None`` does."""
    return None if limit == 0 and not isinstance(limit, bool) else limit


@attrs.frozen
class Rules:
    """Fixed parameters of a game.

    ``name`` is the ruleset (see :mod:`legends_core.ruleset`) and ``options`` its options in
    force, as ``(name, value)`` pairs. ``players`` are the seat names in turn order; ``teams``
    gives each seat's team (seats on one team never attack each other and share what they
    know; see :mod:`legends_core.teams`). ``turn_limit`` ends a game with no winner after that
    many turns (see the ruling "Games without a winner"). ``no_progress_limit`` ends a game with
    no winner once that many turns in a row have gone by without progress (an attack, a piece
    leaving or entering the board: see the ruling "Games that stop making progress");
    ``None`` turns it off, as here, but :meth:`legends_core.Game.new` sets
    :data:`NO_PROGRESS_LIMIT` unless told otherwise. ``repetition_limit`` ends a game with no
    winner when the same position stands at the start of a turn for that many times (see the
    ruling "Repeated positions"); ``None`` (or 0), the default here and in
    :meth:`legends_core.Game.new`, turns it off, and :data:`REPETITION_LIMIT` is the usual
    value. ``switches`` is the number of setup
    switches each player may make. ``auto_pass`` (not a rule: a convenience for computer
    players and simulations) answers a response window at once for a player whose only
    legal answer is ``pass``; the events are the same as if they had been asked.
    """

    players: tuple[str, ...] = ("beige", "gray")
    teams: tuple[int, ...] = (0, 1)
    turn_limit: int | None = None
    no_progress_limit: int | None = None
    repetition_limit: int | None = None
    switches: int = 2
    name: str = "legends"
    auto_pass: bool = False
    options: tuple[tuple[str, str], ...] = ()

    def __attrs_post_init__(self) -> None:
        # Read untyped: compiled (see legends_core.compiling), a typed read of a field would
        # reject a value of the wrong type with a bare TypeError before these checks run.
        given: Any = self
        # What a converter would do (a compiled kernel cannot have attrs.field in a class body).
        object.__setattr__(self, "repetition_limit", _off(given.repetition_limit))
        if len(given.players) < 2 or len(set(given.players)) != len(given.players):
            raise ValueError("a game needs two or more distinct player names")
        if len(given.teams) != len(given.players):
            raise ValueError("teams must give one team number per player")
        quiet = given.no_progress_limit
        if quiet is not None and (not isinstance(quiet, int) or isinstance(quiet, bool)
                                  or quiet < 1):
            raise ValueError(f"no_progress_limit: expected None or a whole number of turns of "
                             f"1 or more, got {quiet!r}")
        again = given.repetition_limit
        if again is not None and (not isinstance(again, int) or isinstance(again, bool)
                                  or again < 2):
            raise ValueError(f"repetition_limit: expected None, 0 (off) or a whole number of 2 "
                             f"or more, got {again!r}")

    def option(self, key: str, default: str | None = None) -> str | None:
        """The value of the ruleset option ``key`` in this game."""
        for k, v in self.options:
            if k == key:
                return v
        return default


class Combat(NamedTuple):
    """The attack under way (``game.combat``), as plain data so it copies and saves as is.

    ``attacker`` moved from ``origin`` (for ``player``) onto ``defender`` on ``square``.
    """

    attacker: int
    defender: int
    square: int
    origin: int
    player: int


@attrs.frozen
class Outcome:
    """What an attack override decided: which of the two pieces are destroyed.

    ``Outcome.HANDLED`` means the power already did everything itself (Daemin's capture).
    """

    kill_attacker: bool
    kill_defender: bool
    handled: bool = False
    reason: str = ""

    # A string, so a compiled kernel does not look up Outcome while building it.
    HANDLED: "ClassVar[Outcome]"  # noqa: UP037


Outcome.HANDLED = Outcome(False, False, True)

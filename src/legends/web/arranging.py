"""The arranging phase: before a game of an edition with a free setup (classic, the Ultimate
editions, Narnia: the rulesets that take a placement) begins, each person arranges their own
army.

An :class:`Arrangement` holds what the game will be built from (edition, options, headers) and
each seat's setup line so far (:mod:`legends_core.setupline`): ``None`` while the seat has not
arranged, otherwise the line it sent, whose ``.`` squares are dealt when the game is built.
Computer seats send their line at once (their player's own setup, or the deal: a line of ``.``
only). Once every seat has a line, the
real game is built with all of them (:meth:`Arrangement.build`), with a seed drawn then: no line
is ever seen by another seat, and the deal of the ``.`` squares cannot be known in advance.

A seat's line is its own secret. The message each seat gets (:meth:`Arrangement.message`) holds
its own line and, for the other seats, only whether they are ready, which everyone at the table
may know. The arrangement is stored as the game's start (``Arrangement.to_dict``) until the
game begins, so a server restarted meanwhile resumes it exactly.
"""

from __future__ import annotations

from typing import Any

import attrs

from legends_core import Game
from legends_core.errors import ArmyError, short
from legends_core.ruleset import get_ruleset

__all__ = ["RANDOM", "Arrangement", "takes_setup"]
from legends_core.setupline import (
    EMPTY,
    format_setup,
    parse_setup,
    setup_squares,
    setup_table,
    takes_setup,
)

from ..i18n import N_
from .refusals import GameRefusal, Worded


class LineRefused(Worded, ArmyError):
    """A seat's setup line that is no line at all, worded for its reader."""

#: What a seat may send in place of a line to have its whole setup dealt.
RANDOM = "random"


@attrs.frozen
class Arrangement:
    """A game waiting for its players' setups (immutable: :meth:`submit` gives a new one)."""

    rules: str
    players: int
    turn_limit: int | None
    auto_pass: bool
    headers: dict[str, Any]
    lines: dict[str, str | None]

    @classmethod
    def fresh(cls, rules: str, players: int, turn_limit: int | None, auto_pass: bool,
              headers: dict[str, Any], computers: set[str] | frozenset[str]) -> Arrangement:
        """No person has arranged yet; the ``computers``' seats are dealt."""
        rs = get_ruleset(rules)
        seats = rs.seats_for(players)
        dealt = {seat: EMPTY * len(setup_squares(rs.board(), seat)) for seat in computers}
        return cls(rs.name, players, turn_limit, auto_pass, dict(headers),
                   {seat: dealt.get(seat) for seat in seats})

    # -- the seats' lines --------------------------------------------------------------
    @property
    def complete(self) -> bool:
        return all(line is not None for line in self.lines.values())

    def ready(self, seat: str) -> bool:
        return self.lines.get(seat) is not None

    def check(self, seat: str, text: object) -> str:
        """``text`` read as ``seat``'s setup line (or :data:`RANDOM`), written back in its
        plain form (one character a square, ``.`` for the deal).

        :raises ArmyError: it is not a setup line of this edition for ``seat`` (the message
            names the position, character and square), or breaks the edition's setup rules.
        """
        if seat not in self.lines:
            raise GameRefusal(N_("{seat} is not a seat of this game"), seat=short(seat))
        if not isinstance(text, str):
            raise LineRefused(N_("setup line for {seat}: expected text (a setup line or "
                                 "{random}), got {value}"), seat=seat, random=repr(RANDOM),
                              value=short(text))
        rs = get_ruleset(self.rules)
        if text.strip().casefold() == RANDOM:
            return EMPTY * len(setup_squares(rs.board(), seat))
        line = format_setup(parse_setup(text, rs, seat), rs, seat)
        # The edition's own rules on a setup (beyond the line's characters and counts) are
        # checked by building a game with it, which raises ArmyError naming the problem.
        Game.new(rules=self.rules, players=self.players, placement={seat: line})
        return line

    def submit(self, seat: str, text: object) -> Arrangement:
        """The arrangement with ``seat``'s line set.

        :raises LegendsError: ``seat`` has already arranged (it may :meth:`withdraw` its line
            first), or the line is not one (:meth:`check`); nothing is changed.
        """
        if self.ready(seat):
            raise GameRefusal(N_("{seat} has already arranged its setup (send 'unready' to "
                                 "change it); the game begins when every player has"),
                              seat=seat)
        line = self.check(seat, text)
        return attrs.evolve(self, lines={**self.lines, seat: line})

    def withdraw(self, seat: str) -> Arrangement:
        """The arrangement with ``seat``'s line taken back, to be changed and sent again (the
        game has not begun, so another seat is still arranging).

        :raises LegendsError: ``seat`` is not a seat, or has sent no line; nothing is changed.
        """
        if seat not in self.lines:
            raise GameRefusal(N_("{seat} is not a seat of this game"), seat=short(seat))
        if not self.ready(seat):
            raise GameRefusal(N_("{seat} has not sent a setup yet: there is nothing to "
                                 "change"), seat=seat)
        return attrs.evolve(self, lines={**self.lines, seat: None})

    def build(self) -> Game:
        """The game, every seat's line placed and the rest dealt (a new secret seed)."""
        if not self.complete:
            raise GameRefusal(N_("the game begins once every player has arranged their "
                                 "setup"))
        game = Game.new(rules=self.rules, players=self.players, turn_limit=self.turn_limit,
                        auto_pass=self.auto_pass,
                        placement={s: line for s, line in self.lines.items() if line})
        game.headers.update(self.headers)
        return game

    # -- messages and storage ----------------------------------------------------------
    def message(self, seat: str, seats: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """``seat``'s ``arrange`` message: its setup area (rows of squares, back row first, as
        it sees them), the pieces of its army (setup-line character, the edition's name, how
        many), its own line (``None`` until sent) and who is ready. Nothing of another seat's
        line is in it."""
        rs = get_ruleset(self.rules)
        board = rs.board()
        rows: list[list[str]] = []
        last = None
        for square in setup_squares(board, seat):
            rank = board.rank_of(board.parse_square(square))
            if rank != last:
                rows.append([])
                last = rank
            rows[-1].append(square)
        pieces = [{"char": ch, "name": name, "count": count}
                  for ch, (name, count) in setup_table(rs, seat).items()]
        return {"type": "arrange", "seat": seat, "rules": self.rules, "rows": rows,
                "pieces": pieces, "line": self.lines.get(seat),
                "ready": {s: line is not None for s, line in self.lines.items()},
                "seats": seats}

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules, "players": self.players, "turn_limit": self.turn_limit,
                "auto_pass": self.auto_pass, "headers": dict(self.headers),
                "lines": dict(self.lines)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Arrangement:
        return cls(str(data["rules"]), int(data["players"]), data.get("turn_limit"),
                   bool(data.get("auto_pass")), dict(data.get("headers") or {}),
                   {str(s): (None if line is None else str(line))
                    for s, line in data["lines"].items()})

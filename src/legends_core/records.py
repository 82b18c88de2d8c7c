"""Checking the frame of a game record read from outside (see ``docs/formats.rst``).

:meth:`Game.from_record <legends_core.Game.from_record>` replays a record; this module makes
sure, before anything is built, that each field has the type and range the format gives it,
so a bad record is refused with a :class:`~legends_core.errors.PositionError` naming the field
instead of failing somewhere inside the replay.
"""

from __future__ import annotations

import re
from typing import Any

from . import safejson
from .errors import PositionError, short
from .position import MAX_COUNT, MAX_PLAYERS, check_salt, check_seed
from .teams import PLAYER_COUNTS

#: The ``format`` of a full game record.
FORMAT = "stratego-legends-record"
VERSION = 1
MAX_ACTION = 200  # characters of one action's notation
#: Actions in one record at most (a game of 1,000 turns takes some 5,000).
MAX_ACTIONS = 100_000
MAX_ARMY = 100  # entries in an army list
#: Headers (tags) in one record at most.
MAX_HEADERS = 32
#: Characters of one header's value at most.
MAX_HEADER = 200
HEADER_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
DATE = re.compile(r"(\d{4}|\?{4})-(\d{2}|\?\?)-(\d{2}|\?\?)|\?")


def check_record(record: Any) -> dict[str, Any]:
    """Check a record (a parsed dict) and return it.

    :raises PositionError: naming the first bad field.
    """
    safejson.check(record, "record")
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise PositionError(f"format: expected {FORMAT!r}")
    version = record.get("version", VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        raise PositionError(f"version: only version {VERSION} is understood, not {short(version)}")
    if ("setup" in record) == ("position" in record):
        raise PositionError("record: needs either 'setup' or 'position' (one of them)")
    if "setup" in record:
        _check_setup(record["setup"])
    elif not isinstance(record["position"], dict):
        raise PositionError("position: expected an object")
    if "headers" in record:
        check_headers(record["headers"])
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise PositionError("actions: expected a list of action notations")
    if len(actions) > MAX_ACTIONS:
        raise PositionError(f"actions: more than {MAX_ACTIONS}")
    for i, text in enumerate(actions):
        if not isinstance(text, str) or len(text) > MAX_ACTION:
            raise PositionError(f"actions[{i}]: expected an action notation (text of at most "
                                f"{MAX_ACTION} characters), got {short(text)}")
    return record


MAX_PLACED = 256  # squares named in one seat's placement, or pieces in one reserve


def without_result(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with no ``result`` header: for replaying only part of its actions (the
    result it claims is for all of them)."""
    headers = record.get("headers")
    if not isinstance(headers, dict) or "result" not in headers:
        return record
    return {**record, "headers": {k: v for k, v in headers.items() if k != "result"}}


def headers_line(headers: Any) -> str:
    """A record's headers on one line, for people (PGN's tag pairs, in short)."""
    if not isinstance(headers, dict):
        return ""
    parts = [f"{k} {v}" for k, v in headers.items() if k != "players" and v not in ("?", "")]
    players = headers.get("players")
    if isinstance(players, dict):
        parts[1:1] = [f"{seat}: {who}" for seat, who in players.items() if who != "?"]
    return "; ".join(parts)


def check_headers(h: Any) -> None:
    """Check a record's headers (like a PGN game's tags): an object of at most
    :data:`MAX_HEADERS` lowercase names; each value text of at most :data:`MAX_HEADER`
    characters, except ``players``, an object from seat name to text; ``date`` is
    ``YYYY-MM-DD`` (``?`` for unknown parts, or ``?`` alone); ``result`` is ``"*"`` (not
    over), ``"none"``, a seat name or a team game's winning side (the replay must agree, and
    ``players`` may name only the game's seats, see
    :meth:`Game.from_record <legends_core.Game.from_record>`).

    :raises PositionError: naming the first bad header.
    """
    if not isinstance(h, dict):
        raise PositionError("headers: expected an object of name -> text")
    if len(h) > MAX_HEADERS:
        raise PositionError(f"headers: more than {MAX_HEADERS}")
    for name, value in h.items():
        if not HEADER_NAME.fullmatch(name):
            raise PositionError(f"headers: {short(name, 30)} is not a header name (lowercase "
                                "letters, digits, '-' or '_', at most 40)")
        where = f"headers.{name}"
        if name == "players":
            if not isinstance(value, dict) or len(value) > MAX_PLAYERS:
                raise PositionError(f"{where}: expected an object of seat -> name")
            for seat, who in value.items():
                if len(seat) > 100 or not isinstance(who, str) or len(who) > MAX_HEADER:
                    raise PositionError(f"{where}.{seat[:30]}: expected a name of at most "
                                        f"{MAX_HEADER} characters, got {short(who)}")
            continue
        if not isinstance(value, str) or len(value) > MAX_HEADER:
            raise PositionError(f"{where}: expected text of at most {MAX_HEADER} characters, "
                                f"got {short(value)}")
        if name == "date" and not DATE.fullmatch(value):
            raise PositionError(f"{where}: expected YYYY-MM-DD (with ? for unknown parts), "
                                f"got {short(value)}")
        if name == "result" and (len(value) > 100 or not value.strip()):
            raise PositionError(f"{where}: expected '*', 'none', a seat or a side, got "
                                f"{short(value)}")


def _check_setup(s: Any) -> None:
    if not isinstance(s, dict):
        raise PositionError("setup: expected an object")
    rules = s.get("rules", "legends")
    if not isinstance(rules, str) or len(rules) > 100:
        raise PositionError(f"setup.rules: expected a ruleset name, got {short(rules)}")
    _check_seats(s.get("placement"), "setup.placement", _check_placement)
    _check_seats(s.get("reserve"), "setup.reserve", _check_names)
    options = s.get("options")
    if options is not None and not (isinstance(options, dict) and len(options) <= 20 and all(
            isinstance(k, str) and len(k) <= 100 and isinstance(v, str) and len(v) <= 100
            for k, v in options.items())):
        raise PositionError(f"setup.options: expected an object of option names and values, "
                            f"got {short(options)}")
    players = s.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise PositionError(f"setup.players: expected 2, 4, 6 or 8, got {short(players)}")
    for side in ("beige", "gray"):
        check_army(s.get(side), f"setup.{side}")
    armies = s.get("armies")
    if armies is not None:
        if not isinstance(armies, dict) or len(armies) > max(PLAYER_COUNTS):
            raise PositionError(f"setup.armies: expected an object with an army per seat, got "
                                f"{short(armies)}")
        for seat, army in armies.items():
            if not isinstance(seat, str) or len(seat) > 32:
                raise PositionError(f"setup.armies: {short(seat)} is not a seat name")
            check_army(army, f"setup.armies.{seat}")
    boards = s.get("boards")
    if boards is not None and not (isinstance(boards, list) and len(boards) == 2 * players
                                   and all(isinstance(b, str) and len(b) <= 10 for b in boards)):
        raise PositionError(f"setup.boards: expected {2 * players} battle-board ids (two per "
                            f"player), got {short(boards)}")
    if "seed" not in s:
        raise PositionError("setup.seed: missing (a record replays only with its seed)")
    check_seed(s["seed"], "setup.seed")
    first = s.get("first", "beige")
    if not isinstance(first, str) or len(first) > 100:
        raise PositionError(f"setup.first: expected a player name, got {short(first)}")
    if not isinstance(s.get("setup", True), bool):
        raise PositionError(f"setup.setup: expected true or false, got {short(s['setup'])}")
    limit = s.get("turn_limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)
                              or not 0 <= limit < MAX_COUNT):
        raise PositionError(f"setup.turn_limit: expected null or a whole number of 0 or more, "
                            f"got {short(limit)}")
    quiet = s.get("no_progress_limit")
    if quiet is not None and (not isinstance(quiet, int) or isinstance(quiet, bool)
                              or not 1 <= quiet < MAX_COUNT):
        raise PositionError(f"setup.no_progress_limit: expected null or a whole number of 1 "
                            f"or more, got {short(quiet)}")
    again = s.get("repetition_limit")
    if again is not None and (not isinstance(again, int) or isinstance(again, bool)
                              or not (again == 0 or 2 <= again < MAX_COUNT)):
        raise PositionError(f"setup.repetition_limit: expected null, 0 or a whole number of 2 "
                            f"or more, got {short(again)}")
    if "salt" in s:
        check_salt(s["salt"], "setup.salt")
    if not isinstance(s.get("auto_pass", False), bool):
        raise PositionError(f"setup.auto_pass: expected true or false, got {short(s['auto_pass'])}")


def check_army(army: Any, where: str) -> None:
    """An army argument as a file gives it: a preset name, ``"random"``, ``None`` or a list of
    collector numbers or names (within bounds; the catalogue judges the pieces later)."""
    if isinstance(army, list):
        if len(army) > MAX_ARMY:
            raise PositionError(f"{where}: more than {MAX_ARMY} pieces")
        for j, x in enumerate(army):
            if not (isinstance(x, str) and len(x) <= 100
                    or isinstance(x, int) and not isinstance(x, bool) and 0 <= x < MAX_COUNT):
                raise PositionError(f"{where}[{j}]: expected a collector number or name, got "
                                    f"{short(x)}")
    elif not (army is None or isinstance(army, str) and len(army) <= 100):
        raise PositionError(f"{where}: expected a preset name, 'random' or a list of pieces, "
                            f"got {short(army)}")


def _check_seats(v: Any, where: str, each: Any) -> None:
    if v is None:
        return
    if not isinstance(v, dict) or len(v) > 8:
        raise PositionError(f"{where}: expected an object with an entry per seat, got {short(v)}")
    for seat, x in v.items():
        if not isinstance(seat, str) or len(seat) > 32:
            raise PositionError(f"{where}: {short(seat)} is not a seat name")
        each(x, f"{where}.{seat}")


def _check_placement(v: Any, where: str) -> None:
    if not isinstance(v, dict) or len(v) > MAX_PLACED or not all(
            isinstance(k, str) and len(k) <= 3 and isinstance(n, str) and len(n) <= 100
            for k, n in v.items()):
        raise PositionError(f"{where}: expected an object of squares and piece names, "
                            f"got {short(v)}")


def _check_names(v: Any, where: str) -> None:
    if not isinstance(v, list) or len(v) > MAX_PLACED or not all(
            isinstance(n, str) and len(n) <= 100 for n in v):
        raise PositionError(f"{where}: expected a list of piece names, got {short(v)}")

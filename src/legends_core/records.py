"""Checking the frame of a game record read from outside (see ``docs/formats.rst``).

:meth:`Game.from_record <legends_core.Game.from_record>` replays a record; this module makes
sure, before anything is built, that each field has the type and range the format gives it,
so a bad record is refused with a :class:`~legends_core.errors.PositionError` naming the field
instead of failing somewhere inside the replay.
"""

from __future__ import annotations

from typing import Any

from . import safejson
from .errors import PositionError, short
from .position import MAX_COUNT, check_salt, check_seed

FORMAT = "stratego-legends-record"
VERSION = 1
MAX_ACTION = 200  # characters of one action's notation
MAX_ACTIONS = 100_000  # a game of 1,000 turns takes some 5,000
MAX_ARMY = 100  # entries in an army list


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


def _check_setup(s: Any) -> None:
    if not isinstance(s, dict):
        raise PositionError("setup: expected an object")
    for side in ("beige", "gray"):
        army = s.get(side)
        if isinstance(army, list):
            if len(army) > MAX_ARMY:
                raise PositionError(f"setup.{side}: more than {MAX_ARMY} pieces")
            for j, x in enumerate(army):
                if not (isinstance(x, str) and len(x) <= 100
                        or isinstance(x, int) and not isinstance(x, bool) and 0 <= x < MAX_COUNT):
                    raise PositionError(f"setup.{side}[{j}]: expected a collector number or "
                                        f"name, got {short(x)}")
        elif not (army is None or isinstance(army, str) and len(army) <= 100):
            raise PositionError(f"setup.{side}: expected a preset name, 'random' or a list of "
                                f"pieces, got {short(army)}")
    boards = s.get("boards")
    if boards is not None and not (isinstance(boards, list) and len(boards) == 4 and all(
            isinstance(b, str) and len(b) <= 10 for b in boards)):
        raise PositionError(f"setup.boards: expected four battle-board ids, got {short(boards)}")
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
    if "salt" in s:
        check_salt(s["salt"], "setup.salt")
    if not isinstance(s.get("auto_pass", False), bool):
        raise PositionError(f"setup.auto_pass: expected true or false, got {short(s['auto_pass'])}")

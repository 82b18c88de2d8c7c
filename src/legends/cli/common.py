"""Argument helpers shared by the commands.

Every value from the command line or from a file is checked here or by the library, and a bad
one is reported on one line that names the argument or the file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from legends_core import NO_PROGRESS_LIMIT, REPETITION_LIMIT, SEED_LIMIT, safejson
from legends_core.armies import read_army
from legends_core.errors import ArmyError, PositionError, short
from legends_core.teams import PLAYER_COUNTS, side_of

MAX_ARMY_FILE = 1024 * 1024  # bytes; an army is a few dozen numbers or names
MAX_SETUP_FILE = 64 * 1024  # bytes; a setup line is a few dozen characters (and comments)


def whole(lowest: int, highest: int | None = None, shown: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``lowest`` (to ``highest``, if given, which
    messages show as ``shown`` when that is given)."""
    def read(text: str) -> int:
        try:
            value = int(text) if len(text) <= 100 else None
        except ValueError:
            value = None
        if value is None or value < lowest or (highest is not None and value > highest):
            upto = "" if highest is None else f" and at most {shown or highest}"
            raise argparse.ArgumentTypeError(
                f"expected a whole number of {lowest} or more{upto}, not {short(text, 30)}")
        return value
    return read


seed_arg = whole(0, SEED_LIMIT - 1, "2**256 - 1")


def small_text(path: str, limit: int, what: str) -> str:
    """The UTF-8 text of a small file a person gave (an army or a setup line), read no
    further than ``limit`` bytes so a huge file costs nothing.

    :raises ArmyError: the file is larger than ``limit`` or not UTF-8 text.
    """
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise ArmyError(f"{what} {path}: larger than {limit} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ArmyError(f"{what} {path}: not UTF-8 text") from None


def army_arg(text: str | None) -> Any:
    """``preset-3``, ``3``, ``random``, or an army file (:func:`legends_core.armies.read_army`:
    a JSON list, or collector numbers and names separated by commas or new lines, numbers also
    by spaces)."""
    if text is None:
        return None
    if text == "random" or text.startswith("preset") or text.isdigit():
        return text
    if not os.path.exists(text):
        raise ArmyError(f"army {short(text)}: not a preset (preset-1..preset-6), 'random' or a file")
    return read_army(small_text(text, MAX_ARMY_FILE, "army file"), f"army file {text}")


def add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="legends",
                   help="the ruleset: legends (default), classic, ultimate-lightning, "
                        "ultimate-campaign, narnia-1, narnia-2 or any installed")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a ruleset option, e.g. captures=prisoner (narnia)")
    p.add_argument("--seed", type=seed_arg, help="seed for boards, presets and placement")
    p.add_argument("--beige", help="beige army: preset-1..preset-6, random, or a file")
    p.add_argument("--gray", help="gray army: preset-1..preset-6, random, or a file")
    p.add_argument("--boards", help="battle boards, two per player in seat order, e.g. "
                                    "1A,2B,3C,4D (optionally 1A@90)")
    p.add_argument("--turn-limit", type=whole(1), default=None, help="stop after this many turns")
    p.add_argument("--no-progress-limit", type=limit_or_off, default=NO_PROGRESS_LIMIT,
                   metavar="TURNS|off",
                   help="end the game with no winner after this many turns in a row without "
                        f"an attack or a piece destroyed (default {NO_PROGRESS_LIMIT}; off: never)")
    p.add_argument("--repetition-limit", type=repetition_or_off, default=None,
                   metavar="N|off",
                   help="end the game with no winner when the same position stands at the "
                        f"start of a turn for the Nth time ({REPETITION_LIMIT} as in chess; "
                        "default off)")


def limit_or_off(text: str) -> int | None:
    """An argparse type: ``off`` (no limit) or a whole number of 1 or more."""
    return None if text.strip().casefold() == "off" else whole(1)(text)


def repetition_or_off(text: str) -> int | None:
    """An argparse type: ``off`` or ``0`` (no limit) or a whole number of 2 or more."""
    return None if text.strip().casefold() in ("off", "0") else whole(2)(text)


PLAYERS_HELP = ("the number of players: 2, or 4, 6 or 8 for a team game (beige-1, gray-1, "
                "beige-2, ...)")


def players_arg(values: list[str] | None, default: str | None = None) \
        -> tuple[int, list[str] | None]:
    """``--players`` values: a number of players (``4``) and/or the computer players
    (``heuristic,random``); either may be given, once each.

    :return: the number of players (2 when not given) and the computer players (``default``
        split, or ``None``, when not given).
    """
    count: int | None = None
    kinds: list[str] | None = None
    for value in values or []:
        if value.strip().isdigit() and value.isascii() and len(value) < 4:
            if count is not None:
                raise ValueError("--players: the number of players is given twice")
            count = int(value)
            if count not in PLAYER_COUNTS:
                raise ValueError(f"--players {count}: a game has 2, 4, 6 or 8 players")
        else:
            if kinds is not None:
                raise ValueError("--players: the computer players are given twice")
            kinds = [k.strip() for k in value.split(",")]
    if kinds is None and default is not None:
        kinds = default.split(",")
    return (2 if count is None else count), kinds


def boards_arg(text: str | None) -> list[str] | None:
    return [b.strip() for b in text.split(",")] if text else None


def read_record(path: str) -> dict[str, Any]:
    """A game record file, read within bounds; errors name the file.

    :raises OSError: the file cannot be read.
    :raises PositionError: it is not a game record.
    """
    record = safejson.load_file(path, "record")
    if not isinstance(record, dict):
        raise PositionError(f"{path}: not a game record (expected a JSON object)")
    return record


def options_arg(items: list[str]) -> dict[str, str]:
    """``--option NAME=VALUE`` arguments as a dict (the ruleset checks names and values)."""
    out = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name:
            raise ValueError(f"--option {short(item, 40)}: expected NAME=VALUE, e.g. "
                             "captures=prisoner")
        out[name.strip()] = value.strip()
    return out


def new_game_args(args: argparse.Namespace) -> dict[str, Any]:
    """The :meth:`Game.new <legends_core.Game.new>` arguments the game options give."""
    kwargs: dict[str, Any] = {"rules": args.rules, "options": options_arg(args.option),
                              "boards": boards_arg(args.boards), "seed": args.seed,
                              "no_progress_limit": args.no_progress_limit,
                              "repetition_limit": args.repetition_limit}
    count = getattr(args, "player_count", 2)
    if count != 2:
        kwargs["players"] = count
    for side in ("beige", "gray"):
        army = army_arg(getattr(args, side))
        if army is not None:
            kwargs[side] = army
    return kwargs


def read_setup_file(path: str) -> str:
    """The setup line a ``--setup-file`` holds: its one line that is not blank or a comment
    (``#`` to the end of a line is a comment)."""
    raw = small_text(path, MAX_SETUP_FILE, "setup file")
    lines = [x for x in (line.split("#", 1)[0].strip() for line in raw.splitlines()) if x]
    if len(lines) != 1:
        raise ArmyError(f"setup file {path}: expected one setup line (besides # comments), "
                        f"found {len(lines)}")
    return lines[0]


def check_setup_rules(rules: str, option: str) -> None:
    """Refuse a setup line for rules that deal the setup themselves (Stratego Legends)."""
    from legends_core.ruleset import get_ruleset

    if not get_ruleset(rules).army:
        raise ArmyError(f"{option}: the {rules} rules deal every setup at random (Stratego "
                        "Legends: then a reshuffle and two switches each), so they take no "
                        "setup line; use --rules classic, ultimate-lightning, "
                        "ultimate-campaign, narnia-1 or narnia-2")


def winner_text(game: Any) -> str:
    """The winner as a line shows it: a seat, or a side with its seats in a team game."""
    if not game.winners:
        return "nobody"
    if len(game.winners) == 1:
        return str(game.winner)
    return f"{side_of(game.winner)} ({', '.join(game.winners)})"


def game_seats(args: argparse.Namespace) -> tuple[str, ...]:
    """The seats of the game the options describe (before it is built)."""
    from legends_core.ruleset import get_ruleset

    return get_ruleset(args.rules).seats_for(getattr(args, "player_count", 2))


def title(rules: str) -> str:
    """How a game of ``rules`` is announced."""
    return "Stratego Legends" if rules == "legends" else f"Stratego ({rules})"


@contextmanager
def progress(total: int, what: str) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr with the rate and the time left (rich's), giving a function to
    call once per item done. It stays quiet when stderr is not a terminal, or without rich."""
    bar = _rich_bar(what) if sys.stderr.isatty() else None
    if bar is None:
        yield lambda: None
        return
    task = bar.add_task(what, total=total)
    with bar:
        yield lambda: bar.advance(task)


def _rich_bar(what: str) -> Any:
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text
    except ImportError:  # the 'cli' extra is not installed
        return None

    class Rate(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:.2f} {what}/s" if speed else f"- {what}/s")

    return Progress(TextColumn(f"[bold]{what}"), BarColumn(), MofNCompleteColumn(), Rate(),
                    TextColumn("ETA"), TimeRemainingColumn(), console=Console(stderr=True))


def write_json(data: Any, path: str, *, after: str = "") -> bool:
    """Write ``data`` as JSON to ``path``; a path that cannot be written is reported on one
    line (followed by ``after``) and gives ``False``, so an interactive session goes on."""
    text = json.dumps(data)
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        print(f"could not save to {short(path)}: {exc.strerror or short(str(exc), 200)}{after}")
        return False
    return True

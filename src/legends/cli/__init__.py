"""The ``legends`` command: play, simulate, run a campaign, replay, list pieces, or watch a
computer game.

Run ``legends --help``. Errors in files or arguments are reported on one line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import Any, NoReturn

from legends_core.errors import LegendsError, clip

COMMANDS = ("game", "play", "simulate", "campaign", "replay", "pieces", "armies", "verify",
            "serve", "backup", "plugins")
EPILOG = """environment:
  LEGENDS_DISABLE_PACKS  comma-separated entry-point names of piece packs or ruleset plugins
                         to leave out, e.g. LEGENDS_DISABLE_PACKS=example
                         ('legends plugins' lists them)
  NO_COLOR               print without colour"""
MAX_MESSAGE = 1000  # characters of an error line (an army report lists every fault)


def error_line(message: object) -> str:
    """One line of at most :data:`MAX_MESSAGE` characters, whatever the message holds."""
    return clip(" ".join(str(message).split()), MAX_MESSAGE)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows each option's default (when it has a real one)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if not action.option_strings or "default" in text or not has_default(action):
            return text
        return f"{text} (default: %(default)s)"


def has_default(action: argparse.Action) -> bool:
    """Whether ``--help`` should show the option's default: not for switches (``store_true``)
    nor for options that are simply absent unless given (``None``, an empty list). Compared by
    type, not ``==``, since ``0 == False``: a default of 0 is a real one."""
    default = action.default
    return not (default is None or default is argparse.SUPPRESS or isinstance(default, bool)
                or default == [])


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is reported on one line (the usage is one --help away),
    and every option's default is shown in ``--help``."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"legends: error: {error_line(message)} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    from . import (
        armies_cmd,
        backup_cmd,
        campaign_cmd,
        game_cmd,
        pieces_cmd,
        play_cmd,
        plugins_cmd,
        replay_cmd,
        serve_cmd,
        simulate_cmd,
        verify_cmd,
    )

    ap = Parser(prog="legends", description="Stratego Legends rules engine (and other "
                "editions of Stratego). Without a command: 'legends game'.", epilog=EPILOG)
    ap.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for mod in (game_cmd, play_cmd, simulate_cmd, campaign_cmd, replay_cmd, pieces_cmd,
                armies_cmd, verify_cmd, serve_cmd, backup_cmd, plugins_cmd):
        mod.add_parser(sub)
    return ap


def version() -> str:
    """The installed version of the ``legends`` distribution."""
    try:
        return metadata.version("legends")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if not args.command:
        args = ap.parse_args(["game", *(argv or [])])
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader went away ('legends game | head'): stop quietly, as other tools do; the
        # closed pipe is swapped for /dev/null so flushing at exit cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (LegendsError, OSError, ValueError, KeyError) as exc:
        print(f"legends: error: {error_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130



if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

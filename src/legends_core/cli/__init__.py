"""The ``legends`` command: play, simulate, run a campaign, replay, list pieces, or watch a
computer game.

Run ``legends --help``. Errors in files or arguments are reported on one line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..errors import LegendsError, clip

COMMANDS = ("game", "play", "simulate", "campaign", "replay", "pieces", "verify")
MAX_MESSAGE = 1000  # characters of an error line (an army report lists every fault)


def error_line(message: object) -> str:
    """One line of at most :data:`MAX_MESSAGE` characters, whatever the message holds."""
    return clip(" ".join(str(message).split()), MAX_MESSAGE)


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is reported on one line (the usage is one --help away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"legends: error: {error_line(message)} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    from . import (
        campaign_cmd,
        game_cmd,
        pieces_cmd,
        play_cmd,
        replay_cmd,
        simulate_cmd,
        verify_cmd,
    )

    ap = Parser(prog="legends", description="Stratego Legends rules engine.")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for mod in (game_cmd, play_cmd, simulate_cmd, campaign_cmd, replay_cmd, pieces_cmd,
                verify_cmd):
        mod.add_parser(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if not args.command:
        args = ap.parse_args(["game", *(argv or [])])
    try:
        return int(args.run(args) or 0)
    except (LegendsError, OSError, ValueError, KeyError) as exc:
        print(f"legends: error: {error_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

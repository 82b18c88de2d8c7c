"""``legends verify``: check a finished game's full record against what a player was shown."""

from __future__ import annotations

import argparse

from legends_core.fairness import verify


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help="check that the hidden setup was never changed")
    p.add_argument("file", help="the full game record (JSON), as the referee hands it out at the "
                                "end; the setup commitment is recomputed from its setup and salt, "
                                "never taken from it")
    p.add_argument("--commitment", metavar="HEX", help="the setup commitment you were shown")
    p.add_argument("--player-record", metavar="FILE",
                   help="your own record of the game (its commitment and every event you were "
                        "shown are checked)")
    p.set_defaults(run=run)


def _read(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read(50_000_000)
    except OSError as exc:
        raise ValueError(f"{what} {path}: {exc.strerror}") from None


def run(args: argparse.Namespace) -> int:
    record = _read(args.file, "record")
    mine = _read(args.player_record, "player record") if args.player_record else None
    if args.commitment is None and mine is None:
        raise ValueError("give --commitment HEX or --player-record FILE to check against")
    result = verify(record, commitment=args.commitment, player_record=mine)
    if result.ok:
        print(f"ok: the record replays and its setup matches the commitment {result.commitment}")
        return 0
    for problem in result.problems:
        print(f"MISMATCH: {problem}")
    return 1

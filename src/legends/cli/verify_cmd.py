"""``legends verify``: check a finished game's full record against what a player was shown."""

from __future__ import annotations

import argparse

from legends_core.fairness import verify

from ..i18n import _


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help=_("check that the hidden setup was never changed"))
    p.add_argument("file", help=_("the full game record (JSON), as the referee hands it out at "
                                  "the end; the setup commitment is recomputed from its setup "
                                  "and salt, never taken from it"))
    p.add_argument("--commitment", metavar="HEX", help=_("the setup commitment you were shown"))
    p.add_argument("--player-record", metavar="FILE",
                   help=_("your own record of the game (its commitment and every event you "
                          "were shown are checked)"))
    p.set_defaults(run=run)


def _read(path: str, mine: bool) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read(50_000_000)
    except OSError as exc:
        text = _("player record {file}: {problem}") if mine else _("record {file}: {problem}")
        raise ValueError(text.format(file=path, problem=exc.strerror)) from None


def run(args: argparse.Namespace) -> int:
    record = _read(args.file, False)
    mine = _read(args.player_record, True) if args.player_record else None
    if args.commitment is None and mine is None:
        raise ValueError(_("give --commitment HEX or --player-record FILE to check against"))
    result = verify(record, commitment=args.commitment, player_record=mine)
    if result.ok:
        print(_("ok: the record replays and its setup matches the commitment {commitment}")
              .format(commitment=result.commitment))
        return 0
    for problem in result.problems:
        print(_("MISMATCH: {problem}").format(problem=problem))
    return 1

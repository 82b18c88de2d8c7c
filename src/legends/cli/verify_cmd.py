"""``legends verify``: check a finished game's full record against what a player was shown."""

from __future__ import annotations

import argparse
import json

from legends_core.fairness import verify

from ..i18n import _


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("verify", help=_("check that the hidden setup was never changed"))
    p.add_argument("file", help=_("the full game record (JSON), as the referee hands it out at "
                                  "the end; the setup commitment is recomputed from its setup "
                                  "and salt, never taken from it"))
    p.add_argument("--commitment", metavar="HEX", help=_(
        "the setup commitment you were shown (without it and --player-record: the one the "
        "record's headers state, as a record from the server's archive does)"))
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


def stated_commitment(text: str) -> str | None:
    """The commitment a record states in its headers (a record downloaded from the play
    server's archive holds the one published as play began), or ``None``."""
    try:
        headers = json.loads(text).get("headers")
    except (ValueError, AttributeError, RecursionError):
        return None  # verify() says what is wrong with the file
    found = headers.get("commitment") if isinstance(headers, dict) else None
    return found if isinstance(found, str) else None


def run(args: argparse.Namespace) -> int:
    record = _read(args.file, False)
    mine = _read(args.player_record, True) if args.player_record else None
    stated = stated_commitment(record)
    if args.commitment is None and mine is None and stated is None:
        raise ValueError(_("give --commitment HEX or --player-record FILE to check against "
                           "(the record states no commitment of its own)"))
    result = verify(record, commitment=args.commitment or stated, player_record=mine)
    problems = list(result.problems)
    if stated is not None and args.commitment is not None and stated != result.commitment:
        problems.append(_("the record's setup does not give the commitment its headers "
                          "state, {stated}").format(stated=stated[:16] + "..."))
    if not problems:
        print(_("ok: the record replays and its setup matches the commitment {commitment}")
              .format(commitment=result.commitment))
        if args.commitment is None and mine is None:
            print(_("(the commitment the record's headers state: compare it with the one you "
                    "were shown when play began)"))
        return 0
    for problem in problems:
        print(_("MISMATCH: {problem}").format(problem=problem))
    return 1

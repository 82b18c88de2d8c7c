"""``legends replay``: step through a saved game record."""

from __future__ import annotations

import argparse
import os

from legends_core import Game
from legends_core.actions import Action
from legends_core.endings import Ending
from legends_core.errors import LegendsError, PositionError
from legends_core.records import headers_line, without_result

from ..i18n import _
from .common import read_record, winner_text
from .text import board_text, event_lines


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help=_("step through a saved game record"))
    p.add_argument("file", help=_("a game record (JSON), as saved by 'game --save' or 'play'"))
    p.add_argument("--view", default="full",
                   help=_("whose knowledge to show: a seat (beige, gray, red, blue ...) or full "
                          "(everything, the default)"))
    p.add_argument("--svg", metavar="DIR", help=_("also write one SVG picture per action here"))
    p.add_argument("--step", action="store_true", help=_("wait for Enter after each action"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    if not isinstance(record.get("actions"), list):
        raise PositionError(_("{file}: not a game record (no 'actions' list)").format(
            file=args.file))
    actions = record["actions"]
    try:
        game = Game.from_record({**without_result(record), "actions": []})
    except PositionError as exc:
        raise PositionError(f"{args.file}: {exc}") from None
    if headers_line(record.get("headers")):
        print(headers_line(record["headers"]))
    viewer = None if args.view == "full" else args.view
    if viewer is not None and viewer not in game.players:
        raise ValueError(_("--view {seat}: choose full or one of {seats}").format(
            seat=repr(viewer[:20]), seats=", ".join(game.players)))
    names = {n: t.name for n, t in game.catalogue.items()}
    if args.svg:
        from ..svg import board_svg

        os.makedirs(args.svg, exist_ok=True)

    def picture(i: int, last: Action | None) -> None:
        if args.svg:
            path = os.path.join(args.svg, f"{i:05d}.svg")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(board_svg(view=game.view(viewer), last=last,
                                    catalogue=game.catalogue))

    picture(0, None)
    print(board_text(game.view(viewer), catalogue=game.catalogue))
    for i, text in enumerate(actions, 1):
        who = game.current_player
        action: Action | None = None
        try:
            ending = Ending.parse(text)  # a resignation, a loss on time or an agreed draw
            if ending is None:
                action = Action.from_str(text)
                events = game.apply(action)
            else:
                events = game.end(ending)
        except LegendsError as exc:
            raise PositionError(f"{args.file}: actions[{i - 1}]: {exc}") from None
        if viewer is not None:
            events = game.events_for(events, viewer)
        if ending is None:
            print(_("[{step}] turn {turn} {seat}: {action}").format(
                step=i, turn=game.turn, seat=who, action=action))
        else:
            print(_("[{step}] turn {turn}: {reason}").format(
                step=i, turn=game.turn, reason=ending.reason))
        for line in event_lines(events, names, game.rules.name):
            print(f"      {line}")
        picture(i, action)
        if args.step:
            print(board_text(game.view(viewer), catalogue=game.catalogue))
            try:
                input(_("-- Enter for the next action --"))
            except EOFError:
                args.step = False  # no more input: show the rest without waiting
    claimed = (record.get("headers") or {}).get("result", "*")
    if claimed != "*" and claimed != game.result:
        raise PositionError(_("{file}: headers.result: the record says {claimed}, but its "
                              "actions give {result}").format(
                                  file=args.file, claimed=repr(claimed), result=repr(game.result)))
    print(board_text(game.view(viewer), catalogue=game.catalogue))
    print(_("Winner: {winner} ({reason})").format(winner=winner_text(game), reason=game.reason)
          if game.is_over else
          _("(record ends at turn {turn}; {seat} to decide)").format(
              turn=game.turn, seat=game.current_player))
    return 0

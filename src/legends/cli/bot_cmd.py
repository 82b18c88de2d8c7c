"""``legends bot``: play a seat on a legends server as a program, through its published
protocol (:mod:`legends.client`)."""

from __future__ import annotations

import argparse
import importlib
from typing import TYPE_CHECKING, Any

from ..i18n import _

if TYPE_CHECKING:
    from ..client import Client, Seat


def description() -> str:
    return _("""\
Play one seat of a game on a legends server ('legends serve') as a program would, through the
server's published API: join the game CODE (--code), or start a game between people and print
its code for someone to join (--new). The seat is played by one of our computer players
('heuristic', 'ismcts' or 'search', deciding from the seat's knowledge, which the server sends
them as it does its own computer players), by 'random', or by your own function given as
MODULE:FUNCTION, which is called with each state message that asks for an action and returns
one of its view's options. With a personal access token (--token, or the environment variable
LEGENDS_TOKEN), made on the server's page, the bot plays as that account: its games are the
account's, and --code plays the account's own seat in that game if it holds one.""")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bot", help=_("play a seat on a legends server through its API"),
                       description=description())
    p.add_argument("--server", metavar="URL", required=True,
                   help=_("the server's address, e.g. http://localhost:8000"))
    game = p.add_mutually_exclusive_group(required=True)
    game.add_argument("--code", metavar="CODE", help=_("join the game with this code"))
    game.add_argument("--new", metavar="EDITION",
                      help=_("start a game of this edition between people and print its code"))
    p.add_argument("--player", metavar="CHOOSER", default="random",
                   help=_("what chooses the actions: 'heuristic', 'ismcts', 'search', "
                          "'random' or MODULE:FUNCTION"))
    p.add_argument("--seed", type=int, default=None,
                   help=_("seed of the chooser's random choices"))
    p.add_argument("--name", default="bot", help=_("the name the other players see"))
    p.add_argument("--setup", default="random",
                   help=_("the setup line to arrange, where the players arrange theirs"))
    p.add_argument("--token", default=None,
                   help=_("a personal access token (scope 'play') to play as its account; "
                          "by default the environment variable {name}").format(
                              name="LEGENDS_TOKEN"))
    p.add_argument("--rated", action="store_true",
                   help=_("with --new and a token: a rated game"))
    p.add_argument("--quiet", action="store_true", help=_("print only the result"))
    p.set_defaults(run=run)


def chooser(name: str, seed: int | None) -> Any:
    """The chooser named on the command line: one of :data:`legends.client.CHOOSERS`, or a
    function ``MODULE:FUNCTION``."""
    from ..client import CHOOSERS

    if name in CHOOSERS:
        return CHOOSERS[name](seed)
    module, sep, attr = name.partition(":")
    if not sep or not module or not attr:
        raise ValueError(_("--player: expected {names} or MODULE:FUNCTION, got {name}").format(
            names=", ".join(CHOOSERS), name=name))
    try:
        found = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(_("--player: cannot load {name}: {problem}").format(
            name=name, problem=exc)) from None
    if not callable(found):
        raise ValueError(_("--player: {name} is not a function").format(name=name))
    return found


def run(args: argparse.Namespace) -> int:
    try:
        from ..client import Client, ClientError, env_token
    except ImportError:
        raise ValueError(_("'legends bot' needs the 'client' extra: {command}").format(
            command="pip install 'legends[client]'")) from None
    choose = chooser(args.player, args.seed)
    # From the environment rather than the command line, a token stays out of process lists.
    token = args.token or env_token()
    if args.rated and not (token and args.new):
        raise ValueError(_("--rated: needs --new and a personal access token"))
    client = Client(args.server, token=token)

    def show(message: dict[str, Any]) -> None:
        if not args.quiet and message["type"] == "state":
            for text in message["lines"]:
                print(text)

    try:
        if args.new:
            seat = client.new_game(rules=args.new, opponent="human", name=args.name,
                                   side="random", rated=args.rated)
            print(_("legends: game {code} started; you play {seat}. Waiting for a player to "
                    "join.").format(code=seat.code, seat=seat.seat), flush=True)
        else:
            held = _account_seat(client, args.code) if token else None
            if held is None:
                seat = client.join(args.code, name=args.name)
                print(_("legends: joined game {code} as {seat}").format(
                    code=seat.code, seat=seat.seat), flush=True)
            else:
                seat = held
                print(_("legends: playing the account's seat {seat} of game {code}").format(
                    code=seat.code, seat=seat.seat), flush=True)
        final = client.play(seat, choose, setup=args.setup, on_message=show)
    except (ClientError, OSError) as exc:
        raise ValueError(str(exc)) from None
    view = final["view"]
    if view["winners"]:
        print(_("legends: game over: {winners} won ({reason})").format(
            winners=", ".join(view["winners"]), reason=final["reason"]))
    else:
        print(_("legends: game over: {reason}").format(reason=final["reason"]))
    return 0


def _account_seat(client: Client, code: str) -> Seat | None:
    """The seat the token's account holds in game ``code`` (``None``: none; join then)."""
    from ..client import NoSeat

    try:
        return client.account_seat(code)
    except NoSeat:
        return None

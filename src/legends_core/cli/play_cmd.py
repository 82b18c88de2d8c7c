"""``legends play``: a human plays a computer opponent in the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..ai import make_player
from ..errors import LegendsError, PositionError, short
from ..events import Event
from ..game import Game
from . import error_line
from .common import (
    PLAYERS_HELP,
    add_game_options,
    new_game_args,
    players_arg,
    read_record,
    whole,
    winner_text,
)
from .text import board_text, event_lines

HELP = """Answer with the number of a choice or its notation (e.g. 'b2-b3', 'pass').
Other commands: board (draw the board), save FILE (save and keep playing), quit."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play against the computer in the terminal")
    add_game_options(p)
    p.add_argument("--side", default=None,
                   help="your side (default: the first seat, beige in Stratego Legends)")
    p.add_argument("--opponent", default="heuristic", help="random, heuristic or ismcts")
    p.add_argument("--load", help="resume a saved game record")
    p.add_argument("--ask-always", action="store_true",
                   help="ask even when there is only one possible answer")
    p.add_argument("--players", type=whole(2, 8), default=2,
                   help=f"{PLAYERS_HELP}; the computer plays every other seat")
    p.add_argument("--campaign", metavar="FILE",
                   help="play a campaign against the computer across sessions: FILE is made "
                        "if it does not exist, and saved after every game and when you quit")
    p.add_argument("--games", type=whole(1, 99), default=2,
                   help="with --campaign, for a new campaign: 2 for a two-game campaign "
                        "(scores), more for best-of-N (default 2)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    if args.campaign:
        from .campaign_cmd import play_campaign

        return play_campaign(args, read)
    args.player_count, _ = players_arg([str(args.players)])
    if args.load:
        record = read_record(args.load)
        try:
            game = Game.from_record(record)
        except PositionError as exc:
            raise PositionError(f"{args.load}: {exc}") from None
    else:
        game = Game.new(**new_game_args(args), turn_limit=args.turn_limit)
    me = args.side or game.players[0]
    if me not in game.players:
        raise ValueError(f"--side {me[:20]!r}: choose one of {', '.join(game.players)}")
    seed = args.seed if args.seed is not None else 0
    computer = make_player(args.opponent, seed + 7)
    print(f"You play {me}. {HELP}")
    session(game, me, computer, read, ask_always=args.ask_always,
            on_save=lambda path: save(game, path))
    return 0


def session(game: Game, me: str, computer: Any, read: Callable[[str], str], *,
            ask_always: bool = False, on_save: Callable[[str], None] | None = None) -> bool:
    """Play ``game`` as ``me`` against ``computer`` (every other seat) until it is over (then
    ``True``) or the person quits (``False``). ``save FILE`` calls ``on_save``."""
    names = {n: t.name for n, t in game.engine.catalogue.items()}
    unseen: list[Event] = []
    shown_turn = -1
    while not game.is_over:
        if game.current_player != me:
            events = game.apply(computer.choose(game))
            unseen.extend(game.events_for(events, me))
            continue
        for line in event_lines(unseen, names):
            print(f"  {line}")
        unseen = []
        actions = list(game.legal_actions())
        if game.decision_kind == "main" and game.turn != shown_turn:
            print(board_text(game.view(me)))
            shown_turn = game.turn
        if len(actions) == 1 and not ask_always:
            print(f"({game.decision}: only choice '{actions[0]}')")
            unseen.extend(game.events_for(game.apply(actions[0], player=me), me))
            continue
        print(f"Turn {game.turn}, {me}: {game.decision}")
        for i, a in enumerate(actions, 1):
            print(f"  {i:>3}. {a}")
        while True:
            try:
                text = read("your choice> ").strip()
            except EOFError:
                print("\nbye")
                return False
            if text in ("quit", "exit"):
                return False
            if text in ("help", "?"):
                print(HELP)
                continue
            if text == "board":
                print(board_text(game.view(me)))
                continue
            if text.startswith("save ") and on_save is not None:
                on_save(text[5:].strip())
                continue
            # ASCII and short: int() refuses digits such as '²' and numbers of 4300+ digits.
            number = text.isascii() and text.isdigit()
            try:
                if number and not 1 <= len(text) <= 6:
                    raise IndexError
                action = actions[int(text) - 1] if number else Action.from_str(text)
                if number and int(text) < 1:
                    raise IndexError
                unseen.extend(game.events_for(game.apply(action, player=me), me))
                break
            except IndexError:
                print(f"choose a number from 1 to {len(actions)}", file=sys.stdout)
            except LegendsError as exc:
                print(f"not legal: {exc}")
    for line in event_lines(unseen, names):
        print(f"  {line}")
    print(board_text(game.view(me)))
    print(f"Winner: {winner_text(game)} ({game.reason})")
    return True


def save(game: Game, path: str) -> None:
    """Save the record; a path that cannot be written is reported and play goes on."""
    text = json.dumps(game.record())
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        print(f"could not save to {short(path)}: {exc.strerror or error_line(exc)}; "
              "the game goes on")
        return
    print(f"saved to {path}")

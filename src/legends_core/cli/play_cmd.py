"""``legends play``: a human plays a computer opponent in the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from ..actions import Action
from ..ai import make_player
from ..errors import LegendsError, PositionError, short
from ..events import Event
from ..game import Game
from . import error_line
from .common import add_game_options, army_arg, boards_arg, read_record
from .text import board_text, event_lines

HELP = """Answer with the number of a choice or its notation (e.g. 'b2-b3', 'pass').
Other commands: board (draw the board), save FILE (save and keep playing), quit."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play against the computer in the terminal")
    add_game_options(p)
    p.add_argument("--side", choices=("beige", "gray"), default="beige", help="your side")
    p.add_argument("--opponent", default="heuristic", help="random, heuristic or ismcts")
    p.add_argument("--load", help="resume a saved game record")
    p.add_argument("--ask-always", action="store_true",
                   help="ask even when there is only one possible answer")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    if args.load:
        record = read_record(args.load)
        try:
            game = Game.from_record(record)
        except PositionError as exc:
            raise PositionError(f"{args.load}: {exc}") from None
    else:
        game = Game.new(beige=army_arg(args.beige), gray=army_arg(args.gray),
                        boards=boards_arg(args.boards), seed=args.seed,
                        turn_limit=args.turn_limit)
    me = args.side
    seed = args.seed if args.seed is not None else 0
    computer = make_player(args.opponent, seed + 7)
    names = {n: t.name for n, t in game.engine.catalogue.items()}
    print(f"You play {me}. {HELP}")
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
        if len(actions) == 1 and not args.ask_always:
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
                return 0
            if text in ("quit", "exit"):
                return 0
            if text in ("help", "?"):
                print(HELP)
                continue
            if text == "board":
                print(board_text(game.view(me)))
                continue
            if text.startswith("save "):
                save(game, text[5:].strip())
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
    print(f"Winner: {game.winner or 'nobody'} ({game.reason})")
    return 0


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

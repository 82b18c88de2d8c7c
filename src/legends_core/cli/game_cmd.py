"""``legends game``: a complete computer-against-computer game, printed move by move."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..ai import make_player
from ..events import describe
from ..game import Game
from .common import add_game_options, army_arg, boards_arg


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("game", help="watch the computer play itself (the default command)")
    add_game_options(p)
    p.add_argument("--players", default="heuristic,heuristic",
                   help="beige,gray computer players: random, heuristic or ismcts")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument("--save", help="write the full (referee's) game record (JSON) to this file")
    p.add_argument("--save-for", action="append", default=[], metavar="PLAYER=FILE",
                   help="also write PLAYER's own record (only what they may know) to FILE; "
                        "check it later with 'legends verify'")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    for spec in args.save_for:
        who, _, path = spec.partition("=")
        if who not in ("beige", "gray") or not path:
            raise ValueError(f"--save-for {spec[:40]!r}: expected beige=FILE or gray=FILE")
    # Opened first, so a bad path is reported before the game is played, not after.
    save = open(args.save, "w", encoding="utf-8") if args.save else None
    try:
        return _play(args, save)
    finally:
        if save is not None:
            save.close()


def _play(args: argparse.Namespace, save: TextIO | None) -> int:
    game = Game.new(beige=army_arg(args.beige), gray=army_arg(args.gray),
                    boards=boards_arg(args.boards), seed=args.seed,
                    turn_limit=1000 if args.turn_limit is None else args.turn_limit)
    names = {n: t.name for n, t in game.engine.catalogue.items()}
    kinds = args.players.split(",")
    if len(kinds) != 2:
        raise ValueError("--players needs two names, e.g. heuristic,random")
    seed = game.record()["setup"]["seed"]
    players = {"beige": make_player(kinds[0], seed), "gray": make_player(kinds[1], seed + 1)}
    if not args.quiet:
        print(f"Stratego Legends: beige ({kinds[0]}) against gray ({kinds[1]}), seed {seed}, "
              f"boards {'+'.join(game.board.layout)}")
    while not game.is_over:
        who = game.current_player
        assert who is not None
        action = players[who].choose(game)
        events = game.apply(action)
        if args.quiet:
            continue
        if action.kind != "pass":
            print(f"[turn {game.turn:>3}] {who}: {action}")
            for e in events:
                if e.kind not in ("pass", "turn"):
                    print(f"           {describe(e, names)}")
    print(f"Winner: {game.winner or 'nobody'} ({game.reason}) after {game.turn} turns")
    if save is not None:
        json.dump(game.record(), save)
    for spec in args.save_for:
        who, _, path = spec.partition("=")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(game.record(who), fh)
    return 0

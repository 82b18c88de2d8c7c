"""``legends campaign``: a campaign between two computer players, and ``legends play
--campaign FILE``: a person's campaign against the computer, across sessions."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from legends_core import safejson
from legends_core.campaign import SIDES, Campaign
from legends_core.errors import PositionError

from ..ai import make_player
from .common import army_arg, seed_arg, whole, write_json

YOU, COMPUTER = "you", "computer"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("campaign", help="a campaign between two computer players, with its "
                                        "table of games and scores")
    p.add_argument("--games", type=whole(1, 99), default=2,
                   help="2 for a two-game campaign (the higher total score wins), or N for "
                        "best-of-N (a majority of wins)")
    p.add_argument("--kind", choices=("two-game", "best-of"), default=None,
                   help="force the kind (default: two-game for 2 games, best-of otherwise)")
    p.add_argument("--players", default="heuristic,heuristic",
                   help="the two computer players, the first playing beige: random, "
                        "heuristic or ismcts")
    p.add_argument("--seed", type=seed_arg, help="seed of the campaign (each game's is drawn "
                                                 "from it)")
    p.add_argument("--beige", help="beige army: preset-1..preset-6, random, or a file")
    p.add_argument("--gray", help="gray army: preset-1..preset-6, random, or a file")
    p.add_argument("--turn-limit", type=whole(1), default=1000,
                   help="end a game without a winner after this many turns")
    p.add_argument("--save", help="write the campaign (JSON) to this file after every game")
    p.set_defaults(run=run)


def _kind(games: int, kind: str | None) -> str:
    kind = kind or ("two-game" if games == 2 else "best-of")
    if kind == "two-game" and games != 2:
        raise ValueError("--kind two-game: a two-game campaign has --games 2")
    return kind


def run(args: argparse.Namespace) -> int:
    kinds = [k.strip() for k in args.players.split(",")]
    if len(kinds) != 2:
        raise ValueError("--players needs two computer players, e.g. heuristic,random")
    if kinds[0] == kinds[1]:
        names = (f"{kinds[0]}-1", f"{kinds[1]}-2")
    else:
        names = (kinds[0], kinds[1])
    players = [make_player(k, (args.seed or 0) + i) for i, k in enumerate(kinds)]
    camp = Campaign.new(kind=_kind(args.games, args.kind), games=args.games, names=names,
                        armies=(army_arg(args.beige), army_arg(args.gray)), seed=args.seed,
                        turn_limit=args.turn_limit, auto_pass=True)
    print(f"Campaign ({describe(camp)}): {names[0]} (beige) against {names[1]} (gray)")
    while not camp.is_over:
        if camp.chooser is not None:
            camp.choose_first(camp.chooser)  # a computer that lost chooses to go first
        game = camp.start_game()
        while not game.is_over:
            who = game.current_player
            assert who is not None
            game.apply(players[SIDES.index(who)].choose(game.knowledge(who)))
        row = camp.finish_game()
        won = "nobody" if row["winner"] is None else names[row["winner"]]
        print(f"  game {len(camp.results)}: won by {won} ({game.reason}, {game.turn} turns), "
              f"score {row['score']}")
        if args.save:
            write(camp, args.save)
    print(table_text(camp))
    return 0


def describe(camp: Campaign) -> str:
    return "two games, scores" if camp.kind == "two-game" else f"best of {camp.games}"


def table_text(camp: Campaign) -> str:
    """The table of games and scores, and the result so far."""
    a, b = camp.names
    lines = [f"{'game':>4}  {'first':<12} {'winner':<12} {'score':>5} {'turns':>5}  "
             f"{'totals':>9}  {'wins':>5}  how it ended"]
    for row in camp.table():
        totals = "{}-{}".format(*row["totals"])
        wins = "{}-{}".format(*row["wins"])
        lines.append(f"{row['game']:>4}  {row['first']:<12} {row['winner'] or '-':<12} "
                     f"{row['score']:>5} {row['turns']:>5}  {totals:>9}  {wins:>5}  "
                     f"{row['reason']}")
    if camp.is_over:
        outcome = f"{camp.winner} wins the campaign" if camp.winner else "the campaign is drawn"
    else:
        outcome = "the campaign goes on"
    lines.append(f"Totals {a} {camp.scores[0]}, {b} {camp.scores[1]}; wins {a} "
                 f"{camp.wins[0]}, {b} {camp.wins[1]}: {outcome}.")
    return "\n".join(lines)


def write(camp: Campaign, path: str) -> bool:
    """Save the campaign; a path that cannot be written is reported (and ``False``)."""
    return write_json(camp.to_dict(), path)


def load(path: str) -> Campaign:
    try:
        return Campaign.from_dict(safejson.load_file(path, "campaign"))
    except PositionError as exc:
        raise PositionError(f"{path}: {exc}") from None


def play_campaign(args: argparse.Namespace, read: Callable[[str], str]) -> int:
    """``legends play --campaign FILE``: resume the campaign in FILE, or start one there."""
    from .play_cmd import session

    path = args.campaign
    if os.path.exists(path):
        camp = load(path)
        if YOU not in camp.names:
            raise ValueError(f"{path}: not a campaign of yours against the computer")
        print(f"Resuming the campaign in {path} ({describe(camp)}).")
    else:
        side = args.side or "beige"
        if side not in SIDES:
            raise ValueError(f"--side {side[:20]!r}: choose beige or gray")
        names = (YOU, COMPUTER) if side == "beige" else (COMPUTER, YOU)
        armies = (army_arg(args.beige), army_arg(args.gray))
        camp = Campaign.new(kind=_kind(args.games, None), games=args.games, names=names,
                            armies=armies, seed=args.seed, turn_limit=args.turn_limit)
        if not write(camp, path):
            return 2
        print(f"A new campaign ({describe(camp)}) is saved in {path}.")
    me = SIDES[camp.names.index(YOU)]
    computer = make_player(args.opponent, (args.seed or 0) + 7)
    print(f"You play {me} in every game.")
    while not camp.is_over:
        game = camp.game
        if game is None:
            if camp.chooser == YOU and not _choose_first(camp, read):
                return 0
            if camp.chooser == COMPUTER:
                camp.choose_first(COMPUTER)
            game = camp.start_game()
            write(camp, path)
            print(f"Game {len(camp.results) + 1}: {camp.next_first()} go"
                  f"{'' if camp.next_first() == YOU else 'es'} first.")
        if not game.is_over and not session(game, me, computer, read,
                                            ask_always=args.ask_always,
                                            on_save=lambda p: _saved(camp, p)):
            write(camp, path)
            print(f"The campaign is saved in {path}; play on with --campaign {path}.")
            return 0
        camp.finish_game()
        write(camp, path)
        if not camp.is_over:
            print(table_text(camp))
    print(table_text(camp))
    return 0


def _saved(camp: Campaign, path: str) -> None:
    if write(camp, path):
        print(f"saved to {path}")


def _choose_first(camp: Campaign, read: Callable[[str], str]) -> bool:
    """Ask the person, who lost the last game, who goes first (a number or a word);
    ``False`` if they quit."""
    answers = {"1": YOU, "you": YOU, "me": YOU, "2": COMPUTER, COMPUTER: COMPUTER}
    while True:
        try:
            text = read("You lost the last game: who goes first, 1. you or 2. computer? ")
        except EOFError:
            print("\nbye")
            return False
        text = text.strip().casefold()
        if text in ("quit", "exit"):
            return False
        if text in answers:
            camp.choose_first(answers[text])
            return True
        if text:  # an empty line just asks again
            print("answer 1 (you) or 2 (computer)")

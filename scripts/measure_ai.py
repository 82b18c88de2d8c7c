"""Measure the computer players against each other and write docs/ai-results.txt.

Usage: python scripts/measure_ai.py [--heuristic-games 200] [--ismcts-games 100] [--jobs 2]
       [--seconds 0.5]   (equal time per decision for the searcher and the heuristic)
       [--player search] (match the search player against the heuristic instead of ISMCTS;
                          --ismcts-games then counts its games)
       [--rules classic] [--heuristic-seconds 0] (the heuristic answers at once)

Games use the preset armies and boards drawn by seed; the two players swap colours every game.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor

from legends.ai import ISMCTSPlayer, SearchPlayer, make_player
from legends_core import Game
from legends_core.ruleset import get_ruleset

Result = tuple[str | None, int, float, list[float]]


def play(job: tuple[str, str, int, dict[str, object], str]) -> Result:
    a, b, seed, options, rules = job
    first, second = (a, b) if seed % 2 == 0 else (b, a)
    seats = get_ruleset(rules).seats_for(2)
    players = {seats[0]: make_player(first, seed, **options.get(first, {})),  # type: ignore[arg-type]
               seats[1]: make_player(second, seed + 1, **options.get(second, {}))}  # type: ignore[arg-type]
    # Each player's own setup where the edition lets players arrange (None: dealt by the seed).
    lines = {seat: p.arrange(rules, seat) for seat, p in players.items()}
    game = Game.new(rules=rules, seed=seed, turn_limit=1000,
                    placement={s: line for s, line in lines.items() if line is not None} or None)
    t0 = time.perf_counter()
    thinking = []  # ``a``'s time on each decision with more than one option
    mine = seats[0] if first == a else seats[1]
    while not game.is_over:
        who = game.current_player
        assert who is not None
        knowledge = game.knowledge(who)
        t = time.perf_counter()
        action = players[who].choose(knowledge)
        if who == mine and len(knowledge.actions) > 1:
            thinking.append(time.perf_counter() - t)
        game.apply(action)
    winner = None if game.winner is None else (first if game.winner == seats[0] else second)
    return winner, game.turn, time.perf_counter() - t0, thinking


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def match(a: str, b: str, games: int, jobs: int, options: Mapping[str, object],
          first_seed: int = 1000, rules: str = "legends") -> str:
    jobs_list = [(a, b, first_seed + i, options, rules) for i in range(games)]
    results: list[Result] = []
    with ProcessPoolExecutor(jobs) as pool:
        for r in pool.map(play, jobs_list):
            results.append(r)
            if len(results) % 20 == 0:  # a running tally, so a long match can be followed
                won = sum(1 for r in results if r[0] == a)
                print(f"  {a}: {won} of {len(results)}", file=sys.stderr, flush=True)
    wins = sum(1 for r in results if r[0] == a)
    losses = sum(1 for r in results if r[0] == b)
    draws = games - wins - losses
    lo, hi = wilson(wins, games)
    turns = sum(r[1] for r in results) / games
    secs = sum(r[2] for r in results) / games
    thought = sorted(t for r in results for t in r[3])
    per = (f"; {a} thought {sum(thought) / len(thought):.3f} s per decision on average, "
           f"99% within {thought[int(0.99 * (len(thought) - 1))]:.2f} s, at most "
           f"{thought[-1]:.2f} s") if thought else ""
    return (f"{a} vs {b}: {games} games, {a} won {wins} ({wins / games:.1%}, 95% CI "
            f"{lo:.1%}-{hi:.1%}), lost {losses}, no winner {draws}; "
            f"mean length {turns:.0f} turns, {secs:.1f} s per game{per}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--heuristic-games", type=int, default=200)
    ap.add_argument("--ismcts-games", type=int, default=100)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=0.0,
                    help="equal time per decision for ISMCTS and the heuristic (instead of "
                         "--iterations)")
    ap.add_argument("--depth", type=int, default=ISMCTSPlayer().depth,
                    help="ISMCTS playout length in decisions (0: finish the turn and evaluate)")
    ap.add_argument("--widen", type=int, default=ISMCTSPlayer().widen,
                    help="ISMCTS: how many of the heuristic's best root actions to search")
    ap.add_argument("--exploration", type=float, default=ISMCTSPlayer().c,
                    help="ISMCTS: the UCB exploration constant")
    ap.add_argument("--player", choices=("ismcts", "search"), default="ismcts",
                    help="which search player meets the heuristic")
    ap.add_argument("--fearful", action="store_true",
                    help="search: the imagined enemy attacks pieces it does not know, too")
    ap.add_argument("--focus", type=int, default=SearchPlayer().focus,
                    help="search: how many of the heuristic's best actions get two plies (0: all)")
    ap.add_argument("--plies", type=int, default=SearchPlayer().plies,
                    help="search: 2 (our action, the enemy's attack) or 3 (and our answer)")
    ap.add_argument("--samples", type=int, default=1,
                    help="search: imagined worlds per decision at least (more while --seconds "
                         "allows)")
    ap.add_argument("--guard", action=argparse.BooleanOptionalAction, default=True,
                    help="search: weigh the enemy's blind attacks and the castle's odds")
    ap.add_argument("--approach", type=float, nargs=3, default=SearchPlayer().approach,
                    metavar=("EMPTY", "UNCOVERED", "ENEMY"),
                    help="search: weights for its castle's open approaches (0 0 0: none)")
    ap.add_argument("--wall", action=argparse.BooleanOptionalAction, default=SearchPlayer().wall,
                    help="search: its Bombs next to its Flag count as part of it, so the "
                         "squares next to them are guarded too")
    ap.add_argument("--first-seed", type=int, default=1000,
                    help="games use seeds from this one on (screen on other seeds than you confirm on)")
    ap.add_argument("--rules", default="legends",
                    help="the edition every game is played in (legends, classic, ...)")
    ap.add_argument("--heuristic-seconds", type=float, default=None,
                    help="search: the heuristic's own time per decision (default: --seconds, "
                         "equal time; 0: it answers at once with its default two worlds)")
    ap.add_argument("--arrange", action=argparse.BooleanOptionalAction, default=True,
                    help="search: arrange its own setup where the edition allows (default; "
                         "--no-arrange takes the dealt one, as the heuristic does)")
    ap.add_argument("--heuristic-arranged", action="store_true",
                    help="the heuristic arranges its setup as the search player does")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="docs/ai-results.txt")
    args = ap.parse_args()
    lines = []
    if args.heuristic_games:
        lines.append(match("heuristic", "random", args.heuristic_games, args.jobs, {},
                           rules=args.rules))
        print(lines[-1], flush=True)
    if args.player == "search":
        # The two-ply player samples worlds like the heuristic, so the budget is the same kind.
        search: dict[str, object] = {"samples": args.samples, "informed": not args.fearful,
                                     "focus": args.focus, "plies": args.plies,
                                     "guard": args.guard, "approach": tuple(args.approach),
                                     "wall": args.wall}
        if args.seconds:
            search["seconds"] = args.seconds
        rival = args.seconds if args.heuristic_seconds is None else args.heuristic_seconds
        heuristic: dict[str, object] = {"samples": 1, "seconds": rival} if rival else {}
        if args.heuristic_arranged:
            heuristic["arranged"] = True
        search["arranged"] = args.arrange
        options = {"search": search, "heuristic": heuristic}
        mine = (f"{args.seconds} s (at least {args.samples} worlds)" if args.seconds
                else f"{args.samples} worlds")
        theirs = f"{rival} s" if rival else "no time (it answers at once, two worlds)"
        budget = (f"{args.rules}: per decision search {mine}, heuristic {theirs}; search "
                  f"{'fearful' if args.fearful else 'informed'}, focus {args.focus or 'all'}, "
                  f"{args.plies} plies, {'guard' if args.guard else 'no guard'}, approach weights "
                  f"{' '.join(map(str, args.approach))}{', wall' if args.wall else ''}; setups: search "
                  f"{'arranged' if args.arrange else 'dealt'}, heuristic "
                  f"{'arranged' if args.heuristic_arranged else 'dealt'}")
    elif args.seconds:
        # Equal time per decision: ISMCTS searches, the heuristic samples more worlds.
        options = {"ismcts": {"iterations": 0, "seconds": args.seconds, "depth": args.depth,
                              "widen": args.widen, "exploration": args.exploration},
                   "heuristic": {"samples": 1, "seconds": args.seconds}}
        budget = f"{args.seconds} s per decision for both players, ISMCTS depth {args.depth}, widen {args.widen}, exploration {args.exploration}"
    else:
        options = {"ismcts": {"iterations": args.iterations, "depth": args.depth}}
        budget = f"ISMCTS {args.iterations} iterations per decision"
    lines.append(match(args.player, "heuristic", args.ismcts_games, args.jobs, options,
                       args.first_seed, args.rules))
    print(lines[-1], flush=True)
    lines.append(f"({budget}; measured {time.strftime('%Y-%m-%d')})")
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

"""``legends simulate``: many computer games, with a summary of results."""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections import Counter

from legends_core import SEED_LIMIT
from legends_core.ruleset import catalogue_for, get_ruleset
from legends_core.teams import side_of

from ..ai import make_player
from ..simulate import BACKENDS, make_jobs, run_games
from .common import (
    PLAYERS_HELP,
    add_game_options,
    army_arg,
    boards_arg,
    game_seats,
    options_arg,
    players_arg,
    progress,
    whole,
)


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play many computer games and summarise them")
    p.add_argument("-n", "--games", type=whole(1), default=20, help="how many games")
    add_game_options(p)
    p.add_argument("--players", action="append", metavar="N|KINDS",
                   help=f"{PLAYERS_HELP}; and/or the computer players of the two sides "
                        "(beige,gray): random, heuristic or ismcts (default: heuristic,random)")
    p.add_argument("--swap", action="store_true",
                   help="alternate which player takes beige (results are per player)")
    p.add_argument("--jobs", type=whole(1, 256), default=None,
                   help="processes to use (default: one per core); with --backend ray and no "
                        "--address, the CPUs of the local Ray instance")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local: a pool of processes here; ray: each game a Ray task")
    p.add_argument("--address", default=None,
                   help="the Ray cluster to use (e.g. auto, or ray://HEAD:10001); default: "
                        "start a local Ray instance for the run")
    p.add_argument("--pieces", type=whole(0), default=10, help="rows of per-piece statistics")
    p.set_defaults(run=run)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def run(args: argparse.Namespace) -> int:
    count, given = players_arg(args.players, "heuristic,random")
    kinds = given or []
    if len(kinds) != 2:
        raise ValueError("--players needs two names, e.g. heuristic,random")
    for kind in kinds:
        make_player(kind)
    args.player_count = count
    seats = game_seats(args)  # checks the number of players against the rules
    get_ruleset(args.rules).check_options(options_arg(args.option))  # before any game starts
    base = args.seed if args.seed is not None else int(time.time())
    if base + args.games > SEED_LIMIT:
        raise ValueError(f"argument --seed: the seeds {base}.. of {args.games} games run past "
                         "the largest seed")
    if args.address is not None and args.backend != "ray":
        raise ValueError("argument --address: only with --backend ray")
    jobs = make_jobs(args.games, seed=base, players=kinds, swap=args.swap, rules=args.rules,
                     options=options_arg(args.option), beige=army_arg(args.beige),
                     gray=army_arg(args.gray), boards=boards_arg(args.boards),
                     turn_limit=1000 if args.turn_limit is None else args.turn_limit,
                     players_count=count, no_progress_limit=args.no_progress_limit,
                     repetition_limit=args.repetition_limit)
    workers = args.jobs or os.cpu_count() or 1
    t0 = time.perf_counter()
    # Rich's bar with the rate and time left, on a terminal only (see progress()).
    with progress(len(jobs), "games") as advance:
        everything = run_games(jobs, backend=args.backend, address=args.address,
                               workers=args.jobs if args.backend == "ray" else workers,
                               on_result=lambda i, r: advance())
    failed = [r for r in everything if "error" in r]
    results = [r for r in everything if "error" not in r]
    dt = time.perf_counter() - t0
    where = (f"{workers} process{'es' if workers > 1 else ''}" if args.backend == "local"
             else f"Ray ({args.address or 'a local instance'})")
    print(f"{len(everything)} games in {dt:.1f}s, {len(everything) / dt:.2f} games/s on {where} "
          f"(seeds {base}..{base + len(everything) - 1})")
    for r in failed:
        print(f"  game with seed {r['seed']} failed: {r['error']}")
    if not results:
        return 1
    n = len(results)
    by_player: Counter[str] = Counter()
    by_side: Counter[str] = Counter()
    for r in results:
        if r["winner"]:
            who, side = r["winner"].split("@")
            by_player[who] += 1
            by_side[side] += 1
    for name in dict.fromkeys(kinds):
        lo, hi = wilson(by_player[name], n)
        label = name if kinds[0] != kinds[1] else "either player"
        print(f"  {label:<14} won {by_player[name]:>4}/{n} = {by_player[name] / n:6.1%}  "
              f"(95% CI {lo:.1%} - {hi:.1%})")
    first, second = side_of(seats[0]), side_of(seats[1])
    print(f"  {first} side won {by_side[first]}, {second} side won {by_side[second]}, "
          f"no winner {n - sum(by_side.values())}")
    turns = [r["turns"] for r in results]
    print(f"  game length in turns: mean {statistics.mean(turns):.1f}, median "
          f"{statistics.median(turns):.0f}, min {min(turns)}, max {max(turns)}")
    print("  how games ended:")
    for reason, times in Counter(r["reason"] for r in results).most_common():
        print(f"    {times:>4}  {reason}")
    cat = catalogue_for(args.rules)
    totals: dict[str, Counter[int]] = {k: Counter() for k in ("attacks", "destroyed", "powers")}
    for r in results:
        for k in totals:
            totals[k].update({int(a): b for a, b in r[k].items()})
    print(f"  per piece (top {args.pieces} by attacks won): attacks won / destroyed / powers used")
    for num, won in totals["attacks"].most_common(args.pieces):
        print(f"    #{num:<4} {cat[num].name:<26} {won:>5} {totals['destroyed'][num]:>5} "
              f"{totals['powers'][num]:>5}")
    return 1 if failed else 0

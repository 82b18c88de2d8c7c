"""``legends simulate``: many computer games, with a summary of results."""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections import Counter
from typing import Any

from legends_core import SEED_LIMIT
from legends_core.ruleset import catalogue_for, get_ruleset
from legends_core.teams import side_of

from ..ai import make_player
from ..i18n import _, ngettext
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
    seating = p.add_mutually_exclusive_group()
    seating.add_argument("--keep-seats", dest="swap", action="store_false",
                         help="the first player takes the first side (beige) in every game; "
                              "by default two different players change sides every other game")
    seating.add_argument("--swap", dest="swap", action="store_true",
                         help="change sides every other game (the default)")
    p.set_defaults(swap=True)
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
    where = (ngettext("{n} process", "{n} processes", workers).format(n=workers)
             if args.backend == "local"
             else _("Ray ({address})").format(address=args.address or _("a local instance")))
    print(_("{games} games in {seconds:.1f}s, {rate:.2f} games/s on {where} (seeds {first}..{last})")
          .format(games=len(everything), seconds=dt, rate=len(everything) / dt, where=where,
                  first=base, last=base + len(everything) - 1))
    for r in failed:
        print("  " + _("game with seed {seed} failed: {error}").format(seed=r["seed"],
                                                                       error=r["error"]))
    if not results:
        return 1
    sides = [side_of(seats[0]), side_of(seats[1])]
    for line in summary_lines(results, kinds, sides):
        print(line)
    turns = [r["turns"] for r in results]
    print("  " + _("game length in turns: mean {mean:.1f}, median {median:.0f}, min {least}, "
                   "max {most}").format(mean=statistics.mean(turns),
                                        median=statistics.median(turns),
                                        least=min(turns), most=max(turns)))
    print("  " + _("how games ended:"))
    for reason, times in Counter(r["reason"] for r in results).most_common():
        print(f"    {times:>4}  {reason}")
    cat = catalogue_for(args.rules)
    totals: dict[str, Counter[int]] = {k: Counter() for k in ("attacks", "destroyed", "powers")}
    for r in results:
        for k in totals:
            totals[k].update({int(a): b for a, b in r[k].items()})
    print("  " + _("per piece (top {count} by attacks won): attacks won / destroyed / powers "
                   "used").format(count=args.pieces))
    for num, won in totals["attacks"].most_common(args.pieces):
        print(f"    #{num:<4} {cat[num].name:<26} {won:>5} {totals['destroyed'][num]:>5} "
              f"{totals['powers'][num]:>5}")
    return 1 if failed else 0


def summary_lines(results: list[dict[str, Any]], kinds: list[str],
                  sides: list[str]) -> list[str]:
    """Wins per player (with a 95% interval, and how each did on each side), then per side.

    Each result names its players side by side (``players``), so the counts hold whether the
    players changed sides between games or not."""
    n = len(results)
    won: Counter[str] = Counter()  # player
    won_as: Counter[tuple[str, str]] = Counter()  # (player, side)
    played_as: Counter[tuple[str, str]] = Counter()
    by_side: Counter[str] = Counter()
    for r in results:
        for kind, side in zip(r.get("players", kinds), sides, strict=False):
            played_as[kind, side] += 1
        if r["winner"]:
            who, side = r["winner"].split("@")
            won[who] += 1
            won_as[who, side] += 1
            by_side[side] += 1
    out = []
    for name in dict.fromkeys(kinds):
        lo, hi = wilson(won[name], n)
        label = name if kinds[0] != kinds[1] else _("either player")
        line = _("{player} won {wins}/{games} = {rate:6.1%}  (95% CI {low:.1%} - {high:.1%})"
                 ).format(player=f"{label:<14}", wins=f"{won[name]:>4}", games=n,
                          rate=won[name] / n, low=lo, high=hi)
        if kinds[0] != kinds[1]:
            line += "; " + ", ".join(
                _("as {side} {wins}/{games}").format(side=side, wins=won_as[name, side],
                                                     games=played_as[name, side])
                for side in sides if played_as[name, side])
        out.append("  " + line)
    out.append("  " + _("{first} side won {first_wins}, {second} side won {second_wins}, no "
                        "winner {draws}").format(first=sides[0], first_wins=by_side[sides[0]],
                                                 second=sides[1],
                                                 second_wins=by_side[sides[1]],
                                                 draws=n - sum(by_side.values())))
    return out

"""Benchmark: random complete games with the preset armies.

Prints decisions/s, turns/s and games/s on one core. Performance goals live here, not in the
unit tests. Usage: python benchmarks/playouts.py [--games N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from legends_core import Game, catalogue


def playout(seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    game = Game.new(seed=seed, turn_limit=3000)
    decisions = 0
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions, game.turn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    catalogue()  # load the plugins once, before timing (it happens once per process)
    prof = cProfile.Profile() if args.profile else None
    if prof:
        prof.enable()
    t0 = time.perf_counter()
    decisions = turns = 0
    for i in range(args.games):
        d, t = playout(args.seed + i)
        decisions += d
        turns += t
    dt = time.perf_counter() - t0
    if prof:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    print(f"{args.games} games, {decisions} decisions, {turns} turns in {dt:.2f}s")
    print(f"{decisions / dt:,.0f} decisions/s  {turns / dt:,.0f} turns/s  {args.games / dt:.1f} games/s")


if __name__ == "__main__":
    main()

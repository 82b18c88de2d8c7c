"""Play many random games between random legal armies; report failures with their seeds.

Usage: python scripts/stress.py [--games N] [--start SEED] [--jobs J]
Reproduce a failure: python scripts/stress.py --games 1 --start SEED --jobs 1 --check
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor

# --check uses the invariant checks from the test suite.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from legends_core import Game


def one(seed: int, check: bool = False) -> tuple[int, str | None, int]:
    try:
        game = Game.new(beige="random", gray="random", seed=seed, turn_limit=3000)
        rng = random.Random(seed)
        n = 0
        while not game.is_over:
            if check:
                from tests.randomgames import check_invariants

                check_invariants(game)
            actions = game.legal_actions()
            if not actions:
                return seed, "no legal action while the game is not over", n
            game.apply(actions[rng.randrange(len(actions))])
            n += 1
        if game.winner is None:
            return seed, f"DRAW {game.reason}", n
        return seed, None, n
    except Exception:
        return seed, traceback.format_exc(), 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check", action="store_true", help="check every invariant at every step")
    args = ap.parse_args()
    seeds = range(args.start, args.start + args.games)
    t0 = time.perf_counter()
    failures = 0
    draws = 0
    decisions = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, err, n in pool.map(one, seeds, [args.check] * len(seeds), chunksize=8):
            decisions += n
            if err and err.startswith("DRAW"):
                # Random players can wander for ever (the rules have no draw): not a bug.
                draws += 1
                print(f"no winner within the turn cap: seed={seed}")
            elif err:
                failures += 1
                print(f"FAIL seed={seed}: {err.strip().splitlines()[-1]}")
                print(f"  reproduce: python scripts/stress.py --games 1 --start {seed} --jobs 1 --check")
    dt = time.perf_counter() - t0
    print(f"{args.games} games, {failures} failures, {draws} without a winner within the cap, "
          f"{decisions} decisions in {dt:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

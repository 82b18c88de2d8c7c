"""Benchmark: the costs search players and servers pay per call, on a mid-game position.

Prints the median time of ``Game.from_position`` (from a dict and from JSON text),
``Engine.copy``, ``visibility.determinize`` and the ISMCTS player's iterations per second.
Usage: python benchmarks/kernel_ops.py [--seed 6]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from legends.ai.ismcts import ISMCTSPlayer
from legends_core import Game, catalogue
from legends_core.visibility import determinize


def median_us(fn: Callable[[], object], number: int = 200, rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) / number * 1e6)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args()
    catalogue()
    rng = random.Random(args.seed)
    game = Game.new(seed=args.seed, setup=False, auto_pass=True)
    for _ in range(80):
        if game.is_over:
            break
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    pos = game.to_position()
    text = json.dumps(pos)
    g = game.engine
    me = g.pending.player if g.pending is not None else 0
    print(f"mid-game position after {game.turn - 1} turns ({len(text)} bytes of JSON)")
    print(f"  Game.from_position(dict)  {median_us(lambda: Game.from_position(pos)):8.0f} us")
    print(f"  Game.from_position(text)  {median_us(lambda: Game.from_position(text)):8.0f} us")
    print(f"  Engine.copy()             {median_us(g.copy, 2000):8.1f} us")
    print(f"  determinize()             {median_us(lambda: determinize(g, me, rng), 500):8.1f} us")
    while game.decision_kind != "main" and not game.is_over:
        game.apply(game.legal_actions()[0])
    player = ISMCTSPlayer(seed=1, iterations=300)
    t0 = time.perf_counter()
    player.choose(game.knowledge(game.current_player))
    print(f"  ISMCTS                    {300 / (time.perf_counter() - t0):8.0f} iterations/s")


if __name__ == "__main__":
    main()

"""Benchmark: how much memory a finished game keeps alive.

Plays random games to the end (or to ``--turns`` turns) and measures, with :mod:`tracemalloc`,
the memory the finished game object holds (what deleting it frees: its state, its record of actions and the start snapshot its undo
replays from; caches shared by all games are not counted).
Usage: python benchmarks/memory.py [--games 10] [--turns 100]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import tracemalloc

from legends_core import Game, catalogue


def held_after(seed: int, turns: int) -> tuple[int, int]:
    rng = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    game = Game.new(seed=seed, turn_limit=turns, auto_pass=True)
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    n = game.turn
    del acts  # the last legal-actions view refers to the game
    gc.collect()
    with_game = tracemalloc.get_traced_memory()[0]
    del game
    # What deleting it frees is what the game itself held (caches shared by all games stay).
    freed = with_game - tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return freed, n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--turns", type=int, default=100)
    args = ap.parse_args()
    catalogue()
    Game.new(seed=0, setup=False)  # warm the per-process caches (boards, move tables)
    sizes = []
    for i in range(args.games):
        held, n = held_after(i, args.turns)
        sizes.append(held)
        print(f"game {i}: {n - 1} turns, {held / 1024:.1f} KB held")
    print(f"median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB")


if __name__ == "__main__":
    main()

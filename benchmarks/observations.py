"""Benchmark: observation tensors and action masks, and environment steps.

Plays random games through the PettingZoo environment and, at every decision, times the
deciding player's observation (their view turned into the tensor), the other player's, and
the action mask. Prints observations/s, masks/s and environment steps/s on one core.
Usage: python benchmarks/observations.py [--games N] [--rules NAME]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from legends.envs.pettingzoo import env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--rules", default=None)
    ap.add_argument("--turn-limit", type=int, default=200)
    args = ap.parse_args()
    e = env(rules=args.rules, turn_limit=args.turn_limit)
    m = e.match
    obs_time = mask_time = step_time = 0.0
    observations = masks = steps = 0
    buffer = np.zeros(m.observations.size, np.float32)
    for seed in range(args.games):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not m.game.is_over:
            t0 = time.perf_counter()
            for player in m.players:
                m.observation(player, out=buffer)
            t1 = time.perf_counter()
            mask = m.mask(m.current or m.players[0])
            t2 = time.perf_counter()
            e.step(int(rng.choice(np.flatnonzero(mask))))
            t3 = time.perf_counter()
            obs_time += t1 - t0
            mask_time += t2 - t1
            step_time += t3 - t2
            observations += len(m.players)
            masks += 1
            steps += 1
    print(f"{args.games} games, {steps} environment steps; observation vector of "
          f"{m.observations.size} floats, {m.actions.size} action ids")
    print(f"  observations/s: {observations / obs_time:,.0f}")
    print(f"  action masks/s: {masks / mask_time:,.0f}")
    print(f"  steps/s (apply only): {steps / step_time:,.0f}")


if __name__ == "__main__":
    main()

"""Benchmark: research environment steps/s against PettingZoo's classic chess, in the same run.

Both environments are driven by the same loop, the one PettingZoo's documentation gives for
its classic games: ``env.last()`` for the acting agent's observation, reward and action mask,
then ``env.step`` with a random action among those the mask allows (``None`` for an agent that
is done), until every agent is done; then ``reset`` and the next game. The count is steps
(calls to ``step``). Each round runs one process of each, one after the other, for the same
number of seconds; the ratio of the medians is the figure to quote, with its range.

Usage: python benchmarks/env_side_by_side.py [--rounds 5] [--seconds 5] [--rules NAME]
(needs the ``bench`` and ``pettingzoo`` extras: ``pip install -e '.[bench,pettingzoo]'``)
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from typing import Any


def run_loop(env: Any, seconds: float, seed: int) -> dict[str, float]:
    import numpy as np

    rng = np.random.default_rng(seed)
    steps = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
            steps += 1
            if time.perf_counter() - t0 >= seconds:
                break
        games += 1
    elapsed = time.perf_counter() - t0
    return {"steps_per_s": steps / elapsed, "games": games}


def worker(kind: str, seconds: float, seed: int, rules: str | None) -> dict[str, float]:
    if kind == "chess":
        from pettingzoo.classic import chess_v6

        env = chess_v6.env()
    else:
        from legends.envs.pettingzoo import env as legends_env

        env = legends_env(rules=rules)
    return run_loop(env, seconds, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default=None, help="the edition (default: Stratego Legends)")
    ap.add_argument("--worker", choices=("chess", "legends"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seconds, args.seed, args.rules)))
        return
    rates: dict[str, list[float]] = {"chess": [], "legends": []}
    for r in range(args.rounds):
        for kind in ("chess", "legends"):
            cmd = [sys.executable, __file__, "--worker", kind, "--seconds", str(args.seconds),
                   "--seed", str(args.seed + r)]
            if args.rules:
                cmd += ["--rules", args.rules]
            out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
            rates[kind].append(json.loads(out.strip().splitlines()[-1])["steps_per_s"])
    ratios = [leg / ch for leg, ch in zip(rates["legends"], rates["chess"], strict=True)]
    print(f"machine: {platform.machine()}, CPython {platform.python_version()}, "
          f"{platform.system()}; {args.rounds} rounds of {args.seconds:g} s")
    for kind, label in (("chess", "PettingZoo chess_v6"), ("legends", "legends " +
                                                           (args.rules or "legends"))):
        v = rates[kind]
        print(f"{label}: median {statistics.median(v):,.0f} steps/s "
              f"(range {min(v):,.0f}-{max(v):,.0f})")
    print(f"ratio (our steps per chess step): median {statistics.median(ratios):.2f} "
          f"(range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()

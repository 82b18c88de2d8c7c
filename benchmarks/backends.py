"""Benchmark: games/s of ``legends simulate``'s backends side by side on this machine.

Plays the same games (same seeds) on the local process pool and on a local Ray instance with
as many CPUs, and prints games/s for each (Ray with and without its start-up time).
Usage: python benchmarks/backends.py [--games 60] [--players heuristic,random]
"""

from __future__ import annotations

import argparse
import os
import time

from legends.simulate import make_jobs, run_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--players", default="heuristic,random")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    jobs = make_jobs(args.games, seed=1, players=tuple(args.players.split(",")), turn_limit=1000)
    t0 = time.perf_counter()
    local = run_games(jobs, workers=args.workers)
    t_local = time.perf_counter() - t0

    import ray

    t0 = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    t1 = time.perf_counter()
    remote = run_games(jobs, backend="ray")
    t2 = time.perf_counter()
    ray.shutdown()
    assert remote == local, "the backends disagree"
    n = len(jobs)
    print(f"{n} games of {args.players}, {args.workers} workers:")
    print(f"  local pool   {n / t_local:.2f} games/s")
    print(f"  Ray (local)  {n / (t2 - t1):.2f} games/s after start-up "
          f"({n / (t2 - t0):.2f} with the {t1 - t0:.1f}s start-up)")


if __name__ == "__main__":
    main()

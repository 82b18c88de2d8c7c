"""Benchmark: how ``legends simulate`` scales from one process to all cores.

Runs the same games (same seeds) with ``--jobs 1`` and with one process per core, and prints
games/s for each and the speed-up. Usage: python benchmarks/simulate_scaling.py [--games 40]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys


def games_per_second(jobs: int, games: int, players: str) -> float:
    out = subprocess.run([sys.executable, "-m", "legends.cli", "simulate", "-n", str(games),
                          "--seed", "1", "--players", players, "--jobs", str(jobs)],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"([\d.]+) games/s", out)
    assert m, out
    return float(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", default="heuristic,random")
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    one = games_per_second(1, args.games, args.players)
    many = games_per_second(cores, args.games, args.players)
    print(f"{args.games} games of {args.players}: 1 process {one:.2f} games/s, "
          f"{cores} processes {many:.2f} games/s, speed-up {many / one:.2f}x")


if __name__ == "__main__":
    main()

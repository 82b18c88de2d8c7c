"""Benchmark: CPU instructions of a game's start, and of a whole game, under callgrind.

The capped bench of ``side_by_side.py`` charges every Stratego Legends game with its start:
``Game.new`` (battle boards, armies, placement, the engine) and the setup decisions that
follow (each player's reshuffle choice and switches). This counts the instructions of that
start on its own, and of whole random games from ``Game.new`` to their end, so that a change
to the start can be weighed against what a game costs in all.

As in ``instructions.py``, each figure is a worker process run under valgrind's callgrind,
less a run of the same worker that stops before the games counted (imports, plugin loading
and the ``--warm`` starts played first are left out), with ``PYTHONHASHSEED`` fixed: the
counts repeat from one run to the next, whatever else the machine is doing. The warm-up
matters: a process keeps what its first games build (the switch lists of the armies'
squares, a few hundred of them), and the benches' processes play thousands of games. Games
are ``Game.new(seed=i, turn_limit=3000, auto_pass=True)``, every decision picked at random
(``random.Random(1)``), as in the benches. A start ends at the first decision that is not a
setup decision.

``--compiled SRC`` measures the package whose ``src`` folder is SRC instead (a compiled
build: ``scripts/check_compiled.py --keep DIR`` makes one in DIR/src).

Usage: python benchmarks/game_start.py [--games 200] [--whole-games 10] [--warm 1000]
                                       [--rules legends] [--compiled SRC]
(needs valgrind, e.g. ``apt-get install valgrind``)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

#: The decisions of a game's start (the setup tasks of ``legends_core.setup``).
SETUP_DECISIONS = ("setup-shuffle", "setup-switch")


def worker(kind: str, games: int, rules: str, warm: int = 0) -> int:
    """Play ``warm`` starts, then ``games`` starts (``kind`` "start") or whole games
    ("game"); the decisions taken."""
    import random

    from legends_core import Game, catalogue_for

    sys.path.insert(0, HERE)
    from side_by_side import edition_of  # one reading of --rules for every bench

    pieces, edition = edition_of(rules)
    catalogue_for(pieces)
    rng = random.Random(1)
    decisions = 0
    for i in range(warm + games):
        game = Game.new(seed=i, turn_limit=3000, auto_pass=True, **edition)
        whole = kind == "game" and i >= warm
        while not game.is_over and (whole or game.decision_kind in SETUP_DECISIONS):
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


def count(kind: str, games: int, rules: str, src: str | None, warm: int) -> int:
    """Instructions of one worker run under callgrind."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (src, os.environ.get("PYTHONPATH"))))
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
           __file__, "--worker", kind, "--games", str(games), "--rules", rules,
           "--warm", str(warm)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
    found = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from callgrind:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def per_game(kind: str, games: int, rules: str, src: str | None, warm: int) -> float:
    base = count(kind, 0, rules, src, warm)
    return (count(kind, games, rules, src, warm) - base) / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="game starts to count")
    ap.add_argument("--whole-games", type=int, default=10,
                    help="whole games to count (0: starts only)")
    ap.add_argument("--warm", type=int, default=1000,
                    help="starts played first, not counted (a long-running process)")
    ap.add_argument("--rules", default="legends", help="the ruleset, or 'team' (four seats)")
    ap.add_argument("--compiled", metavar="SRC", help="measure the package in SRC instead")
    ap.add_argument("--worker", choices=("start", "game"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(worker(args.worker, args.games, args.rules, args.warm))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    start = per_game("start", args.games, args.rules, args.compiled, args.warm)
    print(f"{args.rules}: {start:,.0f} instructions per game start ({args.games} games, "
          f"after {args.warm})", flush=True)
    if args.whole_games:
        whole = per_game("game", args.whole_games, args.rules, args.compiled, args.warm)
        print(f"{args.rules}: {whole:,.0f} instructions per whole game ({args.whole_games} "
              f"games); the start is {start / whole:.1%} of it")


if __name__ == "__main__":
    main()

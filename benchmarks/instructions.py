"""Benchmark: CPU instructions per game turn against instructions per python-chess ply.

Timings on a shared machine move with its load; instruction counts do not. This runs the same
random self-play as ``side_by_side.py`` (ours: complete games with the preset armies and
auto-pass, every decision picked at random; the anchor: random python-chess games) under
valgrind's callgrind, which counts the instructions the process executes. A run of the same
worker with no game is subtracted, so imports and plugin loading are left out. The counts
repeat to within a fraction of a percent from one run to the next (``PYTHONHASHSEED`` is
fixed), which makes them the figure to compare two versions of the code by; the time ratio of
``side_by_side.py`` stays the figure to quote, since instructions are not all equally fast.

The ratio printed is chess instructions per ply over our instructions per turn: above 1, a
turn costs fewer instructions than a ply.

Usage: python benchmarks/instructions.py [--games 10] [--chess-games 5]
                                           [--rules legends|team|all|NAME]
(needs valgrind, e.g. ``apt-get install valgrind``, and the ``bench`` extra)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def chess_worker(games: int) -> int:
    import random

    import chess

    rng = random.Random(1)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
    return plies


def legends_worker(games: int, rules: str) -> int:
    import random

    from legends_core import Game, catalogue_for

    sys.path.insert(0, HERE)
    from side_by_side import edition_of  # one reading of --rules for both benches

    pieces, edition = edition_of(rules)
    catalogue_for(pieces)
    rng = random.Random(1)
    turns = 0
    for i in range(games):
        game = Game.new(seed=i, turn_limit=3000, auto_pass=True, **edition)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        turns += game.turn - 1
    return turns


def count(kind: str, games: int, rules: str) -> tuple[int, int]:
    """(instructions, turns or plies) of one worker run under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
           __file__, "--worker", kind, "--games", str(games), "--rules", rules]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected\s*:\s*(\d+)", proc.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count from callgrind:\n{proc.stderr[-2000:]}")
    return int(found.group(1)), int(proc.stdout.strip().splitlines()[-1])


def per_unit(kind: str, games: int, rules: str) -> float:
    base, _ = count(kind, 0, rules)
    total, units = count(kind, games, rules)
    return (total - base) / units


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="our games per ruleset")
    ap.add_argument("--chess-games", type=int, default=5)
    ap.add_argument("--rules", default="legends",
                    help="the ruleset to measure, 'team' (Stratego Legends for four), or "
                    "'all' for every installed one and 'team'")
    ap.add_argument("--worker", choices=("chess", "legends"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker == "chess":
        print(chess_worker(args.games))
        return
    if args.worker == "legends":
        print(legends_worker(args.games, args.rules))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    if args.rules == "all":
        from legends_core import rulesets

        editions = [*rulesets(), "team"]
    else:
        editions = [args.rules]
    ply = per_unit("chess", args.chess_games, "legends")
    print(f"python-chess: {ply:,.0f} instructions per ply ({args.chess_games} games)")
    print(f"\n{'ruleset':<22} {'instructions/turn':>18} {'chess ply / turn':>17}")
    for rules in editions:
        turn = per_unit("legends", args.games, rules)
        print(f"{rules:<22} {turn:>18,.0f} {ply / turn:>17.2f}", flush=True)


if __name__ == "__main__":
    main()

"""Benchmark: game turns/s of random self-play against python-chess plies/s, in the same run.

A lone figure says little (machines differ, and so does their load), so this measures our
engine side by side with an anchor: python-chess playing random games. Each round runs one
process of each, one after the other, for the same number of seconds; the ratio of the medians
over the rounds is the figure to quote, with its range.

Our side plays complete random games with the preset armies (``Game.new(seed=i)``), every
decision picked at random among the legal actions, as a simulation or a search playout would;
the count is game turns (a move or action and the responses to it), not decisions. The chess
side counts plies (one move each).

``--rules NAME`` measures another edition (``classic``, ``ultimate-lightning`` ...) the same
way; ``--rules all`` measures every installed ruleset and ends with a table, one row each.

``--compiled SRC`` also measures the compiled kernel (mypyc, ``LEGENDS_COMPILE=1``) whose
``src`` folder is SRC (``scripts/check_compiled.py --keep DIR`` builds one in DIR/src), in the
same rounds: python-chess, then the package as imported here, then the compiled one.

Usage: python benchmarks/side_by_side.py [--rounds 5] [--seconds 3] [--rules legends|all|NAME]
       [--compiled SRC]
(needs the ``bench`` extra: ``pip install -e '.[bench]'``)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time


def chess_worker(seconds: float, seed: int) -> dict[str, float]:
    import chess

    rng = random.Random(seed)
    plies = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"count": plies, "games": games, "seconds": dt}


def legends_worker(seconds: float, seed: int, auto_pass: bool,
                   rules: str = "legends") -> dict[str, float]:
    import legends_core.moves
    from legends_core import Game, catalogue_for

    catalogue_for(rules)  # loading the plugins happens once per process: not part of the figure
    edition = {} if rules == "legends" else {"rules": rules}
    rng = random.Random(seed)
    turns = games = decisions = 0
    t0 = time.perf_counter()
    i = seed
    while time.perf_counter() - t0 < seconds:
        game = Game.new(seed=i, turn_limit=3000, **edition,
                        **({"auto_pass": True} if auto_pass else {}))
        i += 1
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        turns += game.turn - 1
        games += 1
    dt = time.perf_counter() - t0
    return {"count": turns, "games": games, "decisions": decisions, "seconds": dt,
            "compiled": not legends_core.moves.__file__.endswith(".py")}


def run_worker(kind: str, seconds: float, seed: int, auto_pass: bool,
               rules: str = "legends", path: str | None = None) -> dict[str, float]:
    """One worker process; ``path`` goes first on its PYTHONPATH (a compiled build's src)."""
    cmd = [sys.executable, __file__, "--worker", kind, "--seconds", str(seconds), "--seed", str(seed),
           "--rules", rules]
    if not auto_pass:
        cmd.append("--no-auto-pass")
    env = None
    if path is not None:
        env = {**os.environ,
               "PYTHONPATH": os.pathsep.join(filter(None, (path, os.environ.get("PYTHONPATH"))))}
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="legends",
                    help="the ruleset to measure, or 'all' for every installed one")
    ap.add_argument("--no-auto-pass", dest="auto_pass", action="store_false",
                    help="ask every player in every response window, even with only 'pass' to say")
    ap.add_argument("--compiled", metavar="SRC",
                    help="also measure the compiled kernel whose src folder is SRC")
    ap.add_argument("--worker", choices=("chess", "legends"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker == "chess":
        print(json.dumps(chess_worker(args.seconds, args.seed)))
        return
    if args.worker == "legends":
        print(json.dumps(legends_worker(args.seconds, args.seed, args.auto_pass, args.rules)))
        return
    if args.rules == "all":
        from legends_core import rulesets

        editions = list(rulesets())
    else:
        editions = [args.rules]
    table = [measure(args, rules) for rules in editions]
    if args.compiled:
        print(f"\n{'ruleset':<20} {'pure turns/s':>23} {'compiled turns/s':>23} {'speed-up':>16} "
              f"{'ratio to chess':>18}")
        for rules, rates, ratios, fast, fast_ratios in table:
            ups = [f / p for f, p in zip(fast, rates, strict=True)]
            print(f"{rules:<20} {_spread(rates, ',.0f'):>23} {_spread(fast, ',.0f'):>23} "
                  f"{_spread(ups, '.2f'):>16} "
                  f"{statistics.median(ratios):>8.2f} -> {statistics.median(fast_ratios):.2f}")
    elif len(table) > 1:
        print(f"\n{'ruleset':<22} {'turns/s (median)':>17} {'range':>17} {'ratio to chess':>15}")
        for rules, rates, ratios, _, _ in table:
            print(f"{rules:<22} {statistics.median(rates):>17,.0f} "
                  f"{min(rates):>8,.0f}-{max(rates):<8,.0f} {statistics.median(ratios):>15.2f}")


def _spread(values: list[float], fmt: str) -> str:
    """Median (min-max)."""
    return (f"{format(statistics.median(values), fmt)} "
            f"({format(min(values), fmt)}-{format(max(values), fmt)})")


def measure(args: argparse.Namespace, rules: str
            ) -> tuple[str, list[float], list[float], list[float], list[float]]:
    """Rounds of chess then ``rules`` (then ``rules`` compiled, with ``--compiled``), one process
    each; prints each round and the summary."""
    chess_rates, our_rates, ratios, fast_rates, fast_ratios = [], [], [], [], []
    if rules != "legends" or args.compiled:
        print(f"-- {rules}")
    for r in range(args.rounds):
        c = run_worker("chess", args.seconds, args.seed + r, args.auto_pass)
        o = run_worker("legends", args.seconds, args.seed + 1000 * r, args.auto_pass, rules)
        cr, orate = c["count"] / c["seconds"], o["count"] / o["seconds"]
        chess_rates.append(cr)
        our_rates.append(orate)
        ratios.append(orate / cr)
        line = (f"round {r + 1}: python-chess {cr:8,.0f} plies/s   {rules} {orate:7,.0f} turns/s "
                f"({o['games']} games, {o['decisions'] / o['seconds']:,.0f} decisions/s"
                f"{', compiled' if o['compiled'] else ''})   ratio {orate / cr:.2f}")
        if args.compiled:
            f = run_worker("legends", args.seconds, args.seed + 1000 * r, args.auto_pass, rules,
                           path=args.compiled)
            if not f["compiled"] or o["compiled"]:
                raise SystemExit(f"--compiled {args.compiled}: expected the pure package here and "
                                 f"the compiled one there (compiled: {o['compiled']}, {f['compiled']})")
            frate = f["count"] / f["seconds"]
            fast_rates.append(frate)
            fast_ratios.append(frate / cr)
            line += f"   compiled {frate:7,.0f} turns/s, ratio {frate / cr:.2f}"
        print(line)
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.system()}; "
          f"auto-pass {'on' if args.auto_pass else 'off'}")
    print(f"python-chess: median {statistics.median(chess_rates):,.0f} plies/s "
          f"(range {min(chess_rates):,.0f}-{max(chess_rates):,.0f})")
    print(f"{rules + ':':<13} median {statistics.median(our_rates):,.0f} turns/s "
          f"(range {min(our_rates):,.0f}-{max(our_rates):,.0f})")
    print(f"ratio (game turns per chess ply): median {statistics.median(ratios):.2f} "
          f"(range {min(ratios):.2f}-{max(ratios):.2f})")
    if args.compiled:
        print(f"compiled:     median {statistics.median(fast_rates):,.0f} turns/s "
              f"(range {min(fast_rates):,.0f}-{max(fast_rates):,.0f}), ratio "
              f"{statistics.median(fast_ratios):.2f}")
    return rules, our_rates, ratios, fast_rates, fast_ratios


if __name__ == "__main__":
    main()

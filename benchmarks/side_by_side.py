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

``--rules team`` is Stratego Legends for four seats in two teams (``Game.new(players=4)``).

``--capped`` asks the question another way, in which neither side gains from how its games
end: python-chess games stop at 300 plies (so chess is measured in its middle game, not in
long, cheap endgames), every Stratego Legends game is timed from ``Game.new`` through its
setup decisions, and the sides take turns in small slices (``--slice`` seconds) inside
processes that keep running, a game going on from one slice to the next, so that a change in
the machine's speed reaches every side alike. A round is ``--seconds`` of each side.

Usage: python benchmarks/side_by_side.py [--rounds 5] [--seconds 3] [--rules legends|all|NAME]
       [--compiled SRC] [--capped [--slice 0.25]]
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


#: Where the capped bench stops a python-chess game.
CHESS_CAP = 300


def edition_of(rules: str) -> tuple[str, dict[str, object]]:
    """The ruleset whose pieces to load, and ``Game.new``'s arguments for ``rules``."""
    if rules == "team":
        return "legends", {"players": 4}
    return rules, ({} if rules == "legends" else {"rules": rules})


def chess_slices(seed: int) -> None:
    """Worker of the capped bench: python-chess in slices, games stopped at CHESS_CAP plies."""
    import chess

    rng = random.Random(seed)
    board, plies_in_game = chess.Board(), 0
    for line in sys.stdin:
        seconds = float(line)
        plies = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            if plies_in_game >= CHESS_CAP or board.is_game_over(claim_draw=False):
                board, plies_in_game = chess.Board(), 0
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
            plies_in_game += 1
        print(json.dumps({"count": plies, "seconds": time.perf_counter() - t0}), flush=True)


def legends_slices(seed: int, rules: str) -> None:
    """Worker of the capped bench: random games of ``rules`` in slices, each game from
    ``Game.new`` (its setup decisions included), auto-pass on; counts finished turns."""
    import legends_core.moves
    from legends_core import Game, catalogue_for

    pieces, edition = edition_of(rules)
    catalogue_for(pieces)  # loading the plugins happens once per process: not part of the figure
    rng = random.Random(seed)
    i, game, last_turn = seed, None, 1
    compiled = not legends_core.moves.__file__.endswith(".py")
    for line in sys.stdin:
        seconds = float(line)
        turns = games = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            if game is None or game.is_over:
                game = Game.new(seed=i, turn_limit=3000, auto_pass=True, **edition)
                i += 1
                last_turn = 1
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            if game.turn != last_turn:  # a game of T turns counts T - 1, as in the other bench
                turns += game.turn - last_turn
                last_turn = game.turn
            if game.is_over:
                games += 1
        print(json.dumps({"count": turns, "games": games, "seconds": time.perf_counter() - t0,
                          "compiled": compiled}), flush=True)


def legends_worker(seconds: float, seed: int, auto_pass: bool,
                   rules: str = "legends") -> dict[str, float]:
    import legends_core.moves
    from legends_core import Game, catalogue_for

    pieces, edition = edition_of(rules)
    catalogue_for(pieces)  # loading the plugins happens once per process: not part of the figure
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
    ap.add_argument("--capped", action="store_true",
                    help="chess games capped at 300 plies, ours timed from Game.new, small "
                         "interleaved slices (auto-pass on)")
    ap.add_argument("--slice", type=float, default=0.25,
                    help="with --capped: seconds of one side before the next takes over")
    ap.add_argument("--worker", choices=("chess", "legends", "chess-slices", "legends-slices"),
                    help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker == "chess":
        print(json.dumps(chess_worker(args.seconds, args.seed)))
        return
    if args.worker == "legends":
        print(json.dumps(legends_worker(args.seconds, args.seed, args.auto_pass, args.rules)))
        return
    if args.worker == "chess-slices":
        chess_slices(args.seed)
        return
    if args.worker == "legends-slices":
        legends_slices(args.seed, args.rules)
        return
    if args.rules == "all":
        from legends_core import rulesets

        editions = [*rulesets(), "team"]
    else:
        editions = [args.rules]
    if args.capped and not args.auto_pass:
        raise SystemExit("--capped plays with auto-pass on")
    table = [(measure_capped if args.capped else measure)(args, rules) for rules in editions]
    if args.compiled:
        print(f"\n{'ruleset':<20} {'pure turns/s':>23} {'compiled turns/s':>23} {'speed-up':>16} "
              f"{'ratio to chess':>18}")
        for rules, rates, ratios, fast, fast_ratios in table:
            ups = [f / p for f, p in zip(fast, rates, strict=True)]
            print(f"{rules:<20} {_spread(rates, ',.0f'):>23} {_spread(fast, ',.0f'):>23} "
                  f"{_spread(ups, '.2f'):>16} "
                  f"{_spread(ratios, '.2f')} -> {_spread(fast_ratios, '.2f')}")
    elif len(table) > 1:
        print(f"\n{'ruleset':<22} {'turns/s (median)':>17} {'range':>17} {'ratio to chess':>22}")
        for rules, rates, ratios, _, _ in table:
            print(f"{rules:<22} {statistics.median(rates):>17,.0f} "
                  f"{min(rates):>8,.0f}-{max(rates):<8,.0f} {_spread(ratios, '.2f'):>22}")


def _spread(values: list[float], fmt: str) -> str:
    """Median (min-max)."""
    return (f"{format(statistics.median(values), fmt)} "
            f"({format(min(values), fmt)}-{format(max(values), fmt)})")


class Slices:
    """A worker process of the capped bench, playing on when told to, one slice at a time."""

    def __init__(self, kind: str, seed: int, rules: str, path: str | None = None):
        env = None
        if path is not None:
            env = {**os.environ,
                   "PYTHONPATH": os.pathsep.join(filter(None, (path, os.environ.get("PYTHONPATH"))))}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", kind, "--seed", str(seed), "--rules", rules],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def play(self, seconds: float) -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a worker of the capped bench stopped (exit {self.proc.wait()})")
        return dict(json.loads(line))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def measure_capped(args: argparse.Namespace, rules: str
                   ) -> tuple[str, list[float], list[float], list[float], list[float]]:
    """The capped bench for ``rules``: rounds of small slices taken in turn by python-chess,
    the package as imported here and (with ``--compiled``) the compiled one."""
    print(f"-- {rules} (capped: chess games stopped at {CHESS_CAP} plies, ours from Game.new, "
          f"slices of {args.slice:g} s)")
    sides = {"chess": Slices("chess-slices", args.seed, rules),
             "ours": Slices("legends-slices", args.seed, rules)}
    if args.compiled:
        sides["compiled"] = Slices("legends-slices", args.seed, rules, path=args.compiled)
    per_round = max(1, round(args.seconds / args.slice))
    rates: dict[str, list[float]] = {name: [] for name in sides}
    flags: dict[str, bool] = {}
    try:
        for r in range(args.rounds):
            count = dict.fromkeys(sides, 0.0)
            spent = dict.fromkeys(sides, 0.0)
            for _ in range(per_round):
                for name, side in sides.items():
                    out = side.play(args.slice)
                    count[name] += out["count"]
                    spent[name] += out["seconds"]
                    if "compiled" in out:
                        flags[name] = bool(out["compiled"])
            for name in sides:
                rates[name].append(count[name] / spent[name])
            cr = rates["chess"][-1]
            line = (f"round {r + 1}: python-chess {cr:8,.0f} plies/s   {rules} "
                    f"{rates['ours'][-1]:7,.0f} turns/s, ratio {rates['ours'][-1] / cr:.2f}")
            if args.compiled:
                line += (f"   compiled {rates['compiled'][-1]:7,.0f} turns/s, "
                         f"ratio {rates['compiled'][-1] / cr:.2f}")
            print(line, flush=True)
    finally:
        for side in sides.values():
            side.close()
    if args.compiled and (flags.get("ours") or not flags.get("compiled")):
        raise SystemExit(f"--compiled {args.compiled}: expected the pure package here and the "
                         f"compiled one there (compiled: {flags})")
    ratios = [o / c for o, c in zip(rates["ours"], rates["chess"], strict=True)]
    fast = rates.get("compiled", [])
    fast_ratios = [f / c for f, c in zip(fast, rates["chess"], strict=True)]
    print(f"machine: {platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.system()}; auto-pass on")
    print(f"python-chess: median {statistics.median(rates['chess']):,.0f} plies/s "
          f"(range {min(rates['chess']):,.0f}-{max(rates['chess']):,.0f})")
    print(f"ratio (game turns per chess ply): median {_spread(ratios, '.2f')}"
          + (f"; compiled {_spread(fast_ratios, '.2f')}" if fast else ""))
    return rules, rates["ours"], ratios, fast, fast_ratios


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

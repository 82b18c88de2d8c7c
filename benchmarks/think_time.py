"""Benchmark: each computer player's think time per decision, on the same positions.

The positions are the decisions (with more than one option) of heuristic self-play games,
every other one, in Stratego Legends and in classic. At each, every player is asked once with
the options given (JSON, as ``make_player`` takes them) and timed; the heuristic's choice is
then played. With no options the players play as they do by default; the play server asks
``{"cap": 0.2}`` of a decision at its default beat when it is not busy (half the 0.4 s beat,
see ``legends.web.budget``) and less under load, e.g. ``{"cap": 0.0625, "strength": 0.25}``.

Usage: python benchmarks/think_time.py ['{"cap": 0.25}'] [--games 3] [--turns 120]
"""

from __future__ import annotations

import argparse
import json
import time

from legends.ai import PLAYERS, make_player
from legends_core import Game


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("options", nargs="?", default="{}", help="the players' options, as JSON")
    ap.add_argument("--games", type=int, default=3, help="games per edition")
    ap.add_argument("--turns", type=int, default=120, help="each game's turn limit")
    args = ap.parse_args(argv)
    options = json.loads(args.options)
    for rules in ("legends", "classic"):
        times: dict[str, list[float]] = {name: [] for name in PLAYERS}
        for seed in range(args.games):
            game = Game.new(rules=rules, seed=seed, turn_limit=args.turns)
            movers = {s: make_player("heuristic", seed + i) for i, s in enumerate(game.players)}
            step = 0
            while not game.is_over:
                seat = game.current_player
                knowledge = game.knowledge(seat)
                if len(knowledge.actions) > 1 and step % 2 == 0:
                    for name in PLAYERS:
                        player = make_player(name, seed * 1000 + step, **options)
                        t = time.perf_counter()
                        player.choose(knowledge)
                        times[name].append(time.perf_counter() - t)
                step += 1
                game.apply(movers[seat].choose(knowledge))
        for name, ts in times.items():
            ts.sort()

            def ms(p: float, ts: list[float] = ts) -> float:
                return ts[min(len(ts) - 1, int(p * len(ts)))] * 1000

            print(f"{rules:8} {name:10} decisions {len(ts):4}  mean {sum(ts) / len(ts) * 1000:6.1f}"
                  f"  p50 {ms(0.5):6.1f}  p95 {ms(0.95):6.1f}  max {ts[-1] * 1000:6.1f} ms",
                  flush=True)


if __name__ == "__main__":
    main()

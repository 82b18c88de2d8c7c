"""Long leak-fuzzing run: twin games over random armies from all 208 pieces.

Usage: python scripts/leak_fuzz.py [--pairs N] [--seconds S] [--seed K] [--per-game P]
                                   [--jobs J] [--out DIR] [--strict] [--unwatched]
                                   [--rules R[,R...]|all] [--players 2,4,6,8]
                                   [--kinds identities,memo,secret-targets,ask]
                                   [--actor random|heuristic|search|ismcts]
       python scripts/leak_fuzz.py --replay FILE

Plays one game per seed K, K+1, ... and compares up to P twin pairs along each (see
``legends_core.leakcheck.fuzz_game``) until N pairs are done or S seconds have passed. Then
prints how many pairs and compared decisions it covered, how the comparisons ended, and each
distinct finding with a reproducer: the seed, the observer, a JSON file holding both
positions and the decisions taken, and the decision list. ``--replay`` runs such a file again.
Exits with 1 when it found anything. ``--actor`` lets a computer player choose the observer's
actions (a fresh player per decision, seeded from the seed and the observer's view, so its
choice is a function of what it is shown): its choices in the two twins are compared too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from legends.ai import make_player
from legends_core import Action, Game, rulesets
from legends_core.leakcheck import TWIN_KINDS, Actor, fuzz_game, replay


def computer_actor(name: str, seed: int) -> Actor:
    """The computer player ``name`` acting for the observer, from its knowledge alone."""
    def act(game: Game, seat: str) -> str:
        v = game.view(seat)
        mine = random.Random(repr((seed, v.turn, v.decision, v.options))).getrandbits(64)
        player = make_player(name, seed=mine,
                             **({"iterations": 40} if name == "ismcts" else {}))
        return str(player.choose(game.knowledge(seat)))
    return act


def one(seed: int, per_game: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The pairs of one seed's game; the ruleset and player count rotate with the seed."""
    rules = options["rules"][seed % len(options["rules"])]
    players = options["players"][(seed // len(options["rules"])) % len(options["players"])]
    if rules != "legends":
        players = 2  # team games are a Stratego Legends variant
    out = []
    for report in fuzz_game(seed, pairs=per_game, rules=rules, players=players,
                            kinds=options["kinds"], strict=options["strict"],
                            watch_turns=not options["unwatched"],
                            actor=computer_actor(options["actor"], seed)
                            if options["actor"] else None):
        r = report.result
        done: dict[str, Any] = {
            "seed": seed, "index": report.index, "stop": r.stop, "decisions": r.decisions,
            "powers": sum(Action.from_str(a).kind == "power" for a in r.actions),
            "keys": [f.key for f in r.findings],
            "divergence": r.divergence.key if r.divergence else None,
        }
        if r.findings:
            done["reproducer"] = report.reproducer()
        out.append(done)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=1000, help="stop after this many twin pairs")
    ap.add_argument("--per-game", type=int, default=6, help="twin pairs along each game")
    ap.add_argument("--seconds", type=float, default=None, help="stop after this long")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="leak-findings", help="folder for reproducer files")
    ap.add_argument("--replay", metavar="FILE", help="re-run one reproducer file and exit")
    ap.add_argument("--strict", action="store_true",
                    help="compare step by step with auto-pass on, no catching up, watching "
                         "who is to move between the observer's decisions")
    ap.add_argument("--unwatched", action="store_true",
                    help="with --strict: the observer looks only at its own decisions")
    ap.add_argument("--rules", default="legends",
                    help="rulesets to rotate through, comma-separated, or 'all'")
    ap.add_argument("--players", default="2", help="player counts to rotate through (2,4,6,8)")
    ap.add_argument("--kinds", default="identities",
                    help=f"twin kinds, comma-separated, or 'all' ({', '.join(TWIN_KINDS)})")
    ap.add_argument("--actor", default=None, choices=("random", "heuristic", "search", "ismcts"),
                    help="a computer player chooses the observer's actions (compared too)")
    args = ap.parse_args()
    options = {
        "rules": sorted(rulesets()) if args.rules == "all" else args.rules.split(","),
        "players": [int(n) for n in args.players.split(",")],
        "kinds": TWIN_KINDS if args.kinds == "all" else tuple(args.kinds.split(",")),
        "strict": args.strict, "unwatched": args.unwatched, "actor": args.actor,
    }
    if args.replay:
        with open(args.replay) as fh:
            result = replay(json.load(fh))
        for f in result.findings:
            print(f"{f.channel} {f.what}: {f.detail}")
        print(f"{len(result.findings)} findings after {result.decisions} decisions ({result.stop})")
        return 1 if result.findings else 0

    deadline = time.monotonic() + args.seconds if args.seconds else None
    stops: Counter[str] = Counter()
    divergences: dict[str, list[int]] = {}
    groups: dict[str, list[dict[str, Any]]] = {}
    pairs = decisions = powers = 0
    t0 = time.monotonic()
    games = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        seed = args.seed
        running: list[Any] = []

        def more() -> bool:
            return pairs < args.pairs and (deadline is None or time.monotonic() < deadline)

        while running or more():
            while len(running) < 2 * args.jobs and more():
                running.append(pool.submit(one, seed, args.per_game, options))
                seed += 1
            games += 1
            for done in running.pop(0).result():
                pairs += 1
                decisions += done["decisions"]
                powers += done["powers"]
                stops[done["stop"]] += 1
                if done.get("divergence"):
                    divergences.setdefault(done["divergence"], []).append(done["seed"])
                if done.get("keys"):
                    groups.setdefault(done["keys"][0], []).append(done)
    elapsed = time.monotonic() - t0

    print(f"twin pairs: {pairs} from {games} games (seeds {args.seed}..{seed - 1}), "
          f"decisions compared: {decisions}, "
          f"powers used in compared play: {powers}, {elapsed:.0f} s")
    print("how comparisons ended: " + ", ".join(f"{k} {v}" for k, v in stops.most_common()))
    if divergences:
        print("divergences (another player asked something only one game asks; not findings):")
        for k, seeds in sorted(divergences.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(seeds):4d}  {k}  (seed {seeds[0]})")
    print(f"distinct findings: {len(groups)}")
    os.makedirs(args.out, exist_ok=True)
    for n, (key, hits) in enumerate(sorted(groups.items(), key=lambda kv: -len(kv[1])), 1):
        first = min(hits, key=lambda h: len(h["reproducer"]["actions"]))
        rep = first["reproducer"]
        path = os.path.join(args.out, f"finding-{n:03d}-seed-{first['seed']}.json")
        with open(path, "w") as fh:
            json.dump(rep, fh, indent=1)
        print(f"\n[{n}] {key}  ({len(hits)} pairs)")
        for f in rep["findings"][:4]:
            print(f"    {f['channel']} {f['what']}: {f['detail'][:400]}")
        print(f"    pieces named just before: {rep['findings'][0]['context']}")
        changed = ", ".join(f"id {k}: #{a}->#{b}" for k, (a, b) in rep["changed"].items())
        print(f"    seed {first['seed']} (pair {first['index']}), observer {rep['observer']}, "
              f"file {path}")
        print(f"    twin differs in: {changed}")
        print(f"    actions: {'; '.join(rep['actions'])}")
    return 1 if groups else 0


if __name__ == "__main__":
    sys.exit(main())

"""Digests of seeded random games, to show that a change to the kernel changes no game.

Plays the same seeded random games in every installed ruleset (and Stratego Legends team
games of four) and hashes everything the referee and each seat receive: the legal actions at
every decision, the events of every action (the referee's, and each seat's share), each
seat's view after every action (``--views every``, the default) or at the end only, the
undo of a few actions (replayed as before), and at the end the full record and every seat's
record and view. Half the games answer pass-only windows automatically, half ask every seat.

Run it on two versions of the code (each first on ``PYTHONPATH``; a compiled copy works
too) and compare the lines it prints: a speed-up that keeps every digest is a speed-up that
changed no game. Usage:

    PYTHONPATH=src python scripts/game_digests.py [--games 40] [--rules all|NAME]
                                                  [--views every|end]
"""

from __future__ import annotations

import argparse
import hashlib
import random
from typing import Any


def game_digest(options: dict[str, Any], seed: int, views: str, turn_limit: int,
                h: Any) -> int:
    """Play one game into the hash ``h``; the number of decisions taken."""
    from legends_core import Game
    from legends_core.testing import play_digest

    game = Game.new(seed=seed, salt=f"{seed:032x}", turn_limit=turn_limit,
                    auto_pass=seed % 2 == 0, **options)
    every = views == "every"
    return play_digest(game, random.Random(seed), h, undo_every=97,
                       seat_state=(lambda g, s: g.view(s).to_dict()) if every else None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="games per ruleset")
    ap.add_argument("--rules", default="all", help="a ruleset, 'team' (Stratego Legends with "
                    "four players), or 'all' (every installed ruleset and 'team')")
    ap.add_argument("--views", choices=("every", "end"), default="every")
    ap.add_argument("--turn-limit", type=int, default=400)
    args = ap.parse_args()
    import legends_core.moves
    from legends_core import rulesets

    names = [*rulesets(), "team"] if args.rules == "all" else [args.rules]
    compiled = not legends_core.moves.__file__.endswith(".py")
    print(f"kernel: {'compiled' if compiled else 'pure'}", flush=True)
    total = hashlib.sha256()
    for name in names:
        options: dict[str, Any] = ({"players": 4} if name == "team" else
                                   {} if name == "legends" else {"rules": name})
        h = hashlib.sha256()
        decisions = sum(game_digest(options, seed, args.views, args.turn_limit, h)
                        for seed in range(args.games))
        total.update(h.digest())
        print(f"{name:<20} {args.games} games {decisions:>7} decisions {h.hexdigest()[:32]}",
              flush=True)
    print(f"{'all':<20} {total.hexdigest()}")


if __name__ == "__main__":
    main()

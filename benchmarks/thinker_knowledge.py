"""What it costs to hand a computer decision to a thinker process, three ways, side by side.

* copies (the way before the knowledge went on the wire): the thinker keeps its own full copy
  of each game; the server sends the actions it has not seen (the game's start the first
  time); the thinker applies them and asks its copy for the seat's knowledge.
* checked: the server works out the seat's knowledge and sends it as data
  (``Knowledge.to_dict``, pickled); the thinker reads it back with every check a program's
  data gets (``Knowledge.from_dict``) and holds no game.
* trusted (the way now, :mod:`legends.web.thinking`): the same dict, sent as JSON text
  (orjson), read by ``Knowledge.from_trusted_dict``, which skips the checks: the text comes
  from the thinker's own server.

For random games of each edition, at every computer decision, the ways are timed in turn
(interleaved, in one process, so a busy machine slows both alike): the server's part (what
the server's process does under the game's lock, pickling what it sends included), the
thinker's part (unpickling included) and the bytes sent. A heuristic player's decision is
timed beside them, for scale. The bytes are what crosses the pipe (the executor pickles the
JSON text as it is). Run ``PYTHONPATH=src python benchmarks/thinker_knowledge.py``.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time
from typing import Any

import orjson

from legends.ai import make_player
from legends.web import thinking
from legends_core import Game, Knowledge


def copies_way(kept: dict[str, Any], code: str, start: dict[str, Any], texts: list[str],
               seat: str) -> tuple[float, float, int]:
    t0 = time.perf_counter()
    # The server kept the start and the actions' notation as the game went (as rooms did).
    done = kept.get(code, (None, []))[1]
    sent = pickle.dumps((code, None if done else start, len(done), texts[len(done):], seat))
    t1 = time.perf_counter()
    code, start, n, new, seat = pickle.loads(sent)
    copy, applied = (Game.from_record(start), []) if start is not None else kept[code]
    for text in new:
        copy.apply(text, player=copy.current_player)
        applied.append(text)
    kept[code] = (copy, applied)
    copy.knowledge(seat)
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, len(sent)


def knowledge_way(game: Game, seat: str) -> tuple[float, float, int]:
    t0 = time.perf_counter()
    sent = pickle.dumps(game.knowledge(seat).to_dict())
    t1 = time.perf_counter()
    Knowledge.from_dict(pickle.loads(sent))
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, len(sent)


def trusted_way(game: Game, seat: str) -> tuple[float, float, int]:
    t0 = time.perf_counter()
    sent = pickle.dumps(thinking.sent(game.knowledge(seat)))
    t1 = time.perf_counter()
    Knowledge.from_trusted_dict(orjson.loads(pickle.loads(sent)))
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, len(sent)


WAYS = {"copies": None, "checked": knowledge_way, "trusted": trusted_way}


def run(rules: str, players: int, games: int, turns: int) -> None:
    rows: dict[str, list[tuple[float, float, int]]] = {name: [] for name in WAYS}
    decide: list[float] = []
    for seed in range(games):
        game = Game.new(rules=rules, players=players, seed=seed, turn_limit=turns)
        rng = random.Random(seed)
        computer = game.players[1]  # the computer's seat; the other plays at random
        kept: dict[str, Any] = {}
        start, texts = {**game.record(), "actions": []}, []
        while not game.is_over:
            seat = game.current_player
            if seat == computer:
                # Interleaved, the order turning at each decision, so no way always goes first.
                order = list(WAYS)
                turn = len(decide) % len(order)
                for name in order[turn:] + order[:turn]:
                    way = WAYS[name]
                    rows[name].append(copies_way(kept, "G", start, texts, seat)
                                      if way is None else way(game, seat))
                t = time.perf_counter()
                action = make_player("heuristic", seed).choose(game.knowledge(seat))
                decide.append(time.perf_counter() - t)
            else:
                action = rng.choice(list(game.legal_actions()))
            game.apply(action, player=seat)
            texts.append(str(action))

    def ms(values: list[float]) -> str:
        return f"{1000 * statistics.median(values):6.2f} / {1000 * max(values):6.2f}"

    print(f"{rules} ({players} players), {len(decide)} computer decisions; "
          f"ms median / max; bytes median")
    for name, values in rows.items():
        server, thinker, size = zip(*values, strict=True)
        print(f"  {name:9}  server {ms(list(server))}   thinker {ms(list(thinker))}   "
              f"sent {int(statistics.median(size)):6d} B")
    print(f"  heuristic decision  {ms(decide)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--turns", type=int, default=80, help="each game's turn limit")
    args = ap.parse_args()
    for rules, players in (("classic", 2), ("legends", 2), ("legends", 4)):
        run(rules, players, args.games, args.turns)


if __name__ == "__main__":
    main()

"""Where the computer players think: in the server's own process, or in worker processes.

A computer player's decision is the heaviest work the server does, and in the server's process
it competes with every other game for one core (threads share Python's interpreter lock). With
``workers`` above 0 the decisions are made in a pool of that many processes instead
(:class:`concurrent.futures.ProcessPoolExecutor`). A seat's :class:`~legends_core.Knowledge`
cannot be sent between processes, so a worker is sent the game's full record and rebuilds the
game (keeping recent games, so usually only the newest actions are replayed), asks the game
for the seat's knowledge there, and answers the chosen action's notation. The server applies
it under the game's lock, as it applies a person's action; the worker never touches the store.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import anyio

from legends_core import Game
from legends_core.actions import Action

from ..ai import make_player
from .rooms import Room

#: games a worker keeps rebuilt between decisions
KEPT = 256
_kept: OrderedDict[str, tuple[Game, list[str]]] = OrderedDict()


def _game(code: str, record: dict[str, Any]) -> Game:
    """The game ``record`` describes, from this worker's copy when it has one that is behind
    by some actions only (else rebuilt)."""
    actions = list(record.get("actions") or [])
    kept = _kept.pop(code, None)
    if kept is not None:
        game, done = kept
        if len(done) <= len(actions) and actions[:len(done)] == done:
            for text in actions[len(done):]:
                game.apply(text, player=game.current_player)
            _kept[code] = (game, actions)
            return game
    game = Game.from_record(record)
    _kept[code] = (game, actions)
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return game


def think(code: str, record: dict[str, Any], seat: str, player: str, seed: int) -> str:
    """In a worker: ``player``'s choice for ``seat`` in the game ``record`` holds, as notation."""
    game = _game(code, record)
    return str(make_player(player, seed).choose(game.knowledge(seat)))


def _ready() -> bool:
    return True


class Thinkers:
    """The computer players' decisions, made in this process (``workers`` 0, or a server
    with a catalogue of its own, which the workers would not have) or in ``workers``
    processes."""

    def __init__(self, workers: int, in_process: bool = False):
        self.workers = workers
        self.in_process = in_process or workers <= 0
        self._pool: Executor | None = None

    def pool(self) -> Executor:
        if self._pool is None:
            # Fresh interpreters, not forks of a server that has threads and sockets open.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def start(self) -> None:
        """Start the worker processes now rather than at the first decision."""
        if not self.in_process:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self.pool(), _ready)
                                   for _ in range(self.workers)))

    async def choose(self, room: Room, seat: str) -> Action:
        """The computer player's action for ``seat`` (call with the room held)."""
        if self.in_process:
            return await anyio.to_thread.run_sync(room.computer_choice, seat)
        player = room.seats[seat].get("player", "heuristic")
        loop = asyncio.get_running_loop()
        text = await loop.run_in_executor(self.pool(), think, room.code, room.game.record(),
                                          seat, player, secrets.randbits(64))
        return room.game.parse_action(text, player=seat)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

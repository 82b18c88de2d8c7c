"""Where the computer players think: in the server's own process, or in worker processes.

A computer player's decision is the heaviest work the server does, and in the server's process
it competes with every other game for one core (threads share Python's interpreter lock). With
``workers`` above 0 the decisions are made in that many worker processes instead, so the
server's process only applies actions and builds messages.

A seat's :class:`~legends_core.Knowledge` cannot be sent between processes, so a worker keeps
its own copy of each game it thinks for and asks it for the seat's knowledge. Each game always
goes to the same worker, which is sent only the actions it has not seen (and the game's start,
the first time or when it no longer has the game). The worker answers the chosen action's
notation; the server applies it under the game's lock, as it applies a person's action. The
worker never touches the store. Sending the whole record every time would cost the server's
process more than the decision it hands off.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
import zlib
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import anyio

from legends_core import Game
from legends_core.actions import Action

from ..ai import make_player
from .rooms import Room

#: games a worker keeps between decisions (and the server remembers per worker)
KEPT = 512
#: in a worker: code -> (its game, the notation of the actions applied to it)
_kept: OrderedDict[str, tuple[Game, list[str]]] = OrderedDict()


def think(code: str, start: dict[str, Any] | None, done: int, last: str | None,
          new: list[str], seat: str, player: str, seed: int) -> str | None:
    """In a worker: ``player``'s choice for ``seat`` in the game ``code``, as notation.

    ``start`` is the game's record before any action (then ``new`` holds every action), or
    ``None`` when this worker was sent the game before: then it has applied ``done`` actions,
    the last of them ``last``, and ``new`` holds the ones after. Answers ``None`` when it does
    not have the game as described (it dropped it, or restarted): send the start again.
    """
    kept = _kept.pop(code, None)
    applied: list[str]
    if start is not None:
        game, applied = Game.from_record({**start, "actions": []}), []
    elif kept is not None and len(kept[1]) == done and (kept[1][-1] if done else None) == last:
        game, applied = kept
    else:
        return None
    for text in new:
        game.apply(text, player=game.current_player)
        applied.append(text)
    _kept[code] = (game, applied)
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return str(make_player(player, seed).choose(game.knowledge(seat)))


def _ready() -> bool:
    return True


def _worker() -> ProcessPoolExecutor:
    # A fresh interpreter, not a fork of a server that has threads and sockets open.
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))


class Thinkers:
    """The computer players' decisions, made in this process (``workers`` 0, or a server
    with a catalogue of its own, which the workers would not have) or in ``workers``
    processes, each game in the same one every time."""

    def __init__(self, workers: int, in_process: bool = False):
        self.workers = workers
        self.in_process = in_process or workers <= 0
        self._pools: list[Executor] = []
        #: per game: how many of its actions its worker has been sent
        self._sent: OrderedDict[str, int] = OrderedDict()

    def pool(self, code: str) -> Executor:
        """The worker that thinks for game ``code``."""
        if not self._pools:
            self._pools = [_worker() for _ in range(self.workers)]
        return self._pools[self._index(code)]

    def _index(self, code: str) -> int:
        return zlib.crc32(code.encode()) % self.workers

    async def start(self) -> None:
        """Start the worker processes now rather than at the first decision."""
        if not self.in_process:
            loop = asyncio.get_running_loop()
            self.pool("")
            await asyncio.gather(*(loop.run_in_executor(p, _ready) for p in self._pools))

    async def choose(self, room: Room, seat: str) -> Action:
        """The computer player's action for ``seat`` (call with the room held)."""
        if self.in_process:
            return await anyio.to_thread.run_sync(room.computer_choice, seat)
        player = room.seats[seat].get("player", "heuristic")
        texts = room.texts
        done = self._sent.pop(room.code, None)
        text = None
        if done is not None and done <= len(texts):
            text = await self._think(room, None, done, texts[done - 1] if done else None,
                                     texts[done:], seat, player)
        if text is None:  # a game this worker has not got (or no longer has)
            text = await self._think(room, room.start, 0, None, texts, seat, player)
        self._sent[room.code] = len(texts)
        while len(self._sent) > KEPT * max(1, self.workers):
            self._sent.popitem(last=False)
        assert text is not None
        return room.game.parse_action(text, player=seat)

    async def _think(self, room: Room, start: dict[str, Any] | None, done: int,
                     last: str | None, new: list[str], seat: str, player: str) -> str | None:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool(room.code), think, room.code, start,
                                              done, last, list(new), seat, player,
                                              secrets.randbits(64))
        except BrokenProcessPool:
            # The worker died (killed, out of memory): a new one is sent the whole game.
            self._pools[self._index(room.code)] = _worker()
            return await loop.run_in_executor(self.pool(room.code), think, room.code,
                                              room.start, 0, None, list(room.texts), seat,
                                              player, secrets.randbits(64))

    def close(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools = []

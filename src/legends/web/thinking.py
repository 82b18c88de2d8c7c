"""Where the computer players think: in thinker processes, or in the server's own process.

A computer player's decision is the heaviest work the server does. In the server's process it
would compete with every other game (threads share Python's interpreter lock), and people
would wait for it. So by default (``thinkers=None``) the decisions are made in
:func:`automatic` thinker processes: one fewer than the machine's cores (the server's process
keeps one), at least one and at most :data:`MOST`. On a single core too a process is chosen
over a thread: it runs at a lower priority (:data:`NICENESS`), so the system lets the server's
process go first, whereas a thread would hold the interpreter lock against every game (this
reasoning is not measured on a one-core machine). The thinkers are started fresh ("spawn"),
not forked from a server that has threads and sockets open.
``thinkers=0`` keeps the thinking in a thread of the server's process (for tests, and for a
server with a catalogue of its own, which the thinker processes would not have).

How hard each decision thinks is the server's thinking budget's (:mod:`.budget`): under load
each decision is asked for less, rather than people waiting for a queue of decisions, and each
gets a cap that fits its game's beat.

A thinker decides as a program on the server's API does (``legends bot --player heuristic``):
from the seat's knowledge as data (:meth:`legends_core.knowledge.Knowledge.to_dict`), the very dict a
seat whose hello asks for it is sent. The server's process works it out from its game under
the game's lock and sends it with the decision, as the JSON text a bot would be sent (orjson
writes it faster than pickle would, and the bytes cross to the thinker as they are). The
thinker rebuilds the knowledge and answers the chosen action's notation, which the server
applies under the lock, as it applies a person's action. It reads the dict with
:meth:`~legends_core.knowledge.Knowledge.from_trusted_dict`, not with the checks of
:meth:`~legends_core.knowledge.Knowledge.from_dict`: the text comes from its own server's
process through a pipe only the two share, never from a network, and the checks were most of
a thinker's work on a decision.
So a thinker holds no game and nothing a seat may not know, keeps nothing between decisions
(any thinker could take any decision; each game still goes to the same one, which keeps the
load of a busy game on one core), and never touches the store.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import threading
import time
import zlib
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import anyio
import orjson

from legends_core import Catalogue, Knowledge
from legends_core.actions import Action

from ..ai import make_player
from .budget import Budget
from .guards import Pacer
from .rooms import Room

#: the most thinker processes :func:`automatic` starts: past a few, a server process's own
#: work (messages, the store) fills its core before the thinkers fill theirs
MOST = 4
#: how much lower the thinkers' priority is than the server's (``nice``: 0 to 19)
NICENESS = 10
#: seconds between a thinker's checks that its server is still there
WATCH = 1.0

def automatic() -> int:
    """The thinker processes a server starts when not told: one fewer than the machine's
    cores, at least one and at most :data:`MOST`."""
    return min(MOST, max(1, (os.cpu_count() or 1) - 1))


def decide(knowledge: dict[str, Any], player: str, seed: int,
           options: Mapping[str, float] | None = None,
           catalogue: Catalogue | None = None) -> str:
    """``player``'s choice, as notation, from a seat's ``knowledge`` as this server's process
    made it (:meth:`legends_core.knowledge.Knowledge.to_dict`; read as trusted, so never pass
    data from elsewhere), asked with ``options`` (the budget's ``strength`` and ``cap``);
    ``catalogue``: the server's pieces, if not the installed ones."""
    seat = Knowledge.from_trusted_dict(knowledge, catalogue)
    return str(make_player(player, seed, **(options or {})).choose(seat))


def think(knowledge: bytes, player: str, seed: int,
          options: Mapping[str, float] | None = None) -> str:
    """In a thinker process: :func:`decide` from the knowledge as JSON text (what
    :func:`sent` made in the server's process; this process's own :func:`decide`, whatever
    the server's process did to its copy of the module)."""
    return decide(orjson.loads(knowledge), player, seed, options)


def sent(knowledge: Knowledge) -> bytes:
    """What a thinker process is sent of ``knowledge``: its dict as JSON text."""
    return orjson.dumps(knowledge.to_dict())


def whereabouts() -> tuple[int, int]:
    """This process's id and niceness (what a thinker answers, to show where it runs)."""
    return os.getpid(), os.nice(0) if hasattr(os, "nice") else 0


def _ready() -> bool:
    return True


def _begin_thinking(server: int) -> None:
    """A new thinker's first steps (``server``: its server's process id)."""
    # A thinker's decision is never more urgent than a person's message: under load the
    # system lets the server's process go first.
    if hasattr(os, "nice"):  # not on Windows
        os.nice(NICENESS)
    threading.Thread(target=_watch, args=(server,), daemon=True,
                     name="legends-watch").start()


def _watch(server: int) -> None:
    # A server killed outright (SIGKILL, out of memory) cannot stop its thinkers, which would
    # otherwise wait for work for ever, holding their games. Once the server is gone the
    # thinker is some other process's child: then it goes too.
    while os.getppid() == server:
        time.sleep(WATCH)
    os._exit(0)


def _thinker() -> ProcessPoolExecutor:
    # A fresh interpreter, not a fork of a server that has threads and sockets open.
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_begin_thinking, initargs=(os.getpid(),))


class Thinkers:
    """The computer players' decisions, made in ``size`` thinker processes (``None``:
    :func:`automatic`), each game in the same one every time, or in a thread of this process
    (``size`` 0, or ``in_process``: a server with a catalogue of its own, which the thinker
    processes would not have). ``beat``: the server's beat (``computer_time``), which each
    decision's cap must fit (see :mod:`.budget`)."""

    def __init__(self, size: int | None = None, in_process: bool = False, beat: float = 0.0):
        self.size = automatic() if size is None else size
        self.in_process = in_process or self.size <= 0
        self.budget = Budget(1 if self.in_process else self.size, beat)
        self._pools: list[Executor] = []

    def pool(self, code: str) -> Executor:
        """The thinker process for game ``code``."""
        if not self._pools:
            self._pools = [_thinker() for _ in range(self.size)]
        return self._pools[self._index(code)]

    def _index(self, code: str) -> int:
        return 0 if self.in_process else zlib.crc32(code.encode()) % self.size

    async def start(self) -> None:
        """Start the thinker processes now rather than at the first decision."""
        if not self.in_process:
            loop = asyncio.get_running_loop()
            self.pool("")
            await asyncio.gather(*(loop.run_in_executor(p, _ready) for p in self._pools))

    async def choose(self, room: Room, seat: str, pacer: Pacer | None = None) -> Action:
        """The computer player's action for ``seat`` (call with the room held), thought
        within the budget; ``pacer``: the beat its reply is released on, if any."""
        player = room.seats[seat].get("player", "heuristic")
        left = None if pacer is None or pacer.beat <= 0 else pacer.due - pacer.clock()
        # The seat's knowledge, worked out here from the game, as a bot on the API is sent it.
        knowledge = room.game.knowledge(seat)
        with self.budget.asking(self._index(room.code), left) as options:
            if self.in_process:
                text = await anyio.to_thread.run_sync(
                    decide, knowledge.to_dict(), player, secrets.randbits(64), options,
                    room.catalogue)
            else:
                text = await self._think(room.code, sent(knowledge), player, options)
        return room.game.parse_action(text, player=seat)

    async def _think(self, code: str, knowledge: bytes, player: str,
                     options: dict[str, float]) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool(code), think, knowledge, player,
                                              secrets.randbits(64), options)
        except BrokenProcessPool:
            # The thinker died (killed, out of memory): a new one takes the decision.
            self._pools[self._index(code)] = _thinker()
            return await loop.run_in_executor(self.pool(code), think, knowledge, player,
                                              secrets.randbits(64), options)

    def close(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools = []

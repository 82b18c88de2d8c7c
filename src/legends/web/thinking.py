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

A seat's :class:`~legends_core.knowledge.Knowledge` cannot be sent between processes, so a
thinker keeps its own copy of each game it thinks for and asks it for the seat's knowledge. Each game always
goes to the same thinker, which is sent only the actions it has not seen (and the game's start,
the first time or when it no longer has the game). The thinker answers the chosen action's
notation; the server applies it under the game's lock, as it applies a person's action. The
thinker never touches the store. Sending the whole record every time would cost the server's
process more than the decision it hands off.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import anyio

from legends_core import Game
from legends_core.actions import Action

from ..ai import make_player
from .budget import Budget
from .guards import Pacer
from .rooms import Room

#: games a thinker keeps between decisions (and the server remembers per thinker)
KEPT = 512
#: the most thinker processes :func:`automatic` starts: past a few, a server process's own
#: work (messages, the store) fills its core before the thinkers fill theirs, and each one
#: holds copies of up to ``KEPT`` games
MOST = 4
#: how much lower the thinkers' priority is than the server's (``nice``: 0 to 19)
NICENESS = 10
#: seconds between a thinker's checks that its server is still there
WATCH = 1.0
#: in a thinker: code -> (its game, the notation of the actions applied to it)
_kept: OrderedDict[str, tuple[Game, list[str]]] = OrderedDict()


def automatic() -> int:
    """The thinker processes a server starts when not told: one fewer than the machine's
    cores, at least one and at most :data:`MOST`."""
    return min(MOST, max(1, (os.cpu_count() or 1) - 1))


def decide(game: Game, seat: str, player: str, seed: int,
           options: Mapping[str, float] | None = None) -> Action:
    """``player``'s choice for ``seat`` (from the seat's knowledge alone), asked with
    ``options`` (the budget's ``strength`` and ``cap``)."""
    return make_player(player, seed, **(options or {})).choose(game.knowledge(seat))


def think(code: str, start: dict[str, Any] | None, done: int, last: str | None,
          new: list[str], seat: str, player: str, seed: int,
          options: Mapping[str, float] | None = None) -> str | None:
    """In a thinker: ``player``'s choice for ``seat`` in the game ``code``, as notation.

    ``start`` is the game's record before any action (then ``new`` holds every action), or
    ``None`` when this thinker was sent the game before: then it has applied ``done`` actions,
    the last of them ``last``, and ``new`` holds the ones after. Answers ``None`` when it does
    not have the game as described (it dropped it, or restarted): send the start again.
    ``options`` are the budget's for this decision (see :func:`decide`).
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
    return str(decide(game, seat, player, seed, options))


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
        #: per game: how many of its actions its thinker has been sent
        self._sent: OrderedDict[str, int] = OrderedDict()

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
        with self.budget.asking(self._index(room.code), left) as options:
            if self.in_process:
                return await anyio.to_thread.run_sync(
                    decide, room.game, seat, player, secrets.randbits(64), options)
            texts = room.texts
            done = self._sent.pop(room.code, None)
            text = None
            if done is not None and done <= len(texts):
                text = await self._think(room, None, done, texts[done - 1] if done else None,
                                         texts[done:], seat, player, options)
            if text is None:  # a game this thinker has not got (or no longer has)
                text = await self._think(room, room.start, 0, None, texts, seat, player,
                                         options)
        self._sent[room.code] = len(texts)
        while len(self._sent) > KEPT * max(1, self.size):
            self._sent.popitem(last=False)
        assert text is not None
        return room.game.parse_action(text, player=seat)

    async def _think(self, room: Room, start: dict[str, Any] | None, done: int,
                     last: str | None, new: list[str], seat: str, player: str,
                     options: dict[str, float]) -> str | None:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool(room.code), think, room.code, start,
                                              done, last, list(new), seat, player,
                                              secrets.randbits(64), options)
        except BrokenProcessPool:
            # The thinker died (killed, out of memory): a new one is sent the whole game.
            self._pools[self._index(room.code)] = _thinker()
            return await loop.run_in_executor(self.pool(room.code), think, room.code,
                                              room.start, 0, None, list(room.texts), seat,
                                              player, secrets.randbits(64), options)

    def close(self) -> None:
        for pool in self._pools:
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools = []

"""Storing actions without holding up the server: one writer thread, commits shared by games.

An action is acknowledged only once it is stored, and storing it means waiting for the disk
(SQLite makes sure the write-ahead log reached it; PostgreSQL waits for its own log). Done on
the event loop, that wait stops every game on the server for as long as it takes, whatever
the processor is doing. So the actions are handed to a :class:`Writer`: it stores them in a
thread of its own, and the actions that arrive while one transaction is being written go
together into the next (a "group commit"): many games' actions share one wait for the disk,
each still stored, or refused, on its own (:meth:`Store.add_steps <.store.Store.add_steps>`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from functools import partial
from typing import Any, TypeVar

from .store import Step, Store, StoreError

T = TypeVar("T")

#: the most actions written in one transaction
BATCH = 256


class Writer:
    """Stores :class:`~.store.Step` s for the server's event loop (see the module's text)."""

    def __init__(self, store: Store):
        self.store = store
        self._pending: list[tuple[Step, asyncio.Future[int]]] = []
        self._draining: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="legends-store")
        # Reads have a thread of their own, so they do not wait behind a batch of writes (and
        # the event loop waits for neither).
        self._reader = ThreadPoolExecutor(1, thread_name_prefix="legends-store-read")
        #: transactions written so far (for tests and benchmarks)
        self.transactions = 0

    async def add(self, step: Step) -> int:
        """Store ``step``; returns once it is stored, with its game's new revision.

        :raises StoreError: it was not stored (a stale step, or the store failed).
        """
        loop = asyncio.get_running_loop()
        stored: asyncio.Future[int] = loop.create_future()
        self._pending.append((step, stored))
        if self._draining is None:
            self._draining = loop.create_task(self._drain())
        return await stored

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch = self._pending[:BATCH]  # left in the queue until answered (see finally)
                steps = [step for step, _ in batch]
                answers: list[int | StoreError]
                try:
                    answers = await loop.run_in_executor(self._thread, self.store.add_steps,
                                                         steps)
                except Exception as exc:  # the transaction failed whole: none is stored
                    failed = exc if isinstance(exc, StoreError) else StoreError(
                        f"not stored: {type(exc).__name__}: {exc}")
                    answers = [failed] * len(batch)
                del self._pending[:len(batch)]
                self.transactions += 1
                for (_, stored), answer in zip(batch, answers, strict=True):
                    if stored.done():  # its waiter was cancelled
                        continue
                    if isinstance(answer, StoreError):
                        stored.set_exception(answer)
                    else:
                        stored.set_result(answer)
        finally:
            self._draining = None
            # Stopped mid-way (the server is shutting down): nothing more will be written, and
            # what was being written may or may not be; either way it was not acknowledged.
            left, self._pending = self._pending, []
            for _, stored in left:
                if not stored.done():
                    stored.set_exception(StoreError("the server is stopping; not stored"))

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` done in the writer's thread, in turn with the actions being stored
        (for the store's other writes: a new game, a seat taken)."""
        loop = asyncio.get_running_loop()
        # In the caller's context: what it makes is in the caller's language (legends.i18n).
        return await loop.run_in_executor(self._thread, copy_context().run, partial(work, *args))

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)``, which only reads the store, done in the reading thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._reader, copy_context().run, partial(work, *args))

    def close(self) -> None:
        """Wait for the transaction being written, if any (call before closing the store)."""
        self._reader.shutdown(wait=True)
        self._thread.shutdown(wait=True)

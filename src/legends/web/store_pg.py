"""The games in a PostgreSQL database, shared by several server processes or machines
(``legends serve --db postgresql://...``; needs the ``postgres`` extra: psycopg 3).

The tables are those of the SQLite store, in a schema of their own named ``legends``, so the
database may hold other things too. Each change is one transaction under a row lock on its game
(``SELECT ... FOR UPDATE``), compare-and-set on the game's revision (and an action on the count
of actions before it), so two processes can never both store a change, nor one store an action
out of order (:class:`~legends.web.store.StaleStep`).

The processes tell each other of changes on the channel ``legends_games`` (PostgreSQL's
``NOTIFY``): each change a process has released to its own browsers is announced with the game's
code, its count of actions and its revision; every process ``LISTEN`` s, and one holding
browsers of that game reads the new steps from the store (:meth:`Store.changes
<legends.web.store.Store.changes>`) and sends them their messages. Announcing and listening each
use a connection of their own, in a thread of their own, so neither waits on the other nor on
the store's writes.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import psycopg

from . import accounts_store, lobby_store, ratings_store, revocations
from .store import EXTRAS, FORMAT, SCHEMA, VERSION, Run, Store, StoreError, _schema_problem
from .watch_counts import key, payload

log = logging.getLogger(__name__)
#: the channel the server processes announce changed games on
CHANNEL = "legends_games"
#: seconds between tries to make a lost listening or announcing connection again
RECONNECT = 1.0

SCHEMA_NAME = "legends"
#: held while the tables are made, so two servers given --init at once do not collide
INIT_LOCK = 0x6C6567656E6473


def describe_url(url: str) -> str:
    """The database a URL names, for messages (never its password)."""
    parts = urlsplit(url)
    host = parts.hostname or "local socket"
    port = f":{parts.port}" if parts.port else ""
    return f"PostgreSQL database {parts.path.lstrip('/') or '(default)'} on {host}{port}"


class PostgresStore(Store):
    """The games in the PostgreSQL database at ``url`` (one connection per process, used under
    a lock; it is made again if the database server dropped it)."""

    def __init__(self, url: str, *, init: bool = False):
        self.url = url
        self.where = describe_url(url)
        self.notes = []
        self._lock = threading.Lock()
        self._outgoing: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._announcer: threading.Thread | None = None
        self._listener: threading.Thread | None = None
        self._stopping = threading.Event()
        self._db = self._connect()
        try:
            self._prepare(init)
        except psycopg.Error as exc:
            self._db.close()
            raise StoreError(f"{self.where}: {_first_line(exc)}") from None
        except BaseException:
            self._db.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            db = psycopg.connect(self.url, autocommit=True, connect_timeout=30)
        except psycopg.Error as exc:
            raise StoreError(f"cannot reach the {self.where}: {_first_line(exc)}") from None
        db.execute(f"SET search_path TO {SCHEMA_NAME}")
        return db

    def _prepare(self, init: bool) -> None:
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (INIT_LOCK,))
            found = self._db.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s",
                                     (SCHEMA_NAME,)).fetchone()
            if found is None:
                if not init:
                    raise StoreError(f"the {self.where} holds no games store yet: make one with "
                                     "'legends serve --init'")
                self._db.execute(f"CREATE SCHEMA {SCHEMA_NAME}")
                self._db.execute(SCHEMA)
                self._db.execute("INSERT INTO store_info (key, value) VALUES (%s, %s), (%s, %s)",
                                 ("format", FORMAT, "version", str(VERSION)))
                self.notes.append(f"made a new games store in the {self.where}")
                return
            tables: dict[str, set[str]] = {}
            for table, column in self._db.execute(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = %s", (SCHEMA_NAME,)):
                tables.setdefault(table, set()).add(column)
            problem = _schema_problem(tables)
            if problem is None:
                if "store_info" not in tables:
                    problem = "is not a legends games store (no store_info table)"
                else:
                    info = dict(self._db.execute("SELECT key, value FROM store_info").fetchall())
                    if info.get("format") != FORMAT:
                        problem = f"is not a legends games store (format {info.get('format')!r})"
                    elif int(info.get("version", 0)) > VERSION:
                        problem = (f"is a newer store (version {info['version']}) than this "
                                   f"program reads ({VERSION}): upgrade legends")
            if problem is not None:
                raise StoreError(f"the schema {SCHEMA_NAME!r} of the {self.where} {problem}; "
                                 "--init changes nothing in an existing schema: fix or drop it")
            self._db.execute(EXTRAS)  # a store made before draw offers and clocks gets it
            self._db.execute("ALTER TABLE games ADD COLUMN IF NOT EXISTS rev integer "
                             "NOT NULL DEFAULT 0")
            for statement in ratings_store.statements() + accounts_store.statements():
                self._db.execute(statement)
            self._db.execute("ALTER TABLE access_tokens ADD COLUMN IF NOT EXISTS "
                             + accounts_store.TOKEN_EXPIRES)
            for statement in lobby_store.statements():
                self._db.execute(statement)

    _LOCK_GAME = "SELECT 1 FROM games WHERE code = ? FOR UPDATE"
    _LOCK_ROWS = " FOR UPDATE"

    def _conn(self) -> psycopg.Connection[Any]:
        """The connection, made again if the database server closed it."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._conn().execute(sql.replace("?", "%s"), args).fetchall()
            except psycopg.Error as exc:
                raise StoreError(f"{self.where}: {_first_line(exc)}") from None

    @contextmanager
    def _transaction(self, lock_game: str | None = None, *,
                     write: bool = True) -> Iterator[Run]:
        with self._lock:
            db = self._conn()

            def run(sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
                cur = db.execute(sql.replace("?", "%s"), args)
                return cur.fetchall() if cur.description is not None else []

            try:
                with db.transaction():
                    if lock_game is not None and not run(
                            self._LOCK_GAME, (lock_game,)):
                        raise StoreError(f"no game {lock_game} in the store")
                    yield run
            except psycopg.Error as exc:
                raise StoreError(f"{self.where}: {_first_line(exc)}") from None

    def close(self) -> None:
        self.stop_listening()
        if self._announcer is not None:
            self._outgoing.put(None)
            self._announcer.join(timeout=5)
        with self._lock:
            self._db.close()

    # -- the channel -------------------------------------------------------------------
    shared = True

    def announce(self, code: str, steps: int, rev: int) -> None:
        self.announce_text(f"{code} {steps} {rev}")

    def announce_watchers(self, code: str, process: str, count: int) -> None:
        self.announce_text(payload(code, process, count))

    def announce_revocation(self, token_id: str) -> None:
        self.announce_text(revocations.payload(token_id))

    def announce_text(self, text: str) -> None:
        if self._announcer is None:
            self._announcer = threading.Thread(target=self._announce_loop, daemon=True,
                                               name="legends-announce")
            self._announcer.start()
        self._outgoing.put(text)

    def _announce_loop(self) -> None:
        db: psycopg.Connection[Any] | None = None
        while True:
            first = self._outgoing.get()
            if first is None:
                break
            # What piled up meanwhile goes in one round trip, the latest of each game only.
            latest = {key(first): first}
            stop = False
            while True:
                try:
                    more = self._outgoing.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                latest[key(more)] = more
            try:
                if db is None or db.closed or db.broken:
                    db = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
                db.execute("SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p",
                           (CHANNEL, list(latest.values())))
            except psycopg.Error as exc:
                # The others learn of these games from their periodic check instead.
                log.warning("legends: could not announce %d changed game(s) on the %s: %s",
                            len(latest), self.where, _first_line(exc))
                db = None
            if stop:
                break
        if db is not None:
            db.close()

    def listen(self, heard: Callable[[str | None], None]) -> None:
        self._stopping.clear()
        self._listener = threading.Thread(target=self._listen_loop, args=(heard,),
                                          daemon=True, name="legends-listen")
        self._listener.start()

    def _listen_loop(self, heard: Callable[[str | None], None]) -> None:
        first = True
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    if not first:  # what was announced while not listening is checked for
                        heard(None)
                    first = False
                    while not self._stopping.is_set():
                        for note in db.notifies(timeout=0.5):
                            heard(note.payload)
            except psycopg.Error as exc:
                if self._stopping.is_set():
                    break
                log.warning("legends: lost the channel of the %s (%s); listening again",
                            self.where, _first_line(exc))
                first = False
                time.sleep(RECONNECT)

    def stop_listening(self) -> None:
        self._stopping.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
            self._listener = None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__

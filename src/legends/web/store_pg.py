"""The games in a PostgreSQL database, shared by several server processes or machines
(``legends serve --db postgresql://...``; needs the ``postgres`` extra: psycopg 3).

The tables are those of the SQLite store, in a schema of their own named ``legends``, so the
database may hold other things too. Each change is one transaction; an action is appended
under a row lock on its game (``SELECT ... FOR UPDATE``), after checking that the store holds
exactly the actions before it, so two processes can never both store an action number, nor
one store it out of order (:class:`~legends.web.store.StaleStep`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import psycopg

from .store import EXTRAS, FORMAT, SCHEMA, VERSION, Run, Store, StoreError, _schema_problem

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

    _LOCK_GAME = "SELECT 1 FROM games WHERE code = ? FOR UPDATE"

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
        with self._lock:
            self._db.close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__

"""Games kept in an SQLite file, so that a server restart or a browser reload loses nothing.

A game is stored as its record's start (how it was set up, seed and salt included: this file
is the referee's and must stay on the server), the seats (who plays each: a person or a
computer player), one row per action, and per seat the events that seat was shown, so a
reconnecting browser gets its log back without the server replaying the game. Seat tokens are
stored hashed: the file alone does not let anyone act for a seat. The file (and SQLite's
``-wal`` and ``-shm`` files beside it) can be read and written by its owner only.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

import attrs

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    start TEXT NOT NULL,          -- the record without its actions (JSON)
    seats TEXT NOT NULL,          -- seat name -> {"kind": "human" | "computer", ...} (JSON)
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,      -- sha256 of the seat token
    code TEXT NOT NULL,
    seat TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS shown (
    code TEXT NOT NULL,
    seat TEXT NOT NULL,
    seq INTEGER NOT NULL,
    events TEXT NOT NULL,         -- what that seat was shown after one action (JSON)
    PRIMARY KEY (code, seat, seq)
);
"""


def _private(path: str) -> None:
    """Create the database file readable by its owner only (it holds every game's seed and
    hidden setup), or make an existing one so."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@attrs.frozen
class StoredGame:
    """One game as read back: enough to rebuild it with :meth:`legends_core.Game.from_record`."""

    code: str
    created: str
    start: dict[str, Any]
    seats: dict[str, dict[str, Any]]
    actions: list[str]

    def record(self) -> dict[str, Any]:
        return {**self.start, "actions": list(self.actions)}


class Store:
    """The games of one server, in the SQLite database at ``path`` (``":memory:"`` for tests).

    Safe to share between threads (one connection, used under a lock); every change is one
    transaction, so a crash leaves either the whole step or none of it.
    """

    def __init__(self, path: str):
        self.path = path
        if path != ":memory:":
            _private(path)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(SCHEMA)
        if path != ":memory:":
            # SQLite gives its side files the database file's mode; older ones are tightened.
            for side in ("-wal", "-shm"):
                if os.path.exists(path + side):
                    os.chmod(path + side, 0o600)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, statements: Iterable[tuple[str, tuple[Any, ...]]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -- games -------------------------------------------------------------------------
    def create(self, code: str, start: dict[str, Any], seats: Mapping[str, dict[str, Any]]) -> None:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        self._write([("INSERT INTO games (code, created, start, seats) VALUES (?, ?, ?, ?)",
                      (code, created, json.dumps(start), json.dumps(dict(seats))))])

    def exists(self, code: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is not None

    def load(self, code: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute("SELECT created, start, seats FROM games WHERE code = ?",
                                   (code,)).fetchone()
            if row is None:
                return None
            actions = [a for (a,) in self._db.execute(
                "SELECT action FROM actions WHERE code = ? ORDER BY seq", (code,))]
        return StoredGame(code, row[0], json.loads(row[1]), json.loads(row[2]), actions)

    def set_seats(self, code: str, seats: Mapping[str, dict[str, Any]]) -> None:
        self._write([("UPDATE games SET seats = ? WHERE code = ?", (json.dumps(dict(seats)), code))])

    def add_step(self, code: str, seq: int, action: str, shown: Mapping[str, list[dict[str, Any]]],
                 over: bool) -> None:
        """Store one action and what each seat was shown because of it."""
        steps: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO actions (code, seq, action) VALUES (?, ?, ?)", (code, seq, action))]
        for seat, events in shown.items():
            if events:
                steps.append(("INSERT INTO shown (code, seat, seq, events) VALUES (?, ?, ?, ?)",
                              (code, seat, seq, json.dumps(events))))
        if over:
            steps.append(("UPDATE games SET over = 1 WHERE code = ?", (code,)))
        self._write(steps)

    def shown(self, code: str, seat: str, *, since: int = 0,
              before: int | None = None) -> list[dict[str, Any]]:
        """The events ``seat`` was shown in game ``code`` because of the actions numbered
        ``since`` up to (not including) ``before``, oldest first."""
        end = 2**62 if before is None else before
        with self._lock:
            rows = self._db.execute("SELECT events FROM shown WHERE code = ? AND seat = ? "
                                    "AND seq >= ? AND seq < ? ORDER BY seq",
                                    (code, seat, since, end)).fetchall()
        return [e for (text,) in rows for e in json.loads(text)]

    # -- seat tokens -------------------------------------------------------------------
    def add_token(self, token: str, code: str, seat: str) -> None:
        self._write([("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, ?)",
                      (token_digest(token), code, seat))])

    def seat_of(self, token: str, code: str) -> str | None:
        """The seat ``token`` holds in game ``code`` (``None``: it holds none there)."""
        with self._lock:
            row = self._db.execute("SELECT seat FROM tokens WHERE digest = ? AND code = ?",
                                   (token_digest(token), code)).fetchone()
        return None if row is None else str(row[0])

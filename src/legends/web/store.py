"""Where the server keeps its games: an SQLite file (one server process) or a PostgreSQL
database (several processes or machines sharing games, ``legends serve --workers N``).

A game is stored as its record's start (how it was set up, seed and salt included: the store
is the referee's and must stay on the server), the seats (who plays each: a person or a
computer player), one row per action, and per seat the events that seat was shown, so a
reconnecting browser gets its log back without the server replaying the game. Seat tokens are
stored hashed: the store alone does not let anyone act for a seat. While the players of a game
still arrange their setups (:mod:`.arranging`), its start is ``{"arranging": ...}``: the setup
lines sent so far, as secret as the seed; :meth:`Store.replace_start` swaps it for the record
once the game is built.

:class:`Store` is what the server uses; :func:`open_store` picks the backend from ``--db``
(a file path, or a ``postgresql://`` URL). Every change is one transaction. Actions are
appended by number under a lock on their game: a process whose copy of a game is behind (another
process stored that action first) gets :class:`StaleStep` and stores nothing, so each game's
actions are kept in order, each exactly once.

The SQLite file is checked before it is used (SQLite's ``quick_check``, and that it holds this
program's tables); an empty, truncated, damaged or foreign file, or one with a damaged header,
is refused with one line saying why, and never silently replaced by a fresh store
(``init=True``, ``legends serve --init``, moves it aside and starts anew). A file shorter than
its header says whose write-ahead log holds the rest (SQLite was stopped while copying the log
in, by a full disk say) is not truncated: the log is copied in, once that was tried on a copy
and gave a whole store (:mod:`.sqlite_faults`). While the server runs, every use checks that
the file is still the one opened, no shorter than it was and with its header whole: a file
removed, replaced, truncated or damaged under the server makes the store refuse everything from
then on (:class:`StoreLost`) rather than take actions it would lose, and the shutdown does not
copy the log into it. A read or write that fails (a full disk) is refused with
:class:`StoreError`, saying why in words. The file, its ``-wal`` and ``-shm`` files and the
marker beside it are readable and writable by their owner only.
"""

from __future__ import annotations

import abc
import hashlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, NamedTuple, NoReturn

import attrs

from . import accounts_store, lobby_store, ratings_store
from .sqlite_faults import (
    SQLITE_MAGIC,
    checkpoint,
    close_without_checkpoint,
    has_log,
    has_sqlite_pages,
    header_damage,
    in_words,
    no_room,
    replay_on_copy,
)

log = logging.getLogger(__name__)

#: This program's tables. ``store_info`` says whose store this is (``format``) and its
#: ``version``; stores made before it existed have the other four tables and get it added.
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    start TEXT NOT NULL,          -- the record without its actions, or {"arranging": ...} (JSON)
    seats TEXT NOT NULL,          -- seat name -> {"kind": "human" | "computer", ...} (JSON)
    over INTEGER NOT NULL DEFAULT 0,
    rev INTEGER NOT NULL DEFAULT 0  -- changes stored so far (see Store.changes)
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
CREATE TABLE IF NOT EXISTS store_info (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
#: A game's draw offer and clocks (JSON; see :mod:`.endings`). Added after the first stores
#: were made, so a store without it gets it when opened.
EXTRAS = """
CREATE TABLE IF NOT EXISTS game_extras (
    code TEXT PRIMARY KEY,
    extras TEXT NOT NULL
)"""
SCHEMA += EXTRAS + ";\n"
#: The ratings (:mod:`.ratings_store`). Added after the first stores were made, so a store
#: without them gets them when opened.
SCHEMA += ratings_store.TABLES + ";\n"
#: The accounts (:mod:`.accounts_store`), added the same way.
SCHEMA += accounts_store.TABLES + ";\n"
#: The lobby (:mod:`.lobby_store`), added the same way.
SCHEMA += lobby_store.TABLES + ";\n"
#: A game's revision: how many changes of it are stored (actions, seats, start, offers and
#: clocks). Every change is compare-and-set on it. Added after the first stores were made.
REV = "ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0"
FORMAT = "legends-games"
VERSION = 1
#: The columns of each table, as this program reads and writes them.
TABLES = {
    "games": {"code", "created", "start", "seats", "over"},
    "actions": {"code", "seq", "action"},
    "tokens": {"digest", "code", "seat"},
    "shown": {"code", "seat", "seq", "events"},
}
#: Beside an SQLite store: says that a store is kept there, so a missing file is noticed.
MARKER_SUFFIX = ".legends-store"
MARKER_TEXT = """\
legends: a games store is kept in the SQLite file beside this one (same name without
'.legends-store'). If that file is missing or empty, its games are lost unless restored from a
backup ('legends backup' makes one); 'legends serve --init' starts a new, empty store instead.
"""


class StoreError(Exception):
    """The store cannot be used, or refused a change; the text is one line saying why."""


class StoreLost(StoreError):
    """The store's file was removed, replaced or truncated while the server ran: every use is
    refused until the server is restarted on a restored file."""


class StaleStep(StoreError):
    """A change was stored for a game that had changed meanwhile (another server process
    stored something of it first): nothing was changed; catch the game up from the store
    (:meth:`Store.changes`) and try again."""


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
    #: the draw offer standing and the clocks, as :meth:`Store.set_extras` stored them
    extras: dict[str, Any] = attrs.field(factory=dict)
    #: the game's revision: how many changes of it are stored
    rev: int = 0

    def record(self) -> dict[str, Any]:
        return {**self.start, "actions": list(self.actions)}


@attrs.frozen
class Changes:
    """A game as stored now, for a server process whose copy of it may be behind
    (:meth:`Store.changes`): everything but the actions it has already."""

    rev: int
    start: dict[str, Any]
    seats: dict[str, dict[str, Any]]
    extras: dict[str, Any]
    #: the stored actions from number ``since`` on (the ones asked for), oldest first
    since: int
    actions: list[str]


Run = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]


class Step(NamedTuple):
    """One action of one game to store (see :meth:`Store.add_step`)."""

    code: str
    seq: int
    action: str
    shown: Mapping[str, list[dict[str, Any]]]
    over: bool
    #: the draw offer and clocks after this action (``None``: unchanged)
    extras: Mapping[str, Any] | None = None
    #: the game's revision the action was made on: stored only if the game is still at it
    #: (``None``: only ``seq`` is checked)
    rev: int | None = None
    #: for the step that ends the game: each seat's side and score, counted if the game is
    #: rated (:mod:`legends.web.ratings_store`)
    outcome: ratings_store.Outcome | None = None


class Store(abc.ABC):
    """The games of one server (or of several processes sharing one database).

    Safe to share between threads. The SQL here is written with ``?`` placeholders; each
    backend runs it in its own way (:class:`SQLiteStore`,
    :class:`~legends.web.store_pg.PostgresStore`).
    """

    #: where the games are, for messages (a URL without its password)
    where: str = ""
    #: what opening the store did that its user should hear of (a damaged file moved aside)
    notes: list[str]

    # -- what a backend provides ------------------------------------------------------
    @abc.abstractmethod
    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read."""

    @abc.abstractmethod
    def _transaction(self, lock_game: str | None = None, *, write: bool = True) -> Any:
        """A context manager: one transaction, yielding a function that runs a statement in
        it and returns its rows. With ``lock_game``, that game's row is locked first (other
        writers to the same game wait), and :class:`StoreError` is raised if it is missing.
        ``write=False``: the transaction only reads (one consistent snapshot)."""

    @abc.abstractmethod
    def close(self) -> None:
        """Write everything out and let go of the database (the server's shutdown calls it)."""

    # -- telling the other server processes --------------------------------------------
    #: does this store tell the other processes that share it of changes (PostgreSQL)? An
    #: SQLite store serves one process, which has every change first hand.
    shared = False

    def announce(self, code: str, steps: int, rev: int) -> None:
        """Tell every process sharing the store that game ``code`` now has ``steps`` actions
        for its people to be shown, at revision ``rev`` (never waits; nothing to do for a
        store only one process uses)."""
        return None

    def announce_watchers(self, code: str, process: str, count: int) -> None:
        """Tell every process sharing the store that ``process`` has ``count`` spectators of
        game ``code`` (:mod:`legends.web.watch_counts`; nothing to do for a store one process uses)."""
        return None

    def announce_revocation(self, token_id: str) -> None:
        """Tell every process sharing the store that the access token ``token_id`` was
        revoked (:mod:`legends.web.revocations`; nothing to do for a store one process uses)."""
        return None

    def listen(self, heard: Callable[[str | None], None]) -> None:
        """Call ``heard(payload)`` from a thread of the store's own for every announcement
        (:meth:`announce`) by any process, this one included; ``heard(None)`` when some may
        have been missed (the connection was lost and made again), so that every game in
        memory is checked against the store. Nothing for a store only one process uses."""
        return None

    def stop_listening(self) -> None:
        """Stop :meth:`listen` (the server's shutdown calls it)."""
        return None

    # -- games -------------------------------------------------------------------------
    def create(self, code: str, start: dict[str, Any], seats: Mapping[str, dict[str, Any]]) -> None:
        """Store a new game (at revision 0)."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._transaction() as run:
            run("INSERT INTO games (code, created, start, seats) VALUES (?, ?, ?, ?)",
                (code, created, json.dumps(start), json.dumps(dict(seats))))

    def exists(self, code: str) -> bool:
        return bool(self._query("SELECT 1 FROM games WHERE code = ?", (code,)))

    def load(self, code: str) -> StoredGame | None:
        with self._transaction(write=False) as run:  # the game and its actions agree
            rows = run("SELECT created, start, seats, rev FROM games WHERE code = ?", (code,))
            if not rows:
                return None
            actions = [a for (a,) in run(
                "SELECT action FROM actions WHERE code = ? ORDER BY seq", (code,))]
            extras = run("SELECT extras FROM game_extras WHERE code = ?", (code,))
        created, start, seats, rev = rows[0]
        return StoredGame(code, created, json.loads(start), json.loads(seats), actions,
                          json.loads(extras[0][0]) if extras else {}, int(rev))

    def changes(self, code: str, since: int) -> Changes | None:
        """Game ``code`` as stored now, with its actions from number ``since`` on (one
        consistent read), or ``None`` if there is no such game."""
        with self._transaction(write=False) as run:
            rows = run("SELECT start, seats, rev FROM games WHERE code = ?", (code,))
            if not rows:
                return None
            actions = [a for (a,) in run(
                "SELECT action FROM actions WHERE code = ? AND seq >= ? ORDER BY seq",
                (code, since))]
            extras = run("SELECT extras FROM game_extras WHERE code = ?", (code,))
        start, seats, rev = rows[0]
        return Changes(int(rev), json.loads(start), json.loads(seats),
                       json.loads(extras[0][0]) if extras else {}, since, actions)

    def revs(self, codes: Sequence[str]) -> dict[str, int]:
        """The stored revision of each of ``codes`` that exists."""
        found: dict[str, int] = {}
        for i in range(0, len(codes), 500):
            part = list(codes[i:i + 500])
            marks = ", ".join("?" * len(part))
            found.update((str(c), int(r)) for c, r in self._query(
                f"SELECT code, rev FROM games WHERE code IN ({marks})", tuple(part)))
        return found

    def set_extras(self, code: str, extras: Mapping[str, Any], *,
                   rev: int | None = None) -> int:
        """Keep game ``code``'s draw offer and clocks (a change that is not an action);
        returns the game's new revision.

        :raises StaleStep: ``rev`` is given and the game is no longer at it; nothing stored.
        """
        with self._transaction(lock_game=code) as run:
            new = _bump(run, code, rev)
            _put_extras(run, code, extras)
        return new

    def take_seat(self, code: str, name: str,
                  token: str) -> tuple[str | None, dict[str, Any], int]:
        """Give the first free seat for a person in game ``code`` to ``name``, with ``token``
        to play it, and return it (``None``: no seat is free) with every seat as now stored
        and the game's revision. Done under the game's lock, so two processes never hand out
        the same seat."""
        with self._transaction(lock_game=code) as run:
            seats = json.loads(run("SELECT seats FROM games WHERE code = ?", (code,))[0][0])
            free = [s for s, info in seats.items()
                    if info.get("kind") == "human" and not info.get("taken")]
            if not free:
                (rev,) = run("SELECT rev FROM games WHERE code = ?", (code,))[0]
                return None, seats, int(rev)
            seat = free[0]
            seats[seat] = {**seats[seat], "taken": True, "name": name}
            rev = _bump(run, code, None)
            run("UPDATE games SET seats = ? WHERE code = ?", (json.dumps(seats), code))
            run("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, ?)",
                (token_digest(token), code, seat))
        return seat, seats, rev

    def replace_start(self, code: str, old: dict[str, Any], new: dict[str, Any],
                      extras: Mapping[str, Any] | None = None, *,
                      rev: int | None = None) -> int:
        """Store ``new`` as game ``code``'s start in place of ``old`` (a game still being
        arranged: a seat's setup line added, or the game built once all are in), and, given
        ``extras``, its draw offer and clocks (those that start with the game); returns the
        game's new revision.

        :raises StaleStep: the stored start is not ``old``, actions are stored, or ``rev`` is
            given and the game is no longer at it (another process changed the game first);
            nothing is stored.
        """
        with self._transaction(lock_game=code) as run:
            (start,) = run("SELECT start FROM games WHERE code = ?", (code,))[0]
            have = int(run("SELECT count(*) FROM actions WHERE code = ?", (code,))[0][0])
            if json.loads(start) != old or have:
                raise StaleStep(f"game {code} was changed elsewhere first; nothing was stored: "
                                "reload the game")
            new_rev = _bump(run, code, rev)
            run("UPDATE games SET start = ? WHERE code = ?", (json.dumps(new), code))
            if extras is not None:
                _put_extras(run, code, extras)
        return new_rev

    def steps(self, code: str) -> int:
        """How many actions of game ``code`` are stored."""
        return int(self._query("SELECT count(*) FROM actions WHERE code = ?", (code,))[0][0])

    def add_step(self, code: str, seq: int, action: str, shown: Mapping[str, list[dict[str, Any]]],
                 over: bool, extras: Mapping[str, Any] | None = None,
                 rev: int | None = None, outcome: ratings_store.Outcome | None = None) -> int:
        """Store action number ``seq`` (counting from 0) of game ``code`` and what each seat
        was shown because of it (and, given ``extras``, the draw offer and clocks after it);
        returns the game's new revision. The step that ends a rated game (``outcome``) counts
        its end in the ratings, in the same transaction.

        :raises StaleStep: the store does not hold exactly ``seq`` actions of that game, or
            ``rev`` is given and the game is no longer at it (another process stored a change
            first); nothing is stored.
        """
        step = Step(code, seq, action, shown, over, extras, rev, outcome)
        with self._transaction(lock_game=code) as run:
            new = self._write_step(run, step)
            self._count_ends(run, [step])
        return new

    def add_steps(self, steps: Sequence[Step]) -> list[int | StoreError]:
        """Store the actions of several games in one transaction, so that they wait for the
        disk once between them; each is stored or refused on its own (as by
        :meth:`add_step`): the answer holds, for each step, the game's new revision (stored)
        or why not.

        :raises StoreError: the transaction failed as a whole; nothing is stored.
        """
        answers: list[int | StoreError] = [0] * len(steps)
        stored: list[Step] = []
        with self._transaction() as run:
            # In order of code: two processes locking the same games take them in one order.
            for i in sorted(range(len(steps)), key=lambda i: steps[i].code):
                step = steps[i]
                run("SAVEPOINT step")
                try:
                    if not run(self._LOCK_GAME, (step.code,)):
                        raise StoreError(f"no game {step.code} in the store")
                    answers[i] = self._write_step(run, step)
                    stored.append(step)
                except StoreError as exc:
                    run("ROLLBACK TO SAVEPOINT step")
                    answers[i] = exc
                run("RELEASE SAVEPOINT step")
            # After every game's lock is held (see .ratings_store): the ratings the ends change.
            self._count_ends(run, stored)
        return answers

    #: the statement that finds a game's row and keeps other writers off it until the end of
    #: the transaction (SQLite's transactions already take the whole database)
    _LOCK_GAME = "SELECT 1 FROM games WHERE code = ?"

    #: what locks the rating rows a ``SELECT`` reads until the end of the transaction
    _LOCK_ROWS = ""

    def _count_ends(self, run: Run, steps: Sequence[Step]) -> None:
        ends = [(s.code, s.outcome) for s in steps if s.over and s.outcome is not None]
        if ends:
            ratings_store.count_ends(run, ends, self._LOCK_ROWS)
            accounts_store.settle(run, ends)

    # -- ratings (see .ratings_store) --------------------------------------------------
    def rate_game(self, code: str, edition: str,
                  players: Mapping[str, Mapping[str, str]]) -> None:
        """Make game ``code`` (of ``edition``) a rated one, with the player id and name of each
        seat known so far (``{"player": ..., "name": ...}``; see :meth:`rate_seat`)."""
        with self._transaction(lock_game=code) as run:
            ratings_store.add_game(run, code, edition, players)

    def rate_seat(self, code: str, seat: str, player: str, name: str) -> bool:
        """Give ``seat`` of game ``code`` its player id, if the game is rated (``False``: it
        is not)."""
        with self._transaction(lock_game=code) as run:
            return ratings_store.add_player(run, code, seat, player, name)

    def is_rated(self, code: str) -> bool:
        with self._transaction(write=False) as run:
            return ratings_store.is_rated(run, code)

    def leaderboard(self, edition: str, limit: int = 50) -> list[dict[str, Any]]:
        """The best rated players of ``edition`` (:func:`legends.web.ratings_store.leaderboard`)."""
        with self._transaction(write=False) as run:
            return ratings_store.leaderboard(run, edition, limit)

    def rating_results(self, code: str) -> list[dict[str, Any]]:
        """What game ``code``'s end changed in the ratings (empty: not rated, or not over)."""
        with self._transaction(write=False) as run:
            return ratings_store.results(run, code)

    # -- accounts (see .accounts_store and .accounts) ------------------------------------
    def add_account(self, ident: str, name: str, password_hash: str, when: float) -> bool:
        """Make an account; ``False``: its name is taken (in any case)."""
        with self._transaction() as run:
            return accounts_store.add_account(run, ident, name, password_hash, when)

    def find_account(self, name: str) -> tuple[str, str, str, float] | None:
        with self._transaction(write=False) as run:
            return accounts_store.find_account(run, name)

    def set_password_hash(self, ident: str, password_hash: str) -> None:
        with self._transaction() as run:
            accounts_store.set_hash(run, ident, password_hash)

    def add_session(self, digest: str, account: str, expires: float, now: float) -> None:
        with self._transaction() as run:
            accounts_store.add_session(run, digest, account, expires, now)

    def session_account(self, digest: str, now: float, extend_to: float
                        ) -> tuple[str, str] | None:
        with self._transaction() as run:
            return accounts_store.session_account(run, digest, now, extend_to)

    def drop_session(self, digest: str) -> None:
        with self._transaction() as run:
            accounts_store.drop_session(run, digest)

    def sign_in_failures(self, subjects: Sequence[str], since: float) -> list[float]:
        with self._transaction(write=False) as run:
            return accounts_store.failures(run, subjects, since)

    def add_sign_in_failure(self, subjects: Sequence[str], when: float,
                            forget_before: float) -> None:
        with self._transaction() as run:
            accounts_store.add_failure(run, subjects, when, forget_before)

    def drop_sign_in_failure(self, subjects: Sequence[str], when: float) -> None:
        with self._transaction() as run:
            accounts_store.drop_failure(run, subjects, when)

    def add_account_game(self, account: str, code: str, seat: str, edition: str, rated: bool,
                         when: float) -> None:
        with self._transaction() as run:
            accounts_store.add_game(run, account, code, seat, edition, rated, when)

    def account_seat(self, account: str, code: str) -> str | None:
        with self._transaction(write=False) as run:
            return accounts_store.seat_of(run, account, code)

    def account_games(self, account: str, **filters: Any) -> list[dict[str, Any]]:
        with self._transaction(write=False) as run:
            return accounts_store.games(run, account, **filters)

    def account_tallies(self, account: str) -> dict[str, int]:
        with self._transaction(write=False) as run:
            return accounts_store.tallies(run, account)

    def player_ratings(self, player: str) -> list[dict[str, Any]]:
        with self._transaction(write=False) as run:
            return accounts_store.ratings(run, player)

    # -- personal access tokens (see .accounts_store and .accounts) ---------------------
    def add_access_token(self, ident: str, digest: str, account: str, label: str, scope: str,
                         when: float, expires: float | None, most: int) -> bool:
        with self._transaction() as run:
            return accounts_store.add_token(run, ident, digest, account, label, scope, when,
                                            expires, most)

    def access_tokens(self, account: str) -> list[dict[str, Any]]:
        with self._transaction(write=False) as run:
            return accounts_store.tokens(run, account)

    def drop_access_token(self, account: str, ident: str) -> bool:
        with self._transaction() as run:
            return accounts_store.drop_token(run, account, ident)

    def access_token_account(self, digest: str, now: float, quiet: float
                             ) -> tuple[str, str, str, str, float | None] | None:
        """``(account id, name, scope, token id, expiry)`` of the token ``digest``, its use
        noted unless it has expired (read first, and written only when the last use noted is
        ``quiet`` seconds old: a bot's every request is no write)."""
        with self._transaction(write=False) as run:
            found = accounts_store.token_account(run, digest)
        if found is None:
            return None
        ident, name, scope, used, token_id, expires = found
        live = expires is None or now < expires
        if live and (used is None or used <= now - quiet):
            with self._transaction() as run:
                accounts_store.note_token_use(run, digest, now)
        return ident, name, scope, token_id, expires

    @staticmethod
    def _write_step(run: Run, step: Step) -> int:
        code, seq = step.code, step.seq
        have = int(run("SELECT count(*) FROM actions WHERE code = ?", (code,))[0][0])
        if have != seq:
            raise StaleStep(f"game {code} was changed elsewhere first (the store holds "
                            f"{have} of its actions, this server's copy {seq}); nothing "
                            "was stored: reload the game")
        rev = _bump(run, code, step.rev)
        run("INSERT INTO actions (code, seq, action) VALUES (?, ?, ?)", (code, seq, step.action))
        for seat, events in step.shown.items():
            if events:
                run("INSERT INTO shown (code, seat, seq, events) VALUES (?, ?, ?, ?)",
                    (code, seat, seq, json.dumps(events)))
        if step.over:
            run("UPDATE games SET over = 1 WHERE code = ?", (code,))
        if step.extras is not None:
            _put_extras(run, code, step.extras)
        return rev

    def shown(self, code: str, seat: str, *, since: int = 0,
              before: int | None = None) -> list[dict[str, Any]]:
        """The events ``seat`` was shown in game ``code`` because of the actions numbered
        ``since`` up to (not including) ``before``, oldest first."""
        end = 2**62 if before is None else before
        rows = self._query("SELECT events FROM shown WHERE code = ? AND seat = ? "
                           "AND seq >= ? AND seq < ? ORDER BY seq", (code, seat, since, end))
        return [e for (text,) in rows for e in json.loads(text)]

    def shown_by_step(self, code: str, seat: str, *,
                      before: int | None = None) -> list[tuple[int, list[dict[str, Any]]]]:
        """As :meth:`shown`, from the first action, each action's events apart: ``(seq,
        events)`` pairs, oldest first (actions that showed ``seat`` nothing left out)."""
        end = 2**62 if before is None else before
        rows = self._query("SELECT seq, events FROM shown WHERE code = ? AND seat = ? "
                           "AND seq < ? ORDER BY seq", (code, seat, end))
        return [(int(seq), json.loads(text)) for seq, text in rows]

    def counts(self) -> tuple[int, int]:
        """How many games, and actions in all, the store holds."""
        games = self._query("SELECT count(*) FROM games")[0][0]
        actions = self._query("SELECT count(*) FROM actions")[0][0]
        return int(games), int(actions)

    def codes(self) -> list[str]:
        """The codes of every stored game (for checks and tests)."""
        return [str(c) for (c,) in self._query("SELECT code FROM games ORDER BY code")]

    # -- seat tokens -------------------------------------------------------------------
    def add_token(self, token: str, code: str, seat: str) -> None:
        with self._transaction() as run:
            run("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, ?)",
                (token_digest(token), code, seat))

    def seat_of(self, token: str, code: str) -> str | None:
        """The seat ``token`` holds in game ``code`` (``None``: it holds none there)."""
        rows = self._query("SELECT seat FROM tokens WHERE digest = ? AND code = ?",
                           (token_digest(token), code))
        return None if not rows else str(rows[0][0])


def _bump(run: Run, code: str, expected: int | None) -> int:
    """Count one more change of game ``code`` (its row is locked by the transaction) and
    return its new revision; with ``expected``, only if that is the revision stored now."""
    (rev,) = run("SELECT rev FROM games WHERE code = ?", (code,))[0]
    if expected is not None and int(rev) != expected:
        raise StaleStep(f"game {code} was changed elsewhere first (revision {rev}, this "
                        f"server's copy {expected}); nothing was stored: catch up and retry")
    run("UPDATE games SET rev = ? WHERE code = ?", (int(rev) + 1, code))
    return int(rev) + 1


def _put_extras(run: Run, code: str, extras: Mapping[str, Any]) -> None:
    run("INSERT INTO game_extras (code, extras) VALUES (?, ?) ON CONFLICT (code) "
        "DO UPDATE SET extras = excluded.extras", (code, json.dumps(dict(extras))))


def is_url(target: str) -> bool:
    """Does ``--db`` name a PostgreSQL database (rather than an SQLite file)?"""
    return target.startswith(("postgresql://", "postgres://"))


def open_store(target: str, *, init: bool = False) -> Store:
    """The store at ``target``: a ``postgresql://`` URL (needs the ``postgres`` extra), or an
    SQLite file path (``":memory:"`` for tests), checked before use.

    :param init: start a new, empty store where there is none that can be used; an unusable
        SQLite file (empty, truncated, damaged or foreign) is moved aside, not deleted.
    :raises StoreError: the store cannot be used (one line saying why and what to do).
    """
    if is_url(target):
        try:
            from .store_pg import PostgresStore
        except ImportError:
            raise StoreError("a postgresql:// database needs the 'postgres' extra: "
                             "pip install 'legends[postgres]'") from None
        return PostgresStore(target, init=init)
    return SQLiteStore(target, init=init)


# -- SQLite ------------------------------------------------------------------------------
def _private(path: str) -> None:
    """Make an existing file readable and writable by its owner only (it holds every game's
    seed and hidden setup)."""
    os.chmod(path, 0o600)


SETTLE_TRIES = 25     # looks at a file shorter than its header says, before it counts as cut
SETTLE_PAUSE = 0.02   # seconds between them


def _header_size(header: bytes) -> int | None:
    """The database size an SQLite file's header gives, in bytes (``None``: not recorded)."""
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        return None
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # The count is valid only when written by the same change as the change counter.
    if pages == 0 or header[24:28] != header[92:96]:
        return None
    return pages * page_size


def _read_header(path: str) -> bytes:
    """The file's header and the byte after it (the kind of page 1's b-tree page)."""
    with open(path, "rb") as f:
        return f.read(101)


def check_sqlite_file(path: str) -> str | None:
    """What is wrong with the SQLite file at ``path`` itself, its write-ahead log aside
    (``None``: nothing seen; SQLite's own check comes after).

    :raises OSError: the file cannot be read.
    """
    size = os.path.getsize(path)
    if size == 0:
        return "is empty (0 bytes)"
    header = _read_header(path)
    if header.startswith(SQLITE_MAGIC) and len(header) < 100:
        return f"is truncated ({size} bytes: not even its header is whole)"
    damage = header_damage(header)
    if damage is not None:
        if header.startswith(SQLITE_MAGIC) or has_sqlite_pages(header):
            return f"has a damaged header ({damage})"
        return "is not an SQLite database (damaged, or some other file)"
    expected = _header_size(header)
    if expected is not None and size < expected:
        return f"is truncated ({size} bytes of the {expected} its header names)"
    return None


def _whole_store(path: str) -> str | None:
    """What is wrong with the file at ``path`` as a games store (``None``: nothing)."""
    return check_sqlite_file(path) or SQLiteStore._check_database(path)


def _with_log(path: str, problem: str) -> str | None:
    """A file that looks truncated or damaged (``problem``) with a write-ahead log beside it
    may be whole once the log is copied in: SQLite stopped while copying it (a full disk), or
    the log holds the pages that were damaged. That is tried on copies of the file and its
    log, never on them; ``None``: the copy came out whole, else why the file is refused."""
    try:
        after = replay_on_copy(path, _whole_store)
    except (OSError, sqlite3.Error) as exc:
        # Not a verdict on the file (a full disk, most likely): neither a backup nor --init
        # is the remedy, and --init must not move a store that may well be whole aside.
        raise StoreError(f"{path} {problem}; its write-ahead log may hold the rest, but "
                         f"trying that on a copy failed ({in_words(exc, path)}): fix that "
                         "(make room on the disk) and start again; the file and its log are "
                         "untouched") from None
    if after is not None:
        return (f"{problem}, and its write-ahead log does not make it whole (with the log "
                f"copied in, a copy of it {after})")
    return None


def _schema_problem(tables: dict[str, set[str]]) -> str | None:
    """Why the tables found are not this program's store (``None``: they are)."""
    if not tables:
        return "holds no games store (no tables)"
    missing = [name for name in TABLES if name not in tables]
    if missing:
        return ("is not a legends games store (it lacks the tables "
                f"{', '.join(missing)})")
    for name, columns in TABLES.items():
        if not columns <= tables[name]:
            return (f"is not a legends games store (its table {name} lacks "
                    f"{', '.join(sorted(columns - tables[name]))})")
    return None


class SQLiteStore(Store):
    """The games in an SQLite file at ``path`` (``":memory:"`` for tests), used by one server
    process (one connection, under a lock)."""

    def __init__(self, path: str, *, init: bool = False):
        self.path = self.where = path
        self.notes = []
        self._lock = threading.Lock()
        self._lost: str | None = None
        self._fault = ""  # what happened to the file, once it is lost
        self._closed = False
        self._identity: tuple[int, int] | None = None
        self._log_identity: tuple[int, int] | None = None  # the -wal file's
        self._size = 0
        if path == ":memory:":
            self._db = self._connect(path)
            self._db.executescript(SCHEMA)
            self._stamp()
            return
        try:
            self._open(path, init)
        except OSError as exc:  # the file or its folder could not be read or written
            if hasattr(self, "_db"):
                self._db.close()
            raise StoreError(f"{path} cannot be used: {in_words(exc, path)}") from None

    def _open(self, path: str, init: bool) -> None:
        marker = path + MARKER_SUFFIX
        if not os.path.exists(path):
            if os.path.exists(marker) and not init:
                raise StoreError(
                    f"{path} is missing, but a games store was kept there ({marker} says so): "
                    "restore it from a backup, or start a new, empty store with "
                    "'legends serve --init'")
            self._create(path)
        else:
            problem = self._judge(path)
            if problem is not None:
                if not init:
                    raise StoreError(
                        f"{path} {problem}: restore it from a backup, or start a new, empty "
                        "store with 'legends serve --init' (the file is then kept aside)")
                aside = self._move_aside(path)
                self.notes.append(f"{path} {problem}: moved it to {aside} and started a new store")
                self._create(path)
        _private(path)
        try:
            self._db = self._connect(path)
        except sqlite3.Error as exc:
            raise StoreError(f"{path} cannot be used: {in_words(exc, path)}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._upgrade()
        except sqlite3.Error as exc:
            self._db.close()
            raise StoreError(f"{path} cannot be used: {in_words(exc, path)}") from None
        # SQLite gives its side files the database file's mode; older ones are tightened.
        for side in ("-wal", "-shm"):
            if os.path.exists(path + side):
                os.chmod(path + side, 0o600)
        self._mark(path, marker)
        st = os.stat(path)
        self._identity = (st.st_dev, st.st_ino)
        self._size = st.st_size
        try:  # made by the first read in WAL mode; SQLite keeps it while a connection is open
            log_st = os.stat(path + "-wal")
            self._log_identity = (log_st.st_dev, log_st.st_ino)
        except FileNotFoundError:
            pass

    def _judge(self, path: str) -> str | None:
        """What is wrong with the existing file at ``path`` (``None``: nothing). A file that
        SQLite stopped copying its write-ahead log into (a full disk at the last shutdown) is
        short of what its header says until the log is copied in: that is tried on a copy
        first, and done to the file itself only if the copy comes out whole."""
        seen = check_sqlite_file(path)
        # (SQLite drops the log of an empty file: no trial can make that one whole.)
        if seen is None or not has_log(path) or os.path.getsize(path) == 0:
            return seen or self._check_database(path)
        problem = _with_log(path, seen)
        if problem is not None:
            return problem
        try:
            checkpoint(path)
        except sqlite3.Error as exc:
            return (f"{seen}; its write-ahead log makes it whole (as tried on a copy), but "
                    f"copying the log into it failed: {in_words(exc, path)}")
        problem = check_sqlite_file(path)
        if problem is not None:
            return f"{problem}, even with its write-ahead log copied in"
        self.notes.append(f"{path} {seen}, but its write-ahead log held what was missing (a "
                          "checkpoint cut short): copied the log into it, after trying that "
                          "on a copy")
        return self._check_database(path)

    def _mark(self, path: str, marker: str) -> None:
        """Leave the marker beside the store (once): a missing store file is then noticed.
        A marker that cannot be written does not stop the server; it is said at the start."""
        if os.path.exists(marker):
            return
        try:
            fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return  # another process wrote it meanwhile
        except OSError as exc:
            self.notes.append(f"could not write {marker} ({in_words(exc, path)}): if {path} "
                              "goes missing, a restart will not notice")
            return
        try:
            with os.fdopen(fd, "w") as f:
                f.write(MARKER_TEXT)
        except OSError as exc:  # it exists, which is what counts; its text is for people
            self.notes.append(f"could not write the text of {marker} ({in_words(exc, path)})")

    @staticmethod
    def _connect(path: str) -> sqlite3.Connection:
        # Autocommit: transactions are begun and ended explicitly (see _transaction).
        return sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)

    @staticmethod
    def _check_database(path: str) -> str | None:
        """SQLite's quick check and the schema check, on a file that exists (read only)."""
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                result = [r for (r,) in db.execute("PRAGMA quick_check")]
                if result != ["ok"]:
                    return f"is damaged (SQLite's check: {'; '.join(map(str, result[:3]))})"
                names = [n for (n,) in db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")]
                tables = {n: {c[1] for c in db.execute(f'PRAGMA table_info("{n}")')}
                          for n in names if not n.startswith("sqlite_")}
                problem = _schema_problem(tables)
                if problem is None and "store_info" in tables:
                    info = dict(db.execute("SELECT key, value FROM store_info"))
                    if info.get("format") != FORMAT:
                        return f"is not a legends games store (format {info.get('format')!r})"
                    if int(info.get("version", 0)) > VERSION:
                        return (f"is a newer store (version {info['version']}) than this "
                                f"program reads ({VERSION}): upgrade legends")
                return problem
            finally:
                db.close()
        except sqlite3.DatabaseError as exc:
            return f"is damaged or not a database ({exc})"

    @staticmethod
    def _move_aside(path: str) -> str:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        aside = f"{path}.broken-{stamp}"
        n = 1
        while os.path.exists(aside):
            n += 1
            aside = f"{path}.broken-{stamp}-{n}"
        os.rename(path, aside)
        for side in ("-wal", "-shm", "-journal"):
            if os.path.exists(path + side):
                os.rename(path + side, aside + side)
        return aside

    def _create(self, path: str) -> None:
        """A new store at ``path``, made whole beside it and then linked into place, so the
        path never names an empty or half-made file."""
        tmp = f"{path}.new-{os.getpid()}-{threading.get_ident()}"
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
        os.close(fd)
        try:
            try:
                db = sqlite3.connect(tmp, isolation_level=None)
                try:
                    db.executescript(SCHEMA)
                    db.executemany("INSERT INTO store_info (key, value) VALUES (?, ?)",
                                   [("format", FORMAT), ("version", str(VERSION))])
                finally:
                    db.close()
            except sqlite3.Error as exc:
                raise StoreError(f"{path}: a new store could not be made: "
                                 f"{in_words(exc, tmp)}") from None
            try:
                os.link(tmp, path)  # never over a file another process made meanwhile
            except FileExistsError:
                pass  # that one is used (and it was made whole the same way)
        finally:
            os.unlink(tmp)

    def _stamp(self) -> None:
        self._db.execute("INSERT OR IGNORE INTO store_info (key, value) VALUES ('format', ?)",
                         (FORMAT,))
        self._db.execute("INSERT OR IGNORE INTO store_info (key, value) VALUES ('version', ?)",
                         (str(VERSION),))

    def _upgrade(self) -> None:
        """A store from before ``store_info``, ``game_extras``, the games' ``rev``, the
        ratings or tokens' expiry gets them (its other tables are already there)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute("CREATE TABLE IF NOT EXISTS store_info "
                             "(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._db.execute(EXTRAS)
            for statement in ratings_store.statements() + accounts_store.statements():
                self._db.execute(statement)
            for statement in lobby_store.statements():
                self._db.execute(statement)
            columns = {c[1] for c in self._db.execute("PRAGMA table_info(games)")}
            if "rev" not in columns:
                self._db.execute(REV)
            columns = {c[1] for c in self._db.execute("PRAGMA table_info(access_tokens)")}
            if "expires" not in columns:
                self._db.execute("ALTER TABLE access_tokens ADD COLUMN "
                                 + accounts_store.TOKEN_EXPIRES)
            self._stamp()
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- the file under the server -----------------------------------------------------
    def _lose(self, why: str, remedy: str = "stop the server and restore the file from a backup",
              detail: str = "") -> NoReturn:
        self._fault = f"{self.path} {why} while the server ran{detail}"
        self._lost = f"{self._fault}: refusing every change from now on; {remedy}"
        raise StoreLost(self._lost)

    def _check_file(self) -> None:
        """Is the file still the one opened, whole? (Called under the lock before each use.)"""
        if self._lost is not None:
            raise StoreLost(self._lost)
        if self._identity is None:
            return  # in memory
        fault, damage, short = "", None, (0, 0)  # as of the last look
        for _ in range(SETTLE_TRIES):
            try:
                st = os.stat(self.path)
                header = _read_header(self.path)
            except FileNotFoundError:
                self._lose("was removed")
            except OSError as exc:  # not known to be lost: this use fails, later ones may not
                raise StoreError(f"{self.path} cannot be read: {in_words(exc, self.path)}") \
                    from None
            if (st.st_dev, st.st_ino) != self._identity:
                self._lose("was replaced by another file")
            if st.st_size < self._size:
                self._lose(f"was truncated ({st.st_size} bytes; it held {self._size})")
            damage = header_damage(header)
            if damage is None:
                expected = _header_size(header)
                if expected is None or st.st_size >= expected:
                    self._size = st.st_size
                    return
                fault = f"was truncated ({st.st_size} bytes; it held {self._size})"
                short = (st.st_size, expected)
            else:
                fault = f"got a damaged header ({damage})"
            # Shorter than its header says: or another process sharing the file is copying
            # its write-ahead log into it just now (the header is written before the pages
            # that lengthen the file). A header is written whole, but a look may catch it
            # half written. Look again before concluding.
            time.sleep(SETTLE_PAUSE)
        if damage is None and has_log(self.path):
            room = no_room(self.path)
            if room is not None:
                # SQLite began copying the log into the file (the header, naming the new size,
                # goes first) and the disk took no more: the log still holds every page.
                self._lose(f"was left shorter than its header says ({short[0]} of {short[1]} "
                           "bytes)", "make room, then restart the server: it finishes the copy",
                           f", as SQLite could not finish copying its write-ahead log into it "
                           f"({room}); the log holds the rest")
        self._lose(fault)

    # -- Store -------------------------------------------------------------------------
    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            self._check_file()
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(self._failed(exc, write=False)) from None

    @contextmanager
    def _transaction(self, lock_game: str | None = None, *,
                     write: bool = True) -> Iterator[Run]:
        with self._lock:
            self._check_file()

            def run(sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
                return self._db.execute(sql, args).fetchall()

            try:
                self._rollback()  # one left open by a failure SQLite did not undo itself
                # IMMEDIATE: the write lock is taken at once (all games at a time, in SQLite).
                self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                if lock_game is not None and not run("SELECT 1 FROM games WHERE code = ?",
                                                     (lock_game,)):
                    raise StoreError(f"no game {lock_game} in the store")
                yield run
                # The commit is where a full disk shows: the log is written out here.
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                raise StoreError(self._failed(exc, write=write)) from None
            except BaseException:
                self._rollback()
                raise

    def _failed(self, exc: sqlite3.Error, *, write: bool) -> str:
        """The one line a failed read or write is refused with."""
        done = "not stored" if write else "could not be read"
        return f"{self.path}: {done}: {in_words(exc, self.path)}"

    def _rollback(self) -> None:
        """End the transaction in progress, if any, undoing it. A rollback that fails is
        let be: SQLite undoes a transaction that a failed write ended, and the next begins
        with another try (the error that caused it is the one to report)."""
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def close(self) -> None:
        """Copy everything from the ``-wal`` file into the database file and close it, so the
        file alone holds every game (a copy of it is a whole backup).

        Never raises for the file's sake; what went wrong is logged in words. A file that
        was removed, replaced, cut or damaged while the server ran gets no checkpoint (it
        would write the log into the wrong or emptied file): the log of a file cut or damaged
        in place is left beside it; that of a file removed or replaced is moved out of the way
        (kept as ``-wal.lost-STAMP``), so that it is not applied to the next file put there.
        A checkpoint that fails (a full disk) leaves the log too, and the next start copies
        it in once it finds, on a copy, that this makes a whole database.
        """
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._identity is None:  # in memory
                self._db.close()
                return
            try:
                self._check_file()
            except StoreError as exc:
                self._close_lost(self._fault if isinstance(exc, StoreLost) else str(exc))
                return
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            except sqlite3.Error as exc:
                log.warning("legends: %s: the shutdown checkpoint failed: %s; its write-ahead "
                            "log %s-wal is kept, and the next start copies it in",
                            self.path, in_words(exc, self.path), self.path)
            try:
                self._db.close()
            except sqlite3.Error as exc:
                log.warning("legends: %s: closing it failed: %s", self.path,
                            in_words(exc, self.path))

    def _close_lost(self, why: str) -> None:
        """Close without a checkpoint, the file being lost (see :meth:`close`)."""
        try:
            st = os.stat(self.path)
        except OSError:
            moved = True
        else:
            moved = (st.st_dev, st.st_ino) != self._identity
        # SQLite itself leaves alone a file that moved; one cut or damaged in place is set
        # aside for the moment of the close.
        problem = None
        try:
            if moved:
                self._db.close()
            else:
                problem = close_without_checkpoint(self._db, self.path)
        except sqlite3.Error as exc:
            problem = f"closing it failed: {in_words(exc, self.path)}"
        kept = "the log is left beside it"
        if moved:
            kept = self._log_aside()
        log.warning("legends: %s: closed it without copying its write-ahead log into it (%s)",
                    why, kept)
        if problem is not None:
            log.warning("legends: %s: %s", self.path, problem)

    def _log_aside(self) -> str:
        """Move the write-ahead log of a file that was replaced or removed out of the way,
        so it is never applied to whatever file is put at the path (a restored backup): SQLite
        would take it for that file's log. Says where it went, in words."""
        wal = self.path + "-wal"
        try:
            st = os.stat(wal)
            if (st.st_dev, st.st_ino) != self._log_identity:
                return "the log beside it now is not the one it had: left alone"
            aside = f"{wal}.lost-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}"
            os.rename(wal, aside)
        except FileNotFoundError:
            return "its log is gone too"
        except OSError as exc:
            return f"its log could not be moved out of the way: {in_words(exc, wal)}"
        return f"its log, kept as {aside}, is not applied to the file now there"


def backup(source: str, target: str) -> tuple[int, int]:
    """Copy the SQLite store at ``source`` to the new file ``target`` with SQLite's online
    backup (safe while a server uses ``source``: the copy is one consistent moment); returns
    the games and actions the copy holds.

    :raises StoreError: ``source`` is not a usable store, or ``target`` exists.
    """
    if is_url(source):
        raise StoreError("legends backup copies an SQLite store; back up a PostgreSQL database "
                         "with PostgreSQL's own tools (pg_dump)")
    if not os.path.exists(source):
        raise StoreError(f"{source} does not exist")
    try:
        return _backup(source, target)
    except OSError as exc:
        raise StoreError(f"backing up {source} failed: {in_words(exc, target)}") from None


def _backup(source: str, target: str) -> tuple[int, int]:
    problem = check_sqlite_file(source)
    if problem is not None and has_log(source):
        # Whole with its log (a checkpoint cut short)? SQLite's backup reads through the log.
        problem = _with_log(source, problem)
    problem = problem or SQLiteStore._check_database(source)
    if problem is not None:
        raise StoreError(f"{source} {problem}: nothing to back up")
    if os.path.lexists(target):
        raise StoreError(f"{target} already exists: name a new file for the backup")
    tmp = f"{target}.partial-{os.getpid()}"
    fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    os.close(fd)
    try:
        src = sqlite3.connect(f"file:{source}?mode=rw", uri=True, timeout=30)
        dst = sqlite3.connect(tmp, isolation_level=None)
        try:
            src.backup(dst)
            # The copy is a plain file (no -wal beside it), whole on its own.
            dst.execute("PRAGMA journal_mode=DELETE")
            check = [r for (r,) in dst.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                raise StoreError(f"the copy of {source} failed SQLite's check: {check[:3]}")
            games = dst.execute("SELECT count(*) FROM games").fetchone()[0]
            actions = dst.execute("SELECT count(*) FROM actions").fetchone()[0]
        finally:
            dst.close()
            src.close()
        try:
            os.link(tmp, target)  # never over a file that appeared meanwhile
        except FileExistsError:
            raise StoreError(f"{target} already exists: name a new file for the backup") \
                from None
    except sqlite3.Error as exc:
        raise StoreError(f"backing up {source} failed: {in_words(exc, tmp)}") from None
    finally:
        os.unlink(tmp)
    return int(games), int(actions)

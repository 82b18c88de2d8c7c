"""The lobby's tables and the SQL that reads and writes them, in either store (SQLite or
PostgreSQL), so that every server process sharing a store shows the same lobby. See
:mod:`.lobby_routes` for the routes they serve.

* ``seeks``: one row per open game posted in the lobby. The game itself is made when the seek
  is posted (its poster seated); the row says what it is (edition, clock, rated, rating range),
  who posted it, when the poster's page last asked about it (``seen``: a seek whose page stopped
  asking is stale and goes) and whether someone took it. The poster's secret ``key`` (kept as
  a SHA-256 digest) lets only that page keep the seek alive or cancel it.
* ``listed_games``: the public games (every game not made private), for the lobby's list of
  games in progress.
* ``challenges``: a challenge from one account to another: its game (made with the
  challenger seated), and the answer once given.
* ``rematches``: per ended game, the seat that offered a rematch, and the new game once the
  other accepted (``'pending'`` while it is being made).

Every claim (taking a seek, answering a challenge, accepting a rematch) is one conditional
``UPDATE ... RETURNING``: of two processes claiming the same row at once, one gets it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..ratings.glicko2 import Rating

if TYPE_CHECKING:
    from .store import Run, Store

TABLES = """
CREATE TABLE IF NOT EXISTS seeks (
    id TEXT PRIMARY KEY,
    key TEXT NOT NULL,            -- SHA-256 of the poster's secret key
    code TEXT NOT NULL,           -- the game made for the seek
    edition TEXT NOT NULL,
    minutes DOUBLE PRECISION,     -- the clock (NULL: none)
    increment DOUBLE PRECISION,
    rated INTEGER NOT NULL,
    low INTEGER,                  -- a rated seek's rating range (NULL: open-ended)
    high INTEGER,
    name TEXT NOT NULL,
    player TEXT,                  -- the poster's player id (a rated seek's rating is its)
    rating INTEGER,               -- the poster's rating in the edition when posted
    posted DOUBLE PRECISION NOT NULL,
    seen DOUBLE PRECISION NOT NULL,
    taken DOUBLE PRECISION        -- when it was taken (NULL: open)
);
CREATE TABLE IF NOT EXISTS listed_games (
    code TEXT PRIMARY KEY,
    edition TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    from_account TEXT NOT NULL,
    from_name TEXT NOT NULL,
    to_account TEXT NOT NULL,
    to_name TEXT NOT NULL,
    edition TEXT NOT NULL,
    minutes DOUBLE PRECISION,
    increment DOUBLE PRECISION,
    rated INTEGER NOT NULL,
    made DOUBLE PRECISION NOT NULL,
    answer TEXT                   -- 'accepted', 'declined', 'cancelled' (NULL: not yet)
);
CREATE INDEX IF NOT EXISTS challenges_to ON challenges (to_account, made);
CREATE INDEX IF NOT EXISTS challenges_from ON challenges (from_account, made);
CREATE TABLE IF NOT EXISTS rematches (
    code TEXT PRIMARY KEY,        -- the ended game
    seat TEXT NOT NULL,           -- the seat that offered
    token TEXT NOT NULL,          -- the digest of its seat token in the new game
    made DOUBLE PRECISION NOT NULL,
    new_code TEXT                 -- the new game ('pending' while it is made)
)"""

PENDING = "pending"
#: seconds a seek stays listed after its poster's page last asked about it
STALE = 30.0
#: seconds a challenge stays open, unanswered
CHALLENGE_OPEN = 24 * 3600.0
#: seconds the lobby's rows are kept once they no longer matter (a taken seek, a lapsed or
#: answered challenge, a listed game): then they go, now and then, as new ones come
KEEP = 7 * 24 * 3600.0
#: the rating a player without one in an edition counts as (Glicko-2's start)
UNRATED = round(Rating().rating)


def statements() -> list[str]:
    """:data:`TABLES` one statement at a time (for a driver that runs one per call)."""
    return [s.strip() for s in TABLES.split(";") if s.strip()]


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _clock(minutes: Any, increment: Any) -> dict[str, float] | None:
    return None if minutes is None else {"minutes": float(minutes), "increment": float(increment)}


class LobbyStore:
    """The lobby's rows in ``store`` (each method one transaction)."""

    def __init__(self, store: Store):
        self.store = store

    @contextmanager
    def _run(self, write: bool = True) -> Iterator[Run]:
        with self.store._transaction(write=write) as run:
            yield run

    # -- seeks ---------------------------------------------------------------------------
    def add_seek(self, ident: str, key: str, code: str, edition: str,
                 clock: tuple[float, float] | None, rated: bool, low: int | None,
                 high: int | None, name: str, player: str | None, rating: int | None,
                 now: float) -> None:
        minutes, increment = clock if clock is not None else (None, None)
        with self._run() as run:
            run("DELETE FROM seeks WHERE taken IS NULL AND seen < ? OR taken < ?",
                (now - STALE, now - KEEP))
            run("INSERT INTO seeks (id, key, code, edition, minutes, increment, rated, low, "
                "high, name, player, rating, posted, seen) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (ident, digest(key), code, edition, minutes, increment, int(rated), low, high,
                 name, player, rating, now, now))

    def seeks(self, now: float, edition: str | None = None, limit: int = 100
              ) -> list[dict[str, Any]]:
        """The open seeks, oldest first (those whose poster is gone are left out)."""
        sql = ("SELECT id, edition, minutes, increment, rated, low, high, name, rating, posted "
               "FROM seeks WHERE taken IS NULL AND seen >= ?")
        args: list[Any] = [now - STALE]
        if edition:
            sql += " AND edition = ?"
            args.append(edition)
        sql += " ORDER BY posted, id LIMIT ?"
        args.append(limit)
        with self._run(write=False) as run:
            rows = run(sql, tuple(args))
        return [{"id": str(i), "edition": str(e), "clock": _clock(m, inc), "rated": bool(r),
                 "low": lo, "high": hi, "name": str(n), "rating": rt, "posted": float(p)}
                for i, e, m, inc, r, lo, hi, n, rt, p in rows]

    def seek(self, ident: str) -> dict[str, Any] | None:
        """One seek's terms and state, whatever it is (``None``: no such seek)."""
        with self._run(write=False) as run:
            rows = run("SELECT code, edition, rated, low, high, player, seen, taken, key "
                       "FROM seeks WHERE id = ?", (ident,))
        if not rows:
            return None
        code, edition, rated, low, high, player, seen, taken, key = rows[0]
        return {"code": str(code), "edition": str(edition), "rated": bool(rated), "low": low,
                "high": high, "player": player, "seen": float(seen),
                "taken": None if taken is None else float(taken), "key": str(key)}

    def keep_seek(self, ident: str, key: str, now: float) -> tuple[str, str] | None:
        """The poster's page asks about its seek (so it stays listed): ``(state, code)``,
        state ``open``, ``taken`` or ``gone`` (stale, or cancelled); ``None``: wrong key."""
        with self._run() as run:
            rows = run("SELECT code, taken, seen FROM seeks WHERE id = ? AND key = ?",
                       (ident, digest(key)))
            if not rows:
                return None
            code, taken, seen = rows[0]
            if taken is not None:
                return "taken", str(code)
            if float(seen) < now - STALE:
                run("DELETE FROM seeks WHERE id = ?", (ident,))
                return "gone", str(code)
            run("UPDATE seeks SET seen = ? WHERE id = ?", (now, ident))
            return "open", str(code)

    def cancel_seek(self, ident: str, key: str) -> bool:
        """``False``: no open seek of that id and key."""
        with self._run() as run:
            return bool(run("DELETE FROM seeks WHERE id = ? AND key = ? AND taken IS NULL "
                            "RETURNING id", (ident, digest(key))))

    def claim_seek(self, ident: str, now: float) -> str | None:
        """Take seek ``ident`` if it is open and its poster still there: its game's code
        (``None``: taken, cancelled or gone)."""
        with self._run() as run:
            rows = run("UPDATE seeks SET taken = ? WHERE id = ? AND taken IS NULL AND seen >= ? "
                       "RETURNING code", (now, ident, now - STALE))
        return None if not rows else str(rows[0][0])

    def unclaim_seek(self, ident: str) -> None:
        """Give back a claim whose joining failed (the seek is open again)."""
        with self._run() as run:
            run("UPDATE seeks SET taken = NULL WHERE id = ?", (ident,))

    def rating(self, player: str, edition: str) -> int:
        """``player``'s rating in ``edition`` (:data:`UNRATED` without rated games)."""
        with self._run(write=False) as run:
            rows = run("SELECT rating FROM ratings WHERE player = ? AND edition = ? "
                       "AND games > 0", (player, edition))
        return UNRATED if not rows else round(float(rows[0][0]))

    # -- public games --------------------------------------------------------------------
    def list_game(self, code: str, edition: str, now: float) -> None:
        with self._run() as run:
            run("DELETE FROM listed_games WHERE created < ?", (now - KEEP,))
            run("INSERT INTO listed_games (code, edition, created) VALUES (?, ?, ?) "
                "ON CONFLICT (code) DO NOTHING", (code, edition, now))

    def public_games(self, since: float, edition: str | None = None, limit: int = 20
                     ) -> list[tuple[str, str, str]]:
        """``(code, edition, seats JSON)`` of the public games made since ``since`` that are
        not over, newest first."""
        sql = ("SELECT l.code, l.edition, g.seats FROM listed_games l JOIN games g "
               "ON g.code = l.code WHERE g.over = 0 AND l.created >= ?")
        args: list[Any] = [since]
        if edition:
            sql += " AND l.edition = ?"
            args.append(edition)
        sql += " ORDER BY l.created DESC, l.code LIMIT ?"
        args.append(limit)
        with self._run(write=False) as run:
            return [(str(c), str(e), str(s)) for c, e, s in run(sql, tuple(args))]

    # -- challenges ----------------------------------------------------------------------
    def add_challenge(self, ident: str, code: str, sender: tuple[str, str],
                      receiver: tuple[str, str], edition: str,
                      clock: tuple[float, float] | None, rated: bool, now: float) -> None:
        minutes, increment = clock if clock is not None else (None, None)
        with self._run() as run:
            run("DELETE FROM challenges WHERE made < ?", (now - KEEP,))
            run("INSERT INTO challenges (id, code, from_account, from_name, to_account, "
                "to_name, edition, minutes, increment, rated, made) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (ident, code, sender[0], sender[1], receiver[0], receiver[1], edition, minutes,
                 increment, int(rated), now))

    def challenges(self, account: str, now: float) -> dict[str, list[dict[str, Any]]]:
        """An account's challenges still open or just answered: ``to_me`` (unanswered only)
        and ``from_me``."""
        since = now - CHALLENGE_OPEN
        with self._run(write=False) as run:
            rows = run("SELECT id, code, from_account, from_name, to_account, to_name, "
                       "edition, minutes, increment, rated, made, answer FROM challenges "
                       "WHERE (to_account = ? AND answer IS NULL OR from_account = ?) "
                       "AND made >= ? ORDER BY made, id", (account, account, since))
        out: dict[str, list[dict[str, Any]]] = {"to_me": [], "from_me": []}
        for (ident, code, sender, from_name, receiver, to_name, edition, minutes, increment,
             rated, made, answer) in rows:
            row = {"id": str(ident), "from": str(from_name), "to": str(to_name),
                   "edition": str(edition), "clock": _clock(minutes, increment),
                   "rated": bool(rated), "made": float(made), "answer": answer}
            if str(sender) == account:
                out["from_me"].append({**row, "code": str(code)})
            if str(receiver) == account and answer is None:
                out["to_me"].append(row)
        return out

    def answer_challenge(self, ident: str, account: str, answer: str, now: float
                         ) -> str | None:
        """Answer challenge ``ident`` (``accepted`` or ``declined`` by whom it challenges,
        ``cancelled`` by whom it is from), if still unanswered: its game's code."""
        column = "from_account" if answer == "cancelled" else "to_account"
        with self._run() as run:
            rows = run(f"UPDATE challenges SET answer = ? WHERE id = ? AND {column} = ? "
                       "AND answer IS NULL AND made >= ? RETURNING code",
                       (answer, ident, account, now - CHALLENGE_OPEN))
        return None if not rows else str(rows[0][0])

    def unanswer_challenge(self, ident: str) -> None:
        with self._run() as run:
            run("UPDATE challenges SET answer = NULL WHERE id = ?", (ident,))

    # -- rematches -----------------------------------------------------------------------
    def rematch(self, code: str) -> tuple[str, str | None] | None:
        """``(seat that offered, new game's code or None)`` for ended game ``code``."""
        with self._run(write=False) as run:
            rows = run("SELECT seat, new_code FROM rematches WHERE code = ?", (code,))
        if not rows:
            return None
        seat, new = rows[0]
        return str(seat), (None if new in (None, PENDING) else str(new))

    def offer_rematch(self, code: str, seat: str, token: str, now: float) -> str:
        """``seat`` offers a rematch of ``code`` (or accepts the other's offer; ``token``:
        the digest of its token in the new game): ``offered`` (the offer stands, its own),
        ``accept`` (the other seat's offer, now claimed by this call: make the game), or
        ``made`` (accepted already)."""
        with self._run() as run:
            run("INSERT INTO rematches (code, seat, token, made) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (code) DO NOTHING", (code, seat, token, now))
            rows = run("UPDATE rematches SET new_code = ? WHERE code = ? AND seat <> ? "
                       "AND new_code IS NULL RETURNING code", (PENDING, code, seat))
            if rows:
                return "accept"
            (new,) = run("SELECT new_code FROM rematches WHERE code = ?", (code,))[0]
        return "offered" if new is None else "made"

    def rematch_made(self, code: str, new_code: str | None) -> None:
        """The new game of an accepted rematch (``None``: making it failed; the offer
        stands again)."""
        with self._run() as run:
            run("UPDATE rematches SET new_code = ? WHERE code = ?", (new_code, code))

    def seat_offerer(self, code: str, new_code: str, swap: dict[str, str]) -> None:
        """Give the seat that offered the rematch of ``code`` its token in ``new_code`` (its
        new seat is the other one: ``swap``)."""
        with self._run() as run:
            seat, token = run("SELECT seat, token FROM rematches WHERE code = ?", (code,))[0]
            if token:
                run("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, ?) "
                    "ON CONFLICT (digest) DO NOTHING", (token, new_code, swap[str(seat)]))

    # -- who played a game ---------------------------------------------------------------
    def game_people(self, code: str) -> tuple[dict[str, dict[str, str]] | None, dict[str, str]]:
        """A game's rated players (seat -> player id and name; ``None``: casual) and the
        accounts that played its seats (seat -> account id)."""
        with self._run(write=False) as run:
            rated = run("SELECT players FROM rated_games WHERE code = ?", (code,))
            accounts = run("SELECT seat, account FROM account_games WHERE code = ?", (code,))
        players = None if not rated else json.loads(rated[0][0])
        return players, {str(s): str(a) for s, a in accounts}

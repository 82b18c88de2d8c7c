"""The accounts' tables and the SQL that reads and writes them, shared by both stores (as
:mod:`.ratings_store`: the store calls these with a function that runs a statement in its
transaction). See :mod:`.accounts` for the rules they serve.

* ``accounts``: one row per account: an opaque id, the name as chosen, the name folded to lower
  case (unique: names are unique whatever their case), the argon2id hash of the password (never
  the password) and when it was made.
* ``sessions``: one row per signed-in browser: the SHA-256 digest of its session token (the
  token itself lives only in the browser's cookie), the account and when it expires.
* ``sign_in_failures``: one row per failed sign-in, under the account's folded name and under
  the client's address, so every server process sharing the store counts the same failures.
* ``account_games``: the games an account played, which seat, and (from their end) its score.
* ``access_tokens``: an account's personal access tokens (for programs): the SHA-256 digest of
  each (the token itself is shown once, when made, and never kept), a short id to name it by,
  its label, its scope, when it was made, when it was last used and when it expires (if
  ever).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

Run = Any  # the store's statement runner (legends.web.store.Run)

#: the accounts' tables (made in both stores when they are opened)
TABLES = """
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL UNIQUE,
    hash TEXT NOT NULL,
    joined DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    digest TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS sign_in_failures (
    subject TEXT NOT NULL,        -- 'name:<folded name>' or 'address:<client address>'
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS sign_in_failures_subject ON sign_in_failures (subject, at);
CREATE TABLE IF NOT EXISTS account_games (
    account TEXT NOT NULL,
    code TEXT NOT NULL,
    seat TEXT NOT NULL,
    edition TEXT NOT NULL,
    rated INTEGER NOT NULL,
    started DOUBLE PRECISION NOT NULL,
    score DOUBLE PRECISION,       -- 1 won, 0.5 drawn, 0 lost, NULL while the game goes on
    PRIMARY KEY (account, code, seat)
);
CREATE TABLE IF NOT EXISTS access_tokens (
    id TEXT PRIMARY KEY,
    digest TEXT NOT NULL UNIQUE,
    account TEXT NOT NULL,
    label TEXT NOT NULL,
    scope TEXT NOT NULL,          -- 'read' or 'play'
    created DOUBLE PRECISION NOT NULL,
    used DOUBLE PRECISION,        -- NULL: never used
    expires DOUBLE PRECISION      -- NULL: never expires
);
CREATE INDEX IF NOT EXISTS access_tokens_account ON access_tokens (account, created)"""


#: Added to a store made before tokens expired (NULL: its tokens never expire, as before);
#: PostgreSQL is told ``ADD COLUMN IF NOT EXISTS``, SQLite only when the column is missing.
TOKEN_EXPIRES = "expires DOUBLE PRECISION"


def statements() -> list[str]:
    """:data:`TABLES` one statement at a time (for a driver that runs one per call)."""
    return [s.strip() for s in TABLES.split(";") if s.strip()]


# -- accounts ---------------------------------------------------------------------------
def add_account(run: Run, ident: str, name: str, password_hash: str, when: float) -> bool:
    """``False``: the name (in any case) is taken."""
    folded = name.casefold()
    if run("SELECT 1 FROM accounts WHERE folded = ?", (folded,)):
        return False
    run("INSERT INTO accounts (id, name, folded, hash, joined) VALUES (?, ?, ?, ?, ?)",
        (ident, name, folded, password_hash, when))
    return True


def find_account(run: Run, name: str) -> tuple[str, str, str, float] | None:
    """``(id, name, hash, joined)`` of the account named ``name`` in any case."""
    rows = run("SELECT id, name, hash, joined FROM accounts WHERE folded = ?", (name.casefold(),))
    if not rows:
        return None
    ident, shown, hashed, joined = rows[0]
    return str(ident), str(shown), str(hashed), float(joined)


def set_hash(run: Run, ident: str, password_hash: str) -> None:
    run("UPDATE accounts SET hash = ? WHERE id = ?", (password_hash, ident))


# -- sessions ---------------------------------------------------------------------------
def add_session(run: Run, digest: str, account: str, expires: float, now: float) -> None:
    run("DELETE FROM sessions WHERE expires <= ?", (now,))  # the expired ones, now and then
    run("INSERT INTO sessions (digest, account, expires) VALUES (?, ?, ?)",
        (digest, account, expires))


def session_account(run: Run, digest: str, now: float, extend_to: float
                    ) -> tuple[str, str] | None:
    """``(id, name)`` of the account session ``digest`` is signed in to, its expiry moved on
    to ``extend_to`` (sliding); ``None``: no such session, or it expired (then it is gone)."""
    rows = run("SELECT s.account, a.name, s.expires FROM sessions s JOIN accounts a "
               "ON a.id = s.account WHERE s.digest = ?", (digest,))
    if not rows:
        return None
    ident, name, expires = rows[0]
    if float(expires) <= now:
        run("DELETE FROM sessions WHERE digest = ?", (digest,))
        return None
    run("UPDATE sessions SET expires = ? WHERE digest = ?", (extend_to, digest))
    return str(ident), str(name)


def drop_session(run: Run, digest: str) -> None:
    run("DELETE FROM sessions WHERE digest = ?", (digest,))


# -- sign-in failures -------------------------------------------------------------------
def failures(run: Run, subjects: Sequence[str], since: float) -> list[float]:
    """The times of the failures since ``since`` counted against any of ``subjects``,
    the most counted against one subject (oldest first)."""
    worst: list[float] = []
    for subject in subjects:
        times = [float(t) for (t,) in run(
            "SELECT at FROM sign_in_failures WHERE subject = ? AND at > ? ORDER BY at",
            (subject, since))]
        if len(times) > len(worst):
            worst = times
    return worst


def add_failure(run: Run, subjects: Sequence[str], when: float, forget_before: float) -> None:
    run("DELETE FROM sign_in_failures WHERE at <= ?", (forget_before,))
    for subject in subjects:
        run("INSERT INTO sign_in_failures (subject, at) VALUES (?, ?)", (subject, when))


def drop_failure(run: Run, subjects: Sequence[str], when: float) -> None:
    """Take back the attempt :func:`add_failure` noted at ``when`` (it succeeded)."""
    for subject in subjects:
        run("DELETE FROM sign_in_failures WHERE subject = ? AND at = ?", (subject, when))


# -- games ------------------------------------------------------------------------------
def add_game(run: Run, account: str, code: str, seat: str, edition: str, rated: bool,
             when: float) -> None:
    run("INSERT INTO account_games (account, code, seat, edition, rated, started) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (account, code, seat) DO NOTHING",
        (account, code, seat, edition, int(rated), when))


def settle(run: Run, ends: Sequence[tuple[str, Mapping[str, tuple[str, float]]]]) -> None:
    """Note each account's score in the games ``ends`` names (code, seat -> (side, score))."""
    for code, outcome in ends:
        for seat, (_, score) in outcome.items():
            run("UPDATE account_games SET score = ? WHERE code = ? AND seat = ? "
                "AND score IS NULL", (score, code, seat))


def seat_of(run: Run, account: str, code: str) -> str | None:
    rows = run("SELECT seat FROM account_games WHERE account = ? AND code = ? ORDER BY seat",
               (account, code))
    return None if not rows else str(rows[0][0])


def games(run: Run, account: str, *, edition: str | None = None, result: str | None = None,
          rated: bool | None = None, opponent: str | None = None, finished: bool | None = None,
          limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
    """The games ``account`` played, newest first: code, seat, edition, opponents' names,
    result (``won``, ``drawn``, ``lost``, or ``playing``), rated, when it began, the rating
    change it made (``None``: none, or not yet) and its length in turns.

    ``result`` filters on one of those words, ``opponent`` on a part of an opponent's name (in
    any case), ``finished`` on whether the game ended; ``offset`` and ``limit`` give one page.
    """
    from .accounts import PREFIX  # (accounts imports the store, which imports this module)

    sql = ("SELECT ag.code, ag.seat, ag.edition, ag.rated, ag.started, ag.score, g.seats, "
           "rr.rating_before, rr.rating FROM account_games ag JOIN games g ON g.code = ag.code "
           "LEFT JOIN rating_results rr ON rr.code = ag.code AND rr.player = ? "
           "WHERE ag.account = ?")
    args: list[Any] = [PREFIX + account, account]
    if edition:
        sql += " AND ag.edition = ?"
        args.append(edition)
    if rated is not None:
        sql += " AND ag.rated = ?"
        args.append(int(rated))
    if result == "playing" or finished is False:
        sql += " AND ag.score IS NULL"
    if finished:
        sql += " AND ag.score IS NOT NULL"
    if result in RESULTS:
        sql += " AND ag.score = ?"
        args.append(RESULTS[result])
    sql += " ORDER BY ag.started DESC, ag.code"
    if not opponent:
        sql += " LIMIT ? OFFSET ?"
        args += [limit, offset]
    else:
        # The names are in the seats' JSON: matched here, over at most OPPONENT_SCAN games.
        sql += " LIMIT ?"
        args.append(OPPONENT_SCAN)
    out: list[dict[str, Any]] = []
    for code, seat, ed, is_rated, started, score, seats, before, after in run(sql, tuple(args)):
        names = [str(info.get("name") or "") for s, info in json.loads(seats).items()
                 if s != seat]
        if opponent and not any(opponent.casefold() in n.casefold() for n in names):
            continue
        out.append({"code": str(code), "seat": str(seat), "edition": str(ed),
                    "opponents": names, "result": _result(score), "rated": bool(is_rated),
                    "started": float(started),
                    "change": None if before is None else round(float(after) - float(before))})
    if opponent:
        out = out[offset:offset + limit]
    for game in out:
        game["turns"] = _turns(run, game["code"], game["seat"])
    return out


#: games scanned at most when filtering on an opponent's name
OPPONENT_SCAN = 5000


def _turns(run: Run, code: str, seat: str) -> int:
    """How many turns game ``code`` lasted so far, as ``seat`` was told (its latest turn
    event; the turn count is no column of the store's)."""
    rows = run("SELECT events FROM shown WHERE code = ? AND seat = ? ORDER BY seq DESC LIMIT 50",
               (code, seat))
    for (text,) in rows:
        numbers = [int(e.get("number") or 0) for e in json.loads(text) if e.get("kind") == "turn"]
        if numbers:
            return max(numbers)
    return 1 if rows else 0  # the first turn begins before any action is stored


RESULTS = {"won": 1.0, "drawn": 0.5, "lost": 0.0}


def tallies(run: Run, account: str) -> dict[str, int]:
    """How many games ``account`` finished, won, drew and lost (rated and casual)."""
    rows = run("SELECT score, count(*) FROM account_games WHERE account = ? "
               "AND score IS NOT NULL GROUP BY score", (account,))
    out = {"played": 0, "won": 0, "drawn": 0, "lost": 0}
    for score, count in rows:
        out[_result(score)] += int(count)
        out["played"] += int(count)
    return out


def _result(score: float | None) -> str:
    if score is None:
        return "playing"
    return {1.0: "won", 0.5: "drawn"}.get(float(score), "lost")


def ratings(run: Run, player: str) -> list[dict[str, Any]]:
    """A player's ratings, one per edition they played rated games of."""
    rows = run("SELECT edition, rating, rd, games FROM ratings WHERE player = ? AND games > 0 "
               "ORDER BY edition", (player,))
    return [{"edition": str(e), "rating": round(float(r)), "rd": round(float(d)),
             "games": int(g)} for e, r, d, g in rows]


# -- personal access tokens -------------------------------------------------------------
def add_token(run: Run, ident: str, digest: str, account: str, label: str, scope: str,
              when: float, expires: float | None, most: int) -> bool:
    """``False``: the account holds ``most`` tokens already."""
    count = run("SELECT COUNT(*) FROM access_tokens WHERE account = ?", (account,))[0][0]
    if int(count) >= most:
        return False
    run("INSERT INTO access_tokens (id, digest, account, label, scope, created, expires) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)", (ident, digest, account, label, scope, when, expires))
    return True


def tokens(run: Run, account: str) -> list[dict[str, Any]]:
    """An account's tokens, oldest first: id, label, scope, created, last used and expiry
    (never the digest)."""
    rows = run("SELECT id, label, scope, created, used, expires FROM access_tokens "
               "WHERE account = ? ORDER BY created, id", (account,))
    return [{"id": str(i), "label": str(label), "scope": str(scope), "created": float(made),
             "used": _when(used), "expires": _when(expires)}
            for i, label, scope, made, used, expires in rows]


def _when(value: Any) -> float | None:
    return None if value is None else float(value)


def drop_token(run: Run, account: str, ident: str) -> bool:
    """``False``: the account has no token ``ident``."""
    if not run("SELECT 1 FROM access_tokens WHERE account = ? AND id = ?", (account, ident)):
        return False
    run("DELETE FROM access_tokens WHERE account = ? AND id = ?", (account, ident))
    return True


def token_account(run: Run, digest: str
                  ) -> tuple[str, str, str, float | None, str, float | None] | None:
    """``(account id, account name, scope, last used, token id, expiry)`` of the token
    ``digest`` (``None``: no such token, or it was revoked)."""
    rows = run("SELECT t.account, a.name, t.scope, t.used, t.id, t.expires FROM access_tokens t "
               "JOIN accounts a ON a.id = t.account WHERE t.digest = ?", (digest,))
    if not rows:
        return None
    ident, name, scope, used, token_id, expires = rows[0]
    return (str(ident), str(name), str(scope), _when(used), str(token_id), _when(expires))


def note_token_use(run: Run, digest: str, now: float) -> None:
    run("UPDATE access_tokens SET used = ? WHERE digest = ?", (now, digest))

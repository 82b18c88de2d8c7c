"""The ratings' tables and the SQL that reads and writes them, shared by both stores
(:class:`~legends.web.store.Store` calls these with a function that runs a statement in its
transaction).

* ``rated_games``: one row per rated game, made when the game is: its edition, each seat's
  player id and name (a person's is added when they take their seat), and whether its end was
  counted yet (``counted``: 0 not yet, 1 counted, -1 ended but could not be rated).
* ``ratings``: each player's rating per edition (Glicko-2 numbers, games played, the time the
  last one ended).
* ``rating_results``: per rated game and player, the score and the rating before and after.

A game's end is counted in the transaction that stores its last step, under its game's lock,
and only while ``counted`` is 0: a retry, or a second server process storing the same end, never
counts it twice. The rating rows a transaction changes are locked in the order of their keys
(after every game row it locks), so two transactions counting games of the same players wait
for each other instead of deadlocking.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..ratings.games import Standing, after_game, is_computer, rated_players
from ..ratings.glicko2 import Rating

Run = Any  # the store's statement runner (legends.web.store.Run)

TABLES = """
CREATE TABLE IF NOT EXISTS rated_games (
    code TEXT PRIMARY KEY,
    edition TEXT NOT NULL,
    players TEXT NOT NULL,        -- seat -> {"player": id, "name": ...} (JSON)
    counted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    edition TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    last_game DOUBLE PRECISION,   -- when their last rated game ended (seconds since 1970)
    PRIMARY KEY (player, edition)
);
CREATE TABLE IF NOT EXISTS rating_results (
    code TEXT NOT NULL,
    player TEXT NOT NULL,
    edition TEXT NOT NULL,
    seat TEXT NOT NULL,
    score DOUBLE PRECISION NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rd_before DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    ended DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (code, player)
)"""

#: one game's end to count: seat -> (side, score)
Outcome = Mapping[str, tuple[str, float]]


def statements() -> list[str]:
    """:data:`TABLES` one statement at a time (for a driver that runs one per call)."""
    return [s.strip() for s in TABLES.split(";") if s.strip()]


def add_game(run: Run, code: str, edition: str, players: Mapping[str, Mapping[str, str]]) -> None:
    run("INSERT INTO rated_games (code, edition, players) VALUES (?, ?, ?)",
        (code, edition, json.dumps(dict(players))))


def add_player(run: Run, code: str, seat: str, player: str, name: str) -> bool:
    """Give ``seat`` of rated game ``code`` its player; ``False``: the game is not rated."""
    rows = run("SELECT players FROM rated_games WHERE code = ?", (code,))
    if not rows:
        return False
    players = json.loads(rows[0][0])
    players[seat] = {"player": player, "name": name}
    run("UPDATE rated_games SET players = ? WHERE code = ?", (json.dumps(players), code))
    return True


def is_rated(run: Run, code: str) -> bool:
    return bool(run("SELECT 1 FROM rated_games WHERE code = ?", (code,)))


def count_ends(run: Run, ends: Sequence[tuple[str, Outcome]], lock: str,
               when: float | None = None) -> None:
    """Count the ends of the games ``ends`` names (code, outcome) that are rated and not yet
    counted (call in the transaction that stores those ends, their games locked). ``lock``:
    what the backend adds to a ``SELECT`` to lock the rows it reads (``FOR UPDATE``)."""
    when = time.time() if when is None else when
    todo = []
    for code, outcome in ends:
        rows = run("SELECT edition, players FROM rated_games WHERE code = ? AND counted = 0",
                   (code,))
        if not rows:
            continue
        edition, players = rows[0][0], json.loads(rows[0][1])
        ids = {seat: str(info.get("player", "")) for seat, info in players.items()}
        if not rated_players(outcome, ids):
            run("UPDATE rated_games SET counted = -1 WHERE code = ?", (code,))
            continue
        todo.append((code, str(edition), outcome, ids,
                     {seat: str(info.get("name", "")) for seat, info in players.items()}))
    keys = sorted({(ids[seat], edition) for _, edition, outcome, ids, _ in todo
                   for seat in outcome})
    standings: dict[tuple[str, str], Standing] = {}
    for player, edition in keys:  # in one order: see the module's docstring
        fresh = Rating()
        run("INSERT INTO ratings (player, edition, rating, rd, volatility) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (player, edition) DO NOTHING",
            (player, edition, fresh.rating, fresh.rd, fresh.volatility))
        rating, rd, vol, games, last = run(
            "SELECT rating, rd, volatility, games, last_game FROM ratings "
            f"WHERE player = ? AND edition = ?{lock}", (player, edition))[0]
        standings[player, edition] = Standing(Rating(float(rating), float(rd), float(vol)),
                                              int(games), None if last is None else float(last))
    for code, edition, outcome, ids, names in todo:
        before = {ids[seat]: standings[ids[seat], edition] for seat in outcome}
        new = after_game(outcome, ids, before, when)
        counted: set[str] = set()
        for seat, (_, score) in outcome.items():
            player = ids[seat]
            if player in counted:  # a computer player holding several seats of one side
                continue
            counted.add(player)
            old, rating = before[player].now(when), new[player]
            standings[player, edition] = Standing(rating, before[player].games + 1, when)
            run("UPDATE ratings SET rating = ?, rd = ?, volatility = ?, games = games + 1, "
                "last_game = ?, name = ? WHERE player = ? AND edition = ?",
                (rating.rating, rating.rd, rating.volatility, when, names.get(seat, ""),
                 player, edition))
            run("INSERT INTO rating_results (code, player, edition, seat, score, rating_before, "
                "rd_before, rating, rd, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (code, player, edition, seat, score, old.rating, old.rd, rating.rating,
                 rating.rd, when))
        run("UPDATE rated_games SET counted = 1 WHERE code = ?", (code,))


def leaderboard(run: Run, edition: str, limit: int, when: float | None = None
                ) -> list[dict[str, Any]]:
    """The ``limit`` best rated players of ``edition``, best first, with their deviation as
    of now, rated games played and whether their rating is still provisional."""
    when = time.time() if when is None else when
    rows = run("SELECT player, name, rating, rd, volatility, games, last_game FROM ratings "
               "WHERE edition = ? AND games > 0 ORDER BY rating DESC, player LIMIT ?",
               (edition, limit))
    board = []
    for player, name, rating, rd, vol, games, last in rows:
        standing = Standing(Rating(float(rating), float(rd), float(vol)), int(games),
                            None if last is None else float(last))
        now = standing.now(when)
        board.append({"player": str(player), "name": str(name), "rating": round(now.rating),
                      "rd": round(now.rd), "games": int(games),
                      "provisional": standing.provisional(when),
                      # told by the id, never the name (anyone may call themselves "computer")
                      "computer": is_computer(str(player))})
    return board


def results(run: Run, code: str) -> list[dict[str, Any]]:
    """What game ``code`` changed: per player, the score and the rating before and after."""
    rows = run("SELECT player, seat, score, rating_before, rating FROM rating_results "
               "WHERE code = ? ORDER BY seat", (code,))
    return [{"player": str(p), "seat": str(s), "score": float(sc),
             "before": round(float(b)), "after": round(float(a))} for p, s, sc, b, a in rows]

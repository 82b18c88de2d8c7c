"""Ratings: Glicko-2 against Glickman's worked example, and rated games' ends as the store
counts them (once each, in both stores, by two processes at once on PostgreSQL)."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from legends.ratings.games import (
    PERIOD,
    Standing,
    after_game,
    browser_player,
    rated_players,
    seat_scores,
)
from legends.ratings.glicko2 import Rating, Result, idle, rate
from legends.web.store import StaleStep, Step, StoreError, open_store


def test_glickmans_worked_example():
    # "Example of the Glicko-2 system": 1500/200/0.06, tau 0.5, against 1400/30 (won),
    # 1550/100 (lost) and 1700/300 (lost).
    player = Rating(1500, 200, 0.06)
    after = rate(player, [Result(Rating(1400, 30), 1), Result(Rating(1550, 100), 0),
                          Result(Rating(1700, 300), 0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_deviation_grows_while_a_player_is_away_up_to_a_newcomers():
    sure = Standing(Rating(1800, 60, 0.06), games=40, last=0.0)
    assert sure.now(0.0).rd == pytest.approx(60)
    month, year = sure.now(30 * PERIOD).rd, sure.now(365 * PERIOD).rd
    assert 60 < month < year < 350
    assert sure.now(1e6 * PERIOD).rd == 350
    assert sure.now(365 * PERIOD).rating == 1800  # only the doubt grows
    assert idle(Rating(1500, 349.9), 10).rd == 350


def test_a_win_against_an_equal_raises_the_one_and_lowers_the_other_alike():
    outcome = seat_scores("beige", {"beige": ("beige",), "gray": ("gray",)})
    assert outcome == {"beige": ("beige", 1.0), "gray": ("gray", 0.0)}
    players = {"beige": "a", "gray": "b"}
    new = after_game(outcome, players, {"a": Standing(), "b": Standing()}, 0.0)
    assert new["a"].rating > 1500 > new["b"].rating
    assert new["a"].rating - 1500 == pytest.approx(1500 - new["b"].rating)
    assert new["a"].rd < 350 and new["b"].rd < 350
    drawn = after_game(seat_scores("none", {"beige": ("beige",), "gray": ("gray",)}),
                       players, {"a": Standing(), "b": Standing()}, 0.0)
    assert drawn["a"].rating == pytest.approx(1500) and drawn["b"].rating == pytest.approx(1500)


def test_in_a_team_game_each_player_meets_the_other_sides_average():
    teams = {"beige": ("beige-1", "beige-2"), "gray": ("gray-1", "gray-2")}
    outcome = seat_scores("gray", teams)
    players = {s: s for s in outcome}
    before = {"beige-1": Standing(Rating(1700, 50)), "beige-2": Standing(Rating(1500, 50)),
              "gray-1": Standing(Rating(1400, 50)), "gray-2": Standing(Rating(1400, 50))}
    new = after_game(outcome, players, before, 0.0)
    # gray-1 is rated as if they beat one player of 1600 (RD 50).
    alone = rate(Rating(1400, 50), [Result(Rating(1600, 50), 1.0)])
    assert new["gray-1"] == alone == new["gray-2"]
    assert new["beige-1"] == rate(Rating(1700, 50), [Result(Rating(1400, 50), 0.0)])


def test_a_game_is_rated_only_with_an_id_for_every_seat_and_nobody_twice():
    outcome = seat_scores("beige", {"beige": ("beige",), "gray": ("gray",)})
    assert rated_players(outcome, {"beige": "a", "gray": "b"})
    assert not rated_players(outcome, {"beige": "a"})
    assert not rated_players(outcome, {"beige": "a", "gray": "a"})
    assert browser_player("x" * 20) == browser_player("x" * 20) != browser_player("y" * 20)
    assert "x" * 20 not in browser_player("x" * 20)


# -- the store ---------------------------------------------------------------------------
OUTCOME = {"beige": ("beige", 1.0), "gray": ("gray", 0.0)}
SEATS = {"beige": {"kind": "human"}, "gray": {"kind": "human"}}


def _game(store, code: str, rated: bool = True, steps: int = 1) -> None:
    store.create(code, {"headers": {}}, SEATS)
    if rated:
        store.rate_game(code, "legends", {"beige": {"player": f"{code}-a", "name": "Ann"}})
        assert store.rate_seat(code, "gray", f"{code}-b", "Bob")
    for seq in range(steps - 1):
        store.add_step(code, seq, "pass", {}, False)


def _end(code: str, seq: int = 0, outcome=OUTCOME) -> Step:
    return Step(code, seq, "resign", {}, True, None, None, outcome)


def test_a_rated_games_end_changes_both_ratings_once(target):
    store = open_store(target, init=True)
    try:
        _game(store, "G1", steps=2)
        store.add_step(*_end("G1", 1))
        board = store.leaderboard("legends")
        assert [(p["player"], p["name"], p["games"]) for p in board] == [
            ("G1-a", "Ann", 1), ("G1-b", "Bob", 1)]
        assert board[0]["rating"] > 1500 > board[1]["rating"]
        assert all(p["provisional"] for p in board)
        results = store.rating_results("G1")
        assert [(r["seat"], r["score"], r["before"]) for r in results] == [
            ("beige", 1.0, 1500), ("gray", 0.0, 1500)]
        # Stored again (a retry, or a second process with the same end): refused, not counted.
        with pytest.raises(StaleStep):
            store.add_step(*_end("G1", 1))
        assert store.add_steps([_end("G1", 1)])[0].__class__ is StaleStep
        assert store.leaderboard("legends") == board
        # Another edition's board is apart.
        assert store.leaderboard("classic") == []
    finally:
        store.close()


def test_casual_games_and_games_missing_a_player_change_no_rating(target):
    store = open_store(target, init=True)
    try:
        _game(store, "C1", rated=False)
        assert not store.rate_seat("C1", "gray", "x", "X")  # not a rated game
        store.add_step(*_end("C1"))
        store.create("H1", {"headers": {}}, SEATS)
        store.rate_game("H1", "legends", {"beige": {"player": "solo", "name": "Solo"}})
        store.add_step(*_end("H1"))  # gray never got an id: not rated
        store.create("S1", {"headers": {}}, SEATS)
        store.rate_game("S1", "legends", {"beige": {"player": "me", "name": "Me"},
                                          "gray": {"player": "me", "name": "Me"}})
        store.add_step(*_end("S1"))  # against oneself: not rated
        assert store.leaderboard("legends") == []
        assert store.rating_results("C1") == []
    finally:
        store.close()


def test_ends_stored_in_one_batch_are_each_counted(target):
    store = open_store(target, init=True)
    try:
        for code in ("B1", "B2"):
            store.create(code, {"headers": {}}, SEATS)
            store.rate_game(code, "legends", {"beige": {"player": "ann", "name": "Ann"},
                                              "gray": {"player": "bob", "name": "Bob"}})
        answers = store.add_steps([_end("B2"), _end("B1")])
        assert answers == [1, 1]
        board = {p["player"]: p for p in store.leaderboard("legends")}
        assert board["ann"]["games"] == board["bob"]["games"] == 2
        assert board["ann"]["rating"] > 1600 and board["ann"]["rd"] < 300
    finally:
        store.close()


def test_two_processes_storing_the_same_end_count_it_once(pg_cluster):
    url = str(pg_cluster.database())
    first, second = open_store(url, init=True), open_store(url)
    try:
        for n in range(5):
            _game(first, f"R{n}", steps=3)
        outcomes: list[object] = []

        def store_ends(store) -> None:
            for n in range(5):
                try:
                    outcomes.append(store.add_step(*_end(f"R{n}", 2)))
                except StaleStep as exc:
                    outcomes.append(exc)

        racers = [threading.Thread(target=store_ends, args=(s,)) for s in (first, second)]
        for r in racers:
            r.start()
        for r in racers:
            r.join()
        assert sum(isinstance(o, int) for o in outcomes) == 5
        assert sum(isinstance(o, StaleStep) for o in outcomes) == 5
        board = first.leaderboard("legends")
        assert sorted(p["games"] for p in board) == [1] * 10
        assert all(len(first.rating_results(f"R{n}")) == 2 for n in range(5))
    finally:
        first.close()
        second.close()


def test_a_store_made_before_ratings_gets_their_tables(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    open_store(path, init=True).close()
    db = sqlite3.connect(path)
    for table in ("rated_games", "ratings", "rating_results"):
        db.execute(f"DROP TABLE {table}")
    db.commit()
    db.close()
    store = open_store(path)
    try:
        _game(store, "M1")
        store.add_step(*_end("M1"))
        assert len(store.leaderboard("legends")) == 2
        with pytest.raises(StoreError, match="no game"):
            store.rate_game("nope", "legends", {})
    finally:
        store.close()


def test_a_postgresql_store_made_before_ratings_gets_their_tables(pg_cluster):
    import psycopg

    url = str(pg_cluster.database())
    open_store(url, init=True).close()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP TABLE legends.rated_games, legends.ratings, legends.rating_results")
    store = open_store(url)
    try:
        _game(store, "M1")
        store.add_step(*_end("M1"))
        assert len(store.leaderboard("legends")) == 2
    finally:
        store.close()

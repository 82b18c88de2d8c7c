"""Rated and casual games on the play server, and the leaderboard route."""

from __future__ import annotations

from typing import Any

import pytest

from webgames import castle_hunt, client

ANN, BOB = "ann-secret-0123456789", "bob-secret-0123456789"


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3"), hunt=castle_hunt()) as c:
        yield c


def play_and_resign(http, *, rated: bool, loser: str = "Bob", rules: str = "legends",
                    joiner: str | None = BOB, **new: Any) -> str:
    """A game between Ann (who starts it, first seat) and Bob (who joins it), ended by
    ``loser`` resigning; its code."""
    setup = {} if rules == "legends" else {"setup": "random"}  # Legends deals the setup
    made = http.post("/api/games", json={"rules": rules, "opponent": "human", "name": "Ann", "player": ANN, "rated": rated,
                                          **setup, **new})
    assert made.status_code == 200, made.text
    assert made.json()["rated"] is rated
    code = made.json()["code"]
    tokens = {"Ann": made.json()["token"]}
    join: dict[str, Any] = {"name": "Bob", **setup}
    if joiner is not None:
        join["player"] = joiner
    joined = http.post(f"/api/games/{code}/join", json=join)
    assert joined.status_code == 200, joined.text
    assert joined.json()["rated"] is rated
    tokens["Bob"] = joined.json()["token"]
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": tokens[loser]})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "resign"})
        while (message := ws.receive_json())["type"] != "state" or not message["view"]["over"]:
            pass
    return code


def board(http, edition: str = "legends") -> list[dict[str, Any]]:
    got = http.get(f"/api/ratings/{edition}")
    assert got.status_code == 200, got.text
    assert got.json()["edition"] == edition
    return got.json()["players"]


@pytest.mark.parametrize("rules", ["legends", "classic"])
def test_a_rated_games_end_rates_both_players_and_tops_the_winner(http, rules):
    play_and_resign(http, rated=True, rules=rules)
    players = board(http, rules)
    assert [p["name"] for p in players] == ["Ann", "Bob"]
    ann, bob = players
    assert ann["rating"] > 1500 > bob["rating"]
    assert ann["games"] == bob["games"] == 1
    assert ann["provisional"] and bob["provisional"] and ann["rd"] > 110
    assert ANN not in str(players) and BOB not in str(players)  # only digests are shown
    other = "classic" if rules == "legends" else "legends"
    assert board(http, other) == []


def test_casual_games_change_no_rating(http):
    play_and_resign(http, rated=False)
    assert board(http) == []
    play_and_resign(http, rated=True, loser="Ann")
    before = board(http)
    assert [p["name"] for p in before] == ["Bob", "Ann"]
    play_and_resign(http, rated=False, loser="Ann")
    assert board(http) == before


def test_a_rated_game_against_the_computer_rates_the_computer_too(http):
    made = http.post("/api/games", json={"opponent": "random", "side": "beige", "name": "Ann",
                                          "player": ANN, "rated": True})
    assert made.status_code == 200, made.text
    code, token = made.json()["code"], made.json()["token"]
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "resign"})
        while (message := ws.receive_json())["type"] != "state" or not message["view"]["over"]:
            pass
    players = board(http)
    assert [(p["player"], p["name"]) for p in players][0] == ("computer:random",
                                                              "computer (random)")
    assert players[0]["rating"] > 1500 > players[1]["rating"]


@pytest.mark.parametrize("body, said", [
    ({"rated": True}, "needs your player id"),
    ({"rated": "yes", "player": ANN}, "rated: expected true or false"),
    ({"rated": True, "player": "short"}, "player: expected a secret"),
    ({"rated": True, "player": ANN, "position": "hunt"}, "test position are casual"),
])
def test_a_rated_game_needs_a_player_id(http, body, said):
    got = http.post("/api/games", json={"opponent": "human", **body})
    assert got.status_code == 400 and said in got.json()["error"], got.text


def test_a_team_game_against_the_computer_is_refused_as_rated(http):
    # The computer would sit on both sides: nobody is rated against themselves.
    body = {"rules": "legends", "players": 4, "opponent": "random", "player": ANN}
    got = http.post("/api/games", json={**body, "rated": True})
    assert got.status_code == 400 and "team game against the computer" in got.json()["error"]
    # Casual, it is played as before; two players against the computer may be rated.
    assert http.post("/api/games", json=body).json()["rated"] is False
    two = http.post("/api/games", json={**body, "players": 2, "rated": True}).json()
    assert two["rated"] is True


def test_a_rated_game_is_joined_only_with_a_player_id(http):
    made = http.post("/api/games", json={"opponent": "human", "player": ANN, "rated": True})
    refused = http.post(f"/api/games/{made.json()['code']}/join", json={"name": "Bob"})
    assert refused.status_code == 400 and "rated" in refused.json()["error"]
    # A casual game is joined without one, as before.
    casual = http.post("/api/games", json={"opponent": "human"}).json()
    assert http.post(f"/api/games/{casual['code']}/join", json={}).status_code == 200


def test_the_leaderboard_route_checks_its_edition_and_limit(http):
    play_and_resign(http, rated=True)
    assert len(http.get("/api/ratings/legends?limit=1").json()["players"]) == 1
    assert http.get("/api/ratings/stratego-legends").json()["edition"] == "legends"
    assert http.get("/api/ratings/chess").status_code == 400
    assert http.get("/api/ratings/legends?limit=many").status_code == 400
    assert http.get("/ratings").status_code == 200

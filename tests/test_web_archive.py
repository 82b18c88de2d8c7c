"""The archive of ended games: "my games" with its filters and pages, the public replay (refused
while a game goes on), the downloaded record checked by ``legends verify`` (and a tampered one
refused), and the computer players rated on the leaderboard."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from typing import Any

import pytest

from legends.web import create_app
from test_accounts import ANN_PW, BOB_PW, Browser
from webgames import CASTLE_HUNT_GAME, Table, TestClient, castle_hunt, client

CLI = [sys.executable, "-m", "legends.cli"]


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3"), hunt=castle_hunt()) as c:
        yield c


@pytest.fixture
def either(target):
    """A client over an SQLite store, or over a PostgreSQL one (the queries are both's)."""
    with TestClient(create_app(db_path=target, init=True, computer_time=0.0)) as c:
        yield c


def resign(http, code: str, token: str) -> None:
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "resign"})
        while (message := ws.receive_json())["type"] != "state" or not message["view"]["over"]:
            pass


def against_computer(who: Browser, *, rated: bool, rules: str = "classic",
                     resigns: bool = True) -> str:
    """A game of ``who`` against the computer (random), which ``who`` resigns; its code."""
    made = who.post("/api/games", json={"rules": rules, "opponent": "random", "setup": "random",
                                        "rated": rated})
    assert made.status_code == 200 and made.json()["rated"] is rated, made.text
    if resigns:
        resign(who.http, made.json()["code"], made.json()["token"])
    return made.json()["code"]


def against(ann: Browser, bob: Browser, *, loser: Browser | None) -> str:
    """A casual classic game between two accounts, ``loser`` resigning (``None``: going on)."""
    made = ann.post("/api/games", json={"rules": "classic", "opponent": "human",
                                        "setup": "random"})
    code = made.json()["code"]
    joined = bob.post(f"/api/games/{code}/join", json={"setup": "random"})
    assert joined.status_code == 200, joined.text
    if loser is not None:
        resign(ann.http, code, (made if loser is ann else joined).json()["token"])
    return code


def listed(who: Browser, query: str = "") -> list[dict[str, Any]]:
    got = who.get("/api/account/games?" + query)
    assert got.status_code == 200, got.text
    return got.json()["games"]


def digest(setup: dict[str, Any]) -> str:
    """The commitment's digest as the page (endings.js) and the kernel compute it."""
    text = json.dumps({"pieces": setup["pieces"], "salt": setup["salt"]}, separators=(",", ":"),
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def test_my_games_filters_and_pages(either):
    http = either
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    lost_to_computer = against_computer(ann, rated=True)
    won = against(ann, bob, loser=bob)
    going_on = against(ann, bob, loser=None)
    newest_first = [going_on, won, lost_to_computer]
    assert [g["code"] for g in listed(ann)] == newest_first
    row = {g["code"]: g for g in listed(ann)}
    assert row[won]["result"] == "won" and row[won]["opponents"] == ["Bob"]
    assert row[won]["change"] is None and not row[won]["rated"]  # casual: no rating moved
    assert row[lost_to_computer]["change"] < 0 and row[lost_to_computer]["rated"]
    assert row[lost_to_computer]["opponents"] == ["computer (random)"]
    assert row[won]["turns"] >= 1 and row[lost_to_computer]["turns"] >= 1
    for query, codes in [("opponent=bo", [going_on, won]), ("opponent=COMPUTER", [lost_to_computer]),
                         ("opponent=zed", []), ("finished=true", [won, lost_to_computer]),
                         ("finished=false", [going_on]), ("rated=true", [lost_to_computer]),
                         ("rated=false&result=won", [won]), ("edition=legends", []),
                         ("result=lost&opponent=random", [lost_to_computer])]:
        assert [g["code"] for g in listed(ann, query)] == codes, query
    assert [g["code"] for g in listed(bob, "result=lost")] == [won]
    # Pages of twenty, newest first; "more" says whether another page follows.
    more = [against_computer(ann, rated=False) for _ in range(19)]
    first = ann.get("/api/account/games").json()
    assert first["page"] == 1 and first["more"] and len(first["games"]) == 20
    assert [g["code"] for g in first["games"]] == more[::-1] + [going_on]
    second = ann.get("/api/account/games?page=2").json()
    assert not second["more"] and [g["code"] for g in second["games"]] == [won, lost_to_computer]
    assert ann.get("/api/account/games?page=x").status_code == 400
    against_them = ann.get("/api/account/games?opponent=random").json()
    assert [g["code"] for g in against_them["games"]] == more[::-1] + [lost_to_computer]
    assert not against_them["more"]
    assert ann.get("/api/account/games?opponent=random&page=2").json()["games"] == []


def test_the_replay_is_refused_while_the_game_goes_on_and_public_after(http):
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    code = against(ann, bob, loser=None)
    for path in ("archive", "frame?step=1", "download"):
        refused = http.get(f"/api/games/{code}/{path}")
        assert refused.status_code == 409 and "still going on" in refused.json()["error"]
    assert http.get("/api/games/AAAAAAA-AAAAAAA-AAAAAAA/archive").status_code == 400
    assert http.get(f"/replay/{code}").status_code == 200  # the page itself
    with Table(http, position="hunt", name="Ann") as table:  # a whole game, beige winning
        for seat, action in CASTLE_HUNT_GAME:
            table.act(seat, action)
        code = table.code
    # Anyone (no cookie, no token) reads the ended game.
    http.cookies.clear()
    got = http.get(f"/api/games/{code}/archive")
    assert got.status_code == 200, got.text
    game = got.json()
    assert game["result"] == game["winner"] == "beige" and game["steps"] == len(CASTLE_HUNT_GAME)
    assert game["seats"]["beige"]["name"] == "Ann" and game["seats"]["gray"]["name"] == "second"
    plies = [p["text"] for turn in game["moves"] for p in turn["plies"]]
    assert plies[0] == "c3-c4" and "h8-h7" in plies and plies[-2].startswith("c4")
    assert "beige wins" in plies[-1] and game["why"] and game["reason"]
    assert http.get(f"/api/games/{code}/archive", headers={"accept-language": "de"}
                    ).json()["why"] != game["why"]  # in the reader's words
    steps = [p["step"] for turn in game["moves"] for p in turn["plies"]]
    assert steps == sorted(steps) and steps[-1] == len(CASTLE_HUNT_GAME)
    assert digest(game["setup"]) == game["commitment"]  # what the page checks
    first, last = (http.get(f"/api/games/{code}/frame?step={n}&side=gray").json()
                   for n in (0, 99))
    assert first["step"] == 0 and last["step"] == last["of"] == len(CASTLE_HUNT_GAME)
    assert "<svg" in first["svg"] and first["svg"] != last["svg"]
    assert http.get(f"/api/games/{code}/frame?side=green").status_code == 400
    assert http.get(f"/api/games/{code}/frame?step=x").status_code == 400


def test_the_downloaded_record_verifies_and_a_tampered_one_does_not(http, tmp_path):
    ann = Browser(http, "Ann", ANN_PW)
    code = against_computer(ann, rated=False)
    got = http.get(f"/api/games/{code}/download")
    assert got.status_code == 200
    assert f'filename="legends-{code}.json"' in got.headers["content-disposition"]
    record = got.json()
    game = http.get(f"/api/games/{code}/archive").json()
    assert record["headers"]["commitment"] == game["commitment"]
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(record))
    # One piece changed in a setup: two of red's pieces of different ranks change places.
    forged = copy.deepcopy(record)
    placement = forged["setup"]["placement"]["red"]
    a, b = next((a, b) for a in placement for b in placement if placement[a] != placement[b])
    placement[a], placement[b] = placement[b], placement[a]
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(forged))
    ok = subprocess.run([*CLI, "verify", str(honest)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert game["commitment"] in ok.stdout and "headers state" in ok.stdout
    bad = subprocess.run([*CLI, "verify", str(tampered)], capture_output=True, text=True)
    assert bad.returncode == 1 and "MISMATCH" in bad.stdout, bad.stdout + bad.stderr
    # The page's check (endings.js) on the setup the archive shows: changed, it fails too.
    setup = copy.deepcopy(game["setup"])
    setup["pieces"][0][3], setup["pieces"][-1][3] = setup["pieces"][-1][3], setup["pieces"][0][3]
    assert setup != game["setup"] and digest(setup) != game["commitment"]


def test_computer_players_are_rated_and_marked_on_the_leaderboard(either):
    http = either
    ann = Browser(http, "Ann", ANN_PW)
    against_computer(ann, rated=True)
    board = http.get("/api/ratings/classic").json()["players"]
    computer, person = board
    assert computer["player"] == "computer:random" and computer["computer"] is True
    assert computer["rating"] > 1500 > person["rating"] and computer["games"] == 1
    assert person["player"].startswith("account:") and person["computer"] is False
    against_computer(ann, rated=True)
    assert http.get("/api/ratings/classic").json()["players"][0]["games"] == 2
    page = http.get("/api/players/ann").json()
    assert page["tallies"] == {"played": 2, "won": 0, "drawn": 0, "lost": 2}
    assert page["ratings"][0]["rd"] > 0 and len(page["games"]) == 2


@pytest.mark.parametrize("name", ["computer", "Computer-search", "COMPUTER_1"])
def test_no_account_takes_a_computer_players_name(http, name):
    got = http.post("/api/account/signup", json={"name": name, "password": ANN_PW})
    assert got.status_code == 400 and "computer players" in got.json()["error"]


def test_a_team_game_against_computers_of_one_kind_is_rated_once_for_them():
    from legends.ratings.games import rated_players
    outcome = {"a": ("beige", 1.0), "b": ("gray", 0.0), "c": ("beige", 1.0), "d": ("gray", 0.0)}
    computers = {"a": "account:x", "b": "computer:search", "c": "account:y",
                 "d": "computer:search"}
    assert rated_players(outcome, computers)
    # ... but nobody plays on both sides, and a person holds one seat only.
    assert not rated_players(outcome, {**computers, "c": "computer:search"})
    assert not rated_players(outcome, {**computers, "d": "account:z", "b": "account:z"})


def test_a_computer_holding_two_seats_of_one_side_is_counted_once():
    import sqlite3

    from legends.web import ratings_store
    db = sqlite3.connect(":memory:")
    for statement in ratings_store.statements():
        db.execute(statement)

    def run(sql, args=()):
        return db.execute(sql, args).fetchall()

    players = {"beige-1": {"player": "account:a", "name": "Ann"},
               "gray-1": {"player": "computer:search", "name": "computer (search)"},
               "beige-2": {"player": "account:b", "name": "Bob"},
               "gray-2": {"player": "computer:search", "name": "computer (search)"}}
    ratings_store.add_game(run, "CODE", "legends", players)
    outcome = {"beige-1": ("beige", 1.0), "gray-1": ("gray", 0.0), "beige-2": ("beige", 1.0),
               "gray-2": ("gray", 0.0)}
    ratings_store.count_ends(run, [("CODE", outcome)], "", when=1000.0)
    board = {p["player"]: p for p in ratings_store.leaderboard(run, "legends", 10, when=1000.0)}
    assert board["computer:search"]["games"] == 1 and board["computer:search"]["computer"]
    assert board["computer:search"]["rating"] < 1500 < board["account:a"]["rating"]
    assert len(ratings_store.results(run, "CODE")) == 3

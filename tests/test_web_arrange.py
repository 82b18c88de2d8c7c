"""The arranging phase of the play server: in an edition with a free setup each person sends
their own setup line (or asks for a random one) before the game begins.

* Against the computer the person arranges alone (the computer is dealt); the game is built
  with the line once it is in, and the person's view has the pieces where the line put them.
* Between people each arranges; nothing of one seat's line reaches the other seat.
* Actions before the game begins, bad lines and a second line are refused with a reason, and
  change nothing.
* The pending lines are stored: a restarted server (SQLite or PostgreSQL) resumes the phase,
  and one killed just before or after storing a line keeps it once.
* A setup line in the new-game (or join) request arranges that seat at once.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from legends.web import create_app
from legends.web.store import open_store
from legends_core.setupline import parse_setup
from test_web_crash import Server as CrashingServer

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

#: Red's whole army, rank by rank from a1: the Flag in the corner, the Bombs beside it.
RED = "FBBBBBB1" + "2" * 8 + "3" * 5 + "4" * 4 + "5" * 4 + "6" * 4 + "777" + "88" + "90"
#: Blue's: the same ranks in the opposite order (the Marshal first).
BLUE = RED[::-1]




def served(target: str) -> TestClient:
    return TestClient(create_app(db_path=target, computer_time=0.0, init=True))


@pytest.fixture
def http(tmp_path) -> Iterator[TestClient]:
    with served(str(tmp_path / "games.sqlite3")) as client:
        yield client


class Seat:
    """One browser's websocket to a seat, keeping every message it was sent."""

    def __init__(self, ws: Any, token: str):
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        ws.send_json({"type": "hello", "token": token})
        self.welcome = self.receive()
        self.first = self.receive()

    def receive(self) -> dict[str, Any]:
        message = self.ws.receive_json()
        self.received.append(message)
        return message

    def drain(self) -> list[dict[str, Any]]:
        """What the server sent and was not read yet (up to the answer to a ping)."""
        self.ws.send_json({"type": "ping"})
        out = []
        while (message := self.ws.receive_json())["type"] != "pong":
            out.append(message)
        self.received.extend(out)
        return out

    def send(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        self.ws.send_json(message)
        return self.drain()

    def arrange(self, line: object) -> list[dict[str, Any]]:
        return self.send({"type": "arrange", "line": line})


@contextmanager
def seat(http: TestClient, code: str, token: str) -> Iterator[Seat]:
    with http.websocket_connect(f"/ws/{code}") as ws:
        yield Seat(ws, token)


def new_game(http: TestClient, **body: Any) -> dict[str, Any]:
    made = http.post("/api/games", json={"rules": "classic", "side": "red", **body})
    assert made.status_code == 200, made.text
    return made.json()


def placed(view: dict[str, Any], owner: str) -> dict[str, str]:
    """Square -> piece name of ``owner``'s pieces in a view (``None`` where hidden)."""
    return {p["square"]: p["name"] for p in view["pieces"] if p["owner"] == owner}


def test_against_the_computer_the_person_arranges_and_the_game_begins_with_that_setup(http):
    made = new_game(http, opponent="random")
    with seat(http, made["code"], made["token"]) as red:
        assert red.welcome["arranging"] is True and red.welcome["rules"] == "classic"
        first = red.first
        # Red's setup area as red sees it, back row first; its pieces with the edition's
        # names; no line yet; the computer (blue) is dealt and so ready at once.
        assert first["type"] == "arrange" and first["line"] is None
        assert first["rows"][0] == [f"{f}1" for f in "abcdefghij"]
        assert first["rows"][3][0] == "a4" and len(first["rows"]) == 4
        assert {"char": "2", "name": "Scout", "count": 8} in first["pieces"]
        assert first["ready"] == {"red": False, "blue": True}
        # No move before the setup: refused, with the reason, and nothing changes.
        refused = red.send({"type": "action", "action": "a4-a5", "decision": 0})
        assert [m["type"] for m in refused] == ["error"]
        assert "has not begun" in refused[0]["message"]
        got = red.arrange(RED)
        assert [m["type"] for m in got] == ["welcome", "state"]
        view = got[1]["view"]
        assert view["to_move"] == "red" and view["turn"] == 1 and got[1]["decision"] == 0
    # Every square holds the piece the line put there.
    assert placed(view, "red") == parse_setup(RED, "classic", "red")
    assert len(placed(view, "blue")) == 40 and set(placed(view, "blue").values()) == {None}


@pytest.mark.parametrize("line, says", [
    ("FF" + RED[2:], "position 2 (b1): 'F' is one Flag too many (the army has 1)"),
    (RED[:-1], "needs 40 characters"),
    ("X" + RED[1:], "position 1 (a1): 'X' is not a piece of this army"),
    (40, "expected text"),
])
def test_a_bad_line_is_refused_with_what_is_wrong_and_changes_nothing(http, line, says):
    made = new_game(http, opponent="random")
    with seat(http, made["code"], made["token"]) as red:
        refused = red.arrange(line)
        assert [m["type"] for m in refused] == ["error"] and says in refused[0]["message"]
        # Still arranging, nothing stored: the next good line is taken.
        assert http.app.state.server.rooms[made["code"]].arranging
        assert [m["type"] for m in red.arrange(RED)] == ["welcome", "state"]
        # And a second line, after the game began, is refused.
        again = red.arrange(RED)
        assert [m["type"] for m in again] == ["error"] and "has begun" in again[0]["message"]


def test_a_partial_line_deals_its_empty_squares_and_random_deals_all(http):
    partial = "F" + "." * 9 + "B" * 6 + "." * 24
    made = new_game(http, opponent="random")
    with seat(http, made["code"], made["token"]) as red:
        view = red.arrange(partial)[1]["view"]
    mine = placed(view, "red")
    assert len(mine) == 40 and mine["a1"] == "Flag"
    assert [mine[f"{f}2"] for f in "abcdef"] == ["Bomb"] * 6
    assert sorted(mine.values()) == sorted(parse_setup(RED, "classic", "red").values())
    made = new_game(http, opponent="random", side="blue")
    with seat(http, made["code"], made["token"]) as blue:
        begun = blue.arrange("random")
        assert begun[0]["type"] == "welcome" and len(placed(begun[1]["view"], "blue")) == 40


def test_between_people_each_arranges_and_neither_line_reaches_the_other(http):
    made = new_game(http, opponent="human", name="ann")
    code = made["code"]
    with seat(http, code, made["token"]) as red:
        assert red.first["ready"] == {"red": False, "blue": False}
        # Red arranges first: told it is ready; the game waits for blue.
        told = red.arrange(RED)
        assert [m["type"] for m in told] == ["arrange"]
        assert told[0]["line"] == RED and told[0]["ready"] == {"red": True, "blue": False}
        joined = http.post(f"/api/games/{code}/join", json={"name": "bob"}).json()
        with seat(http, code, joined["token"]) as blue:
            # Blue learns that red is ready, and nothing else of red's setup.
            assert blue.first["line"] is None
            assert blue.first["ready"] == {"red": True, "blue": False}
            assert blue.first["rows"][0][0] == "j10"
            # (Red's line has the same ranks, so it is a line for blue too.)
            begun_blue = blue.arrange(RED)
            assert begun_blue[0]["type"] == "welcome"
            begun_red = red.drain()
            assert [m["type"] for m in begun_red] == ["seats", "welcome", "state"]
        # Both views: each their own pieces where their line put them, the other's hidden.
        red_view, blue_view = begun_red[-1]["view"], begun_blue[1]["view"]
        assert placed(red_view, "red") == parse_setup(RED, "classic", "red")
        assert placed(blue_view, "blue") == parse_setup(RED, "classic", "blue")
        assert set(placed(red_view, "blue").values()) == {None}
        assert set(placed(blue_view, "red").values()) == {None}
        for p in blue_view["pieces"]:
            if p["owner"] == "red":
                assert p["number"] is None and p["strength"] is None and p["kind"] is None


def test_nothing_of_one_seats_line_reaches_the_other_seats_messages(http):
    made = new_game(http, opponent="human")
    code = made["code"]
    joined = http.post(f"/api/games/{code}/join", json={}).json()
    with seat(http, code, made["token"]) as red, seat(http, code, joined["token"]) as blue:
        red.arrange(RED)
        blue.drain()
        blue.arrange(BLUE)
        red.drain()
        red_text, blue_text = json.dumps(red.received), json.dumps(blue.received)
    # Red was told its own line back; neither line appears in the other seat's messages.
    assert RED in red_text and RED not in blue_text and BLUE not in red_text
    for me, other, line in ((blue, "red", BLUE), (red, "blue", RED)):
        kinds = [m["type"] for m in me.received]
        assert "state" in kinds
        for message in me.received:
            if message["type"] == "arrange":
                assert message["line"] in (None, line)
                assert set(message) == {"type", "seat", "rules", "rows", "pieces", "line",
                                        "ready", "seats"}
            if message["type"] == "state":
                assert all(p["name"] is None and p["number"] is None
                           for p in message["view"]["pieces"] if p["owner"] == other)


def test_the_setup_in_the_new_game_request_skips_the_board(http):
    made = new_game(http, opponent="random", setup=RED)
    with seat(http, made["code"], made["token"]) as red:
        assert red.first["type"] == "state"
        assert placed(red.first["view"], "red") == parse_setup(RED, "classic", "red")
    # Between people the creator is ready, the joiner (with a line of their own) completes it.
    made = new_game(http, opponent="human", setup=RED)
    joined = http.post(f"/api/games/{made['code']}/join", json={"setup": "random"})
    assert joined.status_code == 200
    with seat(http, made["code"], joined.json()["token"]) as blue:
        assert blue.first["type"] == "state" and blue.first["view"]["to_move"] == "red"


@pytest.mark.parametrize("body, says", [
    ({"setup": "FF" + RED[2:]}, "'F' is one Flag too many"),
    ({"setup": ["F"]}, "expected text"),
    ({"rules": "legends", "setup": RED}, "legends rules deal the setup"),
])
def test_a_bad_setup_in_the_request_is_refused_and_stores_no_game(tmp_path, body, says):
    db = str(tmp_path / "games.sqlite3")
    with served(db) as http:
        res = http.post("/api/games", json={"rules": "classic", "opponent": "random", **body})
    assert res.status_code == 400 and says in res.json()["error"]
    assert open_store(db).counts() == (0, 0)


def test_a_bad_setup_when_joining_leaves_the_seat_free(http):
    made = new_game(http, opponent="human")
    bad = http.post(f"/api/games/{made['code']}/join", json={"setup": "F" * 40})
    assert bad.status_code == 400 and "one Flag too many" in bad.json()["error"]
    assert http.post(f"/api/games/{made['code']}/join", json={}).status_code == 200


def test_the_record_waits_for_the_game_to_begin(http):
    made = new_game(http, opponent="random")
    res = http.post(f"/api/games/{made['code']}/record", json={"token": made["token"],
                                                                "mine": True})
    assert res.status_code == 400 and "has not begun" in res.json()["error"]


def test_narnia_pieces_have_each_sides_names(http):
    made = new_game(http, rules="narnia-1", opponent="human")
    joined = http.post(f"/api/games/{made['code']}/join", json={}).json()
    with seat(http, made["code"], made["token"]) as red:
        names = {p["char"]: p["name"] for p in red.first["pieces"]}
    with seat(http, made["code"], joined["token"]) as blue:
        theirs = {p["char"]: p["name"] for p in blue.first["pieces"]}
    assert (names["B"], names["2"]) == ("Spring Magic", "Leopard")
    assert (theirs["B"], theirs["2"]) == ("Winter Magic", "Wolf")


def test_a_restarted_server_resumes_the_arranging_phase(target):
    with served(target) as http:
        made = new_game(http, opponent="human")
        code = made["code"]
        with seat(http, code, made["token"]) as red:
            red.arrange(RED)
        joined = http.post(f"/api/games/{code}/join", json={}).json()
    # A new server on the same store: red's line is kept, blue still arranges.
    with served(target) as http:
        with seat(http, code, made["token"]) as red:
            assert red.welcome["arranging"] is True
            assert red.first["line"] == RED and red.first["ready"] == {"red": True,
                                                                        "blue": False}
            again = red.arrange(BLUE)
            assert "already arranged" in again[0]["message"]
        with seat(http, code, joined["token"]) as blue:
            assert blue.first["line"] is None
            begun = blue.arrange(BLUE)
            assert begun[1]["view"]["to_move"] == "red"
    # And once more: the game has begun, red's pieces stand where its line put them.
    with served(target) as http:
        with seat(http, code, made["token"]) as red:
            assert red.first["type"] == "state"
            assert placed(red.first["view"], "red") == parse_setup(RED, "classic", "red")
            moved = red.send({"type": "action", "action": "a4-a5", "decision": 0})
            assert moved[-1]["type"] == "state" and moved[-1]["decision"] == 1


@pytest.mark.parametrize("point", ["before-store", "after-store"])
@pytest.mark.parametrize("opponent", ["human", "random"])
def test_a_server_killed_while_a_line_is_taken_keeps_it_once(tmp_path, point, opponent):
    """``legends serve`` dies (as by ``kill -9``) just before or just after storing red's
    line; a new server on the same database resumes, and the line sent again is taken if,
    and only if, it was not stored."""
    db = tmp_path / "games.sqlite3"
    server = CrashingServer(tmp_path, db, f"{point}:1")
    try:
        made = server.post("/api/games", {"rules": "classic", "side": "red",
                                          "opponent": opponent})
        with connect(f"ws://127.0.0.1:{server.port}/ws/{made['code']}", open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            assert [json.loads(ws.recv(timeout=30))["type"] for _ in range(2)] == [
                "welcome", "arrange"]
            ws.send(json.dumps({"type": "arrange", "line": RED}))
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=30)
        assert server.died()
        server.stop()
        server = CrashingServer(tmp_path, db, None)
        stored = point == "after-store"
        with connect(f"ws://127.0.0.1:{server.port}/ws/{made['code']}", open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "token": made["token"]}))
            welcome, first = (json.loads(ws.recv(timeout=30)) for _ in range(2))
            if opponent == "random" and stored:  # the game was built and stored whole
                assert first["type"] == "state"
                assert placed(first["view"], "red") == parse_setup(RED, "classic", "red")
                return
            assert welcome["arranging"] is True
            assert first["line"] == (RED if stored else None)
            ws.send(json.dumps({"type": "arrange", "line": RED}))
            answer = json.loads(ws.recv(timeout=30))
            if stored:
                assert "already arranged" in answer["message"]
            elif opponent == "random":
                assert answer["type"] == "welcome"
                begun = json.loads(ws.recv(timeout=30))
                assert placed(begun["view"], "red") == parse_setup(RED, "classic", "red")
            else:
                assert answer["type"] == "arrange" and answer["line"] == RED
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()


def test_a_computer_thinking_in_a_worker_process_plays_the_arranged_game(tmp_path):
    # The worker is sent the game once it begins (never the arrangement): red, the computer,
    # moves first as soon as blue has arranged.
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, thinkers=1)
    with TestClient(app) as http:
        made = new_game(http, opponent="random", side="blue")
        with seat(http, made["code"], made["token"]) as blue:
            got = blue.arrange(BLUE)
            while got[-1]["view"]["to_move"] != "blue":
                got.append(blue.receive())
    assert [m["type"] for m in got[:2]] == ["welcome", "state"]
    begun, state = got[1], got[-1]
    # The game began with blue's line, before red (the computer) moved.
    assert begun["view"]["turn"] == 1 and begun["view"]["to_move"] == "red"
    assert placed(begun["view"], "blue") == parse_setup(BLUE, "classic", "blue")
    # Red took turn 1. Its random move may have struck a blue piece (a Scout runs up an open
    # file), so what holds whatever it played: every blue piece left stands where the line
    # put it, and at most one is gone.
    assert state["view"]["turn"] == 2 and "-- turn 2: blue to play" in state["lines"]
    before, after = placed(begun["view"], "blue"), placed(state["view"], "blue")
    assert after.items() <= before.items() and len(after) >= len(before) - 1


def test_a_seat_takes_back_its_line_and_sends_another_before_the_game_begins(http):
    made = new_game(http, opponent="human")
    code = made["code"]
    with seat(http, code, made["token"]) as red:
        assert "nothing to change" in red.send({"type": "unready"})[0]["message"]
        red.arrange(RED)
        joined = http.post(f"/api/games/{code}/join", json={}).json()
        with seat(http, code, joined["token"]) as blue:
            told = red.send({"type": "unready"})[-1]  # (after the news that blue sat down)
            assert told["line"] is None and told["ready"] == {"red": False, "blue": False}
            # Blue is told only who is ready, as when red sent the line.
            assert blue.drain()[-1]["ready"] == {"red": False, "blue": False}
            other = "FBBBBBB2" + "1" + RED[9:]  # the Spy and a Scout change places
            assert red.arrange(other)[0]["line"] == other
            assert blue.drain()[-1]["ready"] == {"red": True, "blue": False}
            begun = blue.arrange(RED)
            assert begun[0]["type"] == "welcome"
            assert "the game has begun" in blue.send({"type": "unready"})[0]["message"]
            red_state = red.drain()[-1]
        assert placed(red_state["view"], "red") == parse_setup(other, "classic", "red")
        assert placed(begun[1]["view"], "blue") == parse_setup(RED, "classic", "blue")


def test_other_games_go_on_while_a_setup_waits_for_the_disk(tmp_path, monkeypatch):
    """A setup line is stored off the event loop, as actions are: while its write is held,
    the server still answers another game's browser."""
    import threading

    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, init=True)
    store = app.state.server.store
    real = store.replace_start
    release = threading.Event()
    answered_meanwhile = []

    def held(*args, **kwargs):
        release.wait(10)  # at most: a server that cannot answer fails rather than hangs
        answered_meanwhile.append(release.is_set())
        return real(*args, **kwargs)

    with TestClient(app) as http:
        slow, other = new_game(http, opponent="human"), new_game(http, opponent="human")
        with seat(http, slow["code"], slow["token"]) as red, \
                seat(http, other["code"], other["token"]) as elsewhere:
            monkeypatch.setattr(store, "replace_start", held)
            red.ws.send_json({"type": "arrange", "line": RED})
            elsewhere.ws.send_json({"type": "ping"})
            assert elsewhere.ws.receive_json() == {"type": "pong"}
            release.set()
            assert red.receive()["line"] == RED
    assert answered_meanwhile == [True]

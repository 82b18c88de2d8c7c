"""Ending a game on the play server by choice: resigning, draw offers, and clocks."""

from __future__ import annotations

import sqlite3
from typing import Any

import anyio
import pytest

from legends.web import create_app
from legends.web.rooms import Room
from legends.web.store import open_store
from pgcluster import Cluster
from test_web_auto_pass import FIRE_WALL, OTHER, PLAN, auto_pass_hunt
from test_web_leaks import normalised
from webgames import CASTLE_HUNT_GAME, Table, TestClient, castle_hunt, client


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def http(db):
    with client(db, hunt=castle_hunt()) as c:
        yield c


def send(t: Table, seat: str, message: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Send ``seat``'s message; every message each seat was sent because of it."""
    t.ws[seat].send_json(message)
    order = [seat, *(s for s in t.ws if s != seat)]
    return {s: t.drain(s) for s in order}


def seat_state(http: TestClient, code: str, token: str) -> dict[str, Any]:
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        return ws.receive_json()


# -- resigning -------------------------------------------------------------------------
def test_a_person_resigns_while_the_other_decides_and_everyone_is_told(db, http):
    with Table(http, position="hunt") as t:
        t.act("beige", "c3-c4")
        got = send(t, "gray", {"type": "resign"})
        for seat in ("beige", "gray"):
            [state] = got[seat]
            view = state["view"]
            assert view["over"] and view["winner"] == "beige"
            assert view["reason"] == "gray resigned"
        assert "game over: beige wins (gray resigned)" in got["beige"][0]["lines"]
        again = send(t, "beige", {"type": "resign"})["beige"]
        assert again == [{"type": "error", "message": "the game is over (gray resigned); it cannot end again"}]
        record = http.post(f"/api/games/{t.code}/record", json={"token": t.tokens["beige"]})
        assert record.json()["actions"][-1] == "resign gray"
        assert record.json()["headers"]["result"] == "beige"
        frame = http.post(f"/api/games/{t.code}/replay",
                          json={"token": t.tokens["beige"], "step": 2}).json()
        assert frame["action"] == "resign gray" and frame["of"] == 2
    with client(db) as again_http:  # a restarted server
        view = seat_state(again_http, t.code, t.tokens["gray"])["view"]
        assert view["over"] and view["reason"] == "gray resigned"


def test_a_person_resigns_against_the_computer(http):
    made = http.post("/api/games", json={"opponent": "random", "side": "blue",
                                         "rules": "classic", "auto_pass": True,
                                         "setup": "random"}).json()
    with Table.existing(http, made["code"], {"blue": made["token"]}) as t:
        got = send(t, "blue", {"type": "offer-draw"})["blue"]
        assert got == [{"type": "offer", "offer": None,
                        "line": "blue offers a draw; the computer declines"}]
        [state] = send(t, "blue", {"type": "resign"})["blue"]
        assert state["view"]["winner"] == "red" and state["view"]["reason"] == "blue resigned"


# -- draw offers ------------------------------------------------------------------------
def test_an_offer_declined_then_accepted(http):
    with Table(http, position="hunt") as t:
        got = send(t, "beige", {"type": "offer-draw"})
        offer = {"side": "beige", "seat": "beige", "accepted": []}
        for seat in ("beige", "gray"):
            assert got[seat] == [{"type": "offer", "offer": offer,
                                  "line": "beige offers a draw"}]
        assert send(t, "beige", {"type": "offer-draw"})["beige"][0]["message"] == (
            "beige has already offered a draw for beige")
        assert "only the other side may accept" in send(
            t, "beige", {"type": "accept-draw"})["beige"][0]["message"]
        got = send(t, "gray", {"type": "decline-draw"})
        assert got["beige"] == [{"type": "offer", "offer": None, "line": "gray declines the draw"}]
        assert send(t, "gray", {"type": "accept-draw"})["gray"][0]["message"] == (
            "no draw is offered now")
        send(t, "gray", {"type": "offer-draw"})
        assert send(t, "gray", {"type": "decline-draw"})["beige"][0]["line"] == (
            "gray withdraws the draw offer")
        # One offer per side per round of turns: gray offered on turn 1.
        assert send(t, "gray", {"type": "offer-draw"})["gray"][0]["message"] == (
            "gray offered a draw on turn 1; it may offer again from turn 3, once every seat "
            "has played a turn")
        for seat, action in (("beige", "c3-c4"), ("beige", "pass"), ("gray", "pass"),
                             ("gray", "h8-h7"), ("gray", "pass"), ("beige", "pass")):
            t.act(seat, action)  # beige's turn 1, then gray's turn 2: beige is on turn 3
        send(t, "gray", {"type": "offer-draw"})
        got = send(t, "beige", {"type": "accept-draw"})
        for seat in ("beige", "gray"):
            view = got[seat][0]["view"]
            assert view["over"] and view["winner"] is None
            assert view["reason"] == "drawn by agreement"
        assert http.post(f"/api/games/{t.code}/record", json={"token": t.tokens["gray"]}
                         ).json()["actions"][-2:] == ["pass", "draw agreed"]


def test_an_offer_lapses_once_the_other_side_played_on(http):
    with Table(http, position="hunt") as t:
        send(t, "gray", {"type": "offer-draw"})
        offer = {"side": "gray", "seat": "gray", "accepted": []}
        got = t.act("beige", "c3-c4")  # beige's turn's action: it plays on
        # Beige's own window comes next: the offer lapses only where everyone is told.
        assert got["beige"]["offer"] == offer
        assert t.act("beige", "pass")["gray"]["offer"] == offer  # gray's window
        got = t.act("gray", "pass")  # gray's turn begins: every seat is told
        assert got["beige"]["offer"] is None and got["gray"]["offer"] is None
        send(t, "beige", {"type": "offer-draw"})
        got = t.act("gray", "h8-h7")
        assert got["gray"]["offer"] == {"side": "beige", "seat": "beige", "accepted": []}
        t.act("gray", "pass")
        got = t.act("beige", "pass")  # beige's turn
        assert got["beige"]["offer"] is None


def test_an_offer_outlives_a_restart(db, http):
    with Table(http, position="hunt") as t:
        t.act("beige", "c3-c4")
        send(t, "beige", {"type": "offer-draw"})
    with client(db) as again:
        state = seat_state(again, t.code, t.tokens["gray"])
        assert state["offer"] == {"side": "beige", "seat": "beige", "accepted": []}
        with Table.existing(again, t.code, t.tokens) as t2:
            send(t2, "beige", {"type": "decline-draw"})  # withdrawn
            # The turn of the last offer was kept too: no second offer in the same round.
            assert "may offer again from turn 3" in send(
                t2, "beige", {"type": "offer-draw"})["beige"][0]["message"]
            send(t2, "gray", {"type": "offer-draw"})
            got = send(t2, "beige", {"type": "accept-draw"})
            assert got["gray"][0]["view"]["reason"] == "drawn by agreement"


def test_a_team_needs_every_person_of_the_other_side_to_accept(http):
    with Table(http, joins=3, players=4, side="beige-1") as t:
        send(t, "beige-2", {"type": "offer-draw"})
        got = send(t, "gray-1", {"type": "accept-draw"})
        assert got["beige-1"] == [{"type": "offer", "line": "gray-1 accepts the draw", "offer": {
            "side": "beige", "seat": "beige-2", "accepted": ["gray-1"]}}]
        got = send(t, "gray-2", {"type": "accept-draw"})
        for seat in t.tokens:
            assert got[seat][-1]["view"]["reason"] == "drawn by agreement"


def test_bad_ending_messages(http):
    with Table(http, position="hunt") as t:
        assert send(t, "beige", {"type": "resign-now"})["beige"] == [
            {"type": "error", "message": "unknown message type 'resign-now'"}]
        assert send(t, "gray", {"type": "decline-draw"})["gray"][0]["message"] == (
            "no draw is offered now")
        assert not t.received["beige"][-1]["type"] == "state"
        assert not t.act("beige", "c3-c4")["beige"]["view"]["over"]


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, db):
    """A new store: an SQLite file, or a new database on a PostgreSQL started for the test."""
    if request.param == "sqlite":
        yield db
        return
    try:
        cluster = Cluster()
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        yield cluster.database()
    finally:
        cluster.stop()


def test_either_store_keeps_the_offer_and_clocks(target):
    store = open_store(target, init=True)
    store.create("GAME", {"format": "x"}, {})
    assert store.load("GAME").extras == {}
    store.set_extras("GAME", {"offer": {"side": "gray"}})
    store.add_step("GAME", 0, "a", {}, False, {"offer": None})
    assert store.load("GAME").extras == {"offer": None}
    store.close()


# -- clocks ----------------------------------------------------------------------------
class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def quick_sleep(seconds: float) -> None:
    """The flag timer's sleep: a short real pause whatever it asks (the test moves the clock)."""
    await anyio.sleep(0.01)


def clocked(db: str, wall: Wall) -> TestClient:
    return TestClient(create_app(db_path=db, positions={"hunt": castle_hunt()},
                                 computer_time=0.0, wall=wall, sleep=quick_sleep))


def test_clocks_run_only_in_decisions_everybody_knows_of(db):
    wall = Wall()
    with clocked(db, wall) as http, Table(http, position="hunt",
                                          clock={"minutes": 1, "increment": 2}) as t:
        first = t.received["beige"][-1]["clock"]
        assert first == {"minutes": 1, "increment": 2, "left": {"beige": 60, "gray": 60},
                         "running": "beige"}
        wall.now += 10
        got = t.act("beige", "c3-c4")  # now beige's own window: no clock runs
        assert got["beige"]["clock"]["left"] == {"beige": 52, "gray": 60}
        assert got["beige"]["clock"]["running"] is None
        wall.now += 30  # a window: nobody is charged
        got = t.act("beige", "pass")
        wall.now += 30
        got = t.act("gray", "pass")  # gray's window, then gray's turn
        assert got["gray"]["clock"] == {"minutes": 1, "increment": 2,
                                        "left": {"beige": 52, "gray": 60}, "running": "gray"}
        wall.now += 5
        # Reconnecting shows the clock counted down from the stored time.
        assert seat_state(http, t.code, t.tokens["beige"])["clock"]["left"]["gray"] == 55
    with clocked(db, wall) as http:  # restarted: the clocks were stored
        wall.now += 5
        clock = seat_state(http, t.code, t.tokens["beige"])["clock"]
        assert clock["left"] == {"beige": 52, "gray": 50} and clock["running"] == "gray"


def test_the_flag_falls_on_the_server_with_nobody_sending(db):
    wall = Wall()
    with clocked(db, wall) as http, Table(http, position="hunt",
                                          clock={"minutes": 1, "increment": 0}) as t:
        t.act("beige", "c3-c4")
        t.act("beige", "pass")
        t.act("gray", "pass")  # gray's turn: its clock runs
        wall.now += 61
        for seat in ("beige", "gray"):
            state = t.receive(seat)  # nothing sent: the server's timer ended the game
            assert state["view"]["over"] and state["view"]["winner"] == "beige"
            assert state["view"]["reason"] == "gray lost on time"
        record = http.post(f"/api/games/{t.code}/record", json={"token": t.tokens["gray"]})
        assert record.json()["actions"][-1] == "timeout gray"


def test_time_run_out_while_the_server_was_stopped_loses_on_reconnect(db):
    wall = Wall()
    with clocked(db, wall) as http, Table(http, position="hunt",
                                          clock={"minutes": 2, "increment": 0}) as t:
        pass
    wall.now += 121
    with clocked(db, wall) as http:
        view = seat_state(http, t.code, t.tokens["gray"])["view"]
        assert view["reason"] == "beige lost on time"


@pytest.mark.parametrize(("clock", "error"), [
    ({"minutes": 0}, "clock.minutes: expected more than 0"),
    ({"minutes": "5"}, "clock.minutes: expected a number"),
    ({"minutes": 5, "increment": -1}, "clock.increment: expected a number from 0 to 600"),
    ({"minutes": 5, "delay": 3}, "clock: expected"),
    ([5, 3], "clock: expected"),
])
def test_bad_time_controls_are_refused(http, clock, error):
    res = http.post("/api/games", json={"opponent": "human", "clock": clock})
    assert res.status_code == 400 and error in res.json()["error"]


def test_clocks_are_for_games_between_people(http):
    res = http.post("/api/games", json={"opponent": "random", "clock": {"minutes": 5}})
    assert res.status_code == 400
    assert res.json()["error"] == "clock: a time control is for games between people"


def test_a_game_without_clocks_says_so(http):
    with Table(http, position="hunt") as t:
        assert t.received["beige"][-1]["clock"] is None
        assert CASTLE_HUNT_GAME[0] == ("beige", "c3-c4")


def test_a_store_from_before_offers_and_clocks_gets_their_table(db, http):
    with Table(http, position="hunt") as t:
        t.act("beige", "c3-c4")
    old = sqlite3.connect(db)
    old.execute("DROP TABLE game_extras")  # as servers before this feature left their files
    old.commit()
    old.close()
    with client(db) as again, Table.existing(again, t.code, t.tokens) as t2:
        assert t2.received["gray"][-1]["offer"] is None
        assert send(t2, "gray", {"type": "offer-draw"})["beige"][0]["line"] == (
            "gray offers a draw")


def test_clocks_start_when_the_table_is_full(db):
    wall = Wall()
    with clocked(db, wall) as http:
        made = http.post("/api/games", json={"opponent": "human", "position": "hunt",
                                             "clock": {"minutes": 1}}).json()
        wall.now += 100  # waiting for the opponent costs nothing
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            assert ws.receive_json()["type"] == "welcome"
            alone = ws.receive_json()["clock"]
            assert alone["running"] is None and alone["left"]["beige"] == 60
            http.post(f"/api/games/{made['code']}/join", json={})
            seats = ws.receive_json()  # told at once: its clock now runs
            assert seats["type"] == "seats" and seats["clock"]["running"] == "beige"
        wall.now += 7
        clock = seat_state(http, made["code"], made["token"])["clock"]
        assert clock["running"] == "beige" and clock["left"]["beige"] == 53


NOT_BEGUN = ("the game has not begun: a resignation or a draw offer is made once every player "
             "has arranged their setup")


def test_clocks_of_a_classic_game_start_once_both_players_have_arranged(db):
    wall = Wall()
    with clocked(db, wall) as http:
        made = http.post("/api/games", json={"opponent": "human", "rules": "classic",
                                             "side": "red", "clock": {"minutes": 1}}).json()
        code = made["code"]
        joined = http.post(f"/api/games/{code}/join", json={}).json()
        tokens = {"red": made["token"], "blue": joined["token"]}
        with http.websocket_connect(f"/ws/{code}") as red, \
                http.websocket_connect(f"/ws/{code}") as blue:
            ws = {"red": red, "blue": blue}
            for seat, sock in ws.items():
                sock.send_json({"type": "hello", "token": tokens[seat]})
                welcome = sock.receive_json()
                assert welcome["arranging"] and welcome["teams"] == {}
                assert sock.receive_json()["type"] == "arrange"
            # Nothing to resign or draw yet: refused, and the players go on arranging.
            for kind in ("resign", "offer-draw", "accept-draw"):
                red.send_json({"type": kind})
                assert red.receive_json() == {"type": "error", "message": NOT_BEGUN}
            wall.now += 100  # arranging costs nobody time
            red.send_json({"type": "arrange", "line": "random"})
            for sock in ws.values():
                assert sock.receive_json()["type"] == "arrange"
            wall.now += 50
            blue.send_json({"type": "arrange", "line": "random"})
            for sock in ws.values():  # the game begins, and with it red's clock
                assert sock.receive_json()["type"] == "welcome"
                state = sock.receive_json()
                assert state["clock"] == {"minutes": 1, "increment": 0,
                                          "left": {"red": 60, "blue": 60}, "running": "red"}
        wall.now += 7
    with clocked(db, wall) as http:  # restarted: the running clock was stored with the game
        clock = seat_state(http, code, tokens["blue"])["clock"]
        assert clock["running"] == "red" and clock["left"] == {"red": 53, "blue": 60}
        with Table.existing(http, code, tokens) as t:
            [state] = send(t, "red", {"type": "resign"})["red"]
            assert state["view"]["reason"] == "red resigned"


# -- clocks tell nobody of a window ------------------------------------------------------
def clocked_stream(tmp_path, name: str, gray_d5: int) -> list[dict[str, Any]]:
    """An auto-pass game with clocks, played as ``test_web_auto_pass`` plays it (the wall clock
    moving on only before each seat's planned actions); beige reconnects after every action.
    Returns beige's messages; checks that each reconnection shows the clocks as beige's last
    state message did, counted down by the time gone by since (and nothing newer)."""
    wall = Wall()
    db = str(tmp_path / f"{name}.sqlite3")
    plan = {seat: list(actions) for seat, actions in PLAN.items()}
    with TestClient(create_app(db_path=db, positions={"start": auto_pass_hunt(gray_d5)},
                               computer_time=0.0, wall=wall, sleep=quick_sleep)) as http, \
            Table(http, position="start", clock={"minutes": 1, "increment": 1}) as t:
        answered = {seat: 0 for seat in t.ws}
        last, since = t.received["beige"][-1]["clock"], wall.now
        while not t.received["beige"][-1]["view"]["over"]:
            states = {s: [m for m in t.received[s] if m["type"] == "state"] for s in t.ws}
            seat = next(s for s in t.ws if len(states[s]) > answered[s]
                        and states[s][-1]["view"]["to_move"] == s)
            answered[seat] = len(states[seat])
            planned = plan[seat][:1]
            if planned and planned[0] in states[seat][-1]["view"]["options"]:
                wall.now += 3
                got = t.act(seat, plan[seat].pop(0))
            else:
                got = t.act(seat, "pass")
            if "beige" in got:
                last, since = got["beige"]["clock"], wall.now
            shown = seat_state(http, t.code, t.tokens["beige"])["clock"]
            expected = {**last, "left": dict(last["left"])}
            if last["running"]:
                expected["left"][last["running"]] -= wall.now - since
            assert shown == expected
        return normalised(t.received["beige"])


def test_clocks_tell_beige_nothing_of_a_window_gray_may_be_asked(tmp_path):
    asked = clocked_stream(tmp_path, "asked", FIRE_WALL)
    assert asked == clocked_stream(tmp_path, "skipped", OTHER)
    # The clocks were shown, and moved.
    assert {m["clock"]["left"]["beige"] for m in asked if m["type"] == "state"} != {60}


def test_an_ending_that_could_not_be_stored_is_taken_back(db, http, monkeypatch):
    with Table(http, position="hunt") as t:
        send(t, "beige", {"type": "offer-draw"})
    store = open_store(db)
    room = Room.load(store, None, t.code)
    assert room is not None and room.offer is not None

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "add_step", disk_full)
    with pytest.raises(sqlite3.OperationalError):
        room.answer_offer("gray", True)
    assert not room.game.is_over and room.game.ending is None and room.steps == 0
    assert room.offer is not None and room.offer.accepted == []  # as before
    monkeypatch.setattr(store, "set_extras", disk_full)
    with pytest.raises(sqlite3.OperationalError):
        room.answer_offer("gray", False)
    assert room.offer is not None  # a decline not stored is not made
    monkeypatch.undo()
    assert room.resign("beige")["gray"]["view"]["reason"] == "beige resigned"
    assert open_store(db).load(t.code).actions == ["resign beige"]

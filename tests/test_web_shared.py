"""Any server process serves any game: two servers on one PostgreSQL store, a game's seats
connected to different ones. The store is the only authority; a server that stores a change
announces it, and the other sends its own browsers what the change tells them.

The main check is a twin: the same session is played once with every seat on one server and
once with the seats split between two; each seat must receive the same messages, grouped the
same way, in both.
"""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest

from legends.web import app as app_module
from legends.web import create_app
from legends.web.store import open_store
from test_web_endings import Wall, quick_sleep
from test_web_leaks import normalised
from webgames import CASTLE_HUNT_GAME, Table, castle_hunt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

WAIT = 15.0  # seconds a message announced by the other server may take to arrive


@pytest.fixture
def pg(pg_cluster) -> str:
    url = pg_cluster.database()
    open_store(url, init=True).close()
    return str(url)


def server(url: str, **options: Any) -> TestClient:
    return TestClient(create_app(db_path=url, positions={"hunt": castle_hunt()},
                                 computer_time=0.0, **options))


class Seats(Table):
    """The seats of one game, each connected to the server given for it (not one server,
    as :class:`Table`'s; its reading of a seat's messages is shared)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.stack = ExitStack()
        self.ws: dict[str, Any] = {}
        self.received: dict[str, list[dict[str, Any]]] = {}

    def connect(self, seat: str, http: TestClient, token: str) -> None:
        ws = self.stack.enter_context(http.websocket_connect(f"/ws/{self.code}"))
        ws.send_json({"type": "hello", "token": token})
        self.ws[seat] = ws
        self.received[seat] = [ws.receive_json(), ws.receive_json()]  # welcome, state

    def wait_for(self, seat: str, count: int) -> None:
        """Wait until ``seat`` has received ``count`` messages in all (from either server)."""
        deadline = time.monotonic() + WAIT
        while len(self.received[seat]) < count and time.monotonic() < deadline:
            if not self.drain(seat):
                time.sleep(0.02)

    def settle(self, first: str, expected: dict[str, int] | None) -> dict[str, int]:
        """Read what each seat was sent after a step (``first``'s seat first), waiting until
        each has ``expected`` messages in all, if given; returns the counts."""
        for seat in (first, *(other for other in self.ws if other != first)):
            if expected is not None:
                self.wait_for(seat, expected[seat])
            self.drain(seat)
        return {seat: len(messages) for seat, messages in self.received.items()}

    def play(self, seat: str, action: str) -> list[dict[str, Any]]:
        """Send ``seat``'s action answering its latest state; what its own server sent back
        (the other seats' servers tell them in their own time)."""
        self.ws[seat].send_json({"type": "action", "action": action,
                                 "decision": self.decision(seat)})
        return self.drain(seat)


@contextmanager
def split_table(one: TestClient, two: TestClient, joined_on: TestClient | None = None,
                **new_game: Any) -> Iterator[Seats]:
    """A game between people started on ``one`` (the castle hunt unless ``new_game`` says),
    joined on ``joined_on`` (``two`` by default), beige's browser on one and gray's on two."""
    made = one.post("/api/games", json={"opponent": "human", "side": "beige",
                                        "position": "hunt", **new_game}).json()
    joined = (joined_on or two).post(f"/api/games/{made['code']}/join", json={}).json()
    seats = Seats(made["code"])
    with seats.stack:
        seats.connect("beige", one, made["token"])
        seats.connect("gray", two, joined["token"])
        yield seats


def silence(http: TestClient, monkeypatch: Any) -> None:
    """``http``'s server announces nothing from now on (its announcements are lost)."""
    monkeypatch.setattr(http.app.state.server.store, "announce", lambda *a: None)


#: A session between people: draw offers, a decline, then the castle hunt to its end.
SESSION: list[tuple[str, dict[str, Any]]] = [
    ("beige", {"type": "offer-draw"}),
    ("gray", {"type": "decline-draw"}),
    *((seat, {"type": "action", "action": action}) for seat, action in CASTLE_HUNT_GAME[:3]),
    ("gray", {"type": "offer-draw"}),
    *((seat, {"type": "action", "action": action}) for seat, action in CASTLE_HUNT_GAME[3:]),
]


def play_session(first: TestClient, second: TestClient,
                 counts: list[dict[str, int]] | None = None
                 ) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, int]]]:
    """Beige starts a game on ``first``, gray joins and plays on ``second``; every message
    of :data:`SESSION` is sent in turn. With ``counts`` (how many messages each seat had
    after each step when played on one server) each step waits for that many."""
    made = first.post("/api/games", json={"opponent": "human", "side": "beige",
                                          "position": "hunt"}).json()
    seats = Seats(made["code"])
    with seats.stack:
        seats.connect("beige", first, made["token"])
        joined = second.post(f"/api/games/{made['code']}/join", json={"name": "gray"}).json()
        seats.connect("gray", second, joined["token"])
        seen: list[dict[str, int]] = []
        steps = [("beige", None), *SESSION]  # first: what the join told beige
        for i, (seat, message) in enumerate(steps):
            if message is not None:
                if message["type"] == "action":
                    message = {**message, "decision": seats.decision(seat)}
                seats.ws[seat].send_json(message)
            seen.append(seats.settle(seat, None if counts is None else counts[i]))
        return seats.received, seen


Streams = dict[str, list[dict[str, Any]]]


def twin(pg: str, session: Any) -> tuple[Streams, Streams]:
    """``session`` played with every seat on one server, then with the seats on two; what
    each seat received both times."""
    with server(pg) as one:
        alone, counts = session(one, one)
    with server(pg) as one, server(pg) as two:
        split, _ = session(one, two, counts)
    return alone, split


def test_seats_on_two_servers_get_what_seats_on_one_server_get(pg):
    alone, split = twin(pg, play_session)
    assert alone["beige"][-1]["view"]["winner"] == "beige"  # played to the end
    for seat in ("beige", "gray"):
        assert normalised(split[seat]) == normalised(alone[seat]), seat
    # The check can fail: each seat was shown a different stream of its own.
    assert normalised(alone["beige"]) != normalised(alone["gray"])
    kinds = [m["type"] for m in split["beige"]]
    assert "seats" in kinds and "offer" in kinds  # gray's join and offers crossed over


def test_an_action_on_a_copy_that_is_behind_is_judged_against_the_stored_game(pg,
                                                                             monkeypatch):
    """Server two does not hear of server one's changes (the announcements are lost): an
    action its copy would refuse is judged again once two has caught up with the store."""
    with server(pg) as one, server(pg) as two, split_table(one, two, one) as seats:
        seats.drain("beige")
        silence(one, monkeypatch)
        for action in ("c3-c4", "pass"):
            seats.play("beige", action)
        assert seats.drain("gray") == []  # two heard nothing
        # In two's copy beige is still to move; in the store gray's window is open.
        seats.ws["gray"].send_json({"type": "action", "action": "pass", "decision": 0})
        got = seats.drain("gray")
        # Caught up (beige's move, told in beige's window; then gray's window), and no
        # error: the pass was taken.
        assert [m["type"] for m in got] == ["state"] * 3
        assert [m["decision"] for m in got] == [0, 0, 1]
        assert got[1]["view"]["options"] == ["pass"]
    assert stored_actions(pg, seats.code) == ["c3-c4", "pass", "pass"]


def stored_actions(pg: str, code: str) -> list[str]:
    store = open_store(pg)
    try:
        return store.load(code).actions
    finally:
        store.close()


def test_a_lost_announcement_is_made_good_by_the_periodic_check(pg, monkeypatch):
    monkeypatch.setattr(app_module, "SWEEP", 0.05)
    with server(pg) as one, server(pg) as two, split_table(one, two, one) as seats:
        seats.drain("beige")
        silence(one, monkeypatch)
        for action in ("c3-c4", "pass"):  # beige's move and window: gray's window next
            seats.play("beige", action)
        seats.wait_for("gray", 3)
        state = seats.received["gray"][-1]
        assert state["type"] == "state" and state["view"]["options"] == ["pass"]


def test_the_flag_falls_once_whichever_server_holds_the_sockets(pg):
    wall = Wall()
    with server(pg, wall=wall, sleep=quick_sleep) as one, \
            server(pg, wall=wall, sleep=quick_sleep) as two, \
            split_table(one, two, clock={"minutes": 1, "increment": 0}) as seats:
        for seat, action in CASTLE_HUNT_GAME[:3]:  # to gray's turn: gray's clock runs
            seats.play(seat, action)
        seats.wait_for("gray", len(seats.received["gray"]) + 1)
        assert seats.received["gray"][-1]["clock"]["running"] == "gray"
        wall.now += 61  # both servers' timers see gray's time run out
        for seat in ("beige", "gray"):
            deadline = time.monotonic() + WAIT
            while (not seats.received[seat][-1].get("view", {}).get("over")
                   and time.monotonic() < deadline):
                seats.drain(seat)
                time.sleep(0.02)
            assert seats.received[seat][-1]["view"]["reason"] == "gray lost on time", seat
            ends = [m for m in seats.received[seat] if m.get("view", {}).get("over")]
            assert len(ends) == 1, seat  # told once
    actions = stored_actions(pg, seats.code)
    assert actions[-1:] == ["timeout gray"] and actions.count("timeout gray") == 1


@contextmanager
def stuck_thinking(http: TestClient) -> Iterator[None]:
    """``http``'s server does not finish a computer player's decision (as if it had died)
    until the block ends; then it finishes it, too late."""
    import anyio

    thinkers = http.app.state.server.thinkers
    real = thinkers.choose
    released = threading.Event()

    async def late(room: Any, seat: str, *rest: Any) -> Any:
        while not released.is_set():
            await anyio.sleep(0.02)
        return await real(room, seat, *rest)

    thinkers.choose = late
    try:
        yield
    finally:
        released.set()


def asked_again(tabs: Seats, seat: str) -> bool:
    """Has ``seat`` been asked a decision after its first two?"""
    state = [m for m in tabs.received[seat] if m["type"] == "state"][-1]
    return bool(state["decision"] == 2 and state["view"]["options"])


def test_a_computer_move_another_server_does_not_make_is_made_here(pg, monkeypatch):
    """A person with the game open on both servers acts on one, which then does not make the
    computer's move (it hangs, as a dying process would): the other makes it, and the move the
    first makes too late is refused by the store, which keeps one."""
    monkeypatch.setattr(app_module, "STALL", 0.3)
    with server(pg) as one, server(pg) as two:
        made = one.post("/api/games", json={"opponent": "heuristic", "side": "beige",
                                            "position": "hunt"}).json()
        tabs = Seats(made["code"])
        with tabs.stack:
            tabs.connect("beige", one, made["token"])
            tabs.connect("second tab", two, made["token"])
            with stuck_thinking(one):
                tabs.ws["beige"].send_json({"type": "action", "action": "c3-c4",
                                            "decision": 0})
                tabs.drain("beige")
                # Beige's pass ends its turn: gray, the computer, is asked. Server one is
                # stuck thinking, so it answers nothing more on this connection for now.
                tabs.ws["beige"].send_json({"type": "action", "action": "pass",
                                            "decision": 1})
                deadline = time.monotonic() + WAIT
                while time.monotonic() < deadline and not asked_again(tabs, "second tab"):
                    tabs.drain("second tab")
                    time.sleep(0.05)
                state = [m for m in tabs.received["second tab"] if m["type"] == "state"][-1]
                assert state["decision"] == 2 and state["view"]["options"]  # beige asked
                asked = tabs.received["second tab"][-1]
            tabs.drain("beige")  # server one's late move was refused; it caught up instead
            assert [m for m in tabs.received["beige"] if m["type"] == "error"] == []
            assert tabs.received["beige"][-1]["view"] == asked["view"]
    store = open_store(pg)
    try:
        actions = store.load(made["code"]).actions
        assert actions[:2] == ["c3-c4", "pass"] and len(actions) >= 3  # gray answered
    finally:
        store.close()


def arrange_session(first: TestClient, second: TestClient,
                    counts: list[dict[str, int]] | None = None
                    ) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, int]]]:
    """A classic game between people: red arranges on ``first``, blue joins on ``second``,
    takes its line back and sends another, and the game begins; a first move each."""
    from test_web_arrange import BLUE, RED

    made = first.post("/api/games", json={"opponent": "human", "side": "red",
                                          "rules": "classic"}).json()
    seats = Seats(made["code"])
    with seats.stack:
        seats.connect("red", first, made["token"])
        steps: list[tuple[str, dict[str, Any] | None]] = [
            ("red", {"type": "arrange", "line": RED}), ("blue", None),
            ("blue", {"type": "arrange", "line": RED}), ("blue", {"type": "unready"}),
            ("blue", {"type": "arrange", "line": BLUE})]
        seen: list[dict[str, int]] = []
        for i, (seat, message) in enumerate(steps):
            if message is None:  # blue joins
                joined = second.post(f"/api/games/{made['code']}/join", json={}).json()
                seats.connect("blue", second, joined["token"])
            else:
                seats.ws[seat].send_json(message)
            seen.append(seats.settle(seat, None if counts is None else counts[i]))
        return seats.received, seen


def test_setups_arranged_on_two_servers_reach_each_seat_as_on_one(pg):
    alone, split = twin(pg, arrange_session)
    assert [m["type"] for m in alone["red"]][-2:] == ["welcome", "state"]  # it began
    for seat in ("red", "blue"):
        assert normalised(split[seat]) == normalised(alone[seat]), seat


def test_a_seat_nobody_here_watches_is_told_but_its_message_not_built(tmp_path):
    """Each process builds the state messages of the seats its own browsers show only; a
    seat without one is told all the same (a browser connecting later is greeted alike)."""
    from legends.web.rooms import UNSEEN, Room
    from legends.web.store import SQLiteStore
    from legends_core import Game

    greetings = []
    for watched in ({"beige", "gray"}, {"beige"}):
        store = SQLiteStore(str(tmp_path / f"{len(watched)}.sqlite3"))
        game = Game.from_position(castle_hunt())
        seats = {s: {"kind": "human", "name": s, "taken": True} for s in game.players}
        room = Room.create(store, game, seats)
        room.watched = watched.__contains__
        for seat, action in CASTLE_HUNT_GAME[:4]:
            told = room.act(seat, action, room.decision(seat))
            assert told["beige"]["type"] == "state"
            assert (told["gray"] is UNSEEN) == ("gray" not in watched)
        greetings.append(normalised(list(room.greeting("gray"))))
        store.close()
    assert greetings[0] == greetings[1]


def test_a_copy_let_go_while_a_browser_connects_is_taken_back(pg, monkeypatch):
    """Server one lets its copy of the game go just as beige's browser has looked it up (as
    when another server's change comes meanwhile): the copy the browser uses is taken back
    into memory, so it still hears of gray's moves on server two."""
    with server(pg) as one, server(pg) as two:
        first = one.app.state.server
        look_up = first.seat_for

        async def racing(code: str, token: object) -> Any:
            room, seat = await look_up(code, token)
            first.rooms.pop(room.code, None)
            return room, seat

        monkeypatch.setattr(first, "seat_for", racing)
        with split_table(one, two) as seats:
            for seat, action in CASTLE_HUNT_GAME[:4]:  # gray's pass and move reach beige
                seats.play(seat, action)
            deadline = time.monotonic() + WAIT
            while not moved_to_h7(seats.received["beige"]) and time.monotonic() < deadline:
                seats.drain("beige")
                time.sleep(0.02)
            assert moved_to_h7(seats.received["beige"])


def moved_to_h7(messages: list[dict[str, Any]]) -> bool:
    """Has a state shown a piece on h7 (gray's move in the castle hunt)?"""
    return any(p["square"] == "h7" for m in messages if m["type"] == "state"
               for p in m["view"]["pieces"])

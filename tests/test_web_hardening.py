"""The web server's defences: bounded bodies, games and connections, codes that cannot be
guessed, clean answers to odd frames, security headers and a private database file."""

from __future__ import annotations

import math
import os
import re
import sqlite3
import stat

import anyio
import pytest
from starlette.websockets import WebSocketDisconnect

from legends.web import create_app
from legends.web.codes import LENGTH, LETTERS, parse_code
from legends.web.guards import Limits, Pacer
from legends.web.store import SCHEMA, SQLiteStore
from webgames import CASTLE_HUNT_GAME, Table, TestClient, castle_hunt


class FakeTime:
    """A clock the test moves by hand; sleeping moves it too (and is noted)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def make(tmp_path, limits: Limits | None = None, time: FakeTime | None = None,
         computer_time: float = 0.0) -> TestClient:
    time = time or FakeTime()
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), positions={"hunt": castle_hunt()},
                     limits=limits, computer_time=computer_time, clock=time, sleep=time.sleep)
    return TestClient(app)


# -- request bodies ----------------------------------------------------------------------
def call(app, headers: list[tuple[bytes, bytes]], chunks: int) -> tuple[int, int]:
    """POST a body of ``chunks`` chunks of 4 KB straight to the ASGI app; the status and how
    many chunks the app asked for."""
    asked = 0
    answer: dict[str, int] = {}

    async def receive():
        nonlocal asked
        asked += 1
        return {"type": "http.request", "body": b" " * 4096, "more_body": asked < chunks}

    async def send(message):
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/api/games", "raw_path": b"/api/games",
             "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}
    anyio.run(app, scope, receive, send)
    return answer["status"], asked


def test_a_large_body_is_refused_while_it_streams_in(tmp_path):
    app = create_app(db_path=str(tmp_path / "g.sqlite3"))
    # 300 MB announced in chunks, with no length given: refused after the limit (16 KB).
    status, asked = call(app, [(b"host", b"testserver")], chunks=75_000)
    assert status == 413 and asked <= 6


def test_a_declared_length_over_the_limit_is_refused_before_reading(tmp_path):
    app = create_app(db_path=str(tmp_path / "g.sqlite3"))
    status, asked = call(app, [(b"host", b"testserver"), (b"content-length", b"300000000")],
                         chunks=75_000)
    assert status == 413 and asked == 0


# -- games in memory ---------------------------------------------------------------------
def finish(http) -> Table:
    with Table(http, position="hunt") as t:
        for seat, action in CASTLE_HUNT_GAME:
            t.act(seat, action)
    return t


def test_finished_and_idle_games_leave_memory_but_not_the_store(tmp_path):
    time = FakeTime()
    with make(tmp_path, Limits(room_idle=600), time) as http:
        server = http.app.state.server
        done = finish(http)
        idle = http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
        server.evict()
        assert done.code not in server.rooms and idle["code"] in server.rooms
        time.now += 601
        server.evict()
        assert server.rooms == {}
        # Both come back from the store when used.
        record = http.post(f"/api/games/{done.code}/record", json={"token": done.tokens["gray"]})
        assert record.json()["headers"]["result"] == "beige"
        assert http.post(f"/api/games/{idle['code']}/join", json={}).status_code == 200


def test_the_games_in_memory_are_capped(tmp_path):
    with make(tmp_path, Limits(max_rooms=2)) as http:
        server = http.app.state.server
        codes = [http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
                 ["code"] for _ in range(4)]
        assert len(server.rooms) == 2 and set(server.rooms) == set(codes[2:])
        # While browsers are connected to both, a third game cannot be held: a clear refusal.
        with Table(http, position="hunt") as one:
            server.rooms.pop(codes[3])
            with Table(http, position="hunt") as two:
                full = http.post("/api/games", json={"opponent": "human", "position": "hunt"})
                assert full.status_code == 503 and "too many games" in full.json()["error"]
                assert set(server.rooms) == {one.code, two.code}


def test_websockets_are_capped_per_client_and_in_all(tmp_path):
    for limits, error in ((Limits(max_sockets_per_client=2), "from your address"),
                          (Limits(max_sockets=2), "too many connections")):
        with make(tmp_path, limits) as http, Table(http, position="hunt") as t:
            with http.websocket_connect(f"/ws/{t.code}") as extra:
                reply = extra.receive_json()
                assert reply["type"] == "error" and error in reply["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    extra.receive_json()
                assert closed.value.code == 1013
            # The open ones go on.
            assert t.act("beige", "c3-c4")["gray"]["view"]["to_move"] == "beige"


def test_a_silent_websocket_is_closed(tmp_path):
    with make(tmp_path, Limits(socket_idle=0.05)) as http:
        made = http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            assert [ws.receive_json()["type"] for _ in range(2)] == ["welcome", "state"]
            assert "long silence" in ws.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4408


# -- game codes --------------------------------------------------------------------------
def test_game_codes_are_long_random_and_forgiving_to_type(tmp_path):
    assert LENGTH * math.log2(len(LETTERS)) >= 100
    with make(tmp_path) as http:
        made = [http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
                for _ in range(2)]
        code = made[0]["code"]
        assert re.fullmatch(r"([A-HJKMNP-Z2-9]{7}-){2}[A-HJKMNP-Z2-9]{7}", code)
        assert code != made[1]["code"]
        typed = code.lower().replace("-", " ")
        assert parse_code(typed) == code
        joined = http.post(f"/api/games/{typed}/join", json={})
        assert joined.status_code == 200 and joined.json()["code"] == code


def test_missing_and_full_games_get_one_answer(tmp_path):
    with make(tmp_path) as http:
        full = Table(http, position="hunt")
        no_game = http.post("/api/games/ABCDEFG-HJKMNPQ-RSTUVWX/join", json={})
        no_seat = http.post(f"/api/games/{full.code}/join", json={})
        assert (no_game.status_code, no_game.json()) == (no_seat.status_code, no_seat.json())
        answers = []
        for code, token in (("ABCDEFG-HJKMNPQ-RSTUVWX", full.tokens["beige"]),
                            (full.code, "not-a-token")):
            with http.websocket_connect(f"/ws/{code}") as ws:
                ws.send_json({"type": "hello", "token": token})
                answers.append(ws.receive_json())
            record = http.post(f"/api/games/{code}/record", json={"token": token, "mine": True})
            answers.append((record.status_code, record.json()))
        assert answers[0] == answers[2] and answers[1] == answers[3]


def test_old_short_codes_open_for_their_tokens_but_cannot_be_joined(tmp_path):
    with make(tmp_path) as http:
        server = http.app.state.server
        made = http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
        stored = server.store.load(made["code"])
        server.store.create("ABCDEF", stored.record(), stored.seats)
        server.store.add_token("old-token", "ABCDEF", "beige")
        refused = http.post("/api/games/ABCDEF/join", json={})
        assert refused.status_code == 400 and "free seat" in refused.json()["error"]
        with http.websocket_connect("/ws/abcdef") as ws:
            ws.send_json({"type": "hello", "token": "old-token"})
            assert ws.receive_json()["seat"] == "beige"


def test_starting_and_joining_games_are_rate_limited(tmp_path):
    time = FakeTime()
    with make(tmp_path, Limits(attempts=3, attempt_window=60), time) as http:
        body = {"opponent": "human", "position": "hunt"}
        assert [http.post("/api/games", json=body).status_code for _ in range(3)] == [200] * 3
        refused = http.post("/api/games/ABCDEFG-HJKMNPQ-RSTUVWX/join", json={})
        assert refused.status_code == 429 and "wait" in refused.json()["error"]
        time.now += 20  # one attempt comes back every 60/3 seconds
        assert http.post("/api/games", json=body).status_code == 200
        assert http.post("/api/games", json=body).status_code == 429


# -- websocket frames and origins --------------------------------------------------------
def test_binary_frames_get_an_error_and_the_connection_goes_on(tmp_path):
    with make(tmp_path) as http, Table(http, position="hunt") as t:
        t.ws["beige"].send_bytes(b'{"type": "action", "action": "c3-c4"}')
        reply = t.receive("beige")
        assert reply["type"] == "error" and "binary" in reply["message"]
        assert t.act("beige", "c3-c4")["beige"]["view"]["turn"] == 1
        with http.websocket_connect(f"/ws/{t.code}") as ws:
            ws.send_bytes(b"\x00\x01")
            assert "binary" in ws.receive_json()["message"]


def test_websockets_from_other_sites_are_refused(tmp_path):
    with make(tmp_path) as http:
        made = http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
        with http.websocket_connect(f"/ws/{made['code']}",
                                    headers={"origin": "http://evil.example"}) as ws:
            assert "other sites" in ws.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
        with http.websocket_connect(f"/ws/{made['code']}",
                                    headers={"origin": "http://testserver"}) as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            assert ws.receive_json()["type"] == "welcome"


def test_every_http_response_carries_the_security_headers(tmp_path):
    with make(tmp_path) as http:
        for res in (http.get("/"), http.get("/static/app.js"), http.get("/api/options"),
                    http.post("/api/games", json={"rules": "chess"}), http.get("/nowhere")):
            csp = res.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
            assert res.headers["x-content-type-options"] == "nosniff"
            assert res.headers["referrer-policy"] == "no-referrer"


# -- the database file -------------------------------------------------------------------
def test_the_database_files_are_private(tmp_path):
    path = tmp_path / "games.sqlite3"
    old = sqlite3.connect(path)  # a store as an older server left it: readable by all
    old.executescript(SCHEMA.split("CREATE TABLE IF NOT EXISTS store_info")[0])
    old.close()
    path.chmod(0o644)
    store = SQLiteStore(str(path))
    store.create("ABCDEFG-HJKMNPQ-RSTUVWX", {"format": "x"}, {})
    files = [path, tmp_path / "games.sqlite3-wal", tmp_path / "games.sqlite3-shm"]
    assert all(f.exists() for f in files)
    assert [stat.S_IMODE(os.stat(f).st_mode) for f in files] == [0o600] * 3
    store.close()


# -- steady replies against the computer -------------------------------------------------
def test_the_pacer_releases_on_a_steady_beat_whatever_the_work_took():
    def releases(work: list[float]) -> list[float]:
        time = FakeTime()
        start = time.now
        pacer = Pacer(0.5, time, time.sleep)
        out = []

        async def run():
            for seconds in work:
                time.now += seconds  # the computer thinking
                await pacer.wait()
                out.append(time.now - start)
        anyio.run(run)
        return out

    assert releases([0.1, 0.3]) == pytest.approx(releases([0.0, 0.45]))
    assert releases([0.1, 0.3]) == pytest.approx([0.5, 1.0])
    assert releases([0.7]) == pytest.approx([0.7])  # past the beat: released at once (no earlier possible)


def test_replies_against_the_computer_are_held_to_the_beat(tmp_path):
    time = FakeTime()
    with make(tmp_path, time=time, computer_time=0.5) as http:
        made = http.post("/api/games", json={"opponent": "random", "side": "gray",
                                             "turn_limit": 1, "auto_pass": True}).json()
        assert time.slept == []  # nobody was connected yet: nothing to hold
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            ws.receive_json()
            state = ws.receive_json()
            options = state["view"]["options"]
            ws.send_json({"type": "action", "action": options[0],
                          "decision": state["decision"]})
            ws.send_json({"type": "ping"})
            states = []
            while (message := ws.receive_json())["type"] != "pong":
                states.append(message)
    # One beat before each message the person was sent after acting, however quick the
    # computer was.
    assert states and time.slept == [0.5] * len(states)

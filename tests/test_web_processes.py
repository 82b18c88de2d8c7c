"""``legends serve --processes N``: server processes behind a front that routes by game code."""

from __future__ import annotations

import itertools
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from legends.web import store as store_module
from legends.web.codes import backend_of, new_code, parse_code
from legends.web.front import route
from legends.web.store import StoreLost, open_store

HOST = "127.0.0.1"
SRC = Path(__file__).resolve().parents[1] / "src"


def test_codes_minted_for_a_process_route_to_it():
    for n in (2, 3, 5):
        for i in range(n):
            for _ in range(5):
                code = new_code((i, n))
                assert backend_of(code, n) == i
                # Any typed form of the code goes to the same process.
                typed = code.lower().replace("-", " ")
                assert parse_code(typed) == code and backend_of(typed, n) == i
    assert backend_of("not a code", 4) == 0 and backend_of(new_code(), 1) == 0


def test_the_front_routes_by_code_and_starts_games_in_turn():
    turn = itertools.count()
    code = new_code((1, 2))
    assert route(f"/ws/{code}", "GET", 2, turn) == 1
    assert route(f"/game/{code}", "GET", 2, turn) == 1
    assert route(f"/api/games/{code}/join", "POST", 2, turn) == 1
    assert [route("/api/games", "POST", 3, turn) for _ in range(4)] == [0, 1, 2, 0]
    assert route("/", "GET", 2, turn) == route("/static/app.js", "GET", 2, turn) == 0
    assert route("/api/options", "GET", 2, turn) == 0


def test_a_file_another_process_is_copying_its_log_into_is_not_taken_for_cut(tmp_path,
                                                                              monkeypatch):
    # Server processes sharing one SQLite file: while one copies its write-ahead log into the
    # file, another may read a header counting pages not written yet. That is no truncation.
    store = open_store(str(tmp_path / "games.sqlite3"), init=True)
    real = store_module._read_header
    looks: list[int] = []

    def mid_checkpoint(path: str) -> bytes:
        header = bytearray(real(path))
        looks.append(1)
        if len(looks) <= 3:  # the pages after the header are not there yet
            pages = int.from_bytes(header[28:32], "big") + 10
            header[28:32] = pages.to_bytes(4, "big")
        return bytes(header)

    monkeypatch.setattr(store_module, "_read_header", mid_checkpoint)
    monkeypatch.setattr(store_module, "SETTLE_PAUSE", 0.001)
    assert store.codes() == [] and len(looks) == 4
    # A file that stays shorter than its header says was cut.
    def cut(path: str) -> bytes:
        looks.clear()
        return mid_checkpoint(path)

    monkeypatch.setattr(store_module, "_read_header", cut)
    with pytest.raises(StoreLost, match="was truncated"):
        store.codes()
    store.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@pytest.fixture
def front(tmp_path):
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "legends.cli", "serve", "--processes", "2", "--host", HOST,
         "--port", str(port), "--db", str(tmp_path / "games.sqlite3"), "--init",
         "--computer-time", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(url + "/api/options", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
            assert time.monotonic() < deadline, "the front did not answer within 60 s"
            time.sleep(0.2)
        assert len(_children(proc.pid)) in (0, 2)  # two server processes (where seen)
        yield url
    finally:
        children = _children(proc.pid)
        _stop(proc)
    # The front stopped its server processes with it.
    assert not [pid for pid in children if Path(f"/proc/{pid}").exists()]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server as Ctrl-C would, or kill it if it takes more than 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []  # not Linux: not checked


def _play_to_the_end(url: str, code: str, token: str) -> dict:
    """Answer every decision with the first option until the game is over; the last state."""
    with connect(f"{url.replace('http', 'ws', 1)}/ws/{code}", open_timeout=10,
                 max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        for _ in range(2000):
            message = json.loads(ws.recv(timeout=30))
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            view = message["view"]
            if view["over"]:
                return message
            if view["options"]:
                ws.send(json.dumps({"type": "action", "action": view["options"][0],
                                    "decision": message["decision"]}))
    raise AssertionError("the game did not end")


def test_two_processes_behind_the_front(front):
    with httpx.Client(base_url=front, timeout=30) as http:
        page = http.get("/")
        assert page.status_code == 200 and page.headers["x-frame-options"] == "DENY"
        assert "<html" in page.text.lower()
        made = []
        for _ in range(6):
            r = http.post("/api/games", json={"opponent": "human", "side": "beige"})
            assert r.status_code == 200, r.text
            code = r.json()["code"]
            # The process that started the game minted a code that routes to it.
            assert r.headers["x-legends-backend"] == str(backend_of(code, 2))
            assert "content-security-policy" in r.headers
            made.append(r.json())
        assert {backend_of(m["code"], 2) for m in made} == {0, 1}  # started in turn
        for m in made:
            backend = str(backend_of(m["code"], 2))
            joined = http.post(f"/api/games/{m['code']}/join", json={"name": "b"})
            assert joined.status_code == 200 and joined.headers["x-legends-backend"] == backend
            mine = http.post(f"/api/games/{m['code'].lower()}/record",
                             json={"token": m["token"], "mine": True})
            assert mine.status_code == 200 and mine.headers["x-legends-backend"] == backend
        # A bad request gets the process's own answer, unchanged.
        bad = http.post(f"/api/games/{made[0]['code']}/join", content=b"[1]")
        assert bad.status_code == 400 and "error" in bad.json()
        too_big = http.post("/api/games", content=b"x" * (70 * 1024))
        assert too_big.status_code == 413

        # A game against the computer, played through the front to its end.
        games = [http.post("/api/games", json={"opponent": "random", "side": "beige",
                                               "turn_limit": 4}).json() for _ in range(2)]
        assert {backend_of(g["code"], 2) for g in games} == {0, 1}
        for g in games:
            last = _play_to_the_end(front, g["code"], g["token"])
            assert last["view"]["over"]
            record = http.post(f"/api/games/{g['code']}/record", json={"token": g["token"]})
            assert record.status_code == 200, record.text
            assert record.headers["x-legends-backend"] == str(backend_of(g["code"], 2))
            assert record.json()["actions"]


def test_the_front_passes_refusals_and_close_codes_through(front):
    ws_url = front.replace("http", "ws", 1)
    code = new_code()
    with connect(f"{ws_url}/ws/{code}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": "nobody's"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "error"
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 4403
    with connect(f"{ws_url}/ws/{code}", open_timeout=10,
                 origin="https://elsewhere.example") as ws:  # type: ignore[arg-type]
        assert "other sites" in json.loads(ws.recv(timeout=10))["message"]
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 4403


# -- servers started one by one (as on several machines), and a front before them ---------
def _start(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "legends.cli", "serve", "--host", HOST,
                             "--port", str(port), "--computer-time", "0", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url + "/api/options", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
        assert time.monotonic() < deadline, "a server did not answer within 60 s"
        time.sleep(0.2)


def test_servers_started_apart_behind_a_front(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])])}
    db = str(tmp_path / "games.sqlite3")
    procs = []
    try:
        for i in range(2):
            proc, url = _start(["--db", db, "--init", "--shard", f"{i}/2"], env)
            procs.append((proc, url))
        front_proc, front = _start(["--front", ",".join(url for _, url in procs)], env)
        procs.append((front_proc, front))
        with httpx.Client(base_url=front, timeout=30) as http:
            games = [http.post("/api/games", json={"opponent": "random", "side": "beige",
                                                   "turn_limit": 3}) for _ in range(4)]
            assert all(g.status_code == 200 for g in games), [g.text for g in games]
            # Each server minted codes that route to itself, and the front took turns.
            assert {g.headers["x-legends-backend"] for g in games} == {"0", "1"}
            for g in games:
                assert g.headers["x-legends-backend"] == str(backend_of(g.json()["code"], 2))
                last = _play_to_the_end(front, g.json()["code"], g.json()["token"])
                assert last["view"]["over"]
        # Each game was played on the server that started it, and stored once.
        store = open_store(db)
        try:
            for g in games:
                assert store.load(g.json()["code"]).actions
        finally:
            store.close()
    finally:
        for proc, _ in procs:
            _stop(proc)


@pytest.mark.parametrize("args, said", [
    (["--front", "localhost:8000"], "expected 1 to 64 server URLs"),
    (["--front", "http://a:1", "--shard", "0/2"], "--front and --shard do not go together"),
    (["--shard", "2/2"], "--shard: expected I/N with 0 <= I < N <= 64"),
    (["--processes", "2", "--shard", "0/2"], "--processes and --shard do not go together"),
])
def test_front_and_shard_refuse_what_does_not_fit(args, said, capsys):
    from legends.cli import main

    assert main(["serve", *args]) != 0
    assert said in capsys.readouterr().err

"""The play server's store: checked before use, never silently started afresh, noticing a
file lost under it, whole on disk after shutdown, backed up while live, and shared by several
server processes (SQLite, and a real PostgreSQL started for these tests)."""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import warnings

import pytest

from legends.cli import main
from legends.web import create_app
from legends.web.store import SQLiteStore, StaleStep, StoreError, open_store
from webgames import CASTLE_HUNT_GAME, Table, castle_hunt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture(autouse=True)
def no_real_server(monkeypatch):
    """'legends serve' in these tests must refuse before it listens: a start is a failure."""
    import uvicorn

    def started(*args, **kwargs):
        raise AssertionError("legends serve started a server")

    monkeypatch.setattr(uvicorn, "run", started)




def served(target: str, *, init: bool = True) -> TestClient:
    app = create_app(db_path=target, positions={"hunt": castle_hunt()}, computer_time=0.0,
                     init=init)
    return TestClient(app)


def play(http: TestClient, moves: int) -> tuple[str, dict[str, str]]:
    """A game between people on ``http`` with its first ``moves`` actions played."""
    with Table(http, position="hunt") as t:
        for seat, action in CASTLE_HUNT_GAME[:moves]:
            t.act(seat, action)
    return t.code, t.tokens


def seat_state(http: TestClient, code: str, token: str) -> dict:
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        return ws.receive_json()


def serve_error(db: str, capsys, *extra: str) -> str:
    """What ``legends serve --db DB`` says when it refuses to start (it must refuse)."""
    assert main(["serve", "--db", db, "--port", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("legends: error: ") and "Traceback" not in err
    return err


# -- both backends -----------------------------------------------------------------------
def test_games_outlive_the_server_on_either_store(target):
    with served(target) as http:
        code, tokens = play(http, 4)
    with served(target, init=False) as http:
        state = seat_state(http, code, tokens["gray"])
        assert state["view"]["turn"] == 2
    store = open_store(target)
    try:
        assert store.load(code).actions == [a for _, a in CASTLE_HUNT_GAME[:4]]
    finally:
        store.close()


def test_an_action_out_of_turn_order_is_refused_and_stores_nothing(target):
    store = open_store(target, init=True)
    try:
        store.create("GAME", {"format": "x"}, {})
        store.add_step("GAME", 0, "a", {"beige": [{"kind": "x"}]}, False)
        for seq in (0, 2):  # again, and past a gap
            with pytest.raises(StaleStep, match="changed elsewhere"):
                store.add_step("GAME", seq, "b", {"beige": [{"kind": "y"}]}, True)
        assert store.load("GAME").actions == ["a"]
        assert store.shown("GAME", "beige") == [{"kind": "x"}]
        with pytest.raises(StoreError, match="no game"):
            store.add_step("NONE", 0, "a", {}, False)
    finally:
        store.close()


def test_a_stale_action_through_a_second_server_catches_it_up(target):
    """Two servers on one store; one is behind on a game (it heard of no change): its seat's
    action is refused in the store, so that server catches its copy up first, shows the seat
    the game as it now is, refuses the action as answering a decision already taken, and
    the seat plays on from there on the same connection."""
    with served(target) as one, served(target, init=False) as two:
        with Table(one, position="hunt") as t:
            with two.websocket_connect(f"/ws/{t.code}") as ws:
                ws.send_json({"type": "hello", "token": t.tokens["beige"]})
                ws.receive_json(), ws.receive_json()  # server two has the game at step 0
                t.act("beige", "c3-c4")                # ... and server one moves it on
                ws.send_json({"type": "action", "action": "c3-c4", "decision": 0})
                state = ws.receive_json()
                assert state["type"] == "state" and state["view"]["options"] == ["pass"]
                assert state["decision"] == 1  # after c3-c4, as server one left it
                error = ws.receive_json()
                assert error["type"] == "error" and "already answered" in error["message"]
                ws.send_json({"type": "action", "action": "pass", "decision": 1})
                ws.send_json({"type": "ping"})
                while (message := ws.receive_json())["type"] != "pong":
                    assert message["type"] != "error", message
        store = open_store(target)
        try:
            assert store.load(t.code).actions == ["c3-c4", "pass"]
        finally:
            store.close()


def test_two_servers_never_give_one_seat_to_two_people(target):
    """Both servers have the game loaded with its second seat free; a person joins through
    each: the seat goes to the first, and the second is told there is no free seat."""
    with served(target) as one, served(target, init=False) as two:
        made = one.post("/api/games", json={"opponent": "human", "side": "beige"}).json()
        code = made["code"]
        for http in (one, two):  # each server loads its own copy, seat free in both
            with http.websocket_connect(f"/ws/{code}") as ws:
                ws.send_json({"type": "hello", "token": made["token"]})
                assert ws.receive_json()["type"] == "welcome"
        first = one.post(f"/api/games/{code}/join", json={"name": "first"})
        second = two.post(f"/api/games/{code}/join", json={"name": "second"})
        assert first.status_code == 200 and first.json()["seat"] == "gray"
        assert second.status_code == 400 and "free seat" in second.json()["error"]
        store = open_store(target)
        try:
            assert store.load(code).seats["gray"]["name"] == "first"
            assert store.seat_of(first.json()["token"], code) == "gray"
        finally:
            store.close()


WORKER = """
import sys
from legends.web.store import StaleStep, open_store
target, code, total = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = open_store(target)
stored = stale = 0
while (n := store.steps(code)) < total:
    try:
        store.add_step(code, n, f"a{n}", {"beige": [{"n": n}]}, n == total - 1)
        stored += 1
    except StaleStep:
        stale += 1
store.close()
print(stored, stale)
"""


def test_processes_racing_on_one_game_store_each_action_once_in_order(target):
    total = 60
    store = open_store(target, init=True)
    store.create("RACE", {"format": "x"}, {})
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, target, "RACE", str(total)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(3)]
    results = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err for _, err in results]
    stored = [int(out.split()[0]) for out, _ in results]
    assert sum(stored) == total
    try:
        assert store.load("RACE").actions == [f"a{n}" for n in range(total)]
        assert store.shown("RACE", "beige") == [{"n": n} for n in range(total)]
    finally:
        store.close()


# -- SQLite: the file checked at start ----------------------------------------------------
@pytest.fixture
def kept(tmp_path):
    """An SQLite store holding two games, its server shut down."""
    db = str(tmp_path / "games.sqlite3")
    with served(db, init=False) as http:
        play(http, 2)
        play(http, 4)
    # (A no-op after a clean shutdown, which checkpoints; the test of that is further down.)
    sqlite3.connect(db).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    return db


def test_an_emptied_file_is_refused_until_init(kept, capsys):
    open(kept, "w").close()  # truncated to 0 bytes
    with pytest.raises(StoreError, match="is empty"):
        create_app(db_path=kept)
    err = serve_error(kept, capsys)
    assert "is empty (0 bytes)" in err and "--init" in err
    # Given --init, a new store starts and the empty file is kept aside.
    with served(kept, init=True) as http:
        assert http.get("/api/options").status_code == 200
    assert SQLiteStore(kept).counts() == (0, 0)
    assert [os.path.getsize(f) for f in glob.glob(kept + ".broken-*")] == [0]


def _half(db: str) -> None:
    with open(db, "r+b") as f:
        f.truncate(os.path.getsize(db) // 2)


def _garbage(db: str) -> None:
    with open(db, "wb") as f:
        f.write(b"not a database at all\n" * 300)


def _foreign(db: str) -> None:
    os.remove(db)
    other = sqlite3.connect(db)
    other.execute("CREATE TABLE songs (title TEXT)")
    other.execute("INSERT INTO songs VALUES ('a')")
    other.commit()
    other.close()


def _no_tables(db: str) -> None:
    os.remove(db)
    other = sqlite3.connect(db)
    other.execute("PRAGMA user_version = 3")  # a valid database file without any table
    other.commit()
    other.close()


def _header(db: str) -> None:
    with open(db, "r+b") as f:
        f.write(bytes(100))  # the header zeroed, the pages after it whole


def _scrambled(db: str) -> None:
    with open(db, "r+b") as f:
        page = int.from_bytes(f.read(18)[16:18], "big")
        f.seek(page)  # the second page: a table's b-tree
        f.write(bytes(range(256)) * (page // 256))


@pytest.mark.parametrize("damage, says", [
    (_half, "is truncated"),
    (_garbage, "is not an SQLite database"),
    (_header, "has a damaged header"),
    (_foreign, "is not a legends games store"),
    (_no_tables, "holds no games store"),
    (_scrambled, "damaged"),
])
def test_a_damaged_or_foreign_file_gets_one_line_and_no_start(kept, capsys, damage, says):
    assert os.path.getsize(kept) > 8192  # every page in the file itself (checkpointed)
    damage(kept)
    err = serve_error(kept, capsys)
    assert says in err and kept in err, err
    with pytest.raises(StoreError, match=says):
        SQLiteStore(kept)
    with open(kept, "rb") as f:
        before = f.read()
    # --init keeps the old file (moved aside, unchanged) and starts anew.
    store = SQLiteStore(kept, init=True)
    assert store.counts() == (0, 0) and says in store.notes[0]
    store.close()
    (aside,) = glob.glob(kept + ".broken-*[0-9]")
    with open(aside, "rb") as f:
        assert f.read() == before


def test_a_removed_file_is_noticed_by_the_marker_beside_it(kept, capsys):
    os.remove(kept)
    assert "is missing, but a games store was kept there" in serve_error(kept, capsys)
    with served(kept, init=True) as http:
        assert http.get("/api/options").status_code == 200


def test_a_store_made_by_an_older_server_is_taken_as_it_is(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with served(db) as http:
        code, tokens = play(http, 3)
    old = sqlite3.connect(db)
    old.execute("DROP TABLE store_info")  # as servers before the check left their files
    old.commit()
    old.close()
    with served(db, init=False) as http:
        assert seat_state(http, code, tokens["beige"])["view"]["turn"] == 2
    assert SQLiteStore(db).codes() == [code]


# -- SQLite: the file lost under a running server ----------------------------------------
def _truncate(db: str) -> None:
    open(db, "w").close()


def _remove(db: str) -> None:
    os.remove(db)


def _replace(db: str) -> None:
    shutil.copyfile(db, db + ".other")
    os.replace(db + ".other", db)


def _overwrite(db: str) -> None:
    with open(db, "r+b") as f:
        f.write(b"\xff" * 100)


@pytest.mark.parametrize("lose, says", [
    (_truncate, "was truncated"),
    (_remove, "was removed"),
    (_replace, "was replaced"),
    (_overwrite, "got a damaged header"),
])
def test_a_file_lost_while_running_refuses_every_later_change(tmp_path, lose, says):
    db = str(tmp_path / "games.sqlite3")
    with served(db) as http, Table(http, position="hunt") as t:
        t.act("beige", "c3-c4")
        lose(db)
        t.ws["beige"].send_json({"type": "action", "action": "pass",
                                 "decision": t.decision("beige")})
        error = t.ws["beige"].receive_json()
        assert error["type"] == "error" and says in error["message"], error
        assert "refusing every change" in error["message"]
        made = http.post("/api/games", json={"opponent": "human", "position": "hunt"})
        assert made.status_code == 503 and says in made.json()["error"]


# -- a clean shutdown leaves the file whole ----------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_after_sigterm_the_database_file_alone_holds_every_game(tmp_path):
    import httpx
    from websockets.sync.client import connect

    db = str(tmp_path / "live" / "games.sqlite3")
    hunt = tmp_path / "hunt.json"
    hunt.write_text(json.dumps(castle_hunt()))
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "legends.cli", "serve", "--db", db,
                               "--port", str(port), "--position", str(hunt)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # wait for it to listen (a bound on tries, not a timed check)
            try:
                httpx.get(base + "/api/options")
                break
            except httpx.TransportError:
                assert server.poll() is None, server.communicate()
                time.sleep(0.05)
        made = [httpx.post(base + "/api/games", json={"opponent": "human", "side": "beige",
                                                       "position": "hunt"}).json()
                for _ in range(3)]
        codes = [m["code"] for m in made]
        assert httpx.post(base + f"/api/games/{codes[0]}/join", json={}).status_code == 200
        with connect(f"ws://127.0.0.1:{port}/ws/{codes[0]}") as ws:
            ws.send(json.dumps({"type": "hello", "token": made[0]["token"]}))
            assert json.loads(ws.recv())["type"] == "welcome"
            ws.recv()
            ws.send(json.dumps({"type": "action", "action": "c3-c4", "decision": 0}))
            ws.send(json.dumps({"type": "ping"}))
            while (reply := json.loads(ws.recv()))["type"] != "pong":
                assert reply["type"] == "state", reply
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=120)
    # uvicorn shuts down (the app's shutdown included), then raises the signal again: the
    # exit status is SIGTERM's. What counts is what the file holds.
    assert server.returncode in (0, -signal.SIGTERM) and "Traceback" not in err, err
    # Only the main file is copied: it must hold everything.
    copy = str(tmp_path / "copy.sqlite3")
    shutil.copyfile(db, copy)
    found = sqlite3.connect(copy)
    assert sorted(c for (c,) in found.execute("SELECT code FROM games")) == sorted(codes)
    assert found.execute("SELECT count(*) FROM tokens").fetchone()[0] == 4
    assert found.execute("SELECT code, action FROM actions").fetchall() == [(codes[0], "c3-c4")]
    found.close()
    assert not os.path.exists(db + "-wal") or os.path.getsize(db + "-wal") == 0


# -- backup and restore ------------------------------------------------------------------
def test_a_backup_of_a_live_store_restores_every_game(tmp_path, capsys):
    db = str(tmp_path / "games.sqlite3")
    copy = str(tmp_path / "backups" / "copy.sqlite3")
    os.mkdir(tmp_path / "backups")
    with served(db) as http:
        games = {moves: play(http, moves) for moves in (0, 3, len(CASTLE_HUNT_GAME))}
        # The server is running, its latest changes in the -wal file.
        assert os.path.getsize(db + "-wal") > 0
        assert main(["backup", "--db", db, "--to", copy]) == 0
        assert f"backed up 3 games ({3 + len(CASTLE_HUNT_GAME)} actions)" in capsys.readouterr().out
        # A backup never overwrites a file.
        assert main(["backup", "--db", db, "--to", copy]) == 2
        assert "already exists" in capsys.readouterr().err
    assert os.listdir(tmp_path / "backups") == ["copy.sqlite3"]  # one file, whole on its own
    # Restore: a server started on the copy finds every game where it was.
    with served(copy, init=False) as http:
        for moves, (code, tokens) in games.items():
            view = seat_state(http, code, tokens["gray"])["view"]
            assert view["over"] == (moves == len(CASTLE_HUNT_GAME))
        assert SQLiteStore(copy).steps(games[3][0]) == 3


def test_a_backup_of_a_damaged_store_is_refused(kept, tmp_path, capsys):
    _half(kept)
    assert main(["backup", "--db", kept, "--to", str(tmp_path / "copy")]) == 2
    assert "is truncated" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "copy")


# -- PostgreSQL: made only when asked ----------------------------------------------------
def test_a_postgresql_database_without_a_store_is_refused_until_init(pg_cluster, capsys):
    url = pg_cluster.database()
    err = serve_error(url, capsys)
    assert "holds no games store yet" in err and "--init" in err and "password" not in err
    with served(url, init=True) as http:
        code, tokens = play(http, 1)
    with served(url, init=False) as http:
        assert seat_state(http, code, tokens["beige"])["view"]["options"] == ["pass"]


def test_a_foreign_legends_schema_is_never_touched(pg_cluster, capsys):
    import psycopg

    url = pg_cluster.database()
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("CREATE SCHEMA legends")
        db.execute("CREATE TABLE legends.games (name TEXT)")
    err = serve_error(url, capsys, "--init")
    assert "is not a legends games store" in err and "changes nothing" in err
    with psycopg.connect(url) as db:
        assert db.execute("SELECT count(*) FROM information_schema.tables "
                          "WHERE table_schema = 'legends'").fetchone()[0] == 1

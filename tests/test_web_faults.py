"""The play server when its disk or its store file fails: a refusal in words, never a 500.

A full disk is made for real: ``legends serve`` runs with a file size limit (``RLIMIT_FSIZE``)
and ``SIGXFSZ`` ignored, so a write past the limit fails as on a full disk. A store file cut,
damaged or replaced under a running server is reported as what happened, and the shutdown does
not write the write-ahead log into it. A file shorter than its header says whose log holds the
rest (a checkpoint cut short by a full disk) opens whole. Display names hold only characters
that show.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import resource
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from legends.web import create_app
from legends.web.guards import Limits
from legends.web.names import unseen_character
from legends.web.sqlite_faults import in_words
from legends.web.store import SQLiteStore, StoreError, StoreLost
from webgames import Table, castle_hunt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

SRC = str(Path(__file__).resolve().parents[1] / "src")
HOST = "127.0.0.1"
WAIT = 30.0  # seconds any one step may take before the test gives up (not a measurement)
#: bytes the server's files may grow to: room for a few games in the write-ahead log
LIMIT = 256 * 1024


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _limited(limit: int) -> Any:
    """In the server's process, before it starts: files may grow to ``limit`` bytes, and a
    write past it fails (EFBIG) instead of killing the process."""
    def start() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return start


class Serve:
    """``legends serve`` in a process of its own on ``db``, playing the hunt position."""

    def __init__(self, tmp: Path, db: Path, limit: int | None = None):
        position = tmp / "hunt.json"
        position.write_text(json.dumps(castle_hunt()))
        self.port = _free_port()
        self.url = f"http://{HOST}:{self.port}"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            filter(None, [SRC, os.environ.get("PYTHONPATH")]))}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "legends.cli", "serve", "--host", HOST, "--port",
             str(self.port), "--db", str(db), "--position", str(position),
             "--computer-time", "0"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=None if limit is None else _limited(limit))
        self.http = httpx.Client(base_url=self.url, timeout=WAIT)
        #: the status of every HTTP answer
        self.statuses: list[int] = []
        deadline = time.monotonic() + WAIT
        while True:
            try:
                self.http.get("/api/options")
                return
            except httpx.TransportError:
                if self.proc.poll() is not None:
                    raise AssertionError(self.proc.communicate()[0]) from None
                assert time.monotonic() < deadline, "the server did not start in time"
                time.sleep(0.05)

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        answer = self.http.post(path, json=body)
        self.statuses.append(answer.status_code)
        return answer

    def new_table(self) -> dict[str, Any]:
        """A game between people with both seats taken: its code and tokens."""
        made = self.post("/api/games", {"opponent": "human", "side": "beige",
                                        "position": "hunt"})
        assert made.status_code == 200, made.text
        joined = self.post(f"/api/games/{made.json()['code']}/join", {"name": "gray"})
        assert joined.status_code == 200, joined.text
        return {"code": made.json()["code"], "beige": made.json()["token"],
                "gray": joined.json()["token"]}

    def act(self, game: dict[str, Any], action: str) -> tuple[dict[str, Any], int | None]:
        """Beige's ``action`` in ``game``: the answer, and the close code if the server then
        closed the connection."""
        with connect(f"ws://{HOST}:{self.port}/ws/{game['code']}", open_timeout=WAIT) as ws:
            ws.send(json.dumps({"type": "hello", "token": game["beige"]}))
            assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"
            state = json.loads(ws.recv(timeout=WAIT))
            ws.send(json.dumps({"type": "action", "action": action,
                                "decision": state["decision"]}))
            answer = json.loads(ws.recv(timeout=WAIT))
            if answer["type"] != "error":
                return answer, None
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=WAIT)
            assert closed.value.rcvd is not None
            return answer, closed.value.rcvd.code

    def stop(self) -> str:
        """Stop it as Ctrl-C would; everything it printed."""
        self.http.close()
        self.proc.send_signal(signal.SIGTERM)
        out, _ = self.proc.communicate(timeout=WAIT)
        assert self.proc.returncode in (0, -signal.SIGTERM), out
        return out


def _stored(db: Path) -> dict[str, list[str]]:
    """Every game in the store and its actions, read straight from the file."""
    found = sqlite3.connect(db)
    try:
        games: dict[str, list[str]] = {c: [] for (c,) in found.execute("SELECT code FROM games")}
        for code, action in found.execute("SELECT code, action FROM actions ORDER BY seq"):
            games[code].append(action)
    finally:
        found.close()
    return games


# -- a full disk -------------------------------------------------------------------------
def test_a_full_disk_is_refused_in_words_and_a_restart_finds_every_acknowledged_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    SQLiteStore(str(db)).close()  # made in full before the limit
    server = Serve(tmp_path, db, limit=LIMIT)
    acknowledged: dict[str, list[str]] = {}
    try:
        ready = [server.new_table() for _ in range(4)]  # each gets an action later
        acknowledged.update({g["code"]: [] for g in ready})
        # New games until the disk takes no more.
        for _ in range(200):
            made = server.post("/api/games", {"opponent": "human", "position": "hunt"})
            if made.status_code != 200:
                break
            acknowledged[made.json()["code"]] = []
        assert made.status_code == 503, made.text
        assert "not stored" in made.json()["error"]
        assert "may write no file larger than" in made.json()["error"], made.json()
        assert str(tmp_path) not in made.text  # the log names the file; the client does not
        # Actions until the disk refuses one: an error in words, then close 1013.
        for game in ready:
            answer, closed = server.act(game, "c3-c4")
            if answer["type"] == "state":
                acknowledged[game["code"]].append("c3-c4")
                continue
            assert answer["type"] == "error" and "not stored" in answer["message"], answer
            assert str(tmp_path) not in answer["message"]
            assert closed == 1013
            refused = game
            break
        else:
            raise AssertionError("every action was stored: the limit was not reached")
        assert server.post("/api/games", {"opponent": "human"}).status_code == 503
    finally:
        out = server.stop()
    assert 500 not in server.statuses and 503 in server.statuses
    assert "Traceback" not in out and "Exception in ASGI application" not in out, out
    assert f"legends: game {refused['code']}: " in out and "not stored" in out, out

    # Space freed: the restart opens the store, and the refused action goes in now.
    server = Serve(tmp_path, db)
    try:
        answer, closed = server.act(refused, "c3-c4")
        assert answer["type"] == "state" and closed is None, answer
        acknowledged[refused["code"]].append("c3-c4")
    finally:
        out = server.stop()
    assert "Traceback" not in out, out
    stored = _stored(db)
    assert {code: stored.get(code) for code in acknowledged} == acknowledged


def _games(store: SQLiteStore, n: int) -> None:
    """``n`` games in ``store``, each with a long start, so the file grows by many pages."""
    for i in range(n):
        store.create(f"G{i:03d}", {"filler": "x" * 2000}, {"beige": {"kind": "human"}})


def test_a_shutdown_checkpoint_cut_short_by_the_disk_is_finished_at_the_next_start(
        tmp_path, caplog):
    db = str(tmp_path / "games.sqlite3")
    store = SQLiteStore(db)
    _games(store, 60)  # in the write-ahead log; the file itself still small
    room = os.path.getsize(db) + 3 * 4096
    assert os.path.getsize(db + "-wal") > room
    # The checkpoint at shutdown copies the log into the file: here the file may grow by
    # three pages only, as on a disk that fills up meanwhile.
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    ignored = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (room, limits[1]))
    try:
        with caplog.at_level(logging.WARNING):
            store.close()  # logs, never raises
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, ignored)
    assert "the shutdown checkpoint failed: this server process may write no file larger " \
        "than" in caplog.text
    assert "write-ahead log" in caplog.text and "is kept" in caplog.text
    # The header, written first, names pages the file does not hold yet: the log has them.
    with open(db, "rb") as f:
        header = f.read(100)
    page = int.from_bytes(header[16:18], "big")
    assert int.from_bytes(header[28:32], "big") * page > os.path.getsize(db)
    store = SQLiteStore(db)
    assert store.counts() == (60, 0) and "checkpoint cut short" in store.notes[0]
    store.close()
    assert not os.path.exists(db + "-wal")


def test_a_checkpoint_the_disk_cuts_short_while_running_is_named_and_a_restart_finishes_it(
        tmp_path):
    db = str(tmp_path / "games.sqlite3")
    store = SQLiteStore(db)
    _games(store, 80)
    store.close()  # every page in the file
    store = SQLiteStore(db)
    # SQLite copies the log into the file by itself once it holds this many pages (1000 by
    # default): the copy then lengthens the file past the limit below, which the log does not
    # reach before.
    store._db.execute("PRAGMA wal_autocheckpoint=30")
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    ignored = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (os.path.getsize(db) // 2, limits[1]))
    try:
        with pytest.raises(StoreLost) as lost:
            for i in range(60):  # each one stored (acknowledged) until the refusal
                store.create(f"B{i:03d}", {"filler": "x" * 2000}, {})
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        signal.signal(signal.SIGXFSZ, ignored)
    assert "was left shorter than its header says" in str(lost.value)
    assert "SQLite could not finish copying its write-ahead log into it (this server process " \
        "may write no file larger than" in str(lost.value)
    assert "make room, then restart the server" in str(lost.value)
    store.close()
    store = SQLiteStore(db)
    assert store.counts() == (80 + i, 0) and "checkpoint cut short" in store.notes[0]
    store.close()


def _live_copy(tmp_path: Path) -> str:
    """A copy of a store and its write-ahead log as they are while the server runs: the log
    holds the latest pages, some past the end of the file."""
    db = str(tmp_path / "live.sqlite3")
    store = SQLiteStore(db)
    _games(store, 40)
    copy = str(tmp_path / "games.sqlite3")
    shutil.copyfile(db, copy)
    shutil.copyfile(db + "-wal", copy + "-wal")
    store.close()
    return copy


def _latest_page_one(wal: bytes) -> bytes:
    """The newest copy of page 1 in a write-ahead log."""
    page = int.from_bytes(wal[8:12], "big")
    frames = range(32, len(wal) - 24 - page + 1, 24 + page)
    latest = [at for at in frames if int.from_bytes(wal[at:at + 4], "big") == 1][-1]
    return wal[latest + 24:latest + 24 + page]


def test_a_file_short_of_its_header_whose_log_holds_the_rest_opens_whole(tmp_path):
    db = _live_copy(tmp_path)
    # As SQLite leaves it when the disk fills while it copies the log in: page 1 (which
    # names the new size) written, the pages after the old end not.
    with open(db + "-wal", "rb") as f:
        page_one = _latest_page_one(f.read())
    with open(db, "r+b") as f:
        f.write(page_one)
    short = os.path.getsize(db)
    assert int.from_bytes(page_one[28:32], "big") * len(page_one) > short
    store = SQLiteStore(db)
    assert store.counts() == (40, 0)
    assert store.notes == [f"{db} is truncated ({short} bytes of the "
                           f"{int.from_bytes(page_one[28:32], 'big') * len(page_one)} its header "
                           "names), but its write-ahead log held what was missing (a checkpoint "
                           "cut short): copied the log into it, after trying that on a copy"]
    store.create("NEW", {}, {})  # and it is used as any other
    store.close()
    assert SQLiteStore(db).counts() == (41, 0)
    assert not [p for p in os.listdir(tmp_path) if ".check-" in p]  # the trial's copies gone


def test_a_log_that_cannot_be_tried_for_lack_of_room_stops_the_start_and_init_moves_nothing(
        tmp_path, monkeypatch):
    """The restart on a disk still full: the trial on a copy cannot be made. That says
    nothing of the file, so the advice is to make room, and --init leaves the store alone."""
    from legends.web import store as store_module

    db = _live_copy(tmp_path)
    with open(db + "-wal", "rb") as f:
        page_one = _latest_page_one(f.read())
    with open(db, "r+b") as f:
        f.write(page_one)

    def no_room(path: str, judge: Any) -> str | None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module, "replay_on_copy", no_room)
    for init in (False, True):
        with pytest.raises(StoreError, match="make room on the disk.*untouched") as refused:
            SQLiteStore(db, init=init)
        assert "--init" not in str(refused.value) and "backup" not in str(refused.value)
    assert sorted(p for p in os.listdir(tmp_path) if p.startswith("games")) == [
        "games.sqlite3", "games.sqlite3-wal"]  # nothing moved aside, nothing new
    monkeypatch.undo()
    assert SQLiteStore(db).counts() == (40, 0)  # room made: it opens whole


def test_a_file_its_log_cannot_make_whole_is_refused_as_truncated_and_left_as_it_was(tmp_path):
    db = _live_copy(tmp_path)
    SQLiteStore(db).close()  # every page in the file, the log empty
    store = SQLiteStore(db)
    store.create("LAST", {}, {})  # one change in the log
    shutil.copyfile(db + "-wal", str(tmp_path / "wal"))
    store.close()
    shutil.copyfile(str(tmp_path / "wal"), db + "-wal")
    with open(db, "r+b") as f:  # cut: pages the log does not hold are gone
        f.truncate(os.path.getsize(db) // 2)
    with open(db, "rb") as f, open(db + "-wal", "rb") as g:
        before = f.read(), g.read()
    with pytest.raises(StoreError, match="is truncated .*its write-ahead log does not make it "
                                         "whole"):
        SQLiteStore(db)
    with open(db, "rb") as f, open(db + "-wal", "rb") as g:
        assert (f.read(), g.read()) == before  # tried on a copy only
    assert sorted(os.listdir(tmp_path)) == ["games.sqlite3", "games.sqlite3-wal",
                                            "games.sqlite3.legends-store", "live.sqlite3",
                                            "live.sqlite3.legends-store", "wal"]


# -- the file lost under a running server: no checkpoint into it --------------------------
def _cut(db: str) -> None:
    open(db, "w").close()


def _header(db: str) -> None:
    with open(db, "r+b") as f:
        f.write(b"overwritten by mistake, header and all" + bytes(62))


def _replace(db: str) -> None:
    shutil.copyfile(db, db + ".other")
    os.replace(db + ".other", db)


@pytest.mark.parametrize("lose, says, restart", [
    (_cut, "was truncated (0 bytes; it held ", "is empty (0 bytes)"),
    (_header, "got a damaged header (its first 16 bytes are not SQLite's)",
     "has a damaged header (its first 16 bytes are not SQLite's)"),
    (_replace, "was replaced by another file", None),
])
def test_a_file_lost_while_running_is_not_written_to_at_shutdown(tmp_path, caplog, lose, says,
                                                                  restart):
    db = str(tmp_path / "games.sqlite3")
    app = create_app(db_path=db, positions={"hunt": castle_hunt()}, computer_time=0.0)
    with caplog.at_level(logging.WARNING), TestClient(app) as http:
        with Table(http, position="hunt") as t:
            t.act("beige", "c3-c4")
            assert os.path.getsize(db + "-wal") > 0  # the action is in the log
            lose(db)
            with open(db, "rb") as f:
                after = f.read()
            made = http.post("/api/games", json={"opponent": "human", "position": "hunt"})
            assert made.status_code == 503 and says in made.json()["error"], made.json()
            assert made.json()["error"].startswith("the games store ") and db not in made.text
    # The shutdown found the file lost: the log was not copied into it, and is kept.
    with open(db, "rb") as f:
        assert f.read() == after
    assert f"{db} {says}" in caplog.text
    assert "while the server ran: closed it without copying its write-ahead log into it" \
        in caplog.text
    assert not [p for p in os.listdir(tmp_path) if ".closing-" in p]
    if restart is not None:  # cut or damaged in place: its log beside it, the file refused
        assert os.path.getsize(db + "-wal") > 0
        with pytest.raises(StoreError, match=re.escape(restart)):
            SQLiteStore(db)
        with open(db, "rb") as f:
            assert f.read() == after
        return
    # Replaced (as by a restored backup): the old file's log is kept apart, not applied to
    # the new file, which opens as it is (its copy was taken before the game was stored).
    (kept,) = [p for p in os.listdir(tmp_path) if p.startswith("games.sqlite3-wal.lost-")]
    assert os.path.getsize(tmp_path / kept) > 0 and not os.path.exists(db + "-wal")
    assert f"its log, kept as {db}-wal.lost-" in caplog.text
    store = SQLiteStore(db)
    assert store.counts() == (0, 0)
    store.close()


def test_a_file_with_a_damaged_header_is_refused_at_start_as_such(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    SQLiteStore(db).close()
    _header(db)
    with pytest.raises(StoreError, match="has a damaged header .its first 16 bytes are not "
                                         "SQLite's."):
        SQLiteStore(db)
    with open(db, "r+b") as f:  # the magic whole, but a page size SQLite never uses
        f.write(b"SQLite format 3\x00\x03\x00")
    with pytest.raises(StoreError, match="has a damaged header .it names a page size of 768"):
        SQLiteStore(db)


def _sqlite_error(name: str, text: str) -> sqlite3.Error:
    exc = sqlite3.OperationalError(text)
    exc.sqlite_errorname = name  # as SQLite's own errors carry it
    return exc


def test_store_failures_are_put_in_words(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    assert in_words(OSError(errno.ENOSPC, "No space left on device"), db) == "the disk is full"
    assert in_words(_sqlite_error("SQLITE_FULL", "database or disk is full"), db) \
        == "the disk is full"
    # A write the disk refused without saying why: the disk has room here, so no guess.
    assert in_words(_sqlite_error("SQLITE_IOERR_WRITE", "disk I/O error"), db) \
        == "the disk failed to read or write (SQLite: disk I/O error)"
    assert in_words(_sqlite_error("SQLITE_CORRUPT", "database disk image is malformed"), db) \
        == "the file is damaged (SQLite: database disk image is malformed)"
    assert in_words(_sqlite_error("SQLITE_READONLY", "attempt to write a readonly database"),
                    db).startswith("the file may not be written")


# -- names people see --------------------------------------------------------------------
FORBIDDEN = {
    "nul": "a\x00b",
    "bell": "ring\x07",
    "escape": "\x1b[31mred",
    "delete": "del\x7f",
    "C1 control": "csi\x9b",
    "tab": "two\twords",
    "line break": "two\nlines",
    "right-to-left override": "evil\u202egnp.exe",
    "left-to-right embedding": "\u202aname",
    "isolate": "a\u2066b\u2069",
    "right-to-left mark": "name\u200f",
    "left-to-right mark": "\u200ename",
    "arabic letter mark": "a\u061cb",
    "zero width space": "in\u200bvisible",
    "byte order mark": "\ufeffname",
    "soft hyphen": "soft\u00adhyphen",
    "lone high surrogate": "half\ud800",
    "lone low surrogate": "\udfffhalf",
}
WELCOME = ["Zoë", "José Ñúñez", "王小明", "さくら", "김민준", "Ελένη", "Андрей", "محمد",
           "דוד", "🐉 dragon", "👩‍💻", "👨‍👩‍👧", "🇫🇷 Marie", "می‌خواهم", "O'Brien-Smith"]


@pytest.mark.parametrize("kind", FORBIDDEN)
def test_a_name_with_a_character_that_does_not_show_is_named_as_such(kind):
    words = unseen_character(FORBIDDEN[kind])
    assert words is not None
    said = str(words)  # (English: the reader's language is chosen where it is told)
    assert said.startswith("holds ")
    if "surrogate" in kind:
        assert "lone surrogate" in said
    elif kind in ("nul", "bell", "escape", "delete", "C1 control", "tab", "line break"):
        assert "control character" in said
    elif "mark" in kind and kind != "byte order mark" or kind in (
            "right-to-left override", "left-to-right embedding", "isolate"):
        assert "direction" in said
    else:
        assert "invisible formatting character" in said


@pytest.mark.parametrize("name", WELCOME)
def test_names_in_any_script_and_emoji_pass(name):
    assert unseen_character(name) is None


def _post(http: TestClient, path: str, body: dict[str, Any]) -> Any:
    # As JSON escapes it: a lone surrogate travels as "\ud800" (it has no UTF-8 of its own).
    return http.post(path, content=json.dumps(body).encode("ascii"),
                     headers={"content-type": "application/json"})


def test_the_server_refuses_such_names_with_400_and_keeps_the_others(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), positions={"hunt": castle_hunt()},
                     computer_time=0.0, limits=Limits(attempts=1000))
    with TestClient(app) as http:
        free = http.post("/api/games", json={"opponent": "human", "side": "beige",
                                             "position": "hunt"}).json()["code"]
        for kind, name in FORBIDDEN.items():
            made = _post(http, "/api/games", {"opponent": "human", "name": name})
            assert made.status_code == 400, (kind, made.text)
            assert made.json()["error"].startswith("name: holds "), made.json()
            joined = _post(http, f"/api/games/{free}/join", {"name": name})
            assert joined.status_code == 400 and joined.json()["error"].startswith("name: ")
        for name in WELCOME:
            made = http.post("/api/games", json={"opponent": "human", "side": "beige",
                                                 "position": "hunt", "name": name})
            assert made.status_code == 200, (name, made.text)
            code = made.json()["code"]
            joined = http.post(f"/api/games/{code}/join", json={"name": name[::-1]})
            assert joined.status_code == 200, (name, joined.text)
            with http.websocket_connect(f"/ws/{code}") as ws:
                ws.send_json({"type": "hello", "token": made.json()["token"]})
                seats = ws.receive_json()["seats"]
            assert seats["beige"]["name"] == name and seats["gray"]["name"] == name[::-1]

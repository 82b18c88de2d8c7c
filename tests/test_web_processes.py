"""``legends serve --workers N``: N server processes on one port under uvicorn's supervisor,
on a PostgreSQL store; and the command line around it."""

from __future__ import annotations

import os
import signal
import time

import pytest
from websockets.exceptions import ConnectionClosed

from legends.cli import build_parser, main, serve_workers
from legends.cli.serve_workers import ENV, Settings, app
from legends.web import store as store_module
from legends.web.store import StoreLost, open_store
from serveprocs import Seat, Served, holder, post

REPLACE_TIME = 60.0  # seconds the supervisor may take to start a replacement that answers
TRIES = 500  # connections opened, at most, to find one a given process accepts


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


# -- the command line ----------------------------------------------------------------------
def _parse(*args: str):
    return build_parser().parse_args(["serve", *args])


def test_serve_options_and_their_defaults():
    args = _parse()
    assert (args.workers, args.thinkers, args.forwarded_allow_ips) == (1, None, None)
    args = _parse("--workers", "4", "--thinkers", "0", "--forwarded-allow-ips", "10.0.0.5")
    assert (args.workers, args.thinkers, args.forwarded_allow_ips) == (4, 0, "10.0.0.5")


@pytest.mark.parametrize("args, said", [
    (["--workers", "0"], "expected a whole number of 1 or more and at most 64"),
    (["--workers", "65"], "expected a whole number of 1 or more and at most 64"),
    (["--workers", "two"], "expected a whole number of 1 or more"),
    (["--thinkers", "-1"], "expected a whole number of 0 or more and at most 256"),
    (["--thinkers", "257"], "expected a whole number of 0 or more and at most 256"),
    # The options of the retired front are gone, not quietly ignored.
    (["--processes", "2"], "unrecognized arguments: --processes"),
    (["--front", "http://a:1"], "unrecognized arguments: --front"),
    (["--shard", "0/2"], "unrecognized arguments: --shard"),
    (["--backend", "0/2"], "unrecognized arguments: --backend"),
])
def test_serve_refuses_options_out_of_range_or_retired(args, said, capsys):
    with pytest.raises(SystemExit) as exited:
        _parse(*args)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


@pytest.mark.parametrize("value, said", [
    ("10.0.0.5,not-an-address", "'not-an-address' is not an address or a network"),
    ("10.0.0.0/33", "'10.0.0.0/33' is not an address or a network"),
    (" ", "--forwarded-allow-ips: expected '*' or 1 to 256 addresses"),
])
def test_serve_refuses_a_proxy_list_it_cannot_read(value, said, capsys, tmp_path):
    db = tmp_path / "games.sqlite3"
    assert main(["serve", "--db", str(db), "--forwarded-allow-ips", value]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and not db.exists()


@pytest.mark.parametrize("value", ["*", "127.0.0.1", "10.0.0.0/8, 192.168.1.5", "::1,fd00::/8"])
def test_serve_reads_the_proxy_lists_uvicorn_takes(value, tmp_path, monkeypatch):
    import uvicorn

    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(options, app=app))
    assert main(["serve", "--db", str(tmp_path / "games.sqlite3"),
                 "--forwarded-allow-ips", value]) == 0
    seen["app"].state.server.store.close()
    assert seen["proxy_headers"] is True
    assert seen["forwarded_allow_ips"] == ",".join(v.strip() for v in value.split(","))


def test_one_process_by_default_and_uvicorns_own_proxy_default(tmp_path, monkeypatch, capsys):
    import uvicorn

    seen: dict = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(options, app=app))
    assert main(["serve", "--db", str(tmp_path / "games.sqlite3")]) == 0
    seen["app"].state.server.store.close()
    assert "workers" not in seen and seen["forwarded_allow_ips"] is None
    assert not isinstance(seen["app"], str)  # the application itself: no supervisor
    assert "games kept in" in capsys.readouterr().out


@pytest.mark.parametrize("db", ["games.sqlite3", ":memory:", None])
def test_several_workers_refuse_an_sqlite_store(db, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where the default goes
    extra = [] if db is None else ["--db", db if db == ":memory:" else str(tmp_path / db)]
    assert main(["serve", "--workers", "2", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("legends: error: --workers 2 needs a "
                                                   "PostgreSQL store (--db postgresql://")
    assert "Traceback" not in err
    assert not list(tmp_path.rglob("*.sqlite3"))  # refused before anything was made


def test_the_factory_builds_from_its_settings_and_refuses_in_one_line(monkeypatch, capsys,
                                                                     tmp_path):
    settings = Settings(db=str(tmp_path / "games.sqlite3"), positions={"p": {"a": 1}},
                        computer_time=0.0, thinkers=None)
    assert Settings.from_json(settings.to_json()) == settings
    monkeypatch.setenv(ENV, settings.to_json())
    made = app()
    assert made.state.server.computer_time == 0.0 and "p" in made.state.server.positions
    made.state.server.store.close()
    assert f"server process {os.getpid()} started" in capsys.readouterr().out
    # A store it cannot reach: one line, and status 1, so the supervisor starts another.
    gone = Settings(db="postgresql://nobody@/nothing?host=/nonexistent&connect_timeout=2")
    monkeypatch.setenv(ENV, gone.to_json())
    with pytest.raises(SystemExit) as exited:
        app()
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not start" in err and "Traceback" not in err


# -- N processes on one port ---------------------------------------------------------------
@pytest.fixture
def two_workers(pg_cluster, tmp_path):
    """``legends serve --workers 2`` on a new database, and the database's URL."""
    db = pg_cluster.database()
    served = Served(tmp_path / "serve.log", "--workers", "2", "--db", db, "--init")
    try:
        yield served, db
    finally:
        out = served.stop()
    assert "Traceback" not in out, out


def _held_by(served: Served, code: str, token: str, wanted: int) -> Seat:
    """A seat of game ``code`` whose websocket the server process ``wanted`` accepted (the
    processes share the port; the kernel hands each connection to one of them)."""
    for _ in range(TRIES):
        seat = Seat(served.url, code, token)
        if holder(seat.ws.socket, [wanted]) == wanted:
            return seat
        seat.close()
    raise AssertionError(f"process {wanted} took none of {TRIES} connections")


def _new_game(url: str) -> tuple[str, str]:
    status, made = post(url + "/api/games", {"opponent": "random", "side": "beige",
                                             "turn_limit": 30})
    assert status == 200, made
    return made["code"], made["token"]


def test_workers_answer_and_a_killed_one_is_replaced_without_losing_a_game(two_workers):
    served, db = two_workers
    workers = served.workers()
    assert len(workers) == 2, served.output()
    # Both processes answer on the one port, each able to serve a game.
    for pid in workers:
        _held_by(served, *_new_game(served.url), pid).close()
    code, token = _new_game(served.url)

    # A browser plays a few decisions on the process that will be killed, which dies while
    # the browser is asked the next (so no reply of the computer is under way).
    doomed = workers[0]
    seat = _held_by(served, code, token, doomed)
    while not (len(seat.sent) >= 5 and seat.asked):
        assert not seat.over
        if seat.asked:
            seat.answer()
        seat.next_state()
    played = list(seat.sent)
    assert played and seat.state["decision"] == len(played)
    os.kill(doomed, signal.SIGKILL)
    with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
        seat.next_state()

    # The supervisor starts a new process in its place, and the new one serves too.
    deadline = time.monotonic() + REPLACE_TIME
    while len(now := served.workers()) != 2 or doomed in now:
        assert time.monotonic() < deadline, f"no replacement for {doomed}: {served.output()}"
        time.sleep(0.1)
    (new,) = set(now) - set(workers)
    # The browser reconnects (here to the new process): every action it made is there, and
    # the game goes on to its end.
    seat = _held_by(served, code, token, new)
    assert f"server process {new} started" in served.output()
    assert seat.state["decision"] == len(played)
    while not seat.over:
        if seat.asked:
            seat.answer()
        seat.next_state()
    seat.close()
    # The store holds the browser's actions, in the order it made them.
    store = open_store(db)
    try:
        stored = store.load(code)
    finally:
        store.close()
    assert stored is not None
    kept = iter(stored.actions)
    assert all(action in kept for action in played + seat.sent)


def test_a_served_process_collects_less_often_and_leaves_what_it_started_with_alone(tmp_path):
    """``legends serve``'s application sets the collector up as it starts serving (in a
    process of its own: the settings are the whole process's)."""
    import subprocess
    import sys

    code = ("import gc; from starlette.testclient import TestClient; "
            "from legends.cli.serve_workers import Settings, build; "
            "from legends.web.app import COLLECTOR; "
            f"app = build(Settings(db={str(tmp_path / 'g.sqlite3')!r}, thinkers=0)); "
            "before = gc.get_threshold(); c = TestClient(app); c.__enter__(); "
            "print(before == (700, 10, 10), gc.get_threshold() == COLLECTOR, "
            "gc.get_freeze_count() > 10_000); c.__exit__(None, None, None)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["True", "True", "True"], out


def test_the_command_and_the_application_hold_the_same_beat_by_default():
    from legends.web.app import COMPUTER_TIME

    assert serve_workers.COMPUTER_TIME == COMPUTER_TIME
    assert Settings(db="x").computer_time == COMPUTER_TIME

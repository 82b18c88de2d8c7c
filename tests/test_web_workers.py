"""Computer players thinking in thinker processes (``create_app(thinkers=N)``; by default
one fewer than the machine's cores, at least one), at a lower priority than the server's."""

from __future__ import annotations

import json
import os
import time

import pytest

from legends.ai import make_player
from legends.web import create_app, thinking
from legends_core import Game, Knowledge
from webgames import Table, TestClient, castle_hunt


def test_a_thinker_decides_from_the_seats_knowledge_alone():
    # It is sent what a bot on the API is sent, and chooses what the player would choose
    # from the seat's knowledge in the game itself, with the same seed.
    game = Game.new(seed=5)
    for _ in range(12):
        seat = game.current_player
        knowledge = game.knowledge(seat)
        sent = thinking.sent(knowledge)
        assert json.loads(sent) == knowledge.to_dict()  # the dict a bot is sent, as JSON
        text = thinking.think(sent, "heuristic", 7)
        assert text == str(make_player("heuristic", 7).choose(knowledge))
        assert text in [str(a) for a in game.legal_actions()]
        game.apply(text, player=seat)
    # What it was sent holds no piece of the other side's that the seat does not know.
    other = next(s for s in game.players if s != seat)
    hidden = [p for p in game.view(None).pieces
              if p.owner == other and seat not in p.known_to]
    assert hidden and Knowledge.from_dict(json.loads(sent)).view.piece_on(hidden[0].square).number is None


def test_each_game_goes_to_the_same_worker():
    thinkers = thinking.Thinkers(3)
    try:
        pools = {code: thinkers.pool(code) for code in ("A", "B", "C", "D", "E", "F")}
        assert all(thinkers.pool(code) is pool for code, pool in pools.items())
        assert len(set(map(id, pools.values()))) > 1
    finally:
        thinkers.close()


@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_with_thinkers_the_computer_thinks_in_another_process(tmp_path, monkeypatch, opponent):
    def not_here(*args, **kwargs):
        raise AssertionError("the computer thought in the server's process")

    # The server's own copy of the module: a thinker process imports its own.
    monkeypatch.setattr(thinking, "decide", not_here)
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, thinkers=1)
    with TestClient(app) as http:
        made = http.post("/api/games", json={"opponent": opponent, "side": "gray",
                                             "turn_limit": 3})
        assert made.status_code == 200, made.text
        code, token = made.json()["code"], made.json()["token"]
        t = Table.existing(http, code, {"gray": token})
        with t:
            # Gray answers every decision with its first option; the computer (beige, which
            # moves first) answers the others in its worker, until the turn limit ends it.
            state = t.received["gray"][-1]
            for _ in range(400):
                if state["view"]["over"]:
                    break
                got = t.act("gray", state["view"]["options"][0])
                state = got.get("gray", state)
            assert state["view"]["over"]
        server = app.state.server
        stored = server.store.load(code)
        # Every action is stored once, in order: the stored record replays to the same game.
        replayed = Game.from_record(stored.record())
        assert replayed.is_over
        assert [str(a) for a in replayed.record()["actions"]] == stored.actions
        room = server.rooms[code]
        assert "beige" in room.movers and room.movers.count("beige") > 1


def test_with_no_thinkers_the_computer_thinks_in_the_server_process(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"),
                     positions={"hunt": castle_hunt()}, computer_time=0.0, thinkers=0)
    assert app.state.server.thinkers.in_process
    with TestClient(app):
        assert app.state.server.thinkers._pools == []


def test_a_worker_that_died_is_replaced_and_takes_the_decision(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, thinkers=1)
    with TestClient(app) as http:
        made = http.post("/api/games", json={"opponent": "random", "side": "gray",
                                             "turn_limit": 6}).json()
        t = Table.existing(http, made["code"], {"gray": made["token"]})
        with t:
            thinkers = app.state.server.thinkers
            state = t.received["gray"][-1]
            killed = False
            # By the clock, not by a count of tries: the new worker imports everything before
            # it answers, which takes seconds on a busy machine, and until then an action
            # of ours answers a decision already taken and changes nothing.
            deadline = time.monotonic() + 120
            while not state["view"]["over"] and time.monotonic() < deadline:
                if not killed and app.state.server.rooms[made["code"]].steps > 4:
                    for process in thinkers._pools[0]._processes.values():
                        process.kill()
                        process.join()
                    killed = True
                got = t.act("gray", state["view"]["options"][0])
                if "gray" in got:
                    state = got["gray"]
                else:
                    time.sleep(0.05)
            room = app.state.server.rooms[made["code"]]
            assert killed, (f"the worker was not killed: over={state['view']['over']} "
                            f"({state['view'].get('reason')}), steps={room.steps}, "
                            f"movers={room.movers}, {deadline - time.monotonic():.0f} s left")
            assert state["view"]["over"], "the game did not go on after the worker died"
            assert "beige" in app.state.server.rooms[made["code"]].movers[5:]


def play_to_the_end(http: TestClient, opponent: str | None = None) -> str:
    """A short game against the computer (gray answering each decision with its first
    option), played to its end; its code."""
    body = {"side": "gray", "turn_limit": 3}
    if opponent is not None:
        body["opponent"] = opponent
    made = http.post("/api/games", json=body)
    assert made.status_code == 200, made.text
    code, token = made.json()["code"], made.json()["token"]
    with Table.existing(http, code, {"gray": token}) as t:
        state = t.received["gray"][-1]
        for _ in range(400):
            if state["view"]["over"]:
                break
            state = t.act("gray", state["view"]["options"][0]).get("gray", state)
        assert state["view"]["over"]
    return code


def test_by_default_the_computer_thinks_in_a_process_of_its_own_at_a_lower_priority(
        tmp_path, monkeypatch):
    def not_here(*args, **kwargs):
        raise AssertionError("the computer thought in the server's process")

    monkeypatch.setattr(thinking, "decide", not_here)
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0)
    server = app.state.server
    assert not server.thinkers.in_process and server.thinkers.size == thinking.automatic()
    with TestClient(app) as http:
        code = play_to_the_end(http)  # against the default opponent, the search player
        assert server.rooms[code].movers.count("beige") > 1
        pid, niceness = server.thinkers.pool(code).submit(thinking.whereabouts).result(60)
    assert pid != os.getpid()
    assert niceness == min(19, os.nice(0) + thinking.NICENESS) > os.nice(0)


@pytest.mark.parametrize(("cores", "size"), [(None, 1), (1, 1), (2, 1), (3, 2), (5, 4),
                                             (64, thinking.MOST)])
def test_the_automatic_number_of_thinkers_leaves_the_server_a_core(monkeypatch, cores, size):
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert thinking.automatic() == size
    thinkers = thinking.Thinkers()
    assert thinkers.size == size and not thinkers.in_process


def test_a_server_with_a_catalogue_of_its_own_thinks_in_its_process(tmp_path):
    from legends_core.ruleset import catalogue_for

    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0,
                     catalogue=catalogue_for("legends"))
    assert app.state.server.thinkers.in_process


def test_a_thinker_goes_when_its_server_is_killed():
    # A server killed outright (SIGKILL, the kernel out of memory) cannot stop its thinkers;
    # left alone they would wait for work for ever, each holding its games' copies.
    import signal
    import subprocess
    import sys
    from pathlib import Path

    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [src, *filter(None, [os.environ.get("PYTHONPATH")])])}
    server = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom legends.web import thinking\n"
         "pool = thinking._thinker()\n"
         "print(pool.submit(thinking.whereabouts).result(60)[0], flush=True)\n"
         "sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    thinker = int(server.stdout.readline())
    server.kill()
    server.wait()
    deadline = time.monotonic() + 5 * thinking.WATCH + 5

    def running() -> bool:
        try:
            with open(f"/proc/{thinker}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has gone
        except OSError:
            return False

    try:
        while running():
            assert time.monotonic() < deadline, "the thinker outlived its server"
            time.sleep(0.1)
    finally:
        if running():
            os.kill(thinker, signal.SIGKILL)

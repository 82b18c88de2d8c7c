"""The play server killed at every step of a game against the computer, and restarted.

``legends serve`` runs as a separate process on 127.0.0.1 with a test-only crash point
(:mod:`legends.web.faults`): the N-th time it passes the point it ends at once, as ``kill -9``
would end it. The test plays a scripted game as a browser does; when the server dies it starts
a new one on the same database, reconnects, and sends its last unanswered action again, as the
page does after a reconnect (with the same decision number). For every point and every N it
checks that

* the game goes on to its end (the computer answers even when the server stopped before it
  could);
* no action the browser was told of is lost: a seat is never sent a decision number lower than
  one it was sent before the stop;
* no action is applied twice: the action sent again is applied if (and only if) the server
  had not stored it, and refused as already answered if it had; the finished game's record
  holds each of beige's answers once, in order.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import legends
from legends.web.faults import CRASH_STATUS, ENV
from legends_core import Game
from webgames import castle_hunt

POINTS = ["before-store", "after-store", "after-send"]
#: Beige's moves in order; it passes whenever it is asked anything else.
PLAN = ["c3-c4", "c4-c5"]
MAX_HITS = 15       # more crash points than any game from the hunt position passes
WAIT = 30.0         # seconds any one step may take before the test gives up (not a measurement)
SRC = str(Path(legends.__file__).resolve().parents[1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``legends serve`` in a process of its own, on ``db``."""

    def __init__(self, tmp: Path, db: Path, crash: str | None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if k != ENV}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [SRC, env.get("PYTHONPATH")]))
        if crash:
            env[ENV] = crash
        position = tmp / "hunt.json"
        position.write_text(json.dumps(castle_hunt()))
        self.log = (tmp / "server.log").open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "legends.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--db", str(db), "--position", str(position),
             "--computer-time", "0"],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + WAIT
        while True:
            try:
                with urllib.request.urlopen(self.base + "/api/options", timeout=5):
                    return
            except OSError:
                assert self.proc.poll() is None, "the server did not start"
                assert time.monotonic() < deadline, "the server did not start in time"
                time.sleep(0.1)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=WAIT) as res:
            return dict(json.load(res))

    def died(self) -> bool:
        """Did the process end at its crash point (rather than keep running)?"""
        try:
            return self.proc.wait(timeout=WAIT) == CRASH_STATUS
        except subprocess.TimeoutExpired:
            return False

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=WAIT)
        self.log.close()


class Beige:
    """The browser of beige, who plays against the computer (gray)."""

    def __init__(self) -> None:
        self.answers: dict[int, str] = {}     # decision number -> the action that answered it
        self.pending: tuple[int, str] | None = None  # sent, not yet known to be applied
        self.highest = 0                      # highest decision number it was sent
        self.plan = list(PLAN)
        self.retries = {"applied": 0, "refused": 0}
        self.final: dict[str, Any] | None = None

    def choose(self, state: dict[str, Any]) -> str:
        options = state["view"]["options"]
        return self.plan[0] if self.plan and self.plan[0] in options else "pass"

    def send(self, ws: Any, decision: int, action: str) -> None:
        ws.send(json.dumps({"type": "action", "action": action, "decision": decision}))
        self.pending = (decision, action)

    def session(self, server: Server, code: str, token: str) -> None:
        """Play from a fresh connection until the end (or until the server dies)."""
        with connect(f"ws://127.0.0.1:{server.port}/ws/{code}", open_timeout=WAIT,
                     close_timeout=1) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"
            state = json.loads(ws.recv(timeout=WAIT))
            assert state["type"] == "state"
            # What was acknowledged stays: the decision number never goes back.
            assert state["decision"] >= self.highest, (state["decision"], self.highest)
            expect_refusal = False
            if self.pending is not None:
                # Sent again, as a page reconnecting would: applied only if it was lost.
                decision, action = self.pending
                assert state["decision"] in (decision, decision + 1)
                if state["decision"] == decision + 1:  # stored before the stop
                    self.confirm()
                    ws.send(json.dumps({"type": "action", "action": action,
                                        "decision": decision}))
                    expect_refusal = True
                    self.retries["refused"] += 1
                else:
                    self.send(ws, decision, action)
                    self.retries["applied"] += 1
            self.play(ws, state, expect_refusal)

    def play(self, ws: Any, state: dict[str, Any], expect_refusal: bool) -> None:
        for _ in range(200):
            if state["type"] == "error":
                assert expect_refusal and "already answered" in state["message"], state
                expect_refusal = False
            elif state["type"] == "state":
                self.seen(state)
                if state["view"]["over"]:
                    if expect_refusal:  # the retry of the last action, stored before the stop
                        error = json.loads(ws.recv(timeout=WAIT))
                        assert "already answered" in error.get("message", ""), error
                    self.final = state
                    return
                waiting = self.pending is not None and self.pending[0] == state["decision"]
                if state["view"]["to_move"] == "beige" and not waiting:
                    self.send(ws, state["decision"], self.choose(state))
            state = json.loads(ws.recv(timeout=WAIT))
        raise AssertionError("the game did not end")

    def seen(self, state: dict[str, Any]) -> None:
        decision = state["decision"]
        assert decision >= self.highest
        self.highest = decision
        if self.pending is not None and decision > self.pending[0]:
            self.confirm()  # a later decision number: the pending action was applied

    def confirm(self) -> None:
        assert self.pending is not None
        decision, action = self.pending
        self.answers[decision] = action
        if self.plan and action == self.plan[0]:
            self.plan.pop(0)
        self.pending = None


def beige_actions(record: dict[str, Any]) -> list[str]:
    """Beige's actions in a full record, in order (who made each is learnt by replaying)."""
    game = Game.from_record({**record, "actions": [], "headers": {}})
    out = []
    for action in record["actions"]:
        if game.current_player == "beige":
            out.append(action)
        game.apply(action)
    return out


def play_through_crashes(tmp: Path, crash: str) -> tuple[Beige, bool]:
    """Play a whole game, the first server crashing at ``crash``; whether it did crash."""
    db = tmp / "games.sqlite3"
    server = Server(tmp, db, crash)
    crashed = False
    try:
        made = server.post("/api/games", {"opponent": "random", "side": "beige",
                                          "position": "hunt"})
        beige = Beige()
        for _ in range(3):
            try:
                beige.session(server, made["code"], made["token"])
                break
            except (ConnectionClosed, OSError, TimeoutError):
                assert not crashed, "the restarted server stopped too"
                assert server.died(), "the connection failed but the server did not crash"
                crashed = True
                server.stop()
                server = Server(tmp, db, None)
        assert beige.final is not None
        assert beige.final["view"]["winner"] == "beige"
        try:
            record = server.post(f"/api/games/{made['code']}/record", {"token": made["token"]})
        except OSError:  # stopped right after sending the end (urllib's URLError is an OSError)
            assert not crashed and server.died()
            crashed = True
            server.stop()
            server = Server(tmp, db, None)
            record = server.post(f"/api/games/{made['code']}/record", {"token": made["token"]})
    finally:
        server.stop()
    # Each decision answered once, in order, and nothing else of beige's in the game.
    assert beige_actions(record) == [beige.answers[d] for d in range(len(beige.answers))]
    assert beige.plan == []
    log = (tmp / "server.log").read_text()
    assert "Traceback" not in log and "Exception" not in log, log
    return beige, crashed


@pytest.mark.parametrize("point", POINTS)
def test_a_game_against_the_computer_survives_a_crash_at_every_step(tmp_path, point):
    retries = {"applied": 0, "refused": 0}
    for hits in range(1, MAX_HITS + 1):
        tmp = tmp_path / str(hits)
        tmp.mkdir()
        beige, crashed = play_through_crashes(tmp, f"{point}:{hits}")
        for key, n in beige.retries.items():
            retries[key] += n
        if not crashed:
            break  # the game has fewer steps than this: every one was tried
    else:
        raise AssertionError(f"the game passed {point} more than {MAX_HITS} times")
    assert hits > 4  # several actions of each seat were crashed at
    # Actions sent again were applied only when the crash came before they were stored:
    # before storing, or after sending a state the browser answered before the stop.
    if point == "before-store":
        assert retries["applied"] > 0
    elif point == "after-store":
        assert retries["applied"] == 0 and retries["refused"] > 0
    else:
        assert retries["applied"] + retries["refused"] > 0

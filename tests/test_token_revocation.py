"""Revoking a personal access token closes the websockets opened with it: on the process that
revoked it (SQLite: one process), and on every other process sharing a PostgreSQL store; a
seat's own token is not touched. (Refusing the token's later requests is tested in
test_api_tokens.py.)"""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from apicheck import CheckedTransport
from legends.client import Client
from legends.web import create_app, revocations, watch_counts
from test_accounts import ANN_PW, Browser
from test_api_tokens import make_token
from test_web_shared import WAIT, pg, server  # noqa: F401  (pg: a fixture)
from webgames import TestClient

REFUSED_CLOSE = 4403


def opened(stack: ExitStack, http: TestClient, code: str, hello: dict[str, Any]) -> Any:
    """A websocket on ``code`` greeted after ``hello`` (its welcome and state read)."""
    ws = stack.enter_context(http.websocket_connect(f"/ws/{code}"))
    ws.send_json({"type": "hello", **hello})
    assert [ws.receive_json()["type"] for _ in range(2)] == ["welcome", "state"]
    return ws


def closed_as_revoked(ws: Any) -> None:
    """The websocket was told its token was revoked, and closed (asked something first, so
    that a websocket left open answers that instead of leaving the test waiting)."""
    ws.send_json({"type": "action", "action": "nonsense"})
    said = ws.receive_json()
    assert said["type"] == "error" and "revoked" in said["message"]
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == REFUSED_CLOSE


def test_revocations_are_announced_by_id_and_none_is_lost_in_a_burst():
    assert revocations.parse(revocations.payload("ab12")) == "ab12"
    assert revocations.parse("ABCD 12 4") is None  # a game change
    assert revocations.parse(watch_counts.payload("ABCD", "p1", 2)) is None
    with pytest.raises(ValueError):
        revocations.parse("revoked-token ")
    # Announcements piled up are cut to the latest per key: two revocations keep both.
    assert (watch_counts.key(revocations.payload("a1"))
            != watch_counts.key(revocations.payload("b2")))
    assert watch_counts.parse(revocations.payload("a1")) is None


def test_revoking_a_token_closes_its_websocket_and_no_other(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), init=True, computer_time=0.0,
                     thinkers=0)
    with TestClient(app) as http, ExitStack() as stack:
        ann = Browser(http, "Ann", ANN_PW)
        kept, gone = make_token(ann, "kept"), make_token(ann, "gone")
        bot = Client(transport=CheckedTransport(http), token=gone["token"])
        seat = bot.new_game(opponent="human")
        by_token = opened(stack, http, seat.code, {"access_token": gone["token"]})
        by_seat = opened(stack, http, seat.code, {"token": seat.token})
        other = Client(transport=CheckedTransport(http), token=kept["token"]).new_game(
            opponent="human")
        by_other = opened(stack, http, other.code, {"access_token": kept["token"]})
        answer = ann.http.delete(f"/api/account/tokens/{gone['id']}", headers=ann.headers())
        assert answer.status_code == 200
        closed_as_revoked(by_token)
        # The seat's own token and the other token's websocket still play.
        for ws, code in ((by_seat, seat.code), (by_other, other.code)):
            ws.send_json({"type": "action", "action": "nonsense"})
            said = ws.receive_json()
            assert said["type"] == "error" and "revoked" not in said["message"], code


def test_a_token_revoked_on_one_process_closes_its_websocket_on_another(pg):  # noqa: F811
    with server(pg) as one, server(pg) as two, ExitStack() as stack:
        ann = Browser(one, "Ann", ANN_PW)
        made = make_token(ann)
        seat = Client(transport=CheckedTransport(two), token=made["token"]).new_game(
            opponent="human")
        ws = opened(stack, two, seat.code, {"access_token": made["token"]})
        answer = ann.http.delete(f"/api/account/tokens/{made['id']}", headers=ann.headers())
        assert answer.status_code == 200
        # Heard on the store's channel: wait until the other process has let it go.
        held = two.app.state.server.sockets
        deadline = time.monotonic() + WAIT
        while (any(c.access == made["id"] for seats in held.values()
                   for conns in seats.values() for c in conns)
               and time.monotonic() < deadline):
            time.sleep(0.05)
        closed_as_revoked(ws)

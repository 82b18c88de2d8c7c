"""A browser that never reads must not hold up its game.

The server is driven in-process through ASGI websockets of our own: one seat's socket takes
every message the server sends but never lets a data frame through (its ``send`` waits forever,
as a socket whose peer does not read does once the buffers are full), while it still sends its
actions. The other seat, and the computer players, must carry on, and the stuck connection must
be dropped, so that its browser reconnects and is greeted with its seat's latest state.

Waits in these tests are guards against hanging (a server that blocks fails the test instead
of running forever), not measurements.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest

from legends.web import create_app
from legends.web.guards import Limits
from legends.web.outbox import DROPPED_CLOSE
from webgames import CASTLE_HUNT_GAME, castle_hunt

GUARD = 20.0  # seconds before a wait counts as hung


class FakeSocket:
    """One websocket connection to the app, run as a task: what we send it goes in
    ``incoming``; what it sends lands in ``received`` (unless ``stuck``: then every data frame
    waits forever, the socket never reading)."""

    def __init__(self, app: Any, code: str, *, stuck: bool = False):
        self.app, self.code, self.stuck = app, code, stuck
        self.to_app, self.incoming = anyio.create_memory_object_stream[dict](100)
        self.out_send, self.out = anyio.create_memory_object_stream[dict](100)
        self.received: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.done = anyio.Event()
        self.to_app.send_nowait({"type": "websocket.connect"})

    async def run(self) -> None:
        scope = {"type": "websocket", "path": f"/ws/{self.code}", "raw_path": b"",
                 "root_path": "", "query_string": b"", "headers": [(b"host", b"testserver")],
                 "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
                 "scheme": "ws", "subprotocols": [], "asgi": {"version": "3.0"}}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "websocket.send":
                if self.stuck:
                    await anyio.sleep_forever()
                await self.out_send.send(json.loads(message["text"]))
            elif message["type"] == "websocket.close":
                self.closed = message.get("code", 1000)

        try:
            await self.app(scope, self.incoming.receive, send)
        finally:
            self.done.set()

    async def say(self, message: dict[str, Any]) -> None:
        await self.to_app.send({"type": "websocket.receive", "text": json.dumps(message)})

    async def next(self) -> dict[str, Any]:
        with anyio.fail_after(GUARD):
            message = await self.out.receive()
        self.received.append(message)
        return message

    async def state(self) -> dict[str, Any]:
        """The next state message (others skipped)."""
        while (message := await self.next())["type"] != "state":
            pass
        return message


async def _game(app: Any, opponent: str) -> tuple[str, dict[str, str]]:
    server = app.state.server
    made = await server.new_game({"opponent": opponent, "side": "beige", "position": "hunt"})
    tokens = {"beige": made["token"]}
    if opponent == "human":
        tokens["gray"] = (await server.join(made["code"], {"name": "second"}))["token"]
    return made["code"], tokens


def _app(tmp_path, **limits: Any) -> Any:
    return create_app(db_path=str(tmp_path / "games.sqlite3"), positions={"hunt": castle_hunt()},
                      computer_time=0.0, limits=Limits(**limits))


@pytest.mark.parametrize("limits", [
    {"send_queue": 2, "send_timeout": 3600.0},   # dropped when its queue overflows
    {"send_queue": 1000, "send_timeout": 0.05},  # dropped when a write stalls too long
])
def test_a_socket_that_never_reads_does_not_hold_up_the_other_seat(tmp_path, limits):
    app = _app(tmp_path, **limits)

    async def main() -> None:
        code, tokens = await _game(app, "human")
        gray, beige = FakeSocket(app, code, stuck=True), FakeSocket(app, code)
        async with anyio.create_task_group() as tg:
            for sock in (gray, beige):
                tg.start_soon(sock.run)
            await gray.say({"type": "hello", "token": tokens["gray"]})
            await beige.say({"type": "hello", "token": tokens["beige"]})
            assert (await beige.next())["type"] == "welcome"
            assert (await beige.state())["decision"] == 0
            # Beige moves and passes its window while gray's socket reads nothing; beige is
            # told of each at once.
            for decision, action in enumerate(["c3-c4", "pass"]):
                await beige.say({"type": "action", "action": action, "decision": decision})
                state = await beige.state()
                assert state["decision"] == decision + 1
                assert state["view"]["to_move"] == ("beige" if action != "pass" else "gray")
            # Gray's connection was dropped: its handler ended, with the close code that says
            # why, and it was never sent a thing.
            with anyio.fail_after(GUARD):
                await gray.done.wait()
            assert gray.closed == DROPPED_CLOSE and gray.received == []
            # Its browser reconnects, is shown the game as it is now, and the game goes on.
            gray = FakeSocket(app, code)
            tg.start_soon(gray.run)
            await gray.say({"type": "hello", "token": tokens["gray"]})
            assert (await gray.next())["type"] == "welcome"
            state = await gray.state()
            assert state["decision"] == 0 and state["view"]["options"] == ["pass"]
            decisions = {"beige": 2, "gray": 0}
            for seat, action in CASTLE_HUNT_GAME[2:]:
                sock = beige if seat == "beige" else gray
                await sock.say({"type": "action", "action": action, "decision": decisions[seat]})
                decisions[seat] += 1
                for each in (beige, gray):
                    state = await each.state()
            assert state["view"]["over"] and state["view"]["winner"] == "beige"
            tg.cancel_scope.cancel()

    anyio.run(main)
    stored = app.state.server.store.load(app.state.server.rooms.popitem()[0])
    assert stored.actions == [a for _, a in CASTLE_HUNT_GAME]


def test_a_socket_that_never_reads_does_not_hold_up_the_computer(tmp_path):
    app = _app(tmp_path, send_queue=2, send_timeout=3600.0)

    async def main() -> None:
        code, tokens = await _game(app, "random")
        room = app.state.server.rooms[code]
        beige = FakeSocket(app, code, stuck=True)
        async with anyio.create_task_group() as tg:
            tg.start_soon(beige.run)
            await beige.say({"type": "hello", "token": tokens["beige"]})
            # Beige moves and passes its window; then gray (the computer) answers its window,
            # makes its turn's move and passes that window, all without beige reading a thing.
            await beige.say({"type": "action", "action": "c3-c4", "decision": 0})
            await beige.say({"type": "action", "action": "pass", "decision": 1})
            with anyio.fail_after(GUARD):
                while room.steps < 5 or room.lock.locked():
                    await anyio.sleep(0.01)
            assert room.movers == ["beige", "beige", "gray", "gray", "gray"]
            assert room.game.current_player == "beige"
            with anyio.fail_after(GUARD):
                await beige.done.wait()
            assert beige.closed == DROPPED_CLOSE
            tg.cancel_scope.cancel()

    anyio.run(main)

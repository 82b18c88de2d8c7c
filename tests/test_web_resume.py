"""The play server after a stop, and actions sent more than once.

* A game stored while a computer player was to decide (the server stopped between storing a
  person's action and the computer's reply) goes on when its player connects again.
* An action that could not be stored is taken back, so it can be sent again.
* Every action echoes the decision number of the state it answers: a double click, a second
  tab or a retry after reconnecting answers a decision once.
* A browser that goes away while the server is sending to it ends its connection quietly.
(``test_web_crash.py`` kills a real server process at every step of a game.)
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import anyio
import attrs
import pytest
from uvicorn.protocols.utils import ClientDisconnected

from legends.web import create_app
from legends.web.codes import new_code
from legends.web.guards import Limits
from legends.web.rooms import Room, new_token
from legends.web.store import open_store
from legends_core import Game
from webgames import CASTLE_HUNT_GAME, Table, TestClient, castle_hunt, client

GRAY_COMPUTER = {"beige": {"kind": "human", "name": "player", "taken": True},
                 "gray": {"kind": "computer", "player": "random", "name": "computer (random)"}}


def stored_mid_game(db: str, actions: list[str]) -> tuple[str, str]:
    """A game against the computer (gray) as a server leaves it when it stops right after
    storing beige's ``actions``, before the computer answered: its code and beige's token."""
    game = Game.from_position(castle_hunt())
    store = open_store(db)
    code, token = new_code(), new_token()
    store.create(code, game.record(), GRAY_COMPUTER)
    for seq, action in enumerate(actions):
        events = game.apply(action, player="beige")
        shown = {s: [e.to_dict() for e in game.events_for(events, s)] for s in game.players}
        store.add_step(code, seq, action, shown, game.is_over)
    store.add_token(token, code, "beige")
    store.close()
    assert game.current_player == "gray"
    return code, token


def test_a_stored_game_with_the_computer_to_decide_goes_on_when_its_player_connects(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    # Beige moved and passed its own window; gray (the computer) answers next.
    code, token = stored_mid_game(db, ["c3-c4", "pass"])
    with client(db) as http:
        with Table.existing(http, code, {"beige": token}) as t:
            greeting = t.received["beige"][-1]
            assert greeting["view"]["to_move"] == "gray"
            # Without anything sent, the computer has decided until beige must: gray passed,
            # moved and passed, and beige is asked about gray's move.
            after = [m for m in t.drain("beige") if m["type"] == "state"]
            assert after and after[-1]["view"]["to_move"] == "beige"
            assert any(line.startswith("gray moves") for m in after for line in m["lines"])
            assert greeting["decision"] == after[-1]["decision"] == 2
            # And the game can be played to its end.
            t.act("beige", "pass")
            assert t.act("beige", "c4-c5")["beige"]["view"]["winner"] == "beige"
    assert Room.load(open_store(db), None, code) is not None


def test_an_action_that_could_not_be_stored_is_taken_back(tmp_path, monkeypatch):
    db = str(tmp_path / "games.sqlite3")
    with client(db, hunt=castle_hunt()) as http, Table(http, position="hunt") as t:
        code = t.code
    store = open_store(db)
    room = Room.load(store, None, code)
    assert room is not None

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "add_step", disk_full)
    with pytest.raises(sqlite3.OperationalError):
        room.act("beige", "c3-c4", 0)
    # Nothing of it is left in memory: the same action is sent again, and stored once.
    assert room.game.record()["actions"] == [] and room.steps == 0
    monkeypatch.undo()
    room.act("beige", "c3-c4", 0)
    again = Room.load(store, None, code)
    assert again is not None and again.game.record()["actions"] == ["c3-c4"]
    assert again.decision("beige") == 1


def beige_swaps(t: Table) -> tuple[str, dict[str, Any]]:
    """Both seats keep their deal; return a switch beige may make and beige's state."""
    t.act("beige", "choose keep")
    state = t.act("gray", "choose keep")["beige"]
    assert state["view"]["decision"] and state["view"]["to_move"] == "beige"
    swap = next(o for o in state["view"]["options"] if o.startswith("swap"))
    return swap, state


def numbers_at(state: dict[str, Any], squares: list[str]) -> list[Any]:
    at = {p["square"]: p["number"] for p in state["view"]["pieces"]}
    return [at.get(sq) for sq in squares]


def swaps_made(http: TestClient, t: Table) -> list[str]:
    """Beige's switches, from its own record."""
    mine = http.post(f"/api/games/{t.code}/record",
                     json={"token": t.tokens["beige"], "mine": True}).json()
    return [e["action"] for e in mine["log"] if e.get("action", "").startswith("swap")]


def test_a_double_click_answers_a_decision_once(http):
    with Table(http) as t:  # a dealt game of Stratego Legends, with the setup switches
        swap, before = beige_swaps(t)
        squares = swap.split()[1:]
        decision = before["decision"]
        # The same swap sent twice for one state: a second copy would swap back.
        for _ in range(2):
            t.ws["beige"].send_json({"type": "action", "action": swap, "decision": decision})
        messages = t.drain("beige")
        assert [m["type"] for m in messages] == ["state", "error"]
        assert f"decision {decision} was already answered" in messages[1]["message"]
        after = messages[0]
        assert after["decision"] == decision + 1
        assert numbers_at(after, squares) == numbers_at(before, squares[::-1])
        assert swaps_made(http, t) == [swap]


def test_a_second_tab_cannot_answer_the_same_decision(http):
    with Table(http) as t:
        swap, before = beige_swaps(t)
        decision = before["decision"]
        other = next(o for o in before["view"]["options"]
                     if o.startswith("swap") and o != swap)
        t.connect("beige", t.tokens["beige"])  # a second tab: t.ws["beige"] is the new one
        second = t.received["beige"][-1]
        assert second["decision"] == decision
        first = t.act("beige", swap)["beige"]
        assert first["decision"] == decision + 1
        # The second tab still shows the old state and sends another switch for it.
        t.ws["beige"].send_json({"type": "action", "action": other, "decision": decision})
        reply = t.receive("beige")
        assert reply["type"] == "error" and "already answered" in reply["message"]
        assert swaps_made(http, t) == [swap]


def test_a_retry_after_reconnecting_is_refused_when_the_action_was_applied(http):
    with Table(http) as t:
        swap, before = beige_swaps(t)
        decision = before["decision"]
        t.ws["beige"].send_json({"type": "action", "action": swap, "decision": decision})
        t.stack.close()  # the page lost its connection before it heard back
        t.ws.clear()
        t.connect("beige", t.tokens["beige"])
        greeting = t.received["beige"][-1]
        assert greeting["decision"] == decision + 1  # the swap was applied, once
        t.ws["beige"].send_json({"type": "action", "action": swap, "decision": decision})
        reply = t.receive("beige")
        assert reply["type"] == "error" and "already answered" in reply["message"]
        assert t.drain("beige") == []
        assert numbers_at(greeting, swap.split()[1:]) == numbers_at(before, swap.split()[2:0:-1])


def test_decision_numbers_count_only_the_seats_own_actions(http):
    with Table(http, position="hunt") as t:
        numbers = {"beige": [], "gray": []}
        for seat, action in CASTLE_HUNT_GAME:
            got = t.act(seat, action)
            for s, state in got.items():
                numbers[s].append(state["decision"])
        assert numbers["beige"][-1] == sum(1 for s, _ in CASTLE_HUNT_GAME if s == "beige")
        assert numbers["gray"][-1] == sum(1 for s, _ in CASTLE_HUNT_GAME if s == "gray")


# -- browsers that go away ---------------------------------------------------------------
class Browser:
    """One websocket driven straight through the ASGI interface, whose peer goes away after
    the server has sent it ``sends`` messages: from then on a send fails as it does under
    uvicorn (``ClientDisconnected``), and receiving says the peer left, at once
    (``vanish=False``) or never (``vanish=True``: a peer gone without a word)."""

    def __init__(self, incoming: list[dict[str, Any]], sends: int, vanish: bool = False):
        self.incoming = [{"type": "websocket.connect"}, *incoming]
        self.sends = sends
        self.vanish = vanish
        self.sent: list[dict[str, Any]] = []
        self.gone = anyio.Event()

    async def receive(self) -> dict[str, Any]:
        if self.incoming:
            return self.incoming.pop(0)
        await self.gone.wait()
        if self.vanish:
            await anyio.sleep_forever()
        return {"type": "websocket.disconnect", "code": 1006}

    async def send(self, message: dict[str, Any]) -> None:
        if self.gone.is_set():
            raise ClientDisconnected()
        if message["type"] == "websocket.send":
            if len(self.sent) == self.sends:
                self.gone.set()
                raise ClientDisconnected()
            self.sent.append(message)

    async def run(self, app: Any, code: str) -> None:
        """Run the connection as uvicorn does, logging what escapes the application."""
        scope = {"type": "websocket", "path": f"/ws/{code}", "raw_path": f"/ws/{code}".encode(),
                 "root_path": "", "scheme": "ws", "query_string": b"", "headers": [],
                 "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
                 "subprotocols": [], "asgi": {"version": "3.0"}}
        try:
            with anyio.fail_after(30):
                await app(scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            logging.getLogger("uvicorn.error").exception("Exception in ASGI application\n")


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_browser_leaving_while_told_its_action_leaves_no_error(tmp_path, caplog):
    with client(str(tmp_path / "games.sqlite3"), hunt=castle_hunt()) as http:
        t = Table(http, position="hunt")
        with t.stack:
            t.connect("gray", t.tokens["gray"])
            assert http.portal is not None
            # Beige is sent the welcome and the state, acts, and is gone before hearing back.
            hello = f'{{"type": "hello", "token": "{t.tokens["beige"]}"}}'
            action = '{"type": "action", "action": "c3-c4", "decision": 0}'
            beige = Browser([{"type": "websocket.receive", "text": hello},
                             {"type": "websocket.receive", "text": action}], sends=2)
            with caplog.at_level(logging.INFO):
                http.portal.call(beige.run, http.app, t.code)
            assert errors(caplog) == []
            assert len(beige.sent) == 2 and beige.gone.is_set()
            # The move stands, gray was told, and the game goes on when beige is back.
            told = [m for m in t.drain("gray") if m["type"] == "state"]
            assert told[-1]["lines"] == ["beige moves a hidden piece c3-c4"]
            t.connect("beige", t.tokens["beige"])
            assert t.received["beige"][-1]["decision"] == 1
            for seat, step in CASTLE_HUNT_GAME[1:]:
                got = t.act(seat, step)
            assert got["gray"]["view"]["winner"] == "beige"
    assert errors(caplog) == []


@pytest.mark.parametrize("case", ["refused hello", "silent too long"])
def test_a_browser_gone_while_its_connection_is_closed_leaves_no_error(tmp_path, caplog, case):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), positions={"hunt": castle_hunt()},
                     computer_time=0.0, limits=Limits(socket_idle=0.05))
    with TestClient(app) as http:
        t = Table(http, position="hunt")
        if case == "refused hello":
            # A wrong token: the refusal cannot be sent, nor the socket closed.
            browser = Browser([{"type": "websocket.receive",
                                "text": '{"type": "hello", "token": "wrong"}'}], sends=0)
        else:
            # Welcome and state arrive; then the peer is gone without a word, and the idle
            # notice cannot be sent, nor the socket closed.
            hello = f'{{"type": "hello", "token": "{t.tokens["beige"]}"}}'
            browser = Browser([{"type": "websocket.receive", "text": hello}], sends=2,
                              vanish=True)
        assert http.portal is not None
        with caplog.at_level(logging.INFO):
            http.portal.call(browser.run, http.app, t.code)
        assert errors(caplog) == []
        assert browser.gone.is_set()
        # The server is fine: the same seat connects and plays (given time to: 50 ms of
        # silence is too short for a test on a busy machine).
        server = app.state.server
        server.limits = attrs.evolve(server.limits, socket_idle=60.0)
        with t:
            assert t.act("beige", "c3-c4")["gray"]["lines"] == ["beige moves a hidden piece c3-c4"]


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3"), hunt=castle_hunt()) as c:
        yield c

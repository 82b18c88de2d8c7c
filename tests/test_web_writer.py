"""Storing actions off the event loop, several games' actions in one transaction
(``legends.web.writer``, ``Store.add_steps``)."""

from __future__ import annotations

import asyncio
import threading
import warnings

import pytest

from legends.web import create_app
from legends.web.store import StaleStep, Step, StoreError, open_store
from legends.web.writer import Writer
from webgames import CASTLE_HUNT_GAME, Table, castle_hunt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient



@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        target = str(tmp_path / "games.sqlite3")
    else:
        target = request.getfixturevalue("pg_cluster").database()
    s = open_store(target, init=True)
    for code in ("A", "B", "C"):
        s.create(code, {"rules": "legends"}, {})
    yield s
    s.close()


def step(code: str, seq: int, action: str = "x", over: bool = False) -> Step:
    return Step(code, seq, action, {"beige": [{"kind": "note", "n": seq}], "gray": []}, over)


def test_add_steps_stores_or_refuses_each_step_on_its_own(store):
    store.add_step("B", 0, "b0", {}, False)
    answers = store.add_steps([step("A", 0, "a0"), step("B", 0, "stale"), step("C", 0, "c0"),
                               step("Z", 0), step("C", 1, "c1", over=True)])
    # Each stored step answers its game's new revision (one change more each time).
    assert answers[0] == 1 and answers[2] == 1 and answers[4] == 2
    assert isinstance(answers[1], StaleStep)
    assert isinstance(answers[3], StoreError) and "no game Z" in str(answers[3])
    assert store.load("A").actions == ["a0"]
    assert store.load("B").actions == ["b0"]  # the refused step left nothing behind
    assert store.load("C").actions == ["c0", "c1"]
    assert store.shown("C", "beige") == [{"kind": "note", "n": 0}, {"kind": "note", "n": 1}]
    assert store.shown("B", "beige") == []


def test_the_writer_shares_transactions_between_games(store):
    async def main() -> tuple[int, list[object]]:
        writer = Writer(store)
        try:
            results = await asyncio.gather(
                *(writer.add(step(code, seq)) for seq in range(1) for code in "ABC"),
                writer.add(step("B", 5)), return_exceptions=True)
            return writer.transactions, results
        finally:
            writer.close()

    transactions, results = asyncio.run(main())
    assert results[:3] == [1, 1, 1]  # each game's revision after its step
    assert isinstance(results[3], StaleStep)
    assert transactions == 1  # four actions, one wait for the disk
    assert [len(store.load(c).actions) for c in "ABC"] == [1, 1, 1]


def test_a_failing_store_refuses_the_batch_and_the_writer_goes_on(store, monkeypatch):
    real = store.add_steps
    calls = []

    def flaky(steps):
        calls.append(len(steps))
        if len(calls) == 1:
            raise RuntimeError("disk on fire")
        return real(steps)

    monkeypatch.setattr(store, "add_steps", flaky)

    async def main() -> list[object]:
        writer = Writer(store)
        try:
            first = await asyncio.gather(writer.add(step("A", 0)), return_exceptions=True)
            second = await asyncio.gather(writer.add(step("A", 0)), return_exceptions=True)
            return [*first, *second]
        finally:
            writer.close()

    failed, stored = asyncio.run(main())
    assert isinstance(failed, StoreError) and "disk on fire" in str(failed)
    assert stored == 1 and store.load("A").actions == ["x"]


def test_other_games_go_on_while_an_action_waits_for_the_disk(tmp_path, monkeypatch):
    """A slow write (a disk that takes its time) holds up only the game it belongs to: the
    server answers another game's browser meanwhile. Storing on the event loop, as before,
    it answered nobody until the write was done."""
    app = create_app(db_path=str(tmp_path / "games.sqlite3"),
                     positions={"hunt": castle_hunt()}, computer_time=0.0)
    store = app.state.server.store
    real = store.add_steps
    slow = threading.Event()
    writing = threading.Event()
    release = threading.Event()
    answered_meanwhile = []

    def held(steps):
        if slow.is_set():
            writing.set()
            # Let go after 10 s at most, so a server that cannot answer fails the test rather
            # than hang it.
            release.wait(10)
            answered_meanwhile.append(release.is_set())
        return real(steps)

    monkeypatch.setattr(store, "add_steps", held)
    with TestClient(app) as http, Table(http, position="hunt") as slow_game, \
            Table(http, position="hunt") as other:
        seat, action = CASTLE_HUNT_GAME[0]
        slow.set()
        slow_game.ws[seat].send_json({"type": "action", "action": action,
                                      "decision": slow_game.decision(seat)})
        # The ping goes once the write is under way (under load the server may take the two
        # messages in either order, and a ping answered first would prove nothing).
        assert writing.wait(10)
        other.ws["beige"].send_json({"type": "ping"})
        assert other.ws["beige"].receive_json() == {"type": "pong"}
        release.set()  # the other game was answered while the write was held
        slow.clear()
        state = slow_game.receive(seat)
        assert state["type"] == "state" and state["decision"] == 1
    assert answered_meanwhile == [True]


def test_a_step_made_on_an_older_revision_is_refused(store):
    """A change that is not an action (a draw offer, a seat) moves the game's revision on: an
    action made by a copy of the game that has not seen it is refused, even though the count
    of actions still fits, and leaves nothing behind."""
    assert store.add_step("A", 0, "a0", {}, False, None, 0) == 1
    assert store.set_extras("A", {"offer": {"side": "gray"}}, rev=1) == 2
    answers = store.add_steps([Step("A", 1, "a1", {}, False, {"offer": None}, 1)])
    assert isinstance(answers[0], StaleStep) and "revision 2" in str(answers[0])
    assert store.load("A").actions == ["a0"]
    assert store.load("A").extras == {"offer": {"side": "gray"}}
    with pytest.raises(StaleStep):
        store.set_extras("A", {"offer": None}, rev=1)
    assert store.add_steps([Step("A", 1, "a1", {}, False, {"offer": None}, 2)]) == [3]
    changes = store.changes("A", 1)
    assert changes is not None and (changes.rev, changes.actions) == (3, ["a1"])
    assert changes.extras == {"offer": None}
    assert store.revs(["A", "B", "Z"]) == {"A": 3, "B": 0}

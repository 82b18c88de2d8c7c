"""How many watch, across server processes: spectators connected to one process are counted
for the players connected to another, and a process that stops announcing is forgotten."""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

import pytest

from legends.web import watch_counts
from legends.web.watch_counts import FORGET_AFTER, FarWatchers, parse, payload
from test_web_shared import WAIT, pg, server, split_table  # noqa: F401  (pg: a fixture)
from test_web_watch import watch


def test_announcements_read_back_and_game_changes_are_not_counts():
    assert parse(payload("ABCD", "p1", 3)) == ("ABCD", "p1", 3)
    assert parse("ABCD 12 4") is None  # a game change, as announced before
    with pytest.raises(ValueError):
        parse("watchers ABCD p1")
    with pytest.raises(ValueError):
        parse("watchers ABCD p1 -1")
    # A burst of announcements is cut to the latest per game change, and per game and process.
    assert watch_counts.key("ABCD 12 4") == watch_counts.key("ABCD 13 5")
    assert watch_counts.key(payload("ABCD", "p1", 1)) == watch_counts.key(payload("ABCD", "p1", 2))
    assert watch_counts.key(payload("ABCD", "p1", 1)) != watch_counts.key(payload("ABCD", "p2", 1))
    assert watch_counts.key(payload("ABCD", "p1", 1)) != watch_counts.key("ABCD 12 4")


def test_counts_add_up_over_processes_and_old_ones_are_forgotten():
    far = FarWatchers()
    assert far.note("G", "a", 2, now=0.0) and far.note("G", "b", 1, now=5.0)
    assert far.total("G") == 3 and far.total("other") == 0
    assert not far.note("G", "a", 2, now=6.0)  # the same count again changes nothing
    assert far.forget_old(now=6.0 + FORGET_AFTER - 1) == set()
    assert far.forget_old(now=5.0 + FORGET_AFTER + 1) == {"G"}  # a: heard at 6, b: at 5
    assert far.total("G") == 2
    assert far.note("G", "a", 0, now=30.0) and far.total("G") == 0 and not far.heard


def watchers_told(seats: Any, seat: str, count: int) -> bool:
    """Wait until ``seat`` is told that ``count`` watch (by a watchers message)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        seats.drain(seat)
        told = [m["watchers"] for m in seats.received[seat] if m["type"] == "watchers"]
        if told and told[-1] == count:
            return True
        time.sleep(0.05)
    return False


def test_players_on_one_process_are_told_of_spectators_on_another(pg):  # noqa: F811
    with server(pg) as one, server(pg) as two, split_table(one, two) as seats, \
            ExitStack() as stack:
        watch(stack, two, seats.code)  # gray's process; beige's is the other
        assert watchers_told(seats, "beige", 1)
        assert watchers_told(seats, "gray", 1)
        with ExitStack() as inner:
            watch(inner, one, seats.code)
            assert watchers_told(seats, "beige", 2)
            assert watchers_told(seats, "gray", 2)
            assert one.get(f"/api/games/{seats.code}/watch").json()["watchers"] == 2
        assert watchers_told(seats, "gray", 1)  # the one on beige's process went
        assert watchers_told(seats, "beige", 1)


def test_a_process_that_stops_announcing_is_forgotten(pg, monkeypatch):  # noqa: F811
    with server(pg) as one, server(pg) as two, split_table(one, two) as seats, \
            ExitStack() as stack:
        watch(stack, two, seats.code)
        assert watchers_told(seats, "beige", 1)
        far = one.app.state.server
        # As if the other process had stopped: its count is not repeated, and is forgotten.
        monkeypatch.setattr(far, "clock", lambda: time.monotonic() + FORGET_AFTER + 60)
        monkeypatch.setattr(two.app.state.server.store, "announce_watchers", lambda *a: None)
        far.loop.call_soon_threadsafe(far.sweep_watchers)
        assert watchers_told(seats, "beige", 0)

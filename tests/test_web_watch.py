"""Spectators on the web server: anyone may watch a game over the websocket, and is sent
only what every seat knows, built and timed as a seat's messages are; the players are told
how many watch; a game takes at most so many spectators; the end shows both armies and the
setup the commitment was made for."""

from __future__ import annotations

import hashlib
import json
import time
import warnings
from contextlib import ExitStack
from typing import Any

import pytest

from legends.web import create_app
from legends.web.guards import Limits
from test_web_leaks import TWINS, normalised
from test_web_shared import WAIT, Seats, pg, server  # noqa: F401  (pg: a fixture)
from webgames import CASTLE_HUNT_GAME, Table, castle_hunt, client

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette suggests another HTTP client for its tests
    from starlette.testclient import TestClient


def watch(stack: ExitStack, http: TestClient, code: str, lang: str = "en") -> Any:
    ws = stack.enter_context(http.websocket_connect(f"/ws/{code}"))
    ws.send_json({"type": "watch", "lang": lang})
    return ws


def drain(ws: Any) -> list[dict[str, Any]]:
    ws.send_json({"type": "ping"})
    out = []
    while (message := ws.receive_json())["type"] != "pong":
        out.append(message)
    return out


def watched_game(tmp_path, name: str, position: dict[str, Any]
                 ) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]], Any]:
    """The castle hunt played to its end with a spectator watching from the start: what the
    spectator received, what each seat received, and the reveal at the end."""
    with client(str(tmp_path / f"{name}.sqlite3"), start=position) as http, \
            Table(http, position="start") as t, ExitStack() as stack:
        ws = watch(stack, http, t.code)
        seen = [ws.receive_json(), ws.receive_json()]
        for seat in t.ws:
            t.drain(seat)  # the players' "watchers" messages
        for seat, action in CASTLE_HUNT_GAME:
            t.act(seat, action)
            seen += drain(ws)
        reveal = http.post(f"/api/games/{t.code}/reveal", json={"watch": True})
        return seen, t.received, reveal


def hidden_numbers(messages: list[dict[str, Any]]) -> set[int]:
    """Every collector number a spectator's messages name on the board or in events."""
    out = set()
    for m in messages:
        for p in (m.get("view") or {}).get("pieces", ()):
            if p["number"] is not None:
                out.add(p["number"])
        for e in m.get("events", ()):
            if e.get("piece") is not None:
                out.add(e["piece"])
    return out



@pytest.mark.parametrize("changes", TWINS)
def test_a_spectator_receives_the_same_messages_whatever_the_seats_hide(tmp_path, changes):
    one, seats_one, _ = watched_game(tmp_path, "one", castle_hunt())
    two, seats_two, _ = watched_game(tmp_path, "two", castle_hunt(**changes))
    assert [m["type"] for m in one[:2]] == ["welcome", "state"]
    assert one[0]["seat"] == "spectator" and one[0]["watching"]
    assert one[-1]["view"]["winner"] == "beige"  # watched to the end
    assert normalised(one) == normalised(two)
    # The check can fail: gray, who knows its own pieces, was shown two different games.
    assert normalised(seats_one["gray"]) != normalised(seats_two["gray"])
    # Gray's warriors never fought: no spectator message names them.
    assert not hidden_numbers(one) & {150, 153, 144}
    # The castle beige took and the Tiera that took it were shown to both seats, and so to
    # the spectator.
    assert {37, 136} <= hidden_numbers(one)


def test_a_spectator_is_told_of_the_game_when_a_seat_that_never_decides_would_be(tmp_path):
    seen, received, _ = watched_game(tmp_path, "one", castle_hunt())
    states = [m for m in seen if m["type"] == "state"]
    # No auto-pass here: every window is asked of every seat, so every step is told.
    assert len(states) == 1 + len(CASTLE_HUNT_GAME)
    assert all(m["view"]["options"] == [] and m["view"]["decision"] is None for m in states)
    assert all(m["decision"] == 0 and m["watching"] for m in states)
    # The board is drawn from beige's side, and from gray's for the flip button.
    assert states[-1]["svg"] != states[-1]["flipped"]
    # The log lines are the seat's kind of lines, for the spectator's events.
    assert any("Tiera" in line for m in states for line in m["lines"])


def test_the_players_are_told_how_many_watch(tmp_path):
    with client(str(tmp_path / "w.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t, ExitStack() as stack:
        first = watch(stack, http, t.code)
        assert first.receive_json()["type"] == "welcome"
        for seat in t.ws:
            assert t.drain(seat) == [{"type": "watchers", "watchers": 1}]
        with ExitStack() as inner:
            second = watch(inner, http, t.code, "de")
            assert second.receive_json()["type"] == "welcome"
            for seat in t.ws:
                assert t.drain(seat) == [{"type": "watchers", "watchers": 2}]
            out = t.act("beige", "c3-c4")
            assert out["beige"]["watchers"] == out["gray"]["watchers"] == 2
            # Each spectator reads its own language.
            english, german = drain(first)[-1], drain(second)[-1]
            assert english["events"] == german["events"] and english["events"]
            assert english["lines"] != german["lines"]
        for seat in t.ws:
            assert t.drain(seat)[-1] == {"type": "watchers", "watchers": 1}


def test_a_game_takes_at_most_so_many_spectators(tmp_path):
    app = create_app(db_path=str(tmp_path / "cap.sqlite3"), positions={"start": castle_hunt()},
                     computer_time=0.0, limits=Limits(max_watchers=1))
    with TestClient(app) as http, Table(http, position="start") as t, ExitStack() as stack:
        assert http.get(f"/api/games/{t.code}/watch").json() == {
            "code": t.code, "free": 0, "watchers": 0, "limit": 1}
        one = watch(stack, http, t.code)
        assert one.receive_json()["type"] == "welcome"
        two = watch(stack, http, t.code)
        refusal = two.receive_json()
        assert refusal["type"] == "error" and "1 spectators" in refusal["message"]
        assert http.get(f"/api/games/{t.code}/watch").json()["watchers"] == 1


def test_a_spectator_cannot_act_nor_read_a_record_of_its_own(tmp_path):
    with client(str(tmp_path / "a.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t, ExitStack() as stack:
        ws = watch(stack, http, t.code)
        ws.receive_json(), ws.receive_json()
        ws.send_json({"type": "action", "action": "c3-c4", "decision": 0})
        assert ws.receive_json() == {"type": "error", "message": "a spectator only watches"}
        assert t.drain("beige") == [{"type": "watchers", "watchers": 1}]  # nothing was played
        mine = http.post(f"/api/games/{t.code}/record", json={"watch": True, "mine": True})
        assert mine.status_code == 400
        early = http.post(f"/api/games/{t.code}/reveal", json={"watch": True})
        assert early.status_code == 400 and "over" in early.json()["error"]
        moves = http.post(f"/api/games/{t.code}/moves", json={"watch": True})
        assert moves.status_code == 200 and moves.json()["players"] == ["beige", "gray"]
        assert http.post("/api/games/NOPE/moves", json={"watch": True}).status_code == 400


def test_the_end_reveals_the_setup_the_commitment_was_made_for(tmp_path):
    seen, received, reveal = watched_game(tmp_path, "end", castle_hunt())
    assert reveal.status_code == 200, reveal.text
    shown = reveal.json()
    setup = shown["setup"]
    text = json.dumps({"salt": setup["salt"], "pieces": setup["pieces"]},
                      separators=(",", ":"), sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()
    # The digest every seat and the spectator were shown as play began.
    shown_then = next(m["view"]["commitment"] for m in seen
                      if m["type"] == "state" and m["view"]["commitment"])
    assert digest == shown_then == shown["commitment"]
    assert shown_then == next(m["view"]["commitment"] for m in received["gray"]
                              if m["type"] == "state" and m["view"]["commitment"])
    # Both armies are on the end's board, gray's hidden warriors too.
    assert 'data-number="150"' in shown["svg"] and 'data-number="153"' in shown["svg"]


def test_a_spectator_on_another_server_gets_what_one_on_the_same_server_gets(pg):  # noqa: F811
    """Spectators ride the seats' path across server processes: a spectator connected to
    the server the players are not on is sent the same messages, grouped the same way."""
    streams = []
    for split in (False, True):
        with server(pg) as one, server(pg) as two:
            made = one.post("/api/games", json={"opponent": "human", "side": "beige",
                                                "position": "hunt"}).json()
            joined = one.post(f"/api/games/{made['code']}/join", json={}).json()
            seats = Seats(made["code"])
            with seats.stack:
                seats.connect("beige", one, made["token"])
                seats.connect("gray", one, joined["token"])
                ws = watch(seats.stack, two if split else one, made["code"])
                got = [ws.receive_json(), ws.receive_json()]
                for seat, action in CASTLE_HUNT_GAME:
                    seats.play(seat, action)
                    seats.drain("beige" if seat == "gray" else "gray")
                    deadline = time.monotonic() + WAIT
                    before = len(got)
                    while len(got) == before and time.monotonic() < deadline:
                        got += drain(ws)
                streams.append(got)
    assert streams[0][-1]["view"]["winner"] == "beige"
    assert normalised(streams[0]) == normalised(streams[1])


def test_a_spectator_who_comes_late_is_greeted_with_what_the_others_were_shown(tmp_path):
    with client(str(tmp_path / "late.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t, ExitStack() as stack:
        early = watch(stack, http, t.code)
        got = [early.receive_json(), early.receive_json()]
        for seat in t.ws:
            t.drain(seat)  # the players' "watchers" messages
        for seat, action in CASTLE_HUNT_GAME[:4]:
            t.act(seat, action)
        got += drain(early)
        late = watch(stack, http, t.code)
        welcome, state = late.receive_json(), late.receive_json()
        for seat in t.ws:
            t.drain(seat)
        lines = [line for m in got for line in m.get("log", []) + m.get("lines", [])]
        assert welcome["log"] == lines and lines
        assert state["view"] == got[-1]["view"] and state["svg"] == got[-1]["svg"]
        # Both follow the rest alike.
        for seat, action in CASTLE_HUNT_GAME[4:]:
            t.act(seat, action)
        assert drain(early) == drain(late)
        moves = http.post(f"/api/games/{t.code}/moves", json={"watch": True}).json()
        plies = [p for turn in moves["turns"] for p in turn["plies"]]
        assert plies and moves["latest"] == len(CASTLE_HUNT_GAME)
        board = http.post(f"/api/games/{t.code}/seen", json={"watch": True, "moment": 1})
        assert board.status_code == 200 and board.json()["moment"] == 1


def test_spectators_are_told_of_draw_offers_and_seats_taken_in_their_language(tmp_path):
    with client(str(tmp_path / "o.sqlite3"), start=castle_hunt()) as http, ExitStack() as stack:
        made = http.post("/api/games", json={"opponent": "human", "side": "beige",
                                             "position": "start"}).json()
        german = watch(stack, http, made["code"], "de")
        assert german.receive_json()["type"] == "welcome"
        drain(german)
        joined = http.post(f"/api/games/{made['code']}/join", json={"name": "Gray"}).json()
        seats = [m for m in drain(german) if m["type"] == "seats"]
        assert seats and seats[-1]["seats"]["gray"]["taken"]
        t = Table.existing(http, made["code"], {"beige": made["token"],
                                                "gray": joined["token"]})
        with t:
            english = watch(stack, http, t.code)
            assert english.receive_json()["type"] == "welcome"
            drain(english)
            t.ws["beige"].send_json({"type": "offer-draw"})
            t.drain("beige")
            offers = {lang: [m for m in drain(ws) if m["type"] == "offer"]
                      for lang, ws in (("en", english), ("de", german))}
            assert offers["en"][-1]["offer"] == offers["de"][-1]["offer"]
            assert offers["en"][-1]["offer"]["seat"] == "beige"
            # The same line, each in the spectator's own language.
            assert offers["en"][-1]["line"] != offers["de"][-1]["line"]

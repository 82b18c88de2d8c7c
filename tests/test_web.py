"""The web server, driven through its HTTP routes and websockets as browsers drive it."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from legends.web.arranging import takes_setup
from legends_core.testing import position_dict
from webgames import CASTLE_HUNT_GAME, Table, castle_hunt, client


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3"), hunt=castle_hunt()) as c:
        yield c


def test_two_people_play_a_game_to_its_end(http):
    with Table(http, position="hunt") as t:
        for seat, action in CASTLE_HUNT_GAME:
            got = t.act(seat, action)
        for seat in ("beige", "gray"):
            view = got[seat]["view"]
            assert view["over"] and view["winner"] == "beige"
            assert any("attacks c5" in line for line in got[seat]["lines"])
            assert got[seat]["svg"].startswith("<svg")
        # After the end both players may have the full record and the replay.
        record = http.post(f"/api/games/{t.code}/record", json={"token": t.tokens["gray"]}).json()
        assert record["actions"] == [a for _, a in CASTLE_HUNT_GAME]
        assert record["headers"]["event"] == "legends web game"
        assert record["headers"]["players"] == {"beige": "anonymous", "gray": "second"}
        assert record["headers"]["result"] == "beige"
        frame = http.post(f"/api/games/{t.code}/replay",
                          json={"token": t.tokens["gray"], "step": 1}).json()
        assert frame["action"] == "c3-c4" and frame["of"] == len(CASTLE_HUNT_GAME)
        assert "Tiera" in frame["svg"] and "Ogre Fort" in frame["svg"]


def test_each_seat_sees_its_own_pieces_only(http):
    with Table(http, position="hunt") as t:
        got = t.act("beige", "c3-c4")
        assert "Tiera" in got["beige"]["svg"] and "Tiera" not in got["gray"]["svg"]
        assert "Ogre Fort" in got["gray"]["svg"] and "Ogre Fort" not in got["beige"]["svg"]
        # Only the deciding seat is told its options; the other learns whose decision it is.
        assert got["beige"]["view"]["options"] == ["pass"]
        assert got["gray"]["view"]["options"] == [] and got["gray"]["view"]["decision"] is None
        assert got["gray"]["view"]["to_move"] == "beige"


def test_the_board_is_turned_for_each_seat(http):
    with Table(http, position="hunt") as t:
        got = t.act("beige", "c3-c4")
        assert 'data-orientation="0"' in got["beige"]["svg"]
        assert 'data-orientation="180"' in got["gray"]["svg"]


@pytest.mark.parametrize("message, error", [
    ("{not json", "not valid JSON"),
    (json.dumps([1, 2]), "expected a JSON object"),
    (json.dumps({"type": "shout"}), "unknown message type"),
    (json.dumps({"type": "action", "action": 7}), "notation text"),
    (json.dumps({"type": "action", "action": "c3-c7", "decision": 0}), "not legal"),
    (json.dumps({"type": "action", "action": "fly away", "decision": 0}), "cannot read"),
    (json.dumps({"type": "action", "action": "x" * 5000}), "longer than"),
    (json.dumps({"type": "action", "action": "h8-h7", "decision": 0}),
     "it is beige's decision, not gray's"),
    (json.dumps({"type": "action", "action": "c3-c4"}), "decision number"),
    (json.dumps({"type": "action", "action": "c3-c4", "decision": "0"}), "decision number"),
    (json.dumps({"type": "action", "action": "c3-c4", "decision": 1}), "no decision 1"),
])
def test_bad_messages_get_an_error_to_that_client_only(http, message, error):
    with Table(http, position="hunt") as t:
        sender = "gray" if "h8" in message else "beige"
        t.ws[sender].send_text(message)
        reply = t.receive(sender)
        assert reply["type"] == "error" and error in reply["message"], reply
        # The game goes on unchanged, and the other seat was sent nothing in between.
        got = t.act("beige", "c3-c4")
        assert got["gray"]["lines"] == ["beige moves a hidden piece c3-c4"]
        other = "beige" if sender == "gray" else "gray"
        assert [m["type"] for m in t.received[other]] == ["welcome", "state", "state"]


def test_a_client_can_never_act_for_another_seat(http):
    with Table(http, position="hunt") as t:
        # Gray's browser sends beige's move: refused, since the token says it is gray.
        t.ws["gray"].send_json({"type": "action", "action": "c3-c4", "decision": 0})
        reply = t.receive("gray")
        assert reply["type"] == "error" and "not gray's" in reply["message"]
        # A token from another game holds no seat here.
        other = Table(http, position="hunt")
        with http.websocket_connect(f"/ws/{t.code}") as ws:
            ws.send_json({"type": "hello", "token": other.tokens["beige"]})
            assert "holds no seat" in ws.receive_json()["message"]
        with http.websocket_connect(f"/ws/{t.code}") as ws:
            ws.send_json({"type": "action", "action": "c3-c4"})
            assert "say hello first" in ws.receive_json()["message"]
        got = t.act("beige", "c3-c4")
        assert got["beige"]["view"]["turn"] == 1


def test_a_restart_or_a_reload_loses_nothing(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with client(db, hunt=castle_hunt()) as http, Table(http, position="hunt") as t:
        for seat, action in CASTLE_HUNT_GAME[:4]:
            last = t.act(seat, action)
        code, tokens = t.code, t.tokens
    # A new server on the same file: each seat reconnects with its token to where it was.
    with client(db, hunt=castle_hunt()) as http2:
        _finish_after_restart(http2, code, tokens, last)
    # The file is a real SQLite database holding the whole game.
    rows = sqlite3.connect(db).execute("SELECT count(*) FROM actions WHERE code = ?", (code,))
    assert rows.fetchone()[0] == len(CASTLE_HUNT_GAME)


def _finish_after_restart(http2, code, tokens, last):
    with http2.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": tokens["gray"]})
        welcome = ws.receive_json()
        state = ws.receive_json()
    assert welcome["seat"] == "gray"
    assert welcome["log"][-1] == last["gray"]["lines"][-1]
    assert state["view"] == last["gray"]["view"]
    assert state["svg"] == last["gray"]["svg"]  # the last move's arrow is kept too
    t2 = Table.__new__(Table)
    t2.__dict__.update(http=http2, code=code, tokens=tokens, ws={},
                       received={"beige": [], "gray": []})
    from contextlib import ExitStack
    t2.stack = ExitStack()
    with t2:
        for seat, action in CASTLE_HUNT_GAME[4:]:
            got = t2.act(seat, action)
    assert got["gray"]["view"]["winner"] == "beige"


def test_seat_tokens_are_stored_hashed(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    with client(db, hunt=castle_hunt()) as http:
        t = Table(http, position="hunt")
    stored = [d for (d,) in sqlite3.connect(db).execute("SELECT digest FROM tokens")]
    assert len(stored) == 2 and not set(stored) & set(t.tokens.values())


def ended_by_turn_two(view: dict) -> bool:
    """A game with a turn limit of 2 ended in time: at the limit, or won before it (the deal is
    random, so a piece may start next to the enemy castle or flag)."""
    return view["over"] and (view["reason"] == "turn limit of 2 reached"
                             or (view["winner"] is not None and view["turn"] <= 2))


def test_a_game_against_the_computer(http):
    made = http.post("/api/games", json={"opponent": "random", "side": "gray", "turn_limit": 2,
                                         "auto_pass": True}).json()
    assert made["seat"] == "gray"
    with http.websocket_connect(f"/ws/{made['code']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        welcome = ws.receive_json()
        assert welcome["seats"]["beige"]["kind"] == "computer"
        state = ws.receive_json()
        # The computer (beige, first) has already made its setup choice; gray decides now.
        assert state["view"]["to_move"] == "gray" and state["view"]["options"]
        while not state["view"]["over"]:
            options = state["view"]["options"]
            choice = "choose done" if "choose done" in options else options[0]
            ws.send_json({"type": "action", "action": choice, "decision": state["decision"]})
            state = ws.receive_json()
            while state["view"]["to_move"] not in ("gray", None):
                state = ws.receive_json()  # the computer's moves, one message each
    assert ended_by_turn_two(state["view"])


def test_a_game_code_can_be_joined_once(http):
    made = http.post("/api/games", json={"opponent": "human", "position": "hunt"}).json()
    assert http.post(f"/api/games/{made['code']}/join", json={}).status_code == 200
    again = http.post(f"/api/games/{made['code']}/join", json={})
    assert again.status_code == 400 and "with a free seat" in again.json()["error"]


@pytest.mark.parametrize("body, error", [
    ({"opponent": "genius"}, "opponent"),
    ({"position": "nowhere"}, "no position 'nowhere'"),
    ({"rules": "chess"}, "unknown edition"),
    ({"turn_limit": -3}, "turn_limit"),
    ({"turn_limit": True}, "turn_limit"),
    ({"side": "purple"}, "side"),
    ({"name": "x" * 500}, "name"),
    ({"auto_pass": "yes"}, "auto_pass"),
])
def test_bad_new_game_requests_are_refused_with_a_reason(http, body, error):
    res = http.post("/api/games", json=body)
    assert res.status_code == 400 and error in res.json()["error"]


def test_bad_http_bodies(http):
    assert http.post("/api/games", content=b"{nope").status_code == 400
    assert http.post("/api/games", content=b"[" * 100 + b"]" * 100).status_code == 400
    assert http.post("/api/games", content=b" " * 20_000).status_code == 413
    missing = http.post("/api/games/ZZZZZZZ-ZZZZZZZ-ZZZZZZZ/join", json={}).json()["error"]
    assert missing == "no game with a free seat has that code"
    assert http.post("/api/games/../../etc/join", json={}).status_code in (400, 404)


def test_the_record_and_replay_wait_for_the_end(http):
    with Table(http, position="hunt") as t:
        t.act("beige", "c3-c4")
        full = http.post(f"/api/games/{t.code}/record", json={"token": t.tokens["gray"]})
        assert full.status_code == 400 and "when the game is over" in full.json()["error"]
        replay = http.post(f"/api/games/{t.code}/replay", json={"token": t.tokens["gray"]})
        assert replay.status_code == 400
        mine = http.post(f"/api/games/{t.code}/record",
                         json={"token": t.tokens["gray"], "mine": True}).json()
        assert mine["player"] == "gray" and "seed" not in json.dumps(mine)


def test_piece_information_is_the_public_catalogue(http):
    info = http.get("/api/pieces/37").json()
    # Tiera's text says what her three innate powers do; none has a name to list apart.
    assert info["name"] == "Tiera" and info["text"].count("-5 on marsh") == 1
    assert info["powers"] == []
    knight = http.get("/api/pieces/44").json()  # Gray Knight: Quickness, by its name
    assert knight["powers"] == [{"label": "Action", "name": "Quickness", "text": "Quickness"}]
    assert http.get("/api/pieces/99999").status_code == 400
    assert http.get("/api/pieces/abc").status_code == 400


def test_the_page_and_its_files_are_served(http):
    page = http.get("/game/ABCDEF")
    assert page.status_code == 200 and "<title>Stratego Legends</title>" in page.text
    assert "function parseOptions" in http.get("/static/app.js").text
    assert http.get("/api/options").json()["positions"] == ["hunt"]


def test_the_kernel_never_imports_the_web_package():
    code = ("import sys, legends_core, legends.cli; from legends_core import all_rulings;"
            "from legends_core.testing import position; all_rulings();"
            "legends.cli.build_parser();"
            "bad = [m for m in sys.modules if m.startswith(('legends.web', 'starlette',"
            " 'uvicorn', 'legends.envs', 'numpy', 'pettingzoo', 'gymnasium', 'pyspiel',"
            " 'ray'))]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_positions_given_to_the_server_are_checked(tmp_path):
    bad = position_dict({"c3": 37})
    bad["pieces"][0]["at"] = "z99"
    with client(str(tmp_path / "g.sqlite3"), broken=bad) as http:
        res = http.post("/api/games", json={"position": "broken", "opponent": "human"})
    assert res.status_code == 400 and "z99" in res.json()["error"]


def installed_rulesets() -> list[str]:
    """The rulesets installed packages offer (other tests register more at run time)."""
    from importlib.metadata import entry_points

    names = ["legends"]
    for ep in entry_points(group="legends.rulesets"):
        names.extend(rs.name for rs in ep.load().legends_rulesets())
    return names


def test_every_edition_is_offered_and_playable(http):
    from legends_core import rulesets

    offered = http.get("/api/options").json()["rulesets"]
    assert [r["name"] for r in offered] == list(rulesets())
    assert {"name": "classic", "seats": ["red", "blue"]}.items() <= next(
        r for r in offered if r["name"] == "classic").items()
    assert {"legends", "classic", "barrage", "ultimate-lightning"} <= set(installed_rulesets())
    for rules in installed_rulesets():
        # The editions with a free setup deal it here (test_web_arrange.py arranges it).
        setup = {"setup": "random"} if takes_setup(rules) else {}
        made = http.post("/api/games", json={"rules": rules, "opponent": "random",
                                             "turn_limit": 2, "auto_pass": True, **setup})
        assert made.status_code == 200, (rules, made.text)
        made = made.json()
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            welcome = ws.receive_json()
            assert welcome["rules"] == rules and welcome["seat"] == welcome["players"][0]
            state = ws.receive_json()
            seat = welcome["seat"]
            while not state["view"]["over"]:
                options = state["view"]["options"]
                choice = "choose done" if "choose done" in options else options[0]
                ws.send_json({"type": "action", "action": choice,
                              "decision": state["decision"]})
                state = ws.receive_json()
                while state["view"]["to_move"] not in (seat, None):
                    state = ws.receive_json()
        assert ended_by_turn_two(state["view"]), rules
        number = next(p["number"] for p in state["view"]["pieces"] if p["number"] is not None)
        info = http.get(f"/api/pieces/{number}?rules={rules}").json()
        assert info["name"], (rules, info)


def test_the_default_computer_opponent_is_the_search_player(http):
    # The strongest measured player that answers well within a second (see docs/ai.rst).
    made = http.post("/api/games", json={"side": "gray", "turn_limit": 2}).json()
    with http.websocket_connect(f"/ws/{made['code']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        welcome = ws.receive_json()
    beige = welcome["seats"]["beige"]
    assert beige["kind"] == "computer" and "search" in beige["name"]

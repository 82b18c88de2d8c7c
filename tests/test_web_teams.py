"""Team games (4, 6 or 8 players) in the browser's server: offered for Stratego Legends only,
seated in turn order (people joining with the code, or the computer in every other seat),
each seat's picture turned for its side, and a record naming every seat with the winning
side as its result."""

from __future__ import annotations

import pytest

from legends_core.testing import team_position_dict
from webgames import Table, client

GRUNDIN, QUICKSAND, RAT = 16, 28, 152
#: beige-2 holds only a stationary Quicksand: once beige-1 and gray-1 have moved, beige-2
#: cannot move and gray wins.
STUCK = {"a1": GRUNDIN, "p1": QUICKSAND, "a8": RAT, "p8": RAT}


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3"), stuck=team_position_dict(STUCK)) as c:
        yield c


def test_team_games_are_offered_for_stratego_legends_only(http):
    offered = {r["name"]: r for r in http.get("/api/options").json()["rulesets"]}
    assert offered["legends"]["team_seats"]["4"] == ["beige-1", "gray-1", "beige-2", "gray-2"]
    assert sorted(offered["legends"]["team_seats"]) == ["4", "6", "8"]
    assert offered["classic"]["team_seats"] == {}
    res = http.post("/api/games", json={"rules": "classic", "players": 4})
    assert res.status_code == 400 and "played by 2 players" in res.json()["error"]
    for bad in (3, "4", True):
        res = http.post("/api/games", json={"players": bad})
        assert res.status_code == 400 and "players: expected 2, 4, 6 or 8" in res.json()["error"]


def pass_window(t: Table, got: dict) -> dict:
    """Every seat passes the window in turn, as the game asks, until someone must do more."""
    while True:
        seat = next(iter(got.values()))["view"]["to_move"]
        if seat is None or got[seat]["view"]["options"] != ["pass"]:
            return got
        got = t.act(seat, "pass")


def test_four_people_take_the_seats_in_turn_order_and_play_to_the_end(http):
    with Table(http, joins=3, position="stuck", side="beige-1") as t:
        assert list(t.tokens) == ["beige-1", "gray-1", "beige-2", "gray-2"]
        extra = http.post(f"/api/games/{t.code}/join", json={})
        assert extra.status_code == 400 and "with a free seat" in extra.json()["error"]
        got = t.act("beige-1", "a1-a2")
        for seat in ("beige-1", "beige-2"):
            assert 'data-orientation="0"' in got[seat]["svg"]
        for seat in ("gray-1", "gray-2"):
            assert 'data-orientation="180"' in got[seat]["svg"]
        assert all('class="band"' in got[s]["svg"] for s in got)
        got = pass_window(t, got)
        got = pass_window(t, t.act("gray-1", "a8-a7"))
        for seat in t.tokens:
            view = got[seat]["view"]
            assert view["over"] and view["winners"] == ["gray-1", "gray-2"]
        record = http.post(f"/api/games/{t.code}/record",
                           json={"token": t.tokens["beige-2"]}).json()
        assert record["headers"]["result"] == "gray"
        assert record["headers"]["players"] == {"beige-1": "anonymous", "gray-1": "second",
                                                "beige-2": "player 3", "gray-2": "player 4"}


def test_the_computer_takes_every_other_seat_of_a_team_game(http):
    made = http.post("/api/games", json={"players": 4, "opponent": "random", "side": "gray-2",
                                         "turn_limit": 1, "auto_pass": True}).json()
    assert made["seat"] == "gray-2"
    with http.websocket_connect(f"/ws/{made['code']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        welcome = ws.receive_json()
        assert welcome["players"] == ["beige-1", "gray-1", "beige-2", "gray-2"]
        assert [s for s, info in welcome["seats"].items() if info["kind"] == "computer"] == [
            "beige-1", "gray-1", "beige-2"]
        state = ws.receive_json()
        assert state["view"]["to_move"] == "gray-2"  # the three computers set up first
        assert 'data-orientation="180"' in state["svg"] and ">af<" not in state["svg"]
        while not state["view"]["over"]:
            if state["view"]["to_move"] == "gray-2":
                options = state["view"]["options"]
                ws.send_json({"type": "action", "action": "choose done" if "choose done"
                              in options else options[0], "decision": state["decision"]})
            state = ws.receive_json()
    assert state["view"]["reason"] == "turn limit of 1 reached" or state["view"]["winner"]

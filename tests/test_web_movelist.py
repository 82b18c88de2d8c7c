"""Each seat's move list and the boards it steps back to (``/api/games/{code}/moves`` and
``/seen``): built from what that seat was shown, never more.

The twin checks play games that differ only in one seat's hidden pieces: the other seat's list
and every board it can step back to must be the same in both, during the game.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from legends.web.movelist import turns
from legends_core import catalogue_for
from webgames import CASTLE_HUNT_GAME, Table, castle_hunt, client

#: classic Stratego's pieces by number (1004 red's Major, 1105 blue's Captain, 1009 a Scout)
CLASSIC_NAMES = {n: t.name for n, t in catalogue_for("classic").items()}
#: gray's two warriors swapped: beige may not tell the two games apart until the end
TWIN = {"h8": 153, "a8": 150}


def moves(t: Table, seat: str) -> dict[str, Any]:
    r = t.http.post(f"/api/games/{t.code}/moves", json={"token": t.tokens[seat]})
    assert r.status_code == 200, r.text
    return r.json()


def seen(t: Table, seat: str, moment: Any) -> Any:
    return t.http.post(f"/api/games/{t.code}/seen", json={"token": t.tokens[seat], "moment": moment})


def everything(t: Table, seat: str) -> list[Any]:
    """The seat's move list and every board it may step back to."""
    listed = moves(t, seat)
    boards = [seen(t, seat, m).json() for m in range(listed["latest"] + 1)]
    return [listed, boards]


def lists_during(tmp_path, name: str, position: dict[str, Any]) -> dict[str, list[Any]]:
    """Each seat's list and boards after every action but the last (the game is not over)."""
    out: dict[str, list[Any]] = {"beige": [], "gray": []}
    with client(str(tmp_path / f"{name}.sqlite3"), start=position) as http, \
            Table(http, position="start") as t:
        for seat, action in CASTLE_HUNT_GAME[:-1]:
            t.act(seat, action)
            for s in out:
                out[s].append(everything(t, s))
    return out


def test_a_seats_list_and_boards_do_not_depend_on_what_the_other_hides(tmp_path):
    one = lists_during(tmp_path, "one", castle_hunt())
    two = lists_during(tmp_path, "two", castle_hunt(**TWIN))
    assert one["beige"] == two["beige"]
    # The check can fail: gray knows its own pieces, and its boards show them.
    assert one["gray"] != two["gray"]


def test_the_other_seats_hidden_pieces_never_appear(tmp_path):
    # Beige's Tiera (37) is hidden from gray until it attacks; gray's warriors (150, 153) are
    # hidden from beige throughout.
    with client(str(tmp_path / "g.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t:
        for seat, action in CASTLE_HUNT_GAME[:-1]:
            t.act(seat, action)
            for viewer, hidden in (("gray", ["37"]), ("beige", ["150", "153"])):
                listed, boards = everything(t, viewer)
                text = str(listed) + "".join(b["svg"] for b in boards)
                for number in hidden:
                    assert f'data-number="{number}"' not in text
                assert "Tiera" not in str(listed) if viewer == "gray" else True
        t.act(*CASTLE_HUNT_GAME[-1])
        # After the attack gray has been shown Tiera: its list names it now.
        assert "c4xc5 Tiera takes Ogre Fort" in str(moves(t, "gray"))


def test_one_entry_per_turn_in_notation(tmp_path):
    with client(str(tmp_path / "g.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t:
        for seat, action in CASTLE_HUNT_GAME:
            t.act(seat, action)
        listed = moves(t, "gray")
    turns = [(x["turn"], x["seat"], [p["text"] for p in x["plies"]]) for x in listed["turns"]]
    assert turns == [(1, "beige", ["c3-c4"]), (2, "gray", ["h8-h7"]),
                     (3, "beige", ["c4xc5 Tiera takes Ogre Fort",
                                   "beige wins (attacked the enemy castle)"])]


def test_a_stepped_board_is_exactly_the_one_the_seat_was_sent(tmp_path):
    with client(str(tmp_path / "g.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t:
        for seat, action in CASTLE_HUNT_GAME[:-1]:
            t.act(seat, action)
        for s in ("beige", "gray"):
            sent = [m["svg"] for m in t.received[s] if m["type"] == "state"]
            listed = moves(t, s)
            assert len(sent) == listed["latest"] + 1
            assert [seen(t, s, m).json()["svg"] for m in range(len(sent))] == sent
            # each ply points at the message that told of it
            first = listed["turns"][0]["plies"][0]
            assert first["text"] == "c3-c4"
            assert re.search(r'class="arrow"', seen(t, s, first["moment"]).json()["svg"])


@pytest.mark.parametrize("moment, error", [
    (99, "moments 0 to"), (-1, "moments 0 to"), ("1", "whole number"), (True, "whole number"),
    (None, "whole number")])
def test_a_moment_the_seat_was_not_shown_is_refused(tmp_path, moment, error):
    with client(str(tmp_path / "g.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t:
        t.act("beige", "c3-c4")
        r = seen(t, "gray", moment)
        assert r.status_code == 400 and error in r.json()["error"]
        # a token from no seat gets nothing
        bad = http.post(f"/api/games/{t.code}/moves", json={"token": "nobody"})
        assert bad.status_code == 400 and "turns" not in bad.json()


def attack(outcome: list[str], reveal: bool = True) -> list[dict[str, Any]]:
    """The events of an attack from b2 on b5 as a seat sees them (``outcome``: the squares
    whose pieces fall)."""
    events: list[dict[str, Any]] = [
        {"kind": "turn", "number": 7, "player": "red"},
        {"kind": "attack", "player": "red", "frm": "b2", "to": "b5", "how": "move"}]
    if reveal:
        events += [{"kind": "reveal", "piece": 1004, "at": "b2", "seen": ["red", "blue"]},
                   {"kind": "reveal", "piece": 1105, "at": "b5", "seen": ["red", "blue"]}]
    events += [{"kind": "destroy", "piece": 1004 if sq == "b2" else 1105, "at": sq,
                "into": "destroyed", "cause": "attack"} for sq in outcome]
    return events


@pytest.mark.parametrize("outcome, reveal, text", [
    (["b5"], True, "b2xb5 Major takes Captain"),
    (["b2"], True, "b2xb5 Major loses to Captain"),
    (["b2", "b5"], True, "b2xb5 Major and Captain both fall"),
    # a seat not shown the pieces is not told them, but for one that falls (named to all)
    (["b5"], False, "b2xb5 ? takes Captain"),
])
def test_an_attack_is_written_with_its_outcome(outcome, reveal, text):
    names = CLASSIC_NAMES
    listed = turns([(12, attack(outcome, reveal))], [0, 12, 13], names)
    assert listed == [{"turn": 7, "label": "Turn 7", "seat": "red", "plies": [{"text": text, "step": 13}]}]


def test_before_any_move_the_list_holds_the_turn_under_way(tmp_path):
    with client(str(tmp_path / "g.sqlite3")) as http:
        made = http.post("/api/games", json={"rules": "classic", "opponent": "human",
                                             "side": "red", "setup": "random"}).json()
        joined = http.post(f"/api/games/{made['code']}/join", json={"setup": "random"}).json()
        t = Table.existing(http, made["code"], {"red": made["token"], "blue": joined["token"]})
        with t:
            listed = moves(t, "blue")
    assert listed["turns"] == [{"turn": 1, "label": "Turn 1", "seat": "red", "plies": []}]
    assert listed["latest"] == 0


def test_an_attacker_shown_before_is_named_by_what_the_seat_saw_then():
    names = CLASSIC_NAMES
    earlier = [{"kind": "turn", "number": 5, "player": "red"},
               {"kind": "reveal", "piece": 1004, "at": "b1", "seen": ["red", "blue"]},
               {"kind": "move", "player": "red", "piece": None, "frm": "b1", "to": "b2",
                "how": "move", "over": []}]
    turn, strike, falls = attack(["b5"], reveal=False)
    # Only the defender is shown now: the attacker's name comes from the earlier reveal.
    now = [turn, strike, {"kind": "reveal", "piece": 1105, "at": "b5", "seen": ["red", "blue"]},
           falls]
    listed = turns([(9, earlier), (12, now)], [0, 10, 13], names)
    assert [p["text"] for t in listed for p in t["plies"]] == ["b1-b2", "b2xb5 Major takes Captain"]


def test_a_power_that_moves_a_piece_is_told_with_its_move():
    names = CLASSIC_NAMES
    run = [{"kind": "turn", "number": 3, "player": "red"},
           {"kind": "power", "player": "red", "piece": 1009, "at": "f4", "key": "scout",
            "targets": ["f7"], "secret": False},
           {"kind": "move", "player": "red", "piece": 1009, "frm": "f4", "to": "f7",
            "how": "move", "over": []}]
    listed = turns([(4, run)], [0, 5], names)
    assert [p["text"] for p in listed[0]["plies"]] == ["f4-f7 (Scout's Run)"]


def test_an_attack_settled_after_its_windows_is_told_with_its_outcome():
    # In Stratego Legends the attack is settled by later actions (the windows' passes).
    turn, strike, *settled = attack(["b2", "b5"])
    listed = turns([(12, [turn, strike]), (14, settled)], [0, 13, 15], CLASSIC_NAMES)
    assert listed[0]["plies"] == [{"text": "b2xb5 Major and Captain both fall", "step": 13}]


def test_with_auto_pass_the_list_does_not_tell_how_often_the_other_seat_was_asked(tmp_path):
    # Gray is asked a window only when it holds Fire Wall: beige's list, its moments and the
    # boards it steps back to must not show the difference (test_web_auto_pass's twins).
    from test_web_auto_pass import FIRE_WALL, OTHER, auto_pass_hunt, play

    seen_by: dict[int, list[Any]] = {}
    asked_by: dict[int, int] = {}
    for gray_d5 in (FIRE_WALL, OTHER):
        with client(str(tmp_path / f"{gray_d5}.sqlite3"), start=auto_pass_hunt(gray_d5)) as http, \
                Table(http, position="start") as t:
            play(t)
            seen_by[gray_d5] = everything(t, "beige")
            asked_by[gray_d5] = moves(t, "gray")["latest"]
    assert seen_by[FIRE_WALL] == seen_by[OTHER]
    assert asked_by[FIRE_WALL] > asked_by[OTHER]  # gray itself was asked more in one

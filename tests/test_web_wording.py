"""The words the server sends in each edition's own terms: a classic game speaks of ranks and
captured pieces, never of curse slots, abilities or the program's piece numbers; Stratego
Legends keeps its own (curse slot, collector numbers)."""

from __future__ import annotations

import re

from legends_core.testing import position_dict
from webgames import Table, castle_hunt, client

#: red's Major on b4 faces blue's Captain on b5; each side has its Flag.
CLASSIC = position_dict({"b4": 1004, "a1": 1012, "b5": 1105, "j10": 1112}, rules="classic")


def classic_game(tmp_path) -> tuple[dict, dict]:
    """Red's Major takes blue's Captain: red's first state, and what each seat is sent."""
    with client(str(tmp_path / "g.sqlite3"), duel=CLASSIC) as http, \
            Table(http, position="duel", side="red") as t:
        return t.received["red"][-1], t.act("red", "b4-b5")


def test_a_classic_games_messages_use_its_own_words(tmp_path):
    first, after = classic_game(tmp_path)
    assert first["prompt"] == "your move"
    for seat in ("red", "blue"):
        lines = after[seat]["lines"]
        text = " ".join(lines)
        assert "Major on b4 is revealed to red, blue" in lines
        assert "Captain on b5 is captured" in lines
        assert "ranks on b5: attacker 7, defender 6" in lines
        assert not re.search(r"#\d", text)
        assert "curse" not in text and "destroyed" not in text and "abilit" not in text
        svg = after[seat]["svg"]
        assert "Curse slot" not in svg and not re.search(r"\(#\d+\)", svg)
        assert "lost (1):" in svg


def test_a_classic_piece_is_described_by_its_rank(tmp_path):
    with client(str(tmp_path / "g.sqlite3")) as http:
        info = http.get("/api/pieces/1007?rules=classic").json()
        legends = http.get("/api/pieces/37").json()
    assert info["heading"] == "Sergeant"
    assert info["summary"] == "rank 4, red army"
    # Stratego Legends keeps its collector numbers and its fuller facts.
    assert legends["heading"] == "#37 Tiera"
    assert legends["summary"] == "warrior, strength 9, gold cleric (Valorians)"


def test_stratego_legends_keeps_its_own_words(tmp_path):
    with client(str(tmp_path / "g.sqlite3"), start=castle_hunt()) as http, \
            Table(http, position="start") as t:
        state = t.received["beige"][-1]
        assert state["prompt"] == "move, act or use an ability"
        assert "Curse slot: empty" in state["svg"]
        after = t.act("beige", "c3-c4")
        assert "beige moves Tiera (#37) c3-c4" in after["beige"]["lines"]


def test_a_classic_game_is_won_by_taking_the_flag(tmp_path):
    flag_hunt = position_dict({"b4": 1004, "a1": 1012, "b5": 1112, "j10": 1105},
                              rules="classic")
    with client(str(tmp_path / "g.sqlite3"), hunt=flag_hunt) as http, \
            Table(http, position="hunt", side="red") as t:
        end = t.act("red", "b4-b5")
        listed = http.post(f"/api/games/{t.code}/moves", json={"token": t.tokens["blue"]}).json()
    for seat in ("red", "blue"):
        assert end[seat]["view"]["over"]
        assert end[seat]["reason"] == "captured the enemy Flag"
        assert "game over: red wins (captured the enemy Flag)" in end[seat]["lines"]
        assert "castle" not in " ".join(end[seat]["lines"])
    assert listed["turns"][-1]["plies"][-1]["text"] == "red wins (captured the enemy Flag)"

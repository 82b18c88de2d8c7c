"""Computer players thinking in worker processes (``legends serve --workers N``)."""

from __future__ import annotations

import pytest

from legends.web import create_app, thinking
from legends.web.rooms import Room
from legends_core import Game
from webgames import Table, TestClient, castle_hunt


def test_a_worker_rebuilds_the_game_and_answers_a_legal_action():
    game = Game.new(seed=5)
    seen = []
    for _ in range(12):
        seat = game.current_player
        text = thinking.think("G1", game.record(), seat, "heuristic", 7)
        seen.append(text)
        game.apply(text, player=seat)  # legal in the server's own copy
    # The worker kept its copy of G1 and caught it up action by action.
    _, done = thinking._kept["G1"]
    assert done == game.record()["actions"][:-1] and len(done) == 11
    # A record that does not extend the kept one (another game under that code) is rebuilt.
    other = Game.new(seed=6)
    text = thinking.think("G1", other.record(), other.current_player, "random", 1)
    assert text in [str(a) for a in other.legal_actions()]
    assert thinking._kept["G1"][1] == []


@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_with_workers_the_computer_thinks_in_another_process(tmp_path, monkeypatch, opponent):
    def not_here(self, seat):
        raise AssertionError("the computer thought in the server's process")

    monkeypatch.setattr(Room, "computer_choice", not_here)
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, workers=1)
    with TestClient(app) as http:
        made = http.post("/api/games", json={"opponent": opponent, "side": "gray",
                                             "turn_limit": 3})
        assert made.status_code == 200, made.text
        code, token = made.json()["code"], made.json()["token"]
        t = Table.existing(http, code, {"gray": token})
        with t:
            # Gray answers every decision with its first option; the computer (beige, which
            # moves first) answers the others in its worker, until the turn limit ends it.
            state = t.received["gray"][-1]
            for _ in range(400):
                if state["view"]["over"]:
                    break
                got = t.act("gray", state["view"]["options"][0])
                state = got.get("gray", state)
            assert state["view"]["over"]
        server = app.state.server
        stored = server.store.load(code)
        # Every action is stored once, in order: the stored record replays to the same game.
        replayed = Game.from_record(stored.record())
        assert replayed.is_over
        assert [str(a) for a in replayed.record()["actions"]] == stored.actions
        room = server.room(code)
        assert "beige" in room.movers and room.movers.count("beige") > 1


def test_without_workers_the_computer_thinks_in_the_server_process(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"),
                     positions={"hunt": castle_hunt()}, computer_time=0.0)
    assert app.state.server.thinkers.in_process
    with TestClient(app):
        assert app.state.server.thinkers._pool is None

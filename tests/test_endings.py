"""Games ended by a player's choice: resignation, loss on time, draw by agreement."""

import json

import pytest

from legends.cli import main as cli_main
from legends_core import Ending, Game
from legends_core.errors import GameOverError, IllegalActionError, NotationError, PositionError
from legends_core.fairness import verify


def classic(moves=2, seed=1):
    game = Game.new(rules="classic", seed=seed)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    return game


def test_a_seat_resigns_while_the_other_decides():
    game = classic()
    assert game.current_player == "red"
    events = game.resign("blue")
    assert game.is_over and game.winner == "red" and game.winners == ("red",)
    assert game.reason == "blue resigned" and game.result == "red"
    assert game.ending == Ending.resign("blue")
    assert game.current_player is None and not game.legal_actions()
    assert [e.to_dict() for e in events] == [
        {"kind": "game-over", "winner": "red", "reason": "blue resigned"}]
    for seat in game.players:  # public: every seat is told
        assert [e.kind for e in game.events_for(events, seat)] == ["game-over"]


def test_loss_on_time_and_agreed_draw():
    game = classic()
    game.lose_on_time("red")
    assert (game.winner, game.reason, game.result) == ("blue", "red lost on time", "blue")
    game = classic()
    events = game.agree_draw()
    assert game.is_over and game.winner is None and game.winners == ()
    assert (game.reason, game.result) == ("drawn by agreement", "none")
    assert events[0].to_dict()["winner"] is None
    assert repr(game) == "<Game turn 3, over: drawn by agreement>"


def test_team_game_the_resigning_side_loses():
    game = Game.new(players=4, seed=3)
    game.resign("gray-2")
    assert game.winners == ("beige-1", "beige-2") and game.result == "beige"
    assert game.reason == "gray-2 resigned"


def test_records_round_trip_and_verify():
    game = classic(moves=3)
    game.resign("red")
    record = json.loads(json.dumps(game.record()))
    assert record["actions"][-1] == "resign red" and record["headers"]["result"] == "blue"
    again = Game.from_record(record)
    assert (again.is_over, again.winner, again.reason) == (True, "blue", "red resigned")
    assert again.record() == game.record()
    for seat in game.players:
        mine = game.record(seat)
        assert mine["log"][-1]["events"][-1] == {"kind": "game-over", "winner": "blue",
                                                 "reason": "red resigned"}
        assert verify(record, player_record=mine).ok
    assert {"action": "resign red"} in game.record("red")["log"]
    assert {"action": "resign red"} not in game.record("blue")["log"]
    drawn = classic(moves=3)
    drawn.agree_draw()
    assert drawn.record()["actions"][-1] == "draw agreed"
    assert Game.from_record(drawn.record()).reason == "drawn by agreement"
    timed = classic(moves=3)
    timed.lose_on_time("blue")
    assert Game.from_record(timed.record()).reason == "blue lost on time"


def test_pop_takes_the_ending_back():
    game = classic()
    before = game.record()
    game.resign("red")
    assert game.pop() == Ending.resign("red")
    assert not game.is_over and game.current_player == "red" and game.legal_actions()
    assert game.record() == before
    assert game.copy().record() == before
    game.apply(game.legal_actions()[0])  # play goes on


def test_a_copy_keeps_the_ending():
    game = classic()
    game.agree_draw()
    assert game.copy().record()["actions"][-1] == "draw agreed"


def test_bad_calls_change_nothing():
    game = classic()
    before = game.record()
    with pytest.raises(IllegalActionError, match="unknown player 'green'"):
        game.resign("green")
    with pytest.raises(IllegalActionError, match="expected an Ending"):
        game.end("resign red")  # type: ignore[arg-type]
    assert game.record() == before and not game.is_over
    game.resign("red")
    with pytest.raises(GameOverError, match="red resigned"):
        game.resign("blue")
    with pytest.raises(GameOverError):
        game.agree_draw()
    assert game.reason == "red resigned"


def test_bad_records_are_refused():
    game = classic(moves=3)
    record = game.record()
    with pytest.raises(PositionError, match=r"actions\[1\]: an ending must be the record's last"):
        Game.from_record({**record, "actions": [record["actions"][0], "resign red",
                                                record["actions"][1]]})
    with pytest.raises(PositionError, match=r"actions\[3\]: unknown player 'green'"):
        Game.from_record({**record, "actions": [*record["actions"], "resign green"]})
    with pytest.raises(PositionError, match=r"actions\[3\].*'draw agreed'"):
        Game.from_record({**record, "actions": [*record["actions"], "draw now"]})
    game.resign("red")
    with pytest.raises(PositionError, match="headers.result"):
        Game.from_record({**game.record(), "headers": {"result": "red"}})


def test_ending_notation():
    assert Ending.read("resign Blue") == Ending("resign", "Blue")
    assert str(Ending.timeout("red")) == "timeout red"
    assert Ending.parse("b2-b3") is None
    with pytest.raises(NotationError, match="expected 'resign SEAT'"):
        Ending.read("resign")
    with pytest.raises(NotationError, match="is not an ending"):
        Ending.read("pass")


def test_replay_command_shows_the_resignation(tmp_path, capsys):
    game = classic(moves=2)
    game.resign("blue")
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.record()))
    assert cli_main(["replay", str(path), "--view", "red"]) == 0
    out = capsys.readouterr().out
    assert "[3] turn 3: blue resigned" in out
    assert "game over: red wins (blue resigned)" in out
    assert "Winner: red (blue resigned)" in out

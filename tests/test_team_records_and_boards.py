"""Team games meet the web side's features: record headers (every seat named, the result a
side), the text board turned per team seat with its own team's pieces as "mine", setup
switches on squares past z, and the command line's records of team games."""

from __future__ import annotations

import json

import pytest

from legends.cli import main, play_cmd
from legends.cli.text import MINE, THEIRS, board_lines, board_text
from legends_core import Action, Game, PositionError
from legends_core.testing import pass_windows, play, team_position

GRUNDIN, QUICKSAND, RAT = 16, 28, 152


def stuck_team_game() -> Game:
    """beige-2 holds only a stationary Quicksand: after one round gray wins (gray-2 is named
    the winner, as the first opponent due after beige-2)."""
    game = team_position({"a1": GRUNDIN, "p1": QUICKSAND, "a8": RAT, "p8": RAT})
    play(game, "a1-a2")
    pass_windows(game)
    play(game, "a8-a7")
    pass_windows(game)
    assert game.is_over and game.winner == "gray-2"
    return game


def test_a_team_games_result_is_the_winning_side_and_its_headers_name_every_seat():
    game = stuck_team_game()
    assert game.result == "gray"  # the whole side wins, not only gray-2
    record = json.loads(json.dumps(game.record()))
    assert record["headers"]["result"] == "gray"
    assert set(record["headers"]["players"]) == set(game.players)
    assert Game.from_record(record).result == "gray"
    record["headers"]["result"] = "gray-2"
    with pytest.raises(PositionError, match=r"headers.result: the record says 'gray-2'"):
        Game.from_record(record)


def test_a_two_player_games_result_stays_the_winning_seat():
    from legends_core.testing import position

    game = position({"d4": 37, "d5": 170})  # Tiera takes the Bone Castle, gray's last
    play(game, "d4-d5")
    assert game.is_over and game.result == "beige" == game.winner


@pytest.mark.parametrize("players, seat", [(2, "beige-1"), (4, "beige")])
def test_headers_may_name_only_the_seats_of_the_game(players, seat):
    game = Game.new(players=players, seed=4, setup=False)
    record = game.record()
    record["headers"]["players"] = {seat: "Ann"}
    with pytest.raises(PositionError, match=rf"headers.players: '{seat}' is not a seat"):
        Game.from_record(record)


def test_legends_game_records_name_every_seat_of_a_team_game(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["game", "--players", "4", "--players", "random,heuristic", "--seed", "3",
                 "--turn-limit", "2", "--quiet", "--save", str(path)]) == 0
    headers = json.loads(path.read_text())["headers"]
    assert headers["players"] == {"beige-1": "computer (random)", "gray-1": "computer (heuristic)",
                                  "beige-2": "computer (random)", "gray-2": "computer (heuristic)"}
    assert headers["result"] == "none" and headers["event"] == "legends game"
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "beige-2: computer (random)" in capsys.readouterr().out


def _files_and_ranks(text: str) -> tuple[list[str], list[str]]:
    header, *rows = text.splitlines()
    return header.split(), [r.split()[0] for r in rows[:8]]


def test_the_text_board_is_turned_for_each_team_seat():
    game = Game.new(players=8, seed=1, setup=False)
    for seat in ("beige-1", "beige-4"):
        files, ranks = _files_and_ranks(board_text(game.view(seat)))
        assert files[:2] == ["a", "b"] and files[-1] == "af"
        assert ranks == [str(r) for r in range(8, 0, -1)]
    for seat in ("gray-1", "gray-4"):
        files, ranks = _files_and_ranks(board_text(game.view(seat)))
        assert files[0] == "af" and files[-1] == "a"
        assert ranks == [str(r) for r in range(1, 9)]


def test_a_teammates_pieces_are_drawn_as_ones_own():
    game = Game.new(players=4, seed=2, setup=False)
    styles = {text[:3]: style for line in board_lines(game.view("gray-1"))
              for text, style in line if text[:3] in ("g1:", "g2:")}
    assert styles == {"g1:": MINE, "g2:": MINE}
    known = {text[:3]: style for line in board_lines(game.view(None), "gray-1")
             for text, style in line if text[:3] in ("b1:", "g2:")}
    assert known == {"b1:": THEIRS, "g2:": MINE}


def test_setup_switches_are_typed_as_two_squares_past_z():
    assert play_cmd._read_action("aa3 AB4") == Action.swap("aa3", "ab4")
    assert play_cmd._read_action("c3 d4") == Action.swap("c3", "d4")
    assert play_cmd._read_action("d4 c3") == Action.swap("c3", "d4")
    assert play_cmd._read_action("b2-b3") == Action.from_str("b2-b3")

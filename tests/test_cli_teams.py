"""The command line for team games and campaigns (in process, scripted input)."""

from __future__ import annotations

import json

import pytest

from legends.cli import build_parser, main, play_cmd
from legends_core.campaign import Campaign


def run_ok(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def fails(capsys, *argv: str) -> str:
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


def scripted(lines):
    it = iter(lines)

    def read(prompt: str) -> str:
        line = next(it, None)
        if line is None:
            raise EOFError
        return line

    return read


def test_game_with_four_players(capsys):
    out = run_ok(capsys, "game", "--players", "4", "--players", "random,random", "--seed", "3",
                 "--turn-limit", "12")
    assert "beige (beige-1: random, beige-2: random) against gray" in out
    assert "gray-2:" in out and "Winner:" in out


def test_simulate_team_games(capsys):
    out = run_ok(capsys, "simulate", "-n", "2", "--players", "6", "--players", "random,random",
                 "--jobs", "1", "--turn-limit", "30", "--seed", "1")
    assert "2 games in" in out and "beige side won" in out


@pytest.mark.parametrize("argv, message", [
    (["game", "--players", "3"], "2, 4, 6 or 8"),
    (["game", "--players", "4", "--players", "6"], "given twice"),
    (["game", "--players", "4", "--players", "random,random,random"], "one per seat"),
    (["simulate", "--players", "4", "--rules", "classic"], "played by 2 players"),
    (["campaign", "--games", "3", "--kind", "two-game"], "has --games 2"),
    (["game", "--players", "4", "--save-for", "beige=x.json"], "or gray-2=FILE"),
])
def test_bad_player_arguments_fail_on_one_line(capsys, argv, message):
    assert message in fails(capsys, *argv)


def test_a_computer_campaign_prints_its_table(capsys, tmp_path):
    path = tmp_path / "c.json"
    out = run_ok(capsys, "campaign", "--games", "3", "--players", "random,heuristic", "--seed",
                 "4", "--turn-limit", "100", "--save", str(path))
    assert "Campaign (best of 3): random (beige) against heuristic (gray)" in out
    assert "game  first" in out and "Totals random" in out
    saved = Campaign.from_dict(json.loads(path.read_text()))
    assert saved.is_over and 2 <= len(saved.table()) <= 3
    for row in saved.table():
        assert f"{row['game']:>4}  {row['first']:<12}" in out


def _play(read_lines, *argv):
    args = build_parser().parse_args(["play", "--opponent", "random", *argv])
    return play_cmd.run(args, read=scripted(read_lines))


def test_a_person_plays_a_team_game(capsys):
    assert _play(["1"] * 400, "--players", "4", "--seed", "5", "--turn-limit", "3",
                 "--side", "gray-2") == 0
    out = capsys.readouterr().out
    assert "You play gray-2." in out and "Winner:" in out


def test_a_person_plays_a_campaign_across_sessions(capsys, tmp_path):
    path = str(tmp_path / "camp.json")
    # First session: quit in the middle of the first game.
    assert _play(["1", "1", "quit"], "--campaign", path, "--seed", "2", "--turn-limit", "4") == 0
    out = capsys.readouterr().out
    assert "A new campaign (two games, scores)" in out and "The campaign is saved" in out
    mid = Campaign.from_dict(json.loads(open(path).read()))
    assert mid.game is not None and not mid.results
    # Second session: resume and play everything out.
    assert _play(["1"] * 2000, "--campaign", path, "--opponent", "random") == 0
    out = capsys.readouterr().out
    assert "Resuming the campaign" in out
    done = Campaign.from_dict(json.loads(open(path).read()))
    assert done.is_over and len(done.results) == 2
    assert [r["first"] for r in done.results] in ([0, 1], [1, 0])
    assert "the campaign is drawn" in out or "wins the campaign" in out


def test_a_broken_campaign_file_is_reported_on_one_line(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "stratego-legends-campaign", "version": 1,
                                "kind": "best-of", "games": 0}))
    err = fails(capsys, "play", "--campaign", str(path))
    assert str(path) in err and "games" in err


def test_the_text_board_of_a_team_game_names_each_player():
    from legends.cli.text import board_text
    from legends_core import Game

    text = board_text(Game.new(players=8, seed=1, setup=False).view("beige-4"))
    header, *rows = text.splitlines()
    assert header.split()[-2:] == ["ae", "af"]
    # Teammates' pieces are shown (b1 ... b4), the other side's hidden (g1 ... g4).
    assert "b1:" in text and "b4:" in text and "b1:????" not in text
    assert "g1:????" in text and "g4:????" in text
    assert len({len(r) for r in rows[:8]}) == 1  # every rank as wide as the others

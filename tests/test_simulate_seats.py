"""``legends simulate`` changes the players' sides every other game and reports per player."""

from __future__ import annotations

from legends.cli import main
from legends.cli.simulate_cmd import summary_lines
from legends.simulate import make_jobs, play_one


def test_two_different_players_change_sides_every_other_game():
    jobs = make_jobs(4, seed=1, players=("heuristic", "random"))
    assert [j["players"] for j in jobs] == [["heuristic", "random"], ["random", "heuristic"]] * 2
    kept = make_jobs(4, seed=1, players=("heuristic", "random"), swap=False)
    assert all(j["players"] == ["heuristic", "random"] for j in kept)
    same = make_jobs(2, seed=1, players=("random", "random"))
    assert all(j["players"] == ["random", "random"] for j in same)


def test_a_result_names_who_played_each_side_and_the_winner_by_player():
    job = make_jobs(2, seed=5, players=("heuristic", "random"), turn_limit=40)[1]
    result = play_one(job)
    assert result["players"] == ["random", "heuristic"]
    if result["winner"]:
        who, side = result["winner"].split("@")
        assert result["players"][["beige", "gray"].index(side)] == who


def test_the_summary_counts_wins_per_player_then_per_side():
    results = [
        {"players": ["heuristic", "random"], "winner": "heuristic@beige"},
        {"players": ["random", "heuristic"], "winner": "heuristic@gray"},
        {"players": ["heuristic", "random"], "winner": "random@gray"},
        {"players": ["random", "heuristic"], "winner": None},
    ]
    lines = summary_lines(results, ["heuristic", "random"], ["beige", "gray"])
    assert lines[0].split() == ["heuristic", "won", "2/4", "=", "50.0%", "(95%", "CI", "15.0%",
                                "-", "85.0%);", "as", "beige", "1/2,", "as", "gray", "1/2"]
    assert lines[1].split()[:3] == ["random", "won", "1/4"]
    assert lines[1].endswith("as beige 0/2, as gray 1/2")
    assert lines[2] == "  beige side won 1, gray side won 2, no winner 1"


def test_the_command_swaps_by_default_and_keeps_seats_when_asked(capsys):
    argv = ["simulate", "-n", "2", "--jobs", "1", "--players", "heuristic,random",
            "--turn-limit", "20", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    for player in ("heuristic", "random"):
        line = next(x for x in out.splitlines() if x.strip().startswith(player))
        assert "as beige 0/1" in line or "as beige 1/1" in line
        assert "as gray 0/1" in line or "as gray 1/1" in line
    assert main([*argv, "--keep-seats"]) == 0
    out = capsys.readouterr().out
    heuristic = next(x for x in out.splitlines() if x.strip().startswith("heuristic"))
    assert "as beige" in heuristic and "as gray" not in heuristic

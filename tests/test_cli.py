"""The ``legends`` command, driven as a user would drive it."""

import json
import os
import subprocess
import sys

import pexpect
import pytest

CMD = [sys.executable, "-m", "legends.cli"]


def run(*args, check=True):
    proc = subprocess.run([*CMD, *args], capture_output=True, text=True, timeout=600)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def test_game_prints_moves_and_the_winner(tmp_path):
    out = run("game", "--seed", "2", "--players", "heuristic,random",
              "--save", str(tmp_path / "g.json")).stdout
    assert "Stratego Legends: beige (heuristic) against gray (random)" in out
    assert "[turn" in out and "Winner: " in out
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["format"] == "stratego-legends-record" and record["actions"]


def test_replay_from_a_player_view_with_svg(tmp_path):
    run("game", "--seed", "4", "--players", "random,random", "--quiet", "--turn-limit", "30",
        "--save", str(tmp_path / "g.json"))
    out = run("replay", str(tmp_path / "g.json"), "--view", "gray", "--svg", str(tmp_path / "svg")).stdout
    assert "[1]" in out and ("Winner:" in out)
    pictures = sorted(os.listdir(tmp_path / "svg"))
    assert pictures[0] == "00000.svg" and len(pictures) > 5
    assert (tmp_path / "svg" / pictures[-1]).read_text().startswith("<svg")


def test_pieces_table_filters_and_detail():
    out = run("pieces", "--colour", "red").stdout
    assert "Daemin" in out and "Tiera" not in out
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert len([r for r in rows if int(r[:4]) <= 208]) == 34
    out = run("pieces", "--keyword", "flying", "--army", "gray").stdout
    assert "Kralc" in out and "Uaivad" not in out
    out = run("pieces", "37").stdout
    assert "#37 Tiera" in out and "cleric" in out and "-5" in out
    out = run("pieces", "Daemin").stdout
    assert "Ruling:" in out


def test_simulate_summarises_games():
    out = run("simulate", "-n", "4", "--jobs", "2", "--players", "random,random",
              "--turn-limit", "300", "--seed", "1").stdout
    assert "4 games in" in out and "95% CI" in out and "how games ended" in out
    assert "per piece" in out and "games/s on 2 processes" in out


def test_simulate_uses_every_core_by_default():
    import os

    out = run("simulate", "-n", "2", "--players", "random,random", "--turn-limit", "50",
              "--seed", "3").stdout
    cores = os.cpu_count() or 1
    assert f"games/s on {cores} process" in out


@pytest.mark.parametrize("args, message", [
    (["pieces", "9999"], "no piece #9999"),
    (["game", "--beige", "no-such-file.txt"], "army 'no-such-file.txt'"),
    (["game", "--boards", "1A,2B,9Z,4D"], "unknown battle board"),
    (["replay", "no-such-record.json"], "No such file"),
    (["game", "--players", "genius,random"], "unknown player 'genius'"),
])
def test_errors_are_one_clear_line(args, message):
    proc = run(*args, check=False)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("legends: error:") and message in lines[0]


def test_a_bad_army_file_names_the_problem(tmp_path):
    f = tmp_path / "army.txt"
    f.write_text("37, 37, 37")
    proc = run("game", "--beige", str(f), check=False)
    assert proc.returncode == 2 and "beige army" in proc.stderr and "needs 30 pieces" in proc.stderr


def test_play_a_whole_short_game_in_a_terminal(tmp_path):
    save = tmp_path / "saved.json"
    child = pexpect.spawn(CMD[0], [*CMD[1:], "play", "--seed", "5", "--turn-limit", "6",
                                   "--opponent", "random", "--save-full"], encoding="utf-8",
                          timeout=120)
    answered = 0
    saved = False
    while True:
        i = child.expect(["your choice> ", "Winner: .*\n", pexpect.EOF])
        if i != 0:
            break
        if not saved and "move, act or use an ability" in child.before:
            child.sendline("zzz")  # nonsense is refused with a message, not a crash
            child.expect("is not a choice")
            child.expect("your choice> ")
            child.sendline(f"save {save}")
            child.expect("saved to")
            child.expect("your choice> ")
            saved = True
        child.sendline("1")
        answered += 1
    assert i == 1, child.before
    assert answered >= 3 and saved
    child.expect(pexpect.EOF)
    # Resume the saved game and quit at once.
    child = pexpect.spawn(CMD[0], [*CMD[1:], "play", "--load", str(save)], encoding="utf-8",
                          timeout=120)
    child.expect("your choice> ")
    assert "b:" in child.before  # the board was drawn with beige's pieces
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_verify_checks_a_player_record_against_the_full_record(tmp_path):
    full, mine = tmp_path / "full.json", tmp_path / "gray.json"
    run("game", "--seed", "4", "--players", "random,random", "--quiet", "--turn-limit", "20",
        "--save", str(full), "--save-for", f"gray={mine}")
    assert "seed" not in mine.read_text() and "salt" not in mine.read_text()
    assert run("verify", str(full), "--player-record", str(mine)).stdout.startswith("ok:")
    record = json.loads(full.read_text())
    record["setup"]["salt"] = "f" * 32  # a referee who claims another salt
    (tmp_path / "forged.json").write_text(json.dumps(record))
    proc = run("verify", str(tmp_path / "forged.json"), "--player-record", str(mine), check=False)
    assert proc.returncode == 1 and "commitment mismatch" in proc.stdout
    proc = run("verify", str(full), check=False)
    assert proc.returncode == 2 and "--commitment" in proc.stderr


def test_an_army_file_of_space_separated_numbers_is_played(tmp_path):
    from legends_core.armies import preset

    f = tmp_path / "army.txt"
    army = preset(4, "beige")
    f.write_text(" ".join(map(str, army[:15])) + "\n" + " ".join(f"#{n}" for n in army[15:]))
    save = tmp_path / "game.json"
    run("game", "--beige", str(f), "--seed", "3", "--turn-limit", "1", "--quiet",
        "--save", str(save))
    assert json.loads(save.read_text())["setup"]["beige"] == list(army)

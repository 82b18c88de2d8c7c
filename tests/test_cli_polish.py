"""The command line as a new user meets it: what a game shows, the board at every decision,
setup switches as two squares, colour, labels, ``info``, progress bars, ``--version``,
defaults in ``--help``, "did you mean", ``plugins``, ``armies`` and ``serve``."""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pexpect
import pytest

from legends.cli import build_parser, main, play_cmd
from legends.cli.text import Terminal, board_lines, info_lines, labels
from legends_core import Game
from legends_core.armies import PRESETS

CMD = [sys.executable, "-m", "legends.cli"]


def run(*args, check=True, env=None):
    proc = subprocess.run([*CMD, *args], capture_output=True, text=True, timeout=600,
                          env={**os.environ, **(env or {})})
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def play(lines, *argv):
    """``legends play`` in-process with scripted answers; returns what it printed."""
    args = build_parser().parse_args(["play", "--opponent", "random", *argv])
    answers = iter(lines)

    def read(prompt):
        line = next(answers, None)
        if line is None:
            raise EOFError
        print(prompt + line)
        return line

    out = io.StringIO()
    from contextlib import redirect_stdout

    with redirect_stdout(out):
        assert play_cmd.run(args, read=read) == 0
    return out.getvalue()


# -- legends game -------------------------------------------------------------------------
def test_game_shows_each_attacks_result_and_each_power():
    out = run("game", "--seed", "4", "--turn-limit", "12").stdout
    # Attacks settle after the window passes: their strengths and losses are shown anyway.
    assert re.search(r"strengths on [a-h][1-8]: attacker \d+, defender \d+", out)
    assert re.search(r"\(#\d+\) on [a-h][1-8] is destroyed in the attack", out)
    # A power by its name (or as the piece's own), its piece by name and collector number.
    assert re.search(r"[A-Z][\w' ]+ \(#\d+\) on [a-h][1-8] uses (its power|[A-Z][\w' -]+)", out)


def test_game_stops_quietly_when_its_reader_goes_away():
    proc = subprocess.Popen([*CMD, "game", "--seed", "4"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().startswith("Stratego Legends")
    proc.stdout.close()
    assert proc.wait(timeout=300) == 0
    assert proc.stderr is not None and proc.stderr.read() == ""


# -- legends play -------------------------------------------------------------------------
def test_play_shows_the_board_at_every_decision_including_setup():
    out = play(["quit"], "--seed", "5")
    board_at = out.index(" 8  ")
    assert board_at < out.index("reshuffle the opponent's face-down pieces")


def test_setup_switches_are_typed_as_two_squares(tmp_path):
    game = Game.new(seed=5)
    mine = sorted(p.square for p in game.view("beige").pieces if p.controller == "beige")
    a, b = mine[0], mine[1]
    save = tmp_path / "g.json"
    out = play(["choose keep", f"{a} {b}", f"save {save}", "quit"], "--seed", "5")
    assert "swap " not in out  # the hundreds of pairs are not listed
    assert "switch two of your pieces by typing their squares" in out
    assert {"action": f"swap {a} {b}"} in json.loads(save.read_text())["log"]


def test_the_board_is_turned_for_gray():
    out = play(["quit"], "--seed", "5", "--side", "gray")
    header = next(line for line in out.splitlines() if line.strip().startswith(("a ", "h ")))
    assert header.split() == list("hgfedcba")
    ranks = [line.split()[0] for line in out.splitlines() if line[:3].strip().isdigit()][:8]
    assert ranks == [str(r) for r in range(1, 9)]


def test_info_tells_what_the_player_may_know_of_a_square():
    game = Game.new(seed=5, setup=False)
    view = game.view("beige")
    mine = next(p for p in view.pieces if p.controller == "beige")
    theirs = next(p for p in view.pieces if p.controller == "gray")
    text = "\n".join(info_lines(view, mine.square, game.engine.catalogue))
    assert mine.name in text and f"#{mine.number}" in text
    hidden = "\n".join(info_lines(view, theirs.square, game.engine.catalogue))
    referee = game.view(None).piece_on(theirs.square)
    assert "a hidden piece of gray's" in hidden and referee.name not in hidden
    assert "no square" in info_lines(view, "z99", game.engine.catalogue)[0]
    out = play(["choose keep", f"info {mine.square}", "info", "quit"], "--seed", "5")
    assert f"{mine.name} (#{mine.number})" in out and "info needs a square" in out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_labels_are_unique_for_different_pieces(preset):
    game = Game.new(seed=1, beige=preset, gray=preset, setup=False)
    for who in ("beige", "gray", None):
        view = game.view(who)
        names: dict[str, set[str]] = {}
        for p in view.pieces:
            names.setdefault(labels(view)[p.square], set()).add(p.name or "?")
        clashes = {k: v for k, v in names.items() if len(v) > 1 and k != "????"}
        assert not clashes
        assert all(len(k) == 4 for k in names)


def test_colour_when_the_terminal_has_it_and_plain_text_otherwise(monkeypatch):
    view = Game.new(seed=2, setup=False).view("beige")
    coloured, plain = io.StringIO(), io.StringIO()
    Terminal(coloured, colour=True).lines(board_lines(view))
    Terminal(plain).lines(board_lines(view))  # not a terminal
    assert "\x1b[" in coloured.getvalue() and "\x1b[" not in plain.getvalue()
    assert "b:" in plain.getvalue()
    # Without rich (the optional 'cli' extra) the same text is printed, plainly.
    monkeypatch.setitem(sys.modules, "rich", None)
    monkeypatch.setitem(sys.modules, "rich.console", None)
    bare = io.StringIO()
    Terminal(bare, colour=True).lines(board_lines(view))
    assert bare.getvalue() == plain.getvalue()


def test_play_in_a_colour_terminal():
    child = pexpect.spawn(CMD[0], [*CMD[1:], "play", "--seed", "5"], encoding="utf-8",
                          timeout=120, env={**os.environ, "TERM": "xterm-256color",
                                            "NO_COLOR": "", "COLORTERM": "truecolor"})
    child.expect("your choice> ")
    assert "\x1b[" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


# -- progress, version, help, suggestions ---------------------------------------------------
def test_progress_bar_only_on_a_terminal():
    proc = run("simulate", "-n", "2", "--jobs", "1", "--players", "random,random",
               "--turn-limit", "30", "--seed", "1")
    assert proc.stderr == ""  # not a terminal: quiet
    child = pexpect.spawn(CMD[0], [*CMD[1:], "simulate", "-n", "3", "--jobs", "1", "--players",
                                   "random,random", "--turn-limit", "30", "--seed", "1"],
                          encoding="utf-8", timeout=300, dimensions=(24, 120))
    child.expect(pexpect.EOF)
    assert "3/3" in child.before and "games/s" in child.before and "ETA" in child.before


def test_version_says_whether_the_kernel_is_compiled():
    from importlib.metadata import version

    import legends_core

    kernel = "compiled kernel" if legends_core.compiled_modules() else "pure Python kernel"
    assert run("--version").stdout.strip() == f"legends {version('legends')} ({kernel})"


def test_help_shows_defaults():
    assert "(default: heuristic,heuristic)" in run("game", "--help").stdout
    out = run("simulate", "--help").stdout
    assert "(default: 20)" in out and "(default: 10)" in out
    assert "(default: 8000)" in run("serve", "--help").stdout
    assert "LEGENDS_DISABLE_PACKS" in run("--help").stdout


def test_did_you_mean_for_piece_names():
    proc = run("pieces", "Teira", check=False)
    assert proc.returncode == 2 and "did you mean Tiera" in proc.stderr


# -- plugins and armies ------------------------------------------------------------------
def test_plugins_lists_piece_packs_and_rulesets():
    out = run("plugins").stdout
    assert "legends_pieces" in out and "208 pieces" in out
    assert "legends-example-pack" in out and "barrage" in out and "classic" in out
    assert "disabled by LEGENDS_DISABLE_PACKS: none" in out
    out = run("plugins", env={"LEGENDS_DISABLE_PACKS": "example"}).stdout
    assert "disabled by LEGENDS_DISABLE_PACKS: example" in out
    assert "barrage" not in out


def test_armies_lists_the_presets_and_shows_one():
    out = run("armies").stdout
    assert all(name in out for name in PRESETS)
    out = run("armies", "3", "--side", "beige").stdout
    rows = [line for line in out.splitlines() if line[:6].strip().isdigit()]
    assert len(rows) == 30 and "Mirage Castle" in out
    proc = run("armies", "preset-9", check=False)
    assert proc.returncode == 2 and "no preset" in proc.stderr


# -- serve --------------------------------------------------------------------------------
def test_serve_starts_a_web_server(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "games.sqlite3"
    proc = subprocess.Popen([*CMD, "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options") as res:
                    options = json.load(res)
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.2)
        assert "legends" in [r["name"] for r in options["rulesets"]]
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_without_the_web_extra_says_how_to_get_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve", "--db", ":memory:"]) == 2
    assert "pip install 'legends[web]'" in capsys.readouterr().err


def test_classic_play_speaks_of_ranks_and_never_prints_piece_numbers():
    out = play(["done", "board", "info a4", "1", "quit"], "--rules", "classic", "--seed", "3")
    assert "your move" in out and "move, act or use an ability" not in out
    assert "name and rank" in out and "captured: red 0; blue 0" in out
    assert "a4: Bomb, red's (never moved)" in out  # no terrain in classic
    assert not re.search(r"#1\d\d\d", out)  # the program's numbers for classic pieces
    legends = play(["choose keep", "board", "quit"], "--seed", "5")
    assert "name and strength" in legends and "destroyed: beige 0; gray 0" in legends
    assert re.search(r"\(#\d+\)", legends)  # collector numbers in the key


def test_resign_asks_first_then_ends_the_game_for_the_other_side():
    out = play(["done", "resign", "no", "1", "resign", "yes"], "--rules", "classic", "--seed", "3")
    assert "not resigned; play on" in out
    assert out.count("resign and lose this game? (yes/no)>") == 2
    assert "Winner: blue (red resigned)" in out.splitlines()[-1]


def test_game_speaks_each_editions_own_terms():
    out = run("game", "--rules", "classic", "--seed", "5", "--turn-limit", "60").stdout
    assert "is captured" in out and "ranks on" in out
    assert not re.search(r"#\d{4}", out) and "destroyed" not in out and "strengths" not in out

"""The command line with bad files and arguments: one line naming the culprit, exit status 2,
and a game in progress is never lost to a bad command. Run in-process (``main(argv)``)."""

import io
import json
import os
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import given
from hypothesis import strategies as st

from legends.cli import build_parser, main, play_cmd
from legends_core import Game, LegendsError
from legends_core.testing import position_dict


def fails(capsys, *argv):
    """Run ``legends argv``; return its one error line (the test fails unless there is one)."""
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse errors exit directly
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("legends: error: "), err
    assert len(lines[0]) < 400
    return lines[0]


@pytest.fixture
def files(tmp_path):
    good = Game.new(seed=3, setup=False)
    good.apply(good.legal_actions()[0])
    record = good.record()
    bad_action = {**record, "actions": [*record["actions"], "a1-a1"]}
    bad_task = position_dict({"d4": 37, "h8": 157})
    bad_task["stack"] = [{"task": "turn-end"},
                         {"task": "later", "then": "legends_pieces.powers.choices:_start_destroy",
                          "data": {"left": 1}}]  # no 'victim'
    bad_task = {"format": "stratego-legends-record", "position": bad_task, "actions": []}
    texts = {
        "deep.json": "[" * 200_000,
        "deep-record.json": json.dumps({**record, "position": None}).replace("null", "[" * 5000 + "]" * 5000),
        "readme.md": "# A title\n\nSome words.\n",
        "binary.json": b"\x89PNG\r\n\x1a\n\x00\xff",
        "list.json": "[1, 2, 3]",
        "huge-int.json": json.dumps({**record, "setup": {**record["setup"]}}).replace(
            '"seed": 3', '"seed": ' + "9" * 5000),
        "bad-action.json": json.dumps(bad_action),
        "bad-task.json": json.dumps(bad_task),
        "nested-army.txt": "[" * 100_000,
    }
    for name, text in texts.items():
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
    (tmp_path / "adir").mkdir()
    return tmp_path


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
@pytest.mark.parametrize("name, says", [
    ("deep.json", "nested"), ("deep-record.json", "nested"),
    ("readme.md", "not valid JSON"), ("binary.json", "not UTF-8"),
    ("list.json", "not a game record"), ("huge-int.json", "not valid JSON"),
    ("adir", "directory"), ("missing.json", "No such file"),
    ("bad-task.json", "position.stack: a waiting step failed"),
])
def test_bad_record_files_are_one_line_naming_the_file(capsys, files, command, name, says):
    path = str(files / name)
    line = fails(capsys, *command, path)
    assert path in line and says in line


def test_a_bad_action_in_a_replayed_record_names_the_file_and_the_action(capsys, files):
    path = str(files / "bad-action.json")
    line = fails(capsys, "replay", path)
    assert f"{path}: actions[1]:" in line
    assert "actions[1]:" in fails(capsys, "play", "--load", path)


def test_a_deeply_nested_army_file_is_one_line_naming_the_file(capsys, files):
    path = str(files / "nested-army.txt")
    line = fails(capsys, "game", "--beige", path)
    assert f"army file {path}" in line and "nested" in line


@pytest.mark.parametrize("argv, argument", [
    (["simulate", "-n", "0"], "-n/--games"),
    (["simulate", "-n", "-3"], "-n/--games"),
    (["simulate", "--jobs", "0"], "--jobs"),
    (["game", "--turn-limit", "0"], "--turn-limit"),
    (["game", "--turn-limit", "-5"], "--turn-limit"),
    (["game", "--seed", "-1"], "--seed"),
    (["game", "--seed", str(2**256)], "--seed"),
    (["game", "--seed", "x" * 10_000], "--seed"),
    (["pieces", "--strength", "many"], "--strength"),
    (["no-such-command"], "COMMAND"),
])
def test_bad_arguments_are_one_line_naming_the_argument(capsys, argv, argument):
    assert f"argument {argument}" in fails(capsys, *argv)


def test_game_with_a_bad_save_path_fails_before_playing(capsys, tmp_path):
    path = str(tmp_path / "no-such-dir" / "g.json")
    assert main(["game", "--seed", "1", "--save", path]) == 2
    out, err = capsys.readouterr()
    assert path in err and len(err.strip().splitlines()) == 1
    assert out == ""  # the game was not played only to be lost


def _play(read_lines, *argv):
    args = build_parser().parse_args(["play", "--opponent", "random", *argv])
    lines = iter(read_lines)

    def read(prompt):
        line = next(lines, None)
        if line is None:
            raise EOFError  # as input() does at the end of input
        return line

    return play_cmd.run(args, read=read)


def test_play_survives_bad_commands_and_a_bad_save_path(capsys, tmp_path):
    good = tmp_path / "saved.json"
    status = _play(["save /no/such/dir/x.json", "²", "9" * 5000, "0", "x" * 100_000,
                    f"save {good}", "quit"], "--seed", "5")
    out = capsys.readouterr().out
    assert status == 0
    assert "could not save to '/no/such/dir/x.json'" in out and "the game goes on" in out
    assert out.count("choose a number from 1 to") == 2  # '9999...' and '0'
    assert out.count("is not a choice: type its number") == 2  # '²' and the long text
    assert max(len(line) for line in out.splitlines()) < 400
    assert f"saved to {good}" in out
    record = json.loads(good.read_text())
    assert record["format"] == "stratego-legends-player-record"  # saved before any move
    assert record["player"] == "beige" and record["log"] == []


def test_play_saves_the_players_own_record_by_default(capsys, tmp_path):
    mine = tmp_path / "mine.json"
    assert _play(["choose keep", f"save {mine}", "quit"], "--seed", "5") == 0
    out = capsys.readouterr().out
    assert "your own record" in out and "cannot be resumed" in out
    record = json.loads(mine.read_text())
    assert record["format"] == "stratego-legends-player-record" and record["player"] == "beige"
    assert {"action": "choose keep"} in record["log"]
    text = mine.read_text()
    assert '"seed"' not in text and '"salt"' not in text and '"setup"' not in text
    # Gray's pieces are face down in beige's record: no collector number of gray's army.
    gray = [p for p in record["start"]["pieces"] if p["controller"] == "gray"]
    assert gray and all(p.get("number") is None for p in gray)


def test_play_saves_the_full_record_only_when_asked(capsys, tmp_path):
    full = tmp_path / "full.json"
    assert _play(["choose keep", f"save {full}", "quit"], "--seed", "5", "--save-full") == 0
    assert "the full record" in capsys.readouterr().out
    record = json.loads(full.read_text())
    assert record["format"] == "stratego-legends-record"
    assert record["setup"]["seed"] == 5 and len(record["setup"]["salt"]) == 32
    assert record["actions"][0] == "choose keep"
    assert Game.from_record(record).current_player == "beige"  # resumable: beige to decide


def test_play_refuses_to_resume_a_players_own_record(capsys, tmp_path):
    mine = tmp_path / "mine.json"
    _play([f"save {mine}", "quit"], "--seed", "5")
    capsys.readouterr()
    assert main(["play", "--load", str(mine)]) == 2
    err = capsys.readouterr().err
    assert "player's own record" in err and "--save-full" in err


def test_save_full_help_says_what_it_exposes(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--save-full" in text and "hidden setup" in text and "salt" in text


_RECORD = None


def _record_text():
    global _RECORD
    if _RECORD is None:
        game = Game.new(seed=6, setup=False)
        for _ in range(4):
            game.apply(game.legal_actions()[0])
        _RECORD = json.dumps(game.record())
    return _RECORD


@given(st.data())
def test_replay_and_load_of_edited_record_files_end_well_or_in_one_line(data):
    text = _record_text()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 12)))
        text = text[:i] + data.draw(st.sampled_from(
            ["", "[", "}", '"', ",", "0", "-1", "true", "null", "ÿ", "[" * 3000, "9" * 5000,
             '"b2-b3"', '"pass"'])) + text[j:]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.json")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        for argv in (["replay", path], ["play", "--load", path]):
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
                status = main(argv) if argv[0] == "replay" else _load_and_leave(path)
            assert status in (0, 2), argv
            if status == 2:
                lines = err.getvalue().strip().splitlines()
                assert len(lines) == 1 and path in lines[0] and len(lines[0]) < 1100


def _load_and_leave(path):
    try:
        return _play([], "--load", path)  # no input: says bye at the first question
    except LegendsError as exc:  # as main() would report it
        print(f"legends: error: {exc}", file=sys.stderr)
        return 2


@given(st.lists(st.sampled_from(["-n", "--seed", "--jobs", "--turn-limit", "--pieces"]),
                min_size=1, max_size=3, unique=True),
       st.lists(st.one_of(st.text(max_size=30), st.integers().map(str),
                          st.sampled_from(["0", "-1", str(2**256), "1e3", "٣", " 5", "0x10"])),
                min_size=3, max_size=3))
def test_numeric_arguments_are_accepted_or_refused_on_one_line(options, values):
    argv = ["simulate", "--players", "nobody,random"]  # fails at once once arguments are read
    for option, value in zip(options, values, strict=False):
        argv += [option, value]
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        try:
            status = main(argv)
        except SystemExit as exc:
            status = exc.code
    lines = err.getvalue().strip().splitlines()
    assert status == 2 and len(lines) == 1 and lines[0].startswith("legends: error: ")
    assert "argument" in lines[0] or "unknown player 'nobody'" in lines[0]


def test_a_listed_choice_can_be_typed_as_its_bare_answer():
    from legends.cli.play_cmd import _read_action
    from legends_core import Action

    listed = [Action.choose("done"), Action.choose("keep")]
    assert _read_action("done", listed) == Action.choose("done")
    assert _read_action(" Keep ", listed) == Action.choose("keep")
    with pytest.raises(LegendsError):
        _read_action("fly", listed)


def test_a_typed_setup_switch_is_read_in_either_order():
    game = Game.new(seed=5)
    game.apply("choose keep", player="beige")
    game.apply("choose keep", player="gray")
    a1, c3 = game.piece_at("a1").name, game.piece_at("c3").name
    game.apply(play_cmd._read_action("c3 a1"), player="beige")  # the castle square first
    assert (game.piece_at("a1").name, game.piece_at("c3").name) == (c3, a1)
    game.apply(play_cmd._read_action("a1 c3"), player="beige")
    assert (game.piece_at("a1").name, game.piece_at("c3").name) == (a1, c3)

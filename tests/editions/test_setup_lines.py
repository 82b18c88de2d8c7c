"""Setup lines: the one-line setup notation, in the kernel, in ``Game.new`` and on the
command line."""

import io
import json
from collections import Counter

import pytest

from legends.cli import main
from legends_core import ArmyError, Game, get_ruleset
from legends_core.setupline import format_setup, parse_setup, setup_squares, setup_table

EDITIONS = ["classic", "ultimate-lightning", "ultimate-campaign", "narnia-1", "narnia-2"]
# A whole classic army, red's back row first: the Flag on b1 with Bombs around it.
CLASSIC = "BFB3344556" "BB33445566" "BB36778890" "2222122227"


def placement(game, seat):
    return game.record()["setup"]["placement"][seat]


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("seat", ["red", "blue"])
def test_every_standard_army_goes_round_trip(rules, seat):
    army = Counter(get_ruleset(rules).army[seat])
    for seed in (1, 2):
        shown = placement(Game.new(rules=rules, seed=seed), seat)
        line = format_setup(shown, rules, seat)
        assert len(line) == 40 and line.count(".") == 40 - sum(army.values())
        assert parse_setup(line, rules, seat) == shown
        assert Counter(shown.values()) == army
        # the line given back to Game.new rebuilds the same setup
        again = Game.new(rules=rules, seed=seed + 10, placement={seat: line})
        assert placement(again, seat) == shown


def test_the_tables_name_the_pieces_as_each_edition_spells_them():
    assert setup_table("classic", "red")["3"] == ("Miner", 5)
    assert setup_table("ultimate-lightning", "red")["3"] == ("Corporal", 2)
    assert setup_table("narnia-1", "red")["B"] == ("Spring Magic", 6)
    assert setup_table("narnia-1", "blue")["B"] == ("Winter Magic", 6)
    assert setup_table("narnia-1", "blue")["2"] == ("Wolf", 8)
    assert setup_table("classic", "blue")["0"] == ("Marshal", 1)


def test_lines_are_read_from_each_players_own_side():
    board = get_ruleset("classic").board()
    assert setup_squares(board, "red")[:3] == ("a1", "b1", "c1")
    assert setup_squares(board, "red")[-1] == "j4"
    assert setup_squares(board, "blue")[:3] == ("j10", "i10", "h10")
    assert setup_squares(board, "blue")[-1] == "a7"
    line = "F" + "." * 39
    assert parse_setup(line, "classic", "red") == {"a1": "Flag"}
    assert parse_setup(line, "classic", "blue") == {"j10": "Flag"}


@pytest.mark.parametrize(("line", "words"), [
    ("F" * 2 + "." * 38, ["position 2 (b1)", "'F'", "one Flag too many"]),
    ("." * 5 + "X" + "." * 34, ["position 6 (f1)", "'X'", "not a piece"]),
    ("B" * 7 + "." * 33, ["position 7 (g1)", "one Bomb too many", "has 6"]),
    ("F" * 3, ["needs 40 characters", "has 3"]),
    ("F" + "." * 40, ["needs 40 characters", "has 41"]),
])
def test_errors_name_the_position_and_the_character(line, words):
    with pytest.raises(ArmyError) as info:
        parse_setup(line, "classic", "red")
    for w in words:
        assert w in str(info.value)


def test_separators_and_case_are_allowed_and_positions_count_them():
    line = "f" + "." * 9 + "/" + "." * 10 + "/" + "." * 10 + "/" + "." * 10
    assert parse_setup(line, "classic", "red") == {"a1": "Flag"}
    with pytest.raises(ArmyError, match=r"position 12 \(a2\): 'z'"):
        parse_setup("." * 10 + "/z" + "." * 29, "classic", "red")


def test_stratego_legends_takes_no_setup_line():
    with pytest.raises(ArmyError, match="deal the setup at random"):
        parse_setup("F" * 30, "legends", "beige")


def test_a_full_line_puts_the_flag_where_it_says():
    assert Counter(CLASSIC) == Counter(format_setup(
        placement(Game.new(rules="classic", seed=1), "red"), "classic", "red"))
    for seed in (1, 2, 3):
        g = Game.new(rules="classic", seed=seed, placement={"red": CLASSIC})
        shown = placement(g, "red")
        assert shown["b1"] == "Flag" and shown["a1"] == shown["c1"] == shown["b2"] == "Bomb"
        assert format_setup(shown, "classic", "red") == CLASSIC
        assert g.view("red").piece_on("b1").name == "Flag"
    wrong = CLASSIC[:-1] + "9"  # a second General instead of a Major
    with pytest.raises(ArmyError, match=r"position 40 \(j4\): '9' is one General too many"):
        Game.new(rules="classic", placement={"red": wrong})


@pytest.mark.parametrize("rules", EDITIONS)
def test_a_partial_line_fixes_its_squares_and_deals_the_rest(rules):
    line = "BFB" + "." * 7 + "0" + "." * 29
    army = Counter(get_ruleset(rules).army["blue"])
    deals = set()
    for seed in range(4):
        g = Game.new(rules=rules, seed=seed, placement={"blue": line})
        shown = placement(g, "blue")
        flag, bomb, marshal = "Flag", setup_table(rules, "blue")["B"][0], "Marshal"
        assert (shown["j10"], shown["i10"], shown["h10"], shown["j9"]) == (bomb, flag, bomb,
                                                                          marshal)
        assert Counter(shown.values()) == army
        assert all(sq[1:] in ("7", "8", "9", "10") for sq in shown)
        deals.add(tuple(sorted(shown.items())))
    assert len(deals) > 1  # the rest really is dealt


def test_cli_play_with_a_setup_line(tmp_path, monkeypatch, capsys):
    legal = CLASSIC
    saved = tmp_path / "full.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {saved}\nquit\n"))
    status = main(["play", "--rules", "classic", "--opponent", "random", "--seed", "4",
                   "--save-full", "--setup", legal])
    assert status == 0, capsys.readouterr().err
    record = json.loads(saved.read_text())
    shown = record["setup"]["placement"]["red"]
    assert shown["b1"] == "Flag" and format_setup(shown, "classic", "red") == legal


def test_cli_play_with_a_setup_file_for_blue(tmp_path, monkeypatch, capsys):
    path = tmp_path / "setup.txt"
    path.write_text("# my Narnia setup\n\nF.........  # the Flag in my back left corner\n"
                    .replace("F.........", "F" + "." * 39))
    saved = tmp_path / "full.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {saved}\nquit\n"))
    status = main(["play", "--rules", "narnia-1", "--side", "blue", "--opponent", "random",
                   "--save-full", "--setup-file", str(path)])
    assert status == 0, capsys.readouterr().err
    shown = json.loads(saved.read_text())["setup"]["placement"]["blue"]
    assert shown["j10"] == "Flag" and len(shown) == 40


def test_cli_refuses_bad_setups_with_one_line(tmp_path, capsys):
    for argv, words in [
        (["play", "--setup", "F" * 30], "legends rules deal every setup at random"),
        (["play", "--rules", "classic", "--setup", "FF" + "." * 38], "position 2 (b1)"),
        (["game", "--rules", "classic", "--setup", "green=F"], "red=LINE or blue=LINE"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0], err


def test_cli_game_with_setup_lines_for_both_seats(tmp_path, capsys):
    saved = tmp_path / "game.json"
    path = tmp_path / "blue.txt"
    path.write_text("0" + "." * 39 + "\n")
    assert main(["game", "--rules", "ultimate-lightning", "--quiet", "--turn-limit", "5",
                 "--setup", "red=F" + "." * 39, "--setup-file", f"blue={path}",
                 "--save", str(saved)]) == 0
    shown = json.loads(saved.read_text())["setup"]["placement"]
    assert shown["red"]["a1"] == "Flag" and shown["blue"]["j10"] == "Marshal"

"""``legends play``'s setup step: in an edition with a free setup, without --setup or
--setup-file, the player arranges their army in the terminal (swaps, a typed line, a new deal)
and the game begins from exactly that arrangement."""

from __future__ import annotations

import json
import re

from tests.test_cli_polish import play

from legends_core import Game
from legends_core.setupline import format_setup

LINE = re.compile(r"^  setup line: (\S+)$", re.MULTILINE)


def lines_shown(out: str) -> list[str]:
    return LINE.findall(out)


def start_line(path, seat: str = "red") -> str:
    """The setup line of ``seat``'s pieces at the start of the game saved (in full) at
    ``path``."""
    record = json.loads(path.read_text())
    game = Game.from_record({**record, "actions": []})
    rules = record["setup"]["rules"]
    placed = {p.square: p.name for p in game.view(seat).pieces if p.owner == seat and p.square}
    return format_setup(placed, rules, seat)


def test_swaps_typed_as_two_squares_make_the_games_setup(tmp_path):
    save = tmp_path / "game.json"
    out = play(["a1 j4", "b1 b2", "done", f"save {save}", "quit"],
               "--rules", "classic", "--seed", "4", "--save-full")
    dealt, after_one, after_two = lines_shown(out)[:3]
    # a1 is the line's first square, j4 its last; b1 its second, b2 its twelfth.
    swapped = list(dealt)
    swapped[0], swapped[39] = dealt[39], dealt[0]
    assert after_one == "".join(swapped)
    swapped[1], swapped[11] = swapped[11], swapped[1]
    assert after_two == "".join(swapped)
    assert start_line(save) == after_two
    # The setup area is drawn as the player sits: the front row (4) on top, the back row last.
    area = out[out.index("Your setup (red)"):]
    numbers = [row.split()[0] for row in area.splitlines()[2:6]]
    assert numbers == ["4", "3", "2", "1"]


def test_a_typed_line_places_its_pieces_and_deals_the_rest(tmp_path):
    save = tmp_path / "game.json"
    out = play(["F" + "." * 9 + "B" * 6 + "." * 24, "done", f"save {save}", "quit"],
               "--rules", "classic", "--seed", "4", "--save-full")
    typed = lines_shown(out)[1]
    assert typed[0] == "F" and typed[10:16] == "BBBBBB" and "." not in typed
    assert start_line(save) == typed


def test_an_empty_answer_shows_the_help_and_mistakes_are_explained(tmp_path):
    out = play(["", "FF", "z9 a1", "Q" * 40, "show", "quit"], "--rules", "classic",
               "--seed", "4")
    after = out[out.index("setup> \n"):]
    assert after.startswith("setup> \nArrange your army before the game begins.")
    assert "needs 40 characters, one per square of the setup area, has 2" in out
    assert "z9 is not in your setup area (a1 to j4)" in out
    assert "position 1 (a1): 'Q' is not a piece of this army" in out
    # Nothing was changed by them: 'show' draws the dealt arrangement again; quit ends it.
    shown = lines_shown(out)
    assert len(shown) == 2 and shown[0] == shown[1]
    assert "Turn 1" not in out


def test_random_deals_again():
    out = play(["random", "quit"], "--rules", "classic", "--seed", "4")
    first, second = lines_shown(out)
    assert sorted(first) == sorted(second) and first != second


def test_blue_in_narnia_sees_its_own_side_and_names(tmp_path):
    save = tmp_path / "game.json"
    out = play(["j10 a7", "done", f"save {save}", "quit"], "--rules", "narnia-1", "--side",
               "blue", "--seed", "2", "--save-full")
    area = out[out.index("Your setup (blue)"):]
    assert area.splitlines()[1].split() == list("jihgfedcba")
    assert [row.split()[0] for row in area.splitlines()[2:6]] == ["7", "8", "9", "10"]
    assert "B Winter Magic (6)" in area and "2 Wolf (8)" in area
    dealt, swapped = lines_shown(out)[:2]
    assert swapped == dealt[39] + dealt[1:39] + dealt[0]
    assert start_line(save, "blue") == swapped


def test_no_setup_step_with_a_setup_line_or_in_stratego_legends():
    given = play(["quit"], "--rules", "classic", "--seed", "4", "--setup", "F" + "." * 39)
    assert "setup>" not in given and "Turn 1" in given
    legends = play(["quit"], "--seed", "4")
    assert "setup>" not in legends

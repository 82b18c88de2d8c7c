"""Small consistency rules: plain data with names, one convention for texts and keys."""

import subprocess
import sys
from collections import Counter

from legends_core import Combat, Game, catalogue
from legends_core.piecetype import slug
from legends_core.testing import play, position
from legends_pieces.powers import KEYWORD_POWERS


def test_the_attack_under_way_has_named_fields_and_keeps_them_through_a_save():
    game = position({"d4": 8, "d5": 157, "h8": 151})
    play(game, "d4-d5")
    c = game.engine.combat
    sq = game.board.parse_square
    assert isinstance(c, Combat)
    assert (c.attacker, c.defender) == (game.engine.grid[sq("d4")], game.engine.grid[sq("d5")])
    assert (c.square, c.origin, c.player) == (sq("d5"), sq("d4"), 0)
    loaded = Game.from_position(game.to_position())
    assert loaded.engine.combat == c and isinstance(loaded.engine.combat, Combat)
    assert loaded.to_position()["combat"] == [c.attacker, c.defender, c.square, c.origin, 0]


def _keyed_powers():
    for t in catalogue().values():
        for p in t.powers:
            if p.key:
                yield t, p


def test_power_keys_name_the_keyword_when_shared_and_the_piece_otherwise():
    # The convention of docs/tutorial.rst: a power several pieces share (Flying, Distance
    # Strike, terrain-move, ...) is keyed by its own name; one of a kind by its piece's name.
    users = Counter(p.key for _, p in _keyed_powers())
    keywords = {p.key for p in KEYWORD_POWERS}
    odd = [(t.number, p.key) for t, p in _keyed_powers()
           if users[p.key] == 1 and p.key not in keywords and p.key != slug(t.name)]
    assert odd == []


def test_power_descriptions_do_not_repeat_their_label():
    # Printed as "<label> [<key>]: <description>", so "Action: ..." would say it twice.
    labels = ("Innate", "Ability", "Action", "Magic", "Death Curse", "Stationary")
    doubled = [(t.number, p.describe()) for t in catalogue().values() for p in t.powers
               if p.describe().startswith(tuple(f"{lb}:" for lb in labels))]
    assert doubled == []


def test_magic_and_castles_are_described_as_having_no_strength():
    cat = catalogue()
    assert cat[62].strength_label == "no strength" and cat[33].strength_label == "no strength"
    assert cat[8].strength_label == "strength 7"
    out = subprocess.run([sys.executable, "-m", "legends.cli", "pieces", "62"],
                         capture_output=True, text=True, check=True).stdout
    assert "magic, no strength, gold magic" in out and "strength magic" not in out


def test_names_are_title_case_and_found_by_their_name():
    cat = catalogue()
    assert cat.find("Flood Bringer").number == 25 and cat[25].name == "Flood Bringer"
    assert cat.find("Woodland Tower").number == 33 and cat[33].name == "Woodland Tower"

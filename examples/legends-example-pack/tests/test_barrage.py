"""Tests of the example pack's ruleset, Barrage, written the way any pack can test one."""

import pytest

from legends_core import ArmyError, Game, rulesets
from legends_core.setupline import setup_table
from legends_core.testing import name_at, play, stratego


def test_the_ruleset_is_discovered_on_install():
    assert "barrage" in rulesets()


def test_eight_pieces_a_side_on_the_classic_board():
    game = Game.new(rules="barrage", seed=3)
    assert len(game.view(None).pieces) == 16 and game.players == ("red", "blue")
    with pytest.raises(ArmyError, match="needs 1 Marshal"):
        Game.new(rules="barrage", placement={"red": {"a1": "Flag", "b1": "Bomb"}})


def test_classic_rules_apply():
    game = stratego("barrage", {"e4": "Miner", "a1": "Flag"}, {"e5": "Bomb", "j10": "Flag"})
    play(game, "e4-e5")
    assert name_at(game, "e5") == "Miner"


def test_setup_lines_name_barrages_own_army():
    # A ruleset evolved from classic must say its own army, or setup lines offer classic's 40.
    table = setup_table("barrage", "red")
    assert {ch: n for ch, (_, n) in table.items()} == {
        "F": 1, "B": 1, "1": 1, "2": 2, "3": 1, "9": 1, "0": 1}
    game = Game.new(rules="barrage", seed=1, placement={"red": "FB12230" + "9" + "." * 32})
    assert name_at(game, "a1") == "Flag" and name_at(game, "h1") == "General"

"""Tests of the example pack's ruleset, Barrage, written the way any pack can test one."""

import pytest

from legends_core import ArmyError, Game, rulesets
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

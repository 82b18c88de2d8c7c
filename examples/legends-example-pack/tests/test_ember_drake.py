"""Tests of the example pack's piece, written the way any pack can test its pieces."""

from legends_core import catalogue
from legends_core.testing import play, position


def test_the_pack_is_discovered_on_install():
    t = catalogue()[301]
    assert t.name == "Ember Drake" and t.strength == 6 and t.army == "gray"


def test_the_drake_gets_two_when_attacking():
    # 6 + 2 = 8 beats a strength 7 Srik.
    game = position({"d5": 301, "d4": 8, "a1": 11}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Ember Drake"


def test_the_drake_fights_at_six_when_attacked():
    game = position({"d5": 301, "d4": 8, "h8": 157})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Srik"


def test_the_drake_flies():
    game = position({"d5": 301, "d4": 8, "h8": 157}, active="gray")
    play(game, "d5 flying d3")
    assert game.piece_at("d3").name == "Ember Drake"

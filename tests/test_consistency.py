"""Small consistency rules: plain data with names, one convention for texts and keys."""

from legends_core import Combat, Game
from legends_core.testing import play, position


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

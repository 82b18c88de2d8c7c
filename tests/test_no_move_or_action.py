"""Ruling: "cannot move or act" counts the abilities a player may use before moving.

The rulebook gives the game to the opponent of a player unable to move or act, and lets
abilities be used before moving. A player whose pieces are boxed in, but who holds an ability
that would free one, is therefore not stuck.
"""

from legends_core.testing import options, play, position


def test_an_ability_that_lends_flying_saves_a_boxed_in_player():
    # The High Elf on a1 is boxed in by beige's own Quicksand (a2) and Cloud Citadel (b1);
    # the Citadel can lend it Flying, over the Quicksand to a3.
    game = position({"a1": 11, "a2": 28, "b1": 102, "h8": 151})
    assert not game.is_over
    assert options(game) == ["b1 cloud-citadel a1"]
    play(game, "b1 cloud-citadel a1")
    assert "a1 flying a3" in options(game)
    play(game, "a1 flying a3")
    assert game.piece_at("a3").name == "High Elf"


def test_a_boxed_in_player_whose_abilities_free_nothing_loses():
    # Urgwaine's Castle can lend the boxed Knights Quickness, but two steps need a first free
    # square: beige has nothing to do and loses at the start of the turn.
    game = position({"a1": 59, "a2": 28, "b1": 67, "h8": 151})
    assert game.is_over and game.winner == "gray" and "cannot move or act" in game.reason


def test_a_boxed_in_player_without_abilities_loses():
    game = position({"a1": 11, "a2": 28, "b1": 68, "h8": 151})
    assert game.is_over and game.winner == "gray"


"""Ruling: a Distance Strike waits for a response window before strengths are compared.

The rulebook lets abilities be used at any time, also during the opponent's turn; a strike
that resolved on the spot left the target's side no moment to answer. The window is opened
whatever the players hold (like the attack window), so it tells nobody anything.
"""

from legends_core import Game
from legends_core.testing import destroyed_names, options, play, position

# Relfreod Archer (4) on d4 strikes gray's Bone Legion (3) on d6; gray's Enchanted Shield (e7)
# can give the Legion +2 by destroying itself.
SHIELDED = {"d4": 17, "d6": 157, "e7": 118, "a1": 8, "h8": 151}


def test_the_target_side_may_answer_a_distance_strike_with_a_boost():
    game = position(SHIELDED)
    play(game, "d4 distance-strike d6")
    assert game.decision_kind == "window" and game.current_player == "beige"
    play(game, "pass")
    assert "e7 enchanted-shield d6" in options(game)
    play(game, "e7 enchanted-shield d6", "pass", "pass")
    assert game.piece_at("d6").name == "Bone Legion"  # 5 against the Archer's 4
    assert destroyed_names(game, "gray") == ["Enchanted Shield"]


def test_an_unanswered_strike_destroys_a_weaker_target_after_the_window():
    game = position(SHIELDED)
    play(game, "d4 distance-strike d6", "pass")
    assert game.piece_at("d6").name == "Bone Legion"  # not decided while gray may answer
    play(game, "pass")
    assert game.piece_at("d6") is None and "Bone Legion" in destroyed_names(game, "gray")


def test_the_strike_window_opens_whatever_the_players_hold():
    # No ability anywhere: the same window, offering only "pass", to both players in turn.
    game = position({"d4": 17, "d6": 157, "a1": 8, "h8": 151})
    play(game, "d4 distance-strike d6")
    assert game.decision_kind == "window" and "strike" in game.decision
    assert options(game) == ["pass"]
    play(game, "pass")
    assert game.decision_kind == "window" and "strike" in game.decision
    assert game.current_player == "gray" and options(game) == ["pass"]
    play(game, "pass")
    assert game.piece_at("d6") is None


def test_the_striker_side_may_boost_its_striker_too():
    # Frodnaj Archer (5) against the Rock Giant (5) would do nothing; beige's High Elf lends
    # the Archer (an elf) +1 in the window and the strike succeeds.
    game = position({"d4": 14, "d6": 117, "c4": 11,
                     "a1": 8, "h8": 151})
    play(game, "d4 distance-strike d6")
    assert "c4 high-elf d4" in options(game)
    play(game, "c4 high-elf d4", "pass", "pass")
    assert game.piece_at("d6") is None


def test_a_strike_on_a_magic_piece_is_settled_at_once():
    # Nothing is compared, so there is nothing to answer: no strike window.
    game = position({"d4": 17, "d6": {"number": 30, "owner": "gray"}, "a1": 8, "h8": 151})
    play(game, "d4 distance-strike d6")
    assert game.piece_at("d6").name == "Eruption"
    assert game.decision_kind == "window" and "end" in game.decision  # the end-of-turn window


def test_a_game_saved_in_the_strike_window_resumes_there():
    game = position(SHIELDED)
    play(game, "d4 distance-strike d6", "pass")
    loaded = Game.from_position(game.to_position())
    assert "e7 enchanted-shield d6" in options(loaded)
    play(loaded, "pass")
    assert loaded.piece_at("d6") is None

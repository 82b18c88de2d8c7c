"""The Celestia (blue) magic pieces and castles, #96 to #102."""

import pytest

from legends_core.testing import destroyed_names as dead
from legends_core.testing import name_at, options, play, position

# Gray pieces: 146 Murkis (red 7), 157 Bone Legion (red 3, Dispel Magic), 172 Queen Kivoa
# (purple 10), 175 Mrmrm (purple 8), 202 Larva (purple stationary magic), 118 Enchanted Shield
# (silver 5), 151 Sinakus (red 5), 174 Frinhorn (purple dragon). Blue: 83 Montika, 88 Spirit of
# Vision, 69 Uaivad (dragon).



def knows(game, player, square):
    return game.view(player).piece_on(square).number is not None



def curse_name(game):
    g = game.engine
    return g.types[g.curse].name if g.curse >= 0 and g.curse_on else None


def no_moves_from(game, square):
    return not any(o.startswith(square) for o in options(game))


# -- #96 Haunted Grove ----------------------------------------------------------------------

FORESTS = {"d4": "forest", "a8": "forest", "b8": "forest", "g8": "forest", "f1": "forest"}


def grove_game(attacker=146, terrain=FORESTS):
    # Grove on d4, attacked from d5. On forest: Queen Kivoa a8 (purple), Larva b8 (purple,
    # stationary), Sinakus g8 (red), Montika f1 (blue). Off forest: Mrmrm h6 (purple).
    return position({"d4": 96, "d5": attacker, "a8": 172, "b8": 202, "g8": 151, "f1": 83,
                     "h6": 175}, terrain=terrain, active="gray")


def test_haunted_grove_on_forest_destroys_purple_pieces_on_forest():
    game = grove_game()
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") is None and name_at(game, "d5") is None
    assert dead(game, "beige") == ["Haunted Grove"]
    assert dead(game, "gray") == ["Murkis", "Queen Kivoa"]
    assert name_at(game, "b8") == "Larva", "a stationary purple piece stays"
    assert name_at(game, "g8") == "Sinakus", "a red piece stays"
    assert knows(game, "beige", "b8") and knows(game, "beige", "g8")
    assert knows(game, "gray", "f1"), "pieces of the Grove's side on forest are shown too"
    assert name_at(game, "h6") == "Mrmrm" and not knows(game, "beige", "h6")


def test_haunted_grove_off_forest_only_trades_with_its_attacker():
    terrain = {k: v for k, v in FORESTS.items() if k != "d4"}
    game = grove_game(terrain=terrain)
    play(game, "d5-d4", "pass", "pass")
    assert dead(game, "gray") == ["Murkis"]
    assert name_at(game, "a8") == "Queen Kivoa" and not knows(game, "beige", "a8")


def test_haunted_grove_is_stopped_by_dispel_magic():
    game = grove_game(attacker=157)
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Bone Legion"
    assert name_at(game, "a8") == "Queen Kivoa" and not knows(game, "beige", "a8")


def test_haunted_grove_destroys_a_purple_piece_the_blue_side_controls():
    game = position({"d4": 96, "d5": 146, "a8": {"number": 175, "controller": "beige"},
                     "h8": 151}, terrain={"d4": "forest", "a8": "forest"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "a8") is None and "Mrmrm" in dead(game, "gray")


def test_haunted_grove_cannot_move():
    game = position({"d4": 96, "a1": 83, "h8": 146})
    assert no_moves_from(game, "d4")


# -- #97 Anti-Purple Wind, #98 Anti-Silver Wind, #99 Anti-Red Wind -------------------------


def _wind_falls(wind):
    # Murkis attacks the wind on d4; the gray side also has Queen Kivoa (purple), the
    # Enchanted Shield (silver) and Sinakus (red).
    game = position({"d4": wind, "d5": 146, "a8": 172, "b8": 118, "c8": 151, "a1": 83},
                    active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") is None and name_at(game, "d5") is None
    assert dead(game, "gray") == ["Murkis"]
    return game


def test_anti_purple_wind_takes_its_attacker_and_weakens_purple():
    game = _wind_falls(97)
    assert curse_name(game) == "Anti-Purple Wind"
    assert game.strength_at("a8") == 9
    assert game.strength_at("b8") == 5 and game.strength_at("c8") == 5


def test_anti_silver_wind_takes_its_attacker_and_weakens_silver():
    game = _wind_falls(98)
    assert curse_name(game) == "Anti-Silver Wind"
    assert game.strength_at("b8") == 4
    assert game.strength_at("a8") == 10 and game.strength_at("c8") == 5


def test_anti_red_wind_takes_its_attacker_and_weakens_red():
    game = _wind_falls(99)
    assert curse_name(game) == "Anti-Red Wind"
    assert game.strength_at("c8") == 4
    assert game.strength_at("a8") == 10 and game.strength_at("b8") == 5


@pytest.mark.parametrize("wind", [97, 98, 99])
def test_winds_cannot_move(wind):
    game = position({"d4": wind, "a1": 83, "h8": 146})
    assert no_moves_from(game, "d4")


def test_a_wind_attacked_with_dispel_magic_spares_the_attacker():
    game = position({"d4": 98, "d5": 157, "a1": 83}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Bone Legion", "Dispel Magic: the attacker survives"
    assert curse_name(game) == "Anti-Silver Wind", "but Dispel Magic does not stop a death curse"


# -- #100 Dragon Talisman ------------------------------------------------------------------

TOWNS = {"c8": "town", "f8": "town"}


def test_dragon_talisman_returns_a_dragon_from_any_destroyed_area():
    game = position({"d4": 100, "d5": 146, "a1": 83, "h8": 151}, terrain=TOWNS,
                    destroyed={"gray": [174], "beige": [69]}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert dead(game, "beige") == ["Dragon Talisman", "Uaivad"]
    assert game.current_player == "beige" and game.decision_kind == "ask"
    assert sorted(options(game)) == ["choose beige:0", "choose done", "choose gray:0"]
    play(game, "choose gray:0")
    assert sorted(options(game)) == ["choose c8", "choose f8"]
    play(game, "choose f8")
    assert name_at(game, "f8") == "Frinhorn" and game.controller_at("f8") == "beige"
    assert knows(game, "gray", "f8")
    # Only the Talisman was destroyed: Murkis won and took its square.
    assert name_at(game, "d4") == "Murkis" and dead(game, "gray") == []


def test_dragon_talisman_needs_every_town_empty():
    game = position({"d4": 100, "d5": 146, "c8": 151, "a1": 83}, terrain=TOWNS,
                    destroyed={"beige": [69]}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"
    assert name_at(game, "d4") == "Murkis" and dead(game, "beige") == ["Dragon Talisman", "Uaivad"]


def test_dragon_talisman_on_town_keeps_its_square_for_the_attacker():
    game = position({"d4": 100, "d5": 146, "a1": 83, "h8": 151},
                    terrain={"d4": "town", "f8": "town"}, destroyed={"beige": [69]}, active="gray")
    play(game, "d5-d4", "pass", "pass", "choose beige:0")
    assert options(game) == ["choose f8"]
    play(game, "choose f8")
    assert name_at(game, "f8") == "Uaivad" and name_at(game, "d4") == "Murkis"


def test_dragon_talisman_return_is_optional_and_only_dragons_count():
    game = position({"d4": 100, "d5": 146, "a1": 83, "h8": 151}, terrain=TOWNS,
                    destroyed={"beige": [69, 88]}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert sorted(options(game)) == ["choose beige:0", "choose done"]
    play(game, "choose done")
    assert name_at(game, "c8") is None and name_at(game, "f8") is None
    assert game.decision_kind == "window"


def test_dragon_talisman_dispelled_returns_nothing():
    game = position({"d4": 100, "d5": 157, "a1": 83}, terrain=TOWNS,
                    destroyed={"beige": [69]}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window" and name_at(game, "d4") == "Bone Legion"


def test_dragon_talisman_cannot_move():
    game = position({"d4": 100, "a1": 83, "h8": 146})
    assert no_moves_from(game, "d4")


# -- #101 Wind Castle ----------------------------------------------------------------------


def test_wind_castle_moves_to_an_adjacent_square_once_per_game():
    game = position({"a1": 101, "a2": 83, "h8": 146})
    opts = options(game)
    assert "a1 wind-castle b2" in opts and "a1 wind-castle b1" in opts
    assert "a1 wind-castle a2" not in opts and "a1 wind-castle c3" not in opts
    assert "a1-b1" not in opts, "no ordinary moves: it is stationary"
    play(game, "a1 wind-castle b2")
    assert name_at(game, "b2") == "Wind Castle" and knows(game, "gray", "b2")
    play(game, "pass", "pass", "h8-h7", "pass", "pass")
    assert game.active_player == "beige"
    assert not any("wind-castle" in o for o in options(game))


def test_wind_castle_still_loses_the_game_when_attacked():
    game = position({"a1": 101, "a2": 146, "h1": 83}, active="gray")
    play(game, "a2-a1")
    assert game.winner == "gray"


# -- #102 Cloud Citadel --------------------------------------------------------------------


def test_cloud_citadel_lends_flying_to_an_adjacent_mobile_piece():
    # Montika b2 is adjacent; Anti-Purple Wind a2 is adjacent but stationary; Spirit of
    # Vision h1 is too far; the enemy Murkis b1 is not ours.
    game = position({"a1": 102, "b2": 83, "a2": 97, "h1": 88, "b1": 146, "b3": 88},
                    active="beige")
    opts = options(game)
    assert "a1 cloud-citadel b2" in opts
    assert not any(o in opts for o in ("a1 cloud-citadel a2", "a1 cloud-citadel h1",
                                       "a1 cloud-citadel b1"))
    assert not any(o.startswith("b2 flying") for o in opts)
    play(game, "a1 cloud-citadel b2")
    assert knows(game, "gray", "a1") and knows(game, "gray", "b2")
    assert "b2 flying b4" in options(game)
    play(game, "b2 flying b4")
    assert name_at(game, "b4") == "Montika"


def test_cloud_citadel_is_offered_only_before_acting_in_your_turn():
    game = position({"a1": 102, "b2": 83, "h8": 146, "h1": 88})
    play(game, "h1-g1")
    assert game.decision_kind == "window"
    assert not any("cloud-citadel" in o for o in options(game)), "too late once you have moved"
    # In the opponent's turn, not even when one of its pieces is attacked.
    game = position({"a1": 102, "b2": 83, "b3": 146, "h1": 88}, active="gray")
    play(game, "b3-b2", "pass")
    assert game.current_player == "beige" and game.decision_kind == "window"
    assert not any("cloud-citadel" in o for o in options(game))


def test_cloud_citadel_cannot_move():
    game = position({"a1": 102, "b2": 83, "h8": 146})
    assert not any(o.startswith("a1-") for o in options(game))

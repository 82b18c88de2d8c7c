"""The Ancients (green), #18 to #34: curses, the Assassin, Clevut, magic and castles.

A death curse is made to end by destroying gray's Skeleton Warlock (#160, itself a death
curse) with a beige Hunter (#7): Hunter on d3 attacks the Warlock on d4. Other gray pieces:
#143 Mummy 8, #146 Murkis 7, #152 Giant Zombie Rat 5, #155 Plague Bearer 4, #157 Bone Legion 3,
#161 Gloomis 2, #172 Queen Kivoa 10, #174 Frinhorn 9 (+1 on plains), #198 Paranos (magic),
#169 Rancid Castle.
"""

import pytest

from legends_core.testing import curse_name, options, play, position
from legends_core.testing import destroyed_names as dead


def powers_of(game, square):
    return sorted(o for o in options(game) if o.startswith(square + " "))


def seen_by(game, player, square):
    return game.view(player).piece_on(square).number



END_CURSE = {"d3": 7, "d4": 160}


# -- #18 Dwarven Hero -----------------------------------------------------------------------


def test_dwarven_hero_surrounds_and_destroys():
    game = position({"d4": 18, "d5": 172, "c4": 21, "e4": 21, "c6": 8, "e6": 8, "h8": 143})
    assert powers_of(game, "d4") == ["d4 surround d5"]
    play(game, "d4 surround d5")
    assert dead(game, "gray") == ["Queen Kivoa"]


def test_dwarven_hero_needs_five_around_the_enemy():
    game = position({"d4": 18, "d5": 172, "c4": 21, "e4": 21, "c6": 8, "h8": 143})
    assert powers_of(game, "d4") == []


# -- #19 Bakus ------------------------------------------------------------------------------


def test_bakus_teleports_another_piece_onto_his_square():
    game = position({"e5": 19, "a1": 7, "b1": 28, "h8": 143})
    assert powers_of(game, "e5") == ["e5 teleport a1"]  # the stationary Quicksand is left out
    play(game, "e5 teleport a1")
    assert game.piece_at("e5").name == "Hunter" and game.piece_at("a1") is None
    assert dead(game, "beige") == ["Bakus"]
    assert seen_by(game, "gray", "e5") == 7


# -- #20 Tilloak Theugist -------------------------------------------------------------------


def test_tilloak_theugist_may_slash_or_charge():
    game = position({"d4": 20, "d7": 161, "h8": 143})
    opts = powers_of(game, "d4")
    assert "d4 slashing g7" in opts and "d4 charging d7" in opts and "d4 charging h4" in opts
    play(game, "d4 charging d7", "pass", "pass")
    assert game.piece_at("d7").name == "Tilloak Theugist" and dead(game, "gray") == ["Gloomis"]


# -- #21 Dwarven Warrior --------------------------------------------------------------------


def test_dwarven_warrior_dispels_magic():
    game = position({"d4": 21, "d5": 198, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Dwarven Warrior"
    assert dead(game, "gray") == ["Paranos"] and dead(game, "beige") == []


def test_dwarven_hero_without_dispel_magic_dies_on_magic():
    game = position({"d4": 18, "d5": 198, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Dwarven Hero"]


# -- #22 Strangling Vines -------------------------------------------------------------------


def test_strangling_vines_reveal_the_forest_and_destroy_one_mobile_piece():
    forest = {"b6": "forest", "c6": "forest", "f6": "forest"}
    game = position({**END_CURSE, "b6": 143, "c6": 28, "f6": 146, "h8": 143},
                    terrain=forest, curse=(22, "beige"))
    play(game, "d3-d4", "pass", "pass")
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose b6", "choose f6"]  # Quicksand is stationary
    assert seen_by(game, "gray", "c6") == 28 and seen_by(game, "beige", "b6") == 143
    play(game, "choose f6")
    assert dead(game, "gray") == ["Murkis"]
    assert curse_name(game) == "Skeleton Warlock"
    assert "Strangling Vines" in dead(game, "beige")


def test_strangling_vines_do_nothing_while_in_effect():
    game = position({"d4": 157, "d5": 8, "h8": 143}, terrain={"d4": "forest"},
                    curse=(22, "beige"))
    assert game.strength_at("d4") == 3 and game.strength_at("d5") == 7
    assert game.decision_kind == "main"


# -- #23 Wood Elf ---------------------------------------------------------------------------


def test_wood_elf_wins_in_the_forest_and_loses_on_plains():
    game = position({"d4": 23, "d5": 157, "h8": 143}, terrain={"d5": "forest"})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Wood Elf"
    game = position({"d4": 23, "d5": 157, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Bone Legion" and dead(game, "beige") == ["Wood Elf"]


def test_wood_elf_slashes():
    game = position({"d4": 23, "h8": 143})
    assert "d4 slashing a7" in options(game)


# -- #24 Dwarven Scout ----------------------------------------------------------------------


def test_dwarven_scout_curse_reveals_two_enemy_pieces_of_its_players_choice():
    game = position({**END_CURSE, "a8": 146, "b8": 152, "h8": 143, "a1": 21},
                    curse=(24, "beige"))
    play(game, "d3-d4", "pass", "pass")
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose a8", "choose b8", "choose h8"]
    assert seen_by(game, "beige", "b8") is None
    play(game, "choose b8")
    assert seen_by(game, "beige", "b8") == 152
    assert sorted(options(game)) == ["choose a8", "choose h8"]
    play(game, "choose h8")
    assert seen_by(game, "beige", "h8") == 143
    assert seen_by(game, "beige", "a8") is None, "only two pieces"
    assert game.decision_kind == "window"
    assert curse_name(game) == "Skeleton Warlock"


def test_dwarven_scout_offers_only_hidden_enemies():
    game = position({**END_CURSE, "a8": 146, "b8": 152, "h8": 143, "a1": 21},
                    curse=(24, "beige"), revealed=["a8", "b8"])
    play(game, "d3-d4", "pass", "pass")
    assert options(game) == ["choose h8"]
    play(game, "choose h8")
    assert game.decision_kind == "window"


# -- #25 Flood Bringer ----------------------------------------------------------------------


def test_flood_bringer_reveals_pieces_next_to_water_and_destroys_one():
    game = position({**END_CURSE, "d6": 146, "f7": 152, "e7": 30, "a8": 143},
                    terrain={"e6": "water"}, curse=(25, "beige"))
    play(game, "d3-d4", "pass", "pass")
    assert sorted(options(game)) == ["choose d6", "choose f7"]  # Eruption is stationary
    assert seen_by(game, "beige", "f7") == 152 and seen_by(game, "gray", "e7") == 30
    assert seen_by(game, "beige", "a8") is None
    play(game, "choose d6")
    assert dead(game, "gray") == ["Murkis"]


# -- #26 Elven Assassin ---------------------------------------------------------------------


def test_elven_assassin_slays_a_base_ten_piece():
    game = position({"d4": 26, "f6": 172, "h8": 143})
    play(game, "d4 elven-assassin f6")
    assert dead(game, "gray") == ["Queen Kivoa"] and dead(game, "beige") == []
    assert game.piece_at("d4").name == "Elven Assassin"


def test_elven_assassin_dies_on_anything_else_and_the_target_is_shown():
    game = position({"d4": 26, "d6": 146, "h8": 143})
    play(game, "d4 elven-assassin d6")
    assert dead(game, "beige") == ["Elven Assassin"] and dead(game, "gray") == []
    assert seen_by(game, "beige", "d6") == 146


def test_elven_assassin_looks_at_base_not_current_strength():
    game = position({"d4": 26, "d6": 174, "h8": 143})
    assert game.strength_at("d6") == 10  # Frinhorn: 9, +1 on plains
    play(game, "d4 elven-assassin d6")
    assert dead(game, "beige") == ["Elven Assassin"]


def test_elven_assassin_dies_on_magic():
    game = position({"d4": 26, "e5": 198, "h8": 143})
    play(game, "d4 elven-assassin e5")
    assert dead(game, "beige") == ["Elven Assassin"] and dead(game, "gray") == []


def test_elven_assassin_reach_and_targets():
    game = position({"d4": 26, "d7": 172, "c3": 21, "b2": 143, "h8": 143})
    assert powers_of(game, "d4") == ["d4 elven-assassin b2"]  # d7 is 3 away; c3 is beige


# -- #27 Clevut -----------------------------------------------------------------------------


def test_clevut_takes_over_its_attacker():
    game = position({"d4": 27, "d5": 143, "a1": 21, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass")
    assert game.current_player == "beige" and "d4 clevut" in options(game)
    play(game, "d4 clevut")
    assert game.piece_at("d4").name == "Mummy" and game.controller_at("d4") == "beige"
    assert game.piece_at("d5") is None
    assert dead(game, "beige") == ["Clevut"] and dead(game, "gray") == []
    # Clevut ended the attack: the attack window closes at once, and the end-of-turn
    # window follows (the attack had no winner).
    assert game.decision_kind == "window" and game.current_player == "gray"
    assert options(game) == ["pass"]
    assert game.controller_at("d4") == "beige"
    play(game, "pass", "pass")
    assert game.active_player == "beige"
    assert "d4-d5" in options(game)  # beige now moves the Mummy


def test_clevut_without_its_ability_just_loses():
    game = position({"d4": 27, "d5": 143, "a1": 21, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Mummy" and game.controller_at("d4") == "gray"


def test_clevut_cannot_attack_and_its_ability_waits_for_an_attack():
    game = position({"d4": 27, "d5": 143, "h8": 146})
    assert "d4-d5" not in options(game)
    assert "d4-d3" in options(game)
    assert not any("clevut" in o for o in options(game))
    play(game, "d4-d3")
    assert not any("clevut" in o for o in options(game))  # the end window


def test_clevut_is_useless_when_something_else_is_attacked():
    game = position({"d4": 21, "c4": 27, "d5": 143, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass")
    assert not any("clevut" in o for o in options(game))


# -- #28 Quicksand, #29 Earthquake, #30 Eruption -----------------------------------------


@pytest.mark.parametrize("number,terrain", [(28, "marsh"), (29, "plains"), (30, "mountain")])
def test_terrain_magic_is_stationary_and_kills_its_attacker(number, terrain):
    game = position({"d4": number, "a1": 21, "d5": 143, "h8": 146})
    assert not any(o.startswith("d4") for o in options(game))
    play(game, "a1-a2", "pass", "pass", "d5-d4", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None
    assert dead(game, "gray") == ["Mummy"]
    assert curse_name(game) == game.engine.catalogue[number].name  # its death curse begins


@pytest.mark.parametrize("number,terrain", [(28, "marsh"), (29, "plains"), (30, "mountain")])
def test_terrain_magic_curse_end_reveals_that_terrain(number, terrain):
    other = "town"
    squares = {"d3": other, "d4": other, "b6": terrain, "c6": terrain, "f6": terrain,
               "a8": other, "h8": other}
    game = position({**END_CURSE, "b6": 143, "c6": 28, "f6": 146, "a8": 152, "h8": 143},
                    terrain=squares, curse=(number, "beige"))
    play(game, "d3-d4", "pass", "pass")
    assert sorted(options(game)) == ["choose b6", "choose f6"]
    assert seen_by(game, "beige", "a8") is None  # not on that terrain
    play(game, "choose b6")
    assert dead(game, "gray") == ["Mummy"]


# -- #31 Dwarven Ambush, #32 Elven Ambush -------------------------------------------------


def test_dwarven_ambush_brings_a_dwarf_onto_its_square():
    game = position({"d4": 31, "a1": 21, "b1": 8, "c1": 29, "d5": 143, "h8": 146},
                    active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert dead(game, "gray") == ["Mummy"]
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose a1", "choose done"]  # only Dwarves that can move
    play(game, "choose a1")
    assert game.piece_at("d4").name == "Dwarven Warrior"
    assert seen_by(game, "gray", "d4") == 21


def test_elven_ambush_brings_an_elf_and_may_be_declined():
    game = position({"d4": 32, "a1": 21, "b1": 8, "d5": 143, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert sorted(options(game)) == ["choose b1", "choose done"]
    play(game, "choose done")
    assert game.piece_at("d4") is None and game.piece_at("b1").name == "Srik"


def test_ambushes_move_but_never_attack():
    game = position({"d4": 31, "e4": 32, "d5": 143, "e5": 146})
    opts = options(game)
    assert "d4-d3" in opts and "e4-e3" in opts
    assert "d4-d5" not in opts and "e4-e5" not in opts


# -- #33 Woodland Tower -------------------------------------------------------------------


def test_woodland_tower_makes_the_enemy_castle_show_itself():
    game = position({"a1": 33, "b1": 21, "h8": 169, "g7": 143})
    assert seen_by(game, "beige", "h8") is None
    assert powers_of(game, "a1") == ["a1 woodland-tower"]
    play(game, "a1 woodland-tower")
    assert seen_by(game, "beige", "h8") == 169
    assert seen_by(game, "gray", "a1") == 33
    assert game.decision_kind == "window"


def test_woodland_tower_is_stationary_and_idle_once_the_castle_is_known():
    game = position({"a1": 33, "b1": 21, "h8": 169, "g7": 143}, revealed=["h8"])
    assert not any(o.startswith("a1") for o in options(game))


def test_woodland_tower_lets_its_player_pick_the_opponent_when_several_hide_a_castle():
    third = {"number": 170, "owner": "third"}
    game = position({"a1": 33, "b1": 21, "h8": 169, "g7": 143, "h1": third,
                     "g2": {"number": 146, "owner": "third"}},
                    players=("beige", "gray", "third"))
    play(game, "a1 woodland-tower")
    assert sorted(options(game)) == ["choose gray", "choose third"]
    play(game, "choose third")
    assert seen_by(game, "beige", "h1") == 170 and seen_by(game, "beige", "h8") is None


# -- #34 Guarded Fortress -----------------------------------------------------------------


def test_guarded_fortress_destroys_a_weak_neighbour():
    game = position({"d4": 34, "d5": 155, "e5": 146, "h8": 143})
    assert powers_of(game, "d4") == ["d4 guarded-fortress d5", "d4 guarded-fortress e5"]
    play(game, "d4 guarded-fortress d5")
    assert dead(game, "gray") == ["Plague Bearer"]
    assert seen_by(game, "gray", "d4") == 34


def test_guarded_fortress_only_reveals_a_stronger_piece():
    game = position({"d4": 34, "e5": 146, "h8": 143})
    play(game, "d4 guarded-fortress e5")
    assert game.piece_at("e5").name == "Murkis" and dead(game, "gray") == []
    assert seen_by(game, "beige", "e5") == 146
    play(game, "pass", "pass", "h8-h7", "pass", "pass")
    assert powers_of(game, "d4") == []  # known and too strong: nothing left to do


def test_guarded_fortress_spares_magic_and_ignores_far_pieces():
    game = position({"d4": 34, "c5": 198, "d6": 155, "h8": 143})
    assert powers_of(game, "d4") == ["d4 guarded-fortress c5"]
    play(game, "d4 guarded-fortress c5")
    assert game.piece_at("c5").name == "Paranos"

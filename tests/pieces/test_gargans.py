"""The Gargans (silver, #103-#136): warriors. Magic pieces and castles are in
``test_gargans_magic.py``.

Each test pits a power against the same fight without it (or outside its limits), so it fails
if the power is missing or wrong. Pieces of other nations come from the already-stable ones
(Srik, High Elf, Tiera, Gray Knight, Hillstone Curate, Spirit of Negation, Anti-Red Wind); where
a test needs a flyer, a striker or a base-10 piece on the beige side, a Gargan is lent to beige
with ``controller``.
"""

from functools import cache

from legends_core import Catalogue, piece
from legends_core.registry import default_catalogue
from legends_core.testing import destroyed_names as dead
from legends_core.testing import name_at, options, play, position
from legends_pieces.powers import KEYWORD_POWERS

SRIK, HIGH_ELF, TIERA, GRAY_KNIGHT, CURATE, NEGATION, ANTI_RED = 8, 11, 37, 44, 49, 85, 99
KRALC, ULTIMADUS, NAMHEL, CREVCOR, EVIT, GIRR, CAVE_BEAST, AKILLON = 103, 104, 105, 106, 107, 108, 109, 110
GREAT_SHAMAN, MEDUSA, GOLLADUS, CRUSH, HELCAR, NEPTILLION, ROCK_GIANT = 111, 112, 113, 114, 115, 116, 117
SHIELD, COLOSSOR, MIST_GIANT, HCAOR, MARR, DUMES, LINGHORN, SMEKTOR = 118, 119, 120, 121, 122, 123, 124, 125
UZELIS, GNARAK, GWARF, CEREBIN = 126, 127, 128, 129
BOLT, GROUND, STATUE, IDOL, WHEEL, TITAN_CASTLE, OGRE_FORT = 130, 131, 132, 133, 134, 135, 136


def lent(number, to="beige"):
    """A Gargan played by the beige side (owner stays gray)."""
    return {"number": number, "owner": "gray", "controller": to}




def knows(game, player, sq):
    return game.view(player).piece_on(sq).number is not None


# -- #103 Kralc ----------------------------------------------------------------------------


def test_kralc_reveals_an_enemy_piece_on_town_only():
    game = position({"a8": KRALC, "d4": SRIK, "f4": HIGH_ELF, "h8": CURATE},
                    terrain={"d4": "town", "g6": "town"}, active="gray")
    opts = options(game)
    assert "a8 kralc d4" in opts
    assert "a8 kralc f4" not in opts          # plains
    assert not any(o.startswith("a8 kralc g6") for o in opts)  # empty town square
    assert not knows(game, "gray", "d4")
    play(game, "a8 kralc d4")
    assert game.view("gray").piece_on("d4").number == SRIK
    assert game.view("beige").piece_on("a8").number == KRALC   # using it shows Kralc
    assert not knows(game, "gray", "f4")
    assert game.decision_kind == "window"     # it was the turn's action


def test_kralc_never_targets_its_own_side_on_town():
    game = position({"a8": KRALC, "d5": CRUSH, "h1": SRIK}, terrain={"d5": "town"},
                    active="gray")
    assert not any("kralc" in o for o in options(game))


def test_kralc_flies_over_a_piece():
    game = position({"a6": KRALC, "a5": HELCAR, "h1": SRIK}, active="gray")
    assert "a6 flying a4" in options(game)
    play(game, "a6 flying a4")
    assert name_at(game, "a4") == "Kralc" and name_at(game, "a6") is None


# -- #104 Ultimadus ------------------------------------------------------------------------


BERSERK_FIGHT = {"d5": GOLLADUS, "d4": CURATE, "e4": CURATE, "h1": SRIK, "a8": ROCK_GIANT}


def test_ultimadus_curse_makes_titans_berserk():
    game = position(BERSERK_FIGHT, curse=(ULTIMADUS, "gray"), active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "berserk"
    assert options(game) == ["d4-e4"]
    play(game, "d4-e4", "pass", "pass")
    assert name_at(game, "e4") == "Golladus" and dead(game, "beige") == ["Hillstone Curate"] * 2


def test_without_ultimadus_curse_a_titan_stops_after_winning():
    game = position(BERSERK_FIGHT, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"
    assert name_at(game, "e4") == "Hillstone Curate"


def test_ultimadus_curse_leaves_non_titans_alone():
    game = position({**BERSERK_FIGHT, "d5": CRUSH}, curse=(ULTIMADUS, "gray"), active="gray")
    g = game.engine
    assert g.has_keyword(g.grid[g.sq("d5")], "berserk")  # Crush prints Berserk itself
    game = position({**BERSERK_FIGHT, "d5": NAMHEL}, curse=(ULTIMADUS, "gray"), active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"


# -- #105 Namhel ---------------------------------------------------------------------------


NAMHEL_FIGHT = {"c5": NAMHEL, "d5": ROCK_GIANT, "d4": CURATE, "h1": SRIK, "a8": CRUSH}


def test_namhel_lifts_an_adjacent_giant_to_win():
    game = position(NAMHEL_FIGHT, active="gray")
    play(game, "d5-d4")
    assert "c5 namhel d5" in options(game)
    play(game, "c5 namhel d5", "pass", "pass")
    assert name_at(game, "d4") == "Rock Giant" and dead(game, "beige") == ["Hillstone Curate"]


def test_without_namhel_the_giant_only_ties():
    game = position(NAMHEL_FIGHT, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") is None and name_at(game, "d5") is None


def test_namhel_once_per_turn_and_giants_only():
    game = position({**NAMHEL_FIGHT, "c4": GOLLADUS}, active="gray")
    opts = options(game)
    assert "c5 namhel d5" in opts
    assert "c5 namhel c4" not in opts        # Golladus is a titan
    play(game, "c5 namhel d5")
    assert game.strength_at("d5") == 6
    assert not any("namhel" in o for o in options(game))


def test_namhel_does_not_reach_a_giant_further_away():
    game = position({"b5": NAMHEL, "d5": ROCK_GIANT, "h1": SRIK}, active="gray")
    assert not any("namhel" in o for o in options(game))


# -- #106 Crevcor --------------------------------------------------------------------------


def test_crevcor_curse_gives_silver_pieces_one_more():
    game = position({"d5": ROCK_GIANT, "d4": CURATE, "h1": SRIK, "h8": 157},
                    curse=(CREVCOR, "gray"), active="gray")
    assert game.strength_at("d5") == 6
    assert game.strength_at("h8") == 3      # Bone Legion: gray army but red
    assert game.strength_at("h1") == 7      # Srik: green
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Rock Giant"


def test_crevcor_curse_helps_silver_pieces_of_either_side():
    game = position({"d5": lent(ROCK_GIANT), "h1": SRIK, "h8": CRUSH},
                    curse=(CREVCOR, "gray"))
    assert game.strength_at("d5") == 6


# -- #107 Evit -----------------------------------------------------------------------------


def test_evit_gives_another_turn():
    game = position({"a8": EVIT, "b8": CRUSH, "h1": SRIK}, active="gray")
    assert not any("evit" in o for o in options(game))   # only at the end of the turn
    play(game, "b8-b7")
    assert game.decision_kind == "window" and "a8 evit" in options(game)
    play(game, "a8 evit", "pass", "pass")
    assert dead(game, "gray") == ["Evit"]
    assert game.active_player == "gray" and game.decision_kind == "main"


def test_without_evit_the_turn_passes():
    game = position({"a8": EVIT, "b8": CRUSH, "h1": SRIK}, active="gray")
    play(game, "b8-b7", "pass", "pass")
    assert game.active_player == "beige"


def test_evit_is_not_offered_at_the_end_of_the_opponents_turn():
    game = position({"a8": EVIT, "h1": SRIK})
    play(game, "h1-h2")
    assert game.current_player == "beige"
    play(game, "pass")
    assert game.current_player == "gray" and options(game) == ["pass"]


# -- #108 Girr -----------------------------------------------------------------------------


def test_girr_vision_reveals_a_piece_two_squares_away():
    game = position({"d5": GIRR, "d3": SRIK, "d2": CURATE, "h1": HIGH_ELF}, active="gray")
    opts = options(game)
    assert "d5 vision d3" in opts and "d5 vision d2" not in opts
    play(game, "d5 vision d3")
    assert knows(game, "gray", "d3") and not knows(game, "gray", "d2")


# -- #109 Cave Beast -----------------------------------------------------------------------


def test_cave_beast_jumps_between_mountains():
    game = position({"a8": CAVE_BEAST, "h1": SRIK}, terrain={"a8": "mountain", "g2": "mountain"},
                    active="gray")
    assert "a8 terrain-move g2" in options(game)
    play(game, "a8 terrain-move g2")
    assert name_at(game, "g2") == "Cave Beast"


def test_cave_beast_cannot_jump_from_plains():
    game = position({"a7": CAVE_BEAST, "h1": SRIK}, terrain={"a8": "mountain", "g2": "mountain"},
                    active="gray")
    assert not any("terrain-move" in o for o in options(game))


# -- #110 Akillon, #114 Crush --------------------------------------------------------------


def test_akillon_is_berserk():
    game = position({**BERSERK_FIGHT, "d5": AKILLON}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "berserk" and options(game) == ["d4-e4"]


def test_crush_is_berserk_until_nothing_is_left_to_attack():
    game = position({**BERSERK_FIGHT, "d5": CRUSH}, active="gray")
    play(game, "d5-d4", "pass", "pass", "d4-e4", "pass", "pass")
    assert name_at(game, "e4") == "Crush"
    assert game.decision_kind == "window"     # no enemy left next to it


# -- #111 Great Shaman ---------------------------------------------------------------------


def test_great_shaman_brings_back_silver_magic_pieces():
    game = position({"e5": GREAT_SHAMAN, "h1": SRIK, "a8": CRUSH},
                    destroyed={"gray": [BOLT, WHEEL, CREVCOR]}, active="gray")
    play(game, "e5 great-shaman")
    assert "Great Shaman" in dead(game, "gray")
    # Only the two silver magic pieces qualify (Crevcor is a warrior); stopping is allowed.
    assert sorted(options(game)) == ["choose done", "choose gray:0", "choose gray:1"]
    play(game, "choose gray:0")
    assert "choose e5" in options(game)       # the Shaman's own square is free now
    play(game, "choose e5")
    assert name_at(game, "e5") == "Lightning Bolt" and game.controller_at("e5") == "gray"
    assert knows(game, "beige", "e5")
    assert sorted(options(game)) == ["choose done", "choose gray:0"]
    play(game, "choose gray:0", "choose c3")
    assert name_at(game, "c3") == "Wheel of Energy"
    assert game.decision_kind == "window"     # nothing left to bring back
    assert dead(game, "gray") == ["Crevcor", "Great Shaman"]


def test_great_shaman_may_stop_early():
    game = position({"e5": GREAT_SHAMAN, "h1": SRIK, "a8": CRUSH},
                    destroyed={"gray": [BOLT, WHEEL]}, active="gray")
    play(game, "e5 great-shaman", "choose gray:1", "choose e5", "choose done")
    assert name_at(game, "e5") == "Wheel of Energy"
    assert dead(game, "gray") == ["Great Shaman", "Lightning Bolt"]


def test_great_shaman_needs_a_silver_magic_piece_of_yours():
    game = position({"e5": GREAT_SHAMAN, "h1": SRIK, "a8": CRUSH},
                    destroyed={"gray": [CREVCOR], "beige": [ANTI_RED]}, active="gray")
    assert not any("great-shaman" in o for o in options(game))


def test_great_shaman_raises_silver_magic_from_any_destroyed_area():
    # Ruling: the text names no owner. Beige plays a captured Great Shaman: gray's destroyed
    # Lightning Bolt comes back under beige's control.
    game = position({"e5": lent(GREAT_SHAMAN), "h1": SRIK, "a8": CRUSH},
                    destroyed={"gray": [BOLT]})
    assert "e5 great-shaman" in options(game)
    play(game, "e5 great-shaman", "choose gray:0", "choose e5")
    assert name_at(game, "e5") == "Lightning Bolt" and game.controller_at("e5") == "beige"


def test_great_shaman_cannot_raise_the_curse_piece():
    game = position({"e5": GREAT_SHAMAN, "h1": SRIK, "a8": CRUSH}, curse=(IDOL, "gray"),
                    active="gray")
    assert not any("great-shaman" in o for o in options(game))


# -- #112 Medusa ---------------------------------------------------------------------------


def test_medusa_destroys_everything_around_her_but_a_castle():
    game = position({"d5": MEDUSA, "d4": SRIK, "e6": CURATE, "c5": ROCK_GIANT,
                     "c6": TITAN_CASTLE, "d3": HIGH_ELF, "h8": CRUSH}, active="gray")
    play(game, "d5 medusa")
    for sq in ("d5", "d4", "e6", "c5"):
        assert name_at(game, sq) is None
    assert name_at(game, "c6") == "Titan Castle"
    assert name_at(game, "d3") == "High Elf"    # two squares away
    assert dead(game, "beige") == ["Hillstone Curate", "Srik"]
    assert dead(game, "gray") == ["Medusa", "Rock Giant"]
    assert not game.is_over


# -- #113 Golladus, #122 Marr, #125 Smektor, #129 Cerebin: Charging -----------------------


def test_golladus_charges_into_an_attack():
    game = position({"a5": GOLLADUS, "a2": CURATE, "h1": SRIK}, active="gray")
    assert "a5 charging a2" in options(game)
    play(game, "a5 charging a2", "pass", "pass")
    assert name_at(game, "a2") == "Golladus"


def test_marr_on_mountain_and_charging():
    fight = {"a5": MARR, "a2": NEGATION, "h1": SRIK}
    game = position(fight, terrain={"a2": "mountain"}, active="gray")
    play(game, "a5 charging a2")
    assert game.strength_at("a5") == 5
    play(game, "pass", "pass")
    assert name_at(game, "a2") == "Marr"
    game = position(fight, active="gray")
    play(game, "a5 charging a2", "pass", "pass")
    assert name_at(game, "a2") == "Spirit of Negation" and dead(game, "gray") == ["Marr"]


# -- #115 Helcar ---------------------------------------------------------------------------


def test_helcar_wins_on_mountain_and_loses_elsewhere():
    fight = {"d5": HELCAR, "d4": GRAY_KNIGHT, "h1": SRIK, "a8": CRUSH}
    game = position(fight, terrain={"d4": "mountain"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Helcar"
    game = position(fight, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Gray Knight"


def test_helcar_flies():
    game = position({"d5": HELCAR, "d4": SRIK, "h8": CRUSH}, terrain={"d3": "water"},
                    active="gray")
    assert "d5 flying d2" in options(game)   # over Srik and the water
    play(game, "d5 flying d2")
    assert name_at(game, "d2") == "Helcar"


# -- #116 Neptillion, #120 Mist Giant ------------------------------------------------------


def test_neptillion_wins_next_to_water_only():
    fight = {"d5": NEPTILLION, "d4": HIGH_ELF, "h1": SRIK, "a8": CRUSH}
    game = position(fight, terrain={"e3": "water"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Neptillion"
    game = position(fight, terrain={"e2": "water"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "High Elf"


def test_mist_giant_is_stronger_beside_water():
    game = position({"d5": MIST_GIANT, "h5": MIST_GIANT, "h1": SRIK}, terrain={"c6": "water"},
                    active="gray")
    assert game.strength_at("d5") == 6 and game.strength_at("h5") == 4
    play(game, "d5-d4")          # d4 does not touch c6
    assert game.strength_at("d4") == 4


def test_mist_giant_defends_beside_water():
    fight = {"d5": MIST_GIANT, "d4": CURATE, "a8": CRUSH}
    game = position(fight, terrain={"c6": "water"})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Mist Giant"
    game = position(fight)
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Hillstone Curate"


# -- #117 Rock Giant -----------------------------------------------------------------------


def test_rock_giant_distance_strike():
    game = position({"d5": ROCK_GIANT, "d3": NEGATION, "e4": SRIK, "h1": HIGH_ELF},
                    active="gray")
    assert {"d5 distance-strike d3", "d5 distance-strike e4"} <= set(options(game))
    assert "d5 distance-strike h1" not in options(game)
    play(game, "d5 distance-strike d3", "pass", "pass")
    assert dead(game, "beige") == ["Spirit of Negation"]


def test_rock_giant_strike_fails_against_a_stronger_piece():
    game = position({"d5": ROCK_GIANT, "e4": SRIK, "h1": HIGH_ELF}, active="gray")
    play(game, "d5 distance-strike e4", "pass", "pass")
    assert name_at(game, "e4") == "Srik" and knows(game, "gray", "e4")


# -- #118 Enchanted Shield -----------------------------------------------------------------


SHIELD_FIGHT = {"c5": SHIELD, "d5": ROCK_GIANT, "d4": HIGH_ELF, "h1": SRIK, "a8": CRUSH}


def test_enchanted_shield_turns_a_loss_into_a_win():
    game = position(SHIELD_FIGHT, active="gray")
    play(game, "d5-d4")
    assert "c5 enchanted-shield d5" in options(game)
    play(game, "c5 enchanted-shield d5")
    assert game.strength_at("d5") == 7
    assert dead(game, "gray") == ["Enchanted Shield"]
    play(game, "pass", "pass")
    assert name_at(game, "d4") == "Rock Giant"
    play(game, "pass", "pass")
    assert game.strength_at("d4") == 5       # only until the end of the turn


def test_without_enchanted_shield_the_attack_fails():
    game = position(SHIELD_FIGHT, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "High Elf"


def test_enchanted_shield_limits():
    game = position({**SHIELD_FIGHT, "b5": CRUSH, "c4": lent(CRUSH)}, active="gray")
    opts = [o for o in options(game) if "enchanted-shield" in o]
    # Adjacent warriors gray can name: not the beige-held Crush on c4 (hidden from gray now),
    # not the far Crush on a8.
    assert sorted(opts) == ["c5 enchanted-shield b5", "c5 enchanted-shield d5"]
    play(game, "d5-d4")
    # During an attack only a piece in the fight can be helped: "an adjacent piece" may be
    # either of them, the known enemy defender too (see "An adjacent piece is anyone's").
    assert sorted(o for o in options(game) if "enchanted-shield" in o) == [
        "c5 enchanted-shield d4", "c5 enchanted-shield d5"]


def test_enchanted_shield_in_the_main_decision_reveals_its_target():
    game = position({"c5": SHIELD, "d5": ROCK_GIANT, "h8": CRUSH, "a1": SRIK, "g6": CRUSH})
    play(game, "a1-a2", "pass", "pass")
    assert game.active_player == "gray"
    play(game, "c5 enchanted-shield d5")
    assert knows(game, "beige", "d5") and game.strength_at("d5") == 7
    assert game.decision_kind == "main"      # an ability, not the turn's action


def test_enchanted_shield_saves_a_defender():
    fight = {"c5": SHIELD, "d5": ROCK_GIANT, "d4": HIGH_ELF, "h8": CRUSH, "a1": SRIK}
    game = position(fight)
    play(game, "d4-d5", "pass")
    assert game.current_player == "gray" and "c5 enchanted-shield d5" in options(game)
    play(game, "c5 enchanted-shield d5", "pass", "pass")
    assert name_at(game, "d5") == "Rock Giant" and dead(game, "beige") == ["High Elf"]
    assert not any("enchanted-shield" in o for o in options(game))   # end window
    game = position(fight)
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "High Elf"


# -- #119 Colossor -------------------------------------------------------------------------


def test_colossor_beats_a_flyer():
    game = position({"d4": lent(HELCAR), "d5": COLOSSOR, "h8": CRUSH, "a1": SRIK})
    play(game, "d4-d5")
    assert game.strength_at("d5") == 7
    play(game, "pass", "pass")
    assert name_at(game, "d5") == "Colossor" and game.controller_at("d5") == "gray"


def test_colossor_loses_to_a_walker():
    game = position({"d4": CURATE, "d5": COLOSSOR, "h8": CRUSH, "a1": SRIK})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Hillstone Curate"


def test_colossor_reflects_a_distance_strike():
    game = position({"d3": lent(ROCK_GIANT), "d5": COLOSSOR, "h8": CRUSH, "a1": SRIK})
    play(game, "d3 distance-strike d5")
    assert name_at(game, "d5") == "Colossor" and name_at(game, "d3") is None
    assert dead(game, "gray") == ["Rock Giant"]


def test_a_distance_strike_kills_a_weaker_piece_that_is_not_colossor():
    game = position({"d3": lent(ROCK_GIANT), "d5": MIST_GIANT, "h8": CRUSH, "a1": SRIK})
    play(game, "d3 distance-strike d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d3") == "Rock Giant"


# -- #121 H'caor Ogre Mage -----------------------------------------------------------------


def test_hcaor_mountain_bonus_and_jump():
    game = position({"a8": HCAOR, "h1": SRIK}, terrain={"a8": "mountain", "f3": "mountain"},
                    active="gray")
    assert game.strength_at("a8") == 6
    assert "a8 terrain-move f3" in options(game)
    play(game, "a8 terrain-move f3")
    assert name_at(game, "f3") == "H'caor Ogre Mage" and knows(game, "beige", "f3")
    game = position({"a7": HCAOR, "h1": SRIK}, terrain={"a8": "mountain"}, active="gray")
    assert game.strength_at("a7") == 4
    assert not any("terrain-move" in o for o in options(game))


# -- #123 Dumes ----------------------------------------------------------------------------


def test_dumes_attacks_its_own_side():
    game = position({"d5": DUMES, "d4": UZELIS, "e5": TITAN_CASTLE, "h1": SRIK}, active="gray")
    opts = options(game)
    assert "d5-d4" in opts
    assert "d5-e5" not in opts                # never its own castle
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Dumes" and dead(game, "gray") == ["Uzelis"]


def test_other_pieces_cannot_attack_their_own_side():
    game = position({"d5": CRUSH, "d4": UZELIS, "h1": SRIK}, active="gray")
    assert "d5-d4" not in options(game)


def test_dumes_charges_onto_its_own_piece():
    game = position({"d6": DUMES, "d3": GWARF, "h1": SRIK}, active="gray")
    assert "d6 charging d3" in options(game)
    play(game, "d6 charging d3", "pass", "pass")
    assert name_at(game, "d3") == "Dumes" and dead(game, "gray") == ["Gwarf"]


# -- #124 Linghorn, #125 Smektor: Dispel Magic ---------------------------------------------


def test_linghorn_dispels_magic_and_slashes():
    game = position({"d5": LINGHORN, "b3": lent(STATUE), "h1": SRIK}, active="gray")
    assert "d5 slashing b3" in options(game)
    play(game, "d5 slashing b3", "pass", "pass")
    assert name_at(game, "b3") == "Linghorn" and dead(game, "gray") == ["Living Statue"]


def test_without_dispel_magic_the_statue_takes_the_attacker():
    game = position({"b4": GWARF, "b3": lent(STATUE), "h1": SRIK}, active="gray")
    play(game, "b4-b3", "pass", "pass")
    assert name_at(game, "b3") is None and dead(game, "gray") == ["Gwarf", "Living Statue"]


def test_smektor_charges_through_a_magic_piece():
    game = position({"d7": SMEKTOR, "d3": lent(WHEEL), "h1": SRIK}, active="gray")
    assert "d7 charging d3" in options(game)
    play(game, "d7 charging d3", "pass", "pass")
    assert name_at(game, "d3") == "Smektor"


# -- #126 Uzelis ---------------------------------------------------------------------------

TEST_SPRITE = piece(990, "Test Sprite", 6, type="sprite", colour="green",
                    text="A stand-in sprite for the tests, with no power.")


@cache
def sprite_catalogue():
    """The installed catalogue plus a stand-in sprite, so the test does not depend on another
    nation's sprite being written yet."""
    return Catalogue([*default_catalogue().values(), TEST_SPRITE], KEYWORD_POWERS)


def test_uzelis_destroys_a_sprite_it_attacks():
    cat = sprite_catalogue()
    game = position({"d5": UZELIS, "d4": 990, "h1": SRIK}, active="gray", catalogue=cat)
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Uzelis"


def test_uzelis_destroys_wannok_the_sprite():
    game = position({"d5": UZELIS, "d4": 13, "h1": SRIK}, terrain={"d4": "forest"},
                    active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Uzelis" and dead(game, "beige") == ["Wannok"]


def test_uzelis_loses_to_a_non_sprite_and_to_an_attacking_sprite():
    cat = sprite_catalogue()
    game = position({"d5": UZELIS, "d4": HIGH_ELF, "h1": SRIK}, active="gray", catalogue=cat)
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "High Elf"
    game = position({"d5": UZELIS, "d4": 990, "a8": CRUSH}, catalogue=cat)
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Test Sprite"


# -- #127 Gnarak ---------------------------------------------------------------------------


def test_gnarak_wins_on_mountain_then_the_opponent_throws_it():
    game = position({"d5": GNARAK, "d4": GRAY_KNIGHT, "h1": SRIK, "a8": CRUSH},
                    terrain={"d4": "mountain"}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 9
    play(game, "pass", "pass")
    assert name_at(game, "d4") == "Gnarak"
    assert game.current_player == "beige" and game.decision_kind == "ask"
    opts = options(game)
    assert "choose h2" in opts and "choose d5" in opts
    assert "choose d4" not in opts and "choose h1" not in opts   # occupied
    play(game, "choose h2")
    assert name_at(game, "h2") == "Gnarak" and name_at(game, "d4") is None
    assert game.decision_kind == "window"


def test_gnarak_loses_off_mountain():
    game = position({"d5": GNARAK, "d4": GRAY_KNIGHT, "h1": SRIK, "a8": CRUSH}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Gray Knight" and dead(game, "gray") == ["Gnarak"]


def test_gnarak_is_not_thrown_after_a_defence():
    game = position({"d5": GNARAK, "d4": CURATE, "a8": CRUSH}, terrain={"d5": "mountain"})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Gnarak" and game.decision_kind == "window"


# -- #128 Gwarf, #129 Cerebin --------------------------------------------------------------


def test_gwarf_fells_a_base_ten_piece():
    game = position({"d5": GWARF, "d4": lent(KRALC), "h1": SRIK}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Gwarf"


def test_gwarf_loses_otherwise_and_when_attacked():
    game = position({"d5": GWARF, "d4": TIERA, "h1": SRIK}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Tiera"
    game = position({"d5": GWARF, "d4": lent(KRALC), "a8": CRUSH})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Kralc"


def test_cerebin_charges_into_a_base_ten_piece():
    game = position({"d8": CEREBIN, "d3": lent(ULTIMADUS), "h1": SRIK}, active="gray")
    assert "d8 charging d3" in options(game)
    play(game, "d8 charging d3", "pass", "pass")
    assert name_at(game, "d3") == "Cerebin"
    game = position({"d8": CEREBIN, "d3": lent(NAMHEL), "h1": SRIK}, active="gray")
    play(game, "d8 charging d3", "pass", "pass")
    assert name_at(game, "d3") == "Namhel"

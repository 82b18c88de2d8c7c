"""Qa'an warriors whose powers are shared blocks: terrain bonuses, keyword actions, kills.

Most tests put Qa'an pieces on both sides (``B(n)`` is piece ``n`` fighting for beige) so they
depend on no other nation.
"""

import pytest

from legends_core.testing import destroyed_names as dead_names
from legends_core.testing import options, play, position


def B(number):
    """A piece owned and controlled by beige."""
    return {"number": number, "owner": "beige"}



def attack(game, move):
    """Attack, then both players pass the attack window."""
    play(game, move, "pass", "pass")


# -- #173 Gangis Wind, #178 Yorkus: terrain to terrain -------------------------------------


@pytest.mark.parametrize("number,terrain", [(173, "town"), (178, "desert")])
def test_terrain_jump_from_and_to_its_terrain(number, terrain):
    game = position({"b2": number, "h8": B(11)}, terrain={"b2": terrain, "g6": terrain},
                    active="gray")
    assert "b2 terrain-move g6" in options(game)
    play(game, "b2 terrain-move g6")
    assert game.piece_at("g6").number == number and game.piece_at("b2") is None
    assert game.view("beige").piece_on("g6").number == number  # using it reveals the piece


@pytest.mark.parametrize("number,terrain", [(173, "town"), (178, "desert")])
def test_terrain_jump_needs_to_start_on_its_terrain(number, terrain):
    game = position({"b2": number, "h8": B(11)}, terrain={"g6": terrain}, active="gray")
    assert not any("terrain-move" in o for o in options(game))


# -- #174 Frinhorn: +1 on plains, Flying --------------------------------------------------


def test_frinhorn_beats_a_nine_on_plains():
    game = position({"d5": 174, "d4": 37, "h8": 11}, active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4").name == "Frinhorn"
    assert dead_names(game, "beige") == ["Tiera"]


def test_frinhorn_only_ties_a_nine_off_plains():
    game = position({"d5": 174, "d4": 37, "h8": 11}, terrain={"d4": "town"}, active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


def test_frinhorn_flies_over_a_piece():
    game = position({"d4": 174, "d5": B(184), "h8": B(11)}, active="gray")
    assert "d4 flying d6" in options(game)
    play(game, "d4 flying d6")
    assert game.piece_at("d6").name == "Frinhorn"


# -- #175 Mrmrm, #190 Kzz't: bonus against Flying ----------------------------------------


def test_mrmrm_gets_one_against_a_flyer():
    # Frinhorn (9, Flying) on town: Mrmrm 8 + 1 = 9 ties it.
    game = position({"d5": 175, "d4": B(174), "h8": B(11)}, terrain={"d4": "town"},
                    active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 9
    play(game, "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


def test_mrmrm_gets_nothing_against_a_non_flyer():
    # Gangis Wind (9, no Flying): Mrmrm stays at 8 and loses.
    game = position({"d5": 175, "d4": B(173), "h8": B(11)}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 8
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Gangis Wind"
    assert dead_names(game, "gray") == ["Mrmrm"]


def test_kzzt_gets_three_against_a_flyer():
    # Under Nosimaj's curse every mobile piece has Flying: Kzz't (3 + 3) beats Parasitix (4).
    game = position({"d5": 190, "d4": B(189), "h8": B(11)}, curse=(195, "gray"), active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 6
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Kzz't"


def test_kzzt_gets_nothing_against_a_non_flyer():
    game = position({"d5": 190, "d4": B(189), "h8": B(11)}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 3
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Parasitix"


def test_kzzt_flies():
    game = position({"d4": 190, "e4": B(184), "h8": B(11)}, active="gray")
    assert "d4 flying f4" in options(game)


# -- #179 Bactillion, #183 Yarbu, #194 Foulis: Dispel Magic ------------------------------


@pytest.mark.parametrize("number", [179, 183, 194])
def test_dispel_magic_survives_a_spell(number):
    game = position({"d5": number, "d4": B(198), "h8": B(11)}, active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4").number == number
    assert dead_names(game, "beige") == ["Paranos"] and dead_names(game, "gray") == []


def test_without_dispel_magic_the_spell_takes_the_attacker():
    game = position({"d5": 184, "d4": B(198), "h8": B(11)}, active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4") is None and dead_names(game, "gray") == ["Hades Giant"]


def test_bactillion_flies():
    game = position({"d4": 179, "d5": B(184), "h8": B(11)}, active="gray")
    assert "d4 flying d6" in options(game)


def test_yarbu_charges_and_attacks_at_the_end():
    game = position({"a1": 183, "a5": B(189), "h8": B(11)}, active="gray")
    opts = options(game)
    assert {"a1 charging a3", "a1 charging a4", "a1 charging a5"} <= set(opts)
    play(game, "a1 charging a5", "pass", "pass")
    assert game.piece_at("a5").name == "Yarbu the Magic Eater"


# -- terrain bonuses ---------------------------------------------------------------------


@pytest.mark.parametrize("number,terrain,victim", [
    (181, "forest", 44),   # Accissejo 6 + 2 against Gray Knight 7
    (184, "mountain", 11),  # Hades Giant 5 + 2 against High Elf 6
    (191, "forest", 189),  # Slime 3 + 2 against Parasitix 4
    (194, "forest", 193),  # Foulis 2 + 2 against Nazint 2
    (187, "mountain", 189),  # Marbas 4 + 2 against Parasitix 4
    (196, "mountain", 189),  # Helliton 1 + 4 against Parasitix 4
])
def test_terrain_bonus_wins_on_its_terrain(number, terrain, victim):
    game = position({"d5": number, "d4": B(victim), "h8": B(11)}, terrain={"d4": terrain},
                    active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4").number == number
    assert game.controller_at("d4") == "gray"


@pytest.mark.parametrize("number,victim", [
    (181, 44), (184, 11), (191, 189), (194, 193), (187, 189), (196, 189),
])
def test_terrain_bonus_is_missing_elsewhere(number, victim):
    game = position({"d5": number, "d4": B(victim), "h8": B(11)}, active="gray")
    attack(game, "d5-d4")
    assert game.engine.catalogue[number].name in dead_names(game, "gray")  # the Qa'an fell


def test_smerdim_forest_bonus_turns_a_tie_into_a_win():
    on_forest = position({"d5": 185, "d4": B(184), "h8": B(11)}, terrain={"d4": "forest"},
                         active="gray")
    attack(on_forest, "d5-d4")
    assert on_forest.piece_at("d4").name == "Smerdim"
    on_plains = position({"d5": 185, "d4": B(184), "h8": B(11)}, active="gray")
    attack(on_plains, "d5-d4")
    assert on_plains.piece_at("d4") is None and on_plains.piece_at("d5") is None


def test_accissejo_slashes():
    game = position({"a1": 181, "d4": B(189), "h8": B(11)}, active="gray")
    assert {"a1 slashing b2", "a1 slashing c3", "a1 slashing d4"} <= set(options(game))
    play(game, "a1 slashing d4", "pass", "pass")
    assert game.piece_at("d4").name == "Accissejo"


def test_slime_of_bremmuk_charges():
    game = position({"a1": 191, "h8": B(11), "h1": 184}, active="gray")
    assert "a1 charging a8" in options(game)


def test_smerdim_is_berserk():
    # Smerdim wins on forest, then must attack the next enemy next to it.
    game = position({"d5": 185, "d4": B(189), "e4": B(193), "h8": B(11)},
                    terrain={"d4": "forest"}, active="gray")
    attack(game, "d5-d4")
    assert game.decision_kind == "berserk"
    assert options(game) == ["d4-e4"]
    play(game, "d4-e4", "pass", "pass")
    assert game.piece_at("e4").name == "Smerdim"
    assert dead_names(game, "beige") == ["Nazint", "Parasitix"]


# -- #186 Lizarkus ------------------------------------------------------------------------


def test_lizarkus_weaker_on_desert():
    game = position({"d5": 186, "d4": B(189), "h8": B(11)}, terrain={"d4": "desert"},
                    active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4").name == "Parasitix"
    plains = position({"d5": 186, "d4": B(189), "h8": B(11)}, active="gray")
    attack(plains, "d5-d4")
    assert plains.piece_at("d4").name == "Lizarkus"


def test_lizarkus_moves_between_squares_next_to_water():
    terrain = {"c4": "water", "f7": "water"}
    game = position({"b4": 186, "h1": B(11), "h2": 184}, terrain=terrain, active="gray")
    opts = [o for o in options(game) if "water-move" in o]
    assert "b4 water-move g8" in opts and "b4 water-move e6" in opts
    assert "b4 water-move a1" not in opts
    play(game, "b4 water-move g8")
    assert game.piece_at("g8").name == "Lizarkus"
    # Away from water the action is not there.
    far = position({"a1": 186, "h1": B(11)}, terrain=terrain, active="gray")
    assert not any("water-move" in o for o in options(far))


# -- #188 Spitting Mushrooms: Distance Strike --------------------------------------------


def test_spitting_mushrooms_strike_a_weaker_piece_two_squares_away():
    game = position({"d2": 188, "d4": B(193), "h8": B(11)}, active="gray")
    assert "d2 distance-strike d4" in options(game)
    play(game, "d2 distance-strike d4", "pass", "pass")
    assert game.piece_at("d4") is None and dead_names(game, "beige") == ["Nazint"]


def test_spitting_mushrooms_do_not_harm_an_equal_piece():
    game = position({"d2": 188, "d4": B(189), "h8": B(11)}, active="gray")
    play(game, "d2 distance-strike d4", "pass", "pass")
    assert game.piece_at("d4").name == "Parasitix"
    assert game.view("gray").piece_on("d4").number == 189  # it was revealed


# -- #196 Helliton, #197 Demarn: kills by base strength ----------------------------------


@pytest.mark.parametrize("victim", [37, 173])  # Tiera 9, Gangis Wind 9
def test_helliton_kills_base_nine_it_attacks(victim):
    game = position({"d5": 196, "d4": B(victim), "h8": B(11)}, active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4").name == "Helliton"


def test_helliton_kills_base_ten_but_not_eight():
    ten = position({"d5": 196, "d4": B(171), "h8": B(11)}, active="gray")
    attack(ten, "d5-d4")
    assert ten.piece_at("d4").name == "Helliton"
    eight = position({"d5": 196, "d4": B(175), "h8": B(11)}, active="gray")
    attack(eight, "d5-d4")
    assert eight.piece_at("d4").name == "Mrmrm"


def test_helliton_does_not_kill_a_nine_that_attacks_it():
    game = position({"d4": B(37), "d5": 196, "h1": 184})
    attack(game, "d4-d5")
    assert game.piece_at("d5").name == "Tiera"


def test_demarn_kills_base_ten_but_not_nine():
    ten = position({"d5": 197, "d4": B(172), "h8": B(11)}, active="gray")
    attack(ten, "d5-d4")
    assert ten.piece_at("d4").name == "Demarn the Putrid"
    nine = position({"d5": 197, "d4": B(37), "h8": B(11)}, active="gray")
    attack(nine, "d5-d4")
    assert nine.piece_at("d4").name == "Tiera"


def test_demarn_turns_a_distance_strike_back():
    game = position({"d2": B(188), "d4": 197, "h8": 184})
    play(game, "d2 distance-strike d4")
    assert game.piece_at("d4").name == "Demarn the Putrid"
    assert game.piece_at("d2") is None and dead_names(game, "beige") == ["Spitting Mushrooms"]


# -- #193 Nazint: destroy itself to give a purple piece +1 -------------------------------


def test_nazint_turns_a_tie_into_a_win():
    # Hades Giant (5) against another Hades Giant: a tie until Nazint adds 1.
    game = position({"d5": 184, "d4": B(184), "e6": 193, "h8": B(11)}, active="gray")
    play(game, "d5-d4")
    assert "e6 nazint d5" in options(game)
    play(game, "e6 nazint d5")
    assert game.strength_at("d5") == 6
    assert "Nazint" in dead_names(game, "gray")
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Hades Giant" and game.controller_at("d4") == "gray"


def test_nazint_helps_only_adjacent_purple_pieces():
    # Dalious is silver: not a target. The far Hades Giant is not adjacent.
    game = position({"d5": 193, "d6": 206, "a1": 184, "h8": B(11)}, active="gray")
    assert not any("nazint" in o for o in options(game))
    near = position({"d5": 193, "d6": 184, "h8": B(11)}, active="gray")
    assert "d5 nazint d6" in options(near)
    play(near, "d5 nazint d6")
    assert near.strength_at("d6") == 6
    play(near, "d6-d7", "pass", "pass")
    assert near.strength_at("d7") == 5  # the +1 is gone at the end of the turn

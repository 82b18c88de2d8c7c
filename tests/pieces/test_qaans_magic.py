"""Qa'an magic pieces, castles and death curses."""

import pytest

from legends_core.testing import curse_name, options, play, position
from legends_core.testing import destroyed_names as dead_names
from legends_core.testing import seen_number as known_to


def B(number):
    """A piece owned and controlled by beige."""
    return {"number": number, "owner": "beige"}





# -- #171 Bremmuk, #176 Oeroed, #182 Slud: molds come back when the curse ends ------------

# Gray's destroyed area: Slime of Bremmuk (3), Foulis (2), Smerdim (5), Gangis Wind (9),
# Hades Giant (5, an insectoid).
MOLD_GRAVE = {"gray": [191, 194, 185, 173, 184]}
FORESTS = {"a1": "forest", "b1": "forest", "c1": "forest"}


def replace_curse(curse):
    """Gray Knight (beige) destroys Nosimaj, whose curse replaces ``curse``."""
    curse = curse if isinstance(curse, tuple) else (curse, "gray")
    game = position({"d3": 44, "d4": 195, "h1": 11, "h8": 184}, terrain=FORESTS,
                    curse=curse, destroyed=MOLD_GRAVE)
    play(game, "d3-d4", "pass", "pass")
    return game


@pytest.mark.parametrize("curse,offered", [
    (171, ["Foulis", "Slime of Bremmuk", "Smerdim"]),   # budget 8
    (176, ["Foulis", "Slime of Bremmuk", "Smerdim"]),   # budget 6
    (182, ["Foulis", "Slime of Bremmuk"]),               # budget 4
])
def test_mold_curses_offer_molds_within_budget(curse, offered):
    game = replace_curse(curse)
    assert game.current_player == "gray"
    g = game.engine
    names = sorted(g.types[g.from_ref(o.split()[1])].name for o in options(game)
                   if o != "choose done")
    assert names == offered  # never Gangis Wind (9) nor the insectoid
    assert "choose done" in options(game)


def test_bremmuk_brings_back_molds_up_to_eight_onto_forest():
    game = replace_curse(171)
    g = game.engine
    smerdim = g.ref(next(p for p in g.dead[1] if g.types[p].name == "Smerdim"))
    play(game, f"choose {smerdim}")
    assert sorted(options(game)) == ["choose a1", "choose b1", "choose c1"]
    play(game, "choose a1")
    slime = g.ref(next(p for p in g.dead[1] if g.types[p].name == "Slime of Bremmuk"))
    play(game, f"choose {slime}", "choose b1")
    # 5 + 3 = 8: nothing more fits, not even Foulis (2).
    assert game.decision_kind == "window"
    assert game.piece_at("a1").name == "Smerdim" and game.controller_at("a1") == "gray"
    assert game.piece_at("b1").name == "Slime of Bremmuk"
    assert known_to(game, "beige", "a1") == 185  # back face up
    assert curse_name(game) == "Nosimaj" and g.curse_on


def test_slud_budget_of_four_allows_one_slime_and_no_more():
    game = replace_curse(182)
    g = game.engine
    slime = g.ref(next(p for p in g.dead[1] if g.types[p].name == "Slime of Bremmuk"))
    play(game, f"choose {slime}", "choose c1")
    assert game.decision_kind == "window"  # Foulis (2) would exceed 4


def test_oeroed_budget_of_six_allows_slime_and_foulis():
    game = replace_curse(176)
    g = game.engine
    slime = g.ref(next(p for p in g.dead[1] if g.types[p].name == "Slime of Bremmuk"))
    play(game, f"choose {slime}", "choose c1")
    foulis = g.ref(next(p for p in g.dead[1] if g.types[p].name == "Foulis"))
    assert sorted(options(game)) == sorted([f"choose {foulis}", "choose done"])
    play(game, f"choose {foulis}", "choose a1")
    assert game.piece_at("a1").name == "Foulis"


def test_molds_come_back_from_any_destroyed_area_for_the_curse_player():
    # Ruling: the text names no owner. Bremmuk's curse works for beige (it was destroyed while
    # beige held it): gray's destroyed molds come back under beige's control.
    game = replace_curse((171, "beige"))
    assert game.current_player == "beige"
    g = game.engine
    slime = g.ref(next(p for p in g.dead[1] if g.types[p].name == "Slime of Bremmuk"))
    play(game, f"choose {slime}", "choose a1")
    assert game.piece_at("a1").name == "Slime of Bremmuk" and game.controller_at("a1") == "beige"


def test_mold_curse_does_nothing_while_in_effect():
    game = position({"d5": 185, "d4": B(189), "h8": B(11)}, curse=(171, "gray"),
                    destroyed=MOLD_GRAVE, terrain=FORESTS, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("a1") is None and game.decision_kind == "window"


# -- #195 Nosimaj: every mobile piece gains Flying ---------------------------------------


def test_nosimaj_curse_gives_flying_to_mobile_pieces_of_both_sides():
    pieces = {"d4": 184, "d5": B(189), "a4": B(11), "b4": 184, "h1": 200}
    cursed = position(pieces, curse=(195, "gray"), active="gray")
    assert "d4 flying d6" in options(cursed)
    play(cursed, "d4 flying d6", "pass", "pass")
    assert "a4 flying c4" in options(cursed)  # beige's High Elf flies too
    plain = position(pieces, active="gray")
    assert not any("flying" in o for o in options(plain))


def test_nosimaj_curse_leaves_stationary_pieces_grounded():
    game = position({"a1": 200, "a2": 184, "h8": B(11)}, curse=(195, "gray"), active="gray")
    assert not game.engine.has_keyword(game.engine.grid[game.engine.sq("a1")], "flying")
    assert not any(o.startswith("a1 ") for o in options(game))


# -- #198 Paranos -------------------------------------------------------------------------


def test_paranos_destroys_its_attacker():
    game = position({"d4": B(44), "d5": 198, "h8": 184})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5") is None and game.piece_at("d4") is None
    assert dead_names(game, "beige") == ["Gray Knight"]


def test_paranos_moves_but_never_attacks():
    game = position({"d5": 198, "d4": B(11), "h8": B(11)}, active="gray")
    opts = options(game)
    assert "d5-d6" in opts and "d5-d4" not in opts


# -- #199 Spore of Parasitix (its action is in test_qaans_unique) ------------------------


def test_spore_of_parasitix_destroys_its_attacker():
    game = position({"d4": B(44), "d5": 199, "h8": 184})
    play(game, "d4-d5", "pass", "pass")
    assert dead_names(game, "beige") == ["Gray Knight"]
    assert dead_names(game, "gray") == ["Spore of Parasitix"]


# -- #200 Flit Spore, #202 Larva: stationary spells with strength curses ------------------


@pytest.mark.parametrize("number", [200, 202])
def test_stationary_spell_destroys_its_attacker(number):
    alone = position({"d5": number, "h8": B(11), "a1": 184}, active="gray")
    assert not any(o.startswith("d5") for o in options(alone))  # stationary
    game = position({"d4": B(44), "d5": number, "h8": 184})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None
    assert curse_name(game) == game.engine.catalogue[number].name


def test_flit_spore_curse_strengthens_purple_pieces_only():
    game = position({"a1": 184, "b1": 171, "h8": B(189), "h7": B(37)}, curse=(200, "gray"))
    assert game.strength_at("a1") == 6 and game.strength_at("b1") == 11
    assert game.strength_at("h8") == 5  # beige's purple piece gets it too
    assert game.strength_at("h7") == 9


def test_larva_curse_strengthens_insectoids_only():
    game = position({"a1": 184, "b1": 171, "h8": B(189)}, curse=(202, "gray"))
    assert game.strength_at("a1") == 6
    assert game.strength_at("b1") == 10 and game.strength_at("h8") == 4


@pytest.mark.parametrize("curse,both_fall", [(None, False), (200, True), (202, True)])
def test_strength_curse_decides_an_attack(curse, both_fall):
    # Hades Giant (5) attacks a High Elf (6): it loses, unless a curse makes it 6 for a tie.
    game = position({"d5": 184, "d4": B(11), "h8": B(11)},
                    curse=None if curse is None else (curse, "gray"), active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d5") is None
    assert (game.piece_at("d4") is None) == both_fall


# -- #201 Fungus of Bremmuk ---------------------------------------------------------------


def test_fungus_dies_alone_and_exposes_the_attackers_magic():
    game = position({"d4": B(44), "d5": 201, "a1": B(99), "b1": B(198), "h8": 200, "h7": 184})
    play(game, "d4-d5", "pass", "pass")
    # Gray Knight survives, takes the square, and the attack is a success.
    assert game.piece_at("d5").name == "Gray Knight" and dead_names(game, "beige") == []
    assert dead_names(game, "gray") == ["Fungus of Bremmuk"]
    # Beige's magic pieces are now shown; gray's own Flit Spore stays hidden.
    assert known_to(game, "gray", "a1") == 99 and known_to(game, "gray", "b1") == 198
    assert known_to(game, "beige", "h8") is None
    assert known_to(game, "beige", "h7") is None


def test_fungus_dispelled_exposes_nothing():
    game = position({"d4": B(179), "d5": 201, "a1": B(99), "h8": 184})
    play(game, "d4-d5", "pass", "pass")
    assert known_to(game, "gray", "a1") is None


def test_fungus_cannot_attack():
    game = position({"d5": 201, "d4": B(11), "h8": B(11)}, active="gray")
    assert "d5-d4" not in options(game) and "d5-d6" in options(game)


# -- #203 The Hidden Hive -----------------------------------------------------------------


def test_hidden_hive_moves_to_forest_once_per_game():
    game = position({"a1": 203, "b1": 184, "h8": B(11)}, terrain={"f4": "forest", "g4": "forest"},
                    active="gray")
    opts = options(game)
    assert not any(o.startswith("a1-") for o in opts)  # a stationary castle
    assert sorted(o for o in opts if "hidden-hive" in o) == ["a1 the-hidden-hive f4", "a1 the-hidden-hive g4"]
    play(game, "a1 the-hidden-hive f4", "pass", "pass")
    assert game.piece_at("f4").name == "The Hidden Hive"
    assert known_to(game, "beige", "f4") == 203
    play(game, "h8-h7", "pass", "pass")
    assert game.active_player == "gray"
    assert not any("the-hidden-hive" in o for o in options(game))


# -- #204 Infested Nest -------------------------------------------------------------------


def test_infested_nest_gives_one_and_wins_a_tie():
    game = position({"d5": 184, "d4": B(184), "e6": 204, "h8": B(11)}, active="gray")
    play(game, "d5-d4")
    assert "e6 infested-nest d5" in options(game)
    play(game, "e6 infested-nest d5")
    assert game.strength_at("d5") == 6
    assert known_to(game, "beige", "e6") == 204
    play(game, "pass")  # beige
    assert game.current_player == "gray"
    assert "e6 infested-nest d5" not in options(game)  # once per turn
    play(game, "pass")
    assert game.piece_at("d4").name == "Hades Giant" and game.controller_at("d4") == "gray"


def test_infested_nest_once_per_turn_and_until_the_end_of_the_turn():
    game = position({"e6": 204, "d5": 184, "f5": 190, "h1": B(11)}, active="gray")
    assert {"e6 infested-nest d5", "e6 infested-nest f5"} <= set(options(game))
    play(game, "e6 infested-nest d5")
    assert game.strength_at("d5") == 6
    assert not any("infested-nest" in o for o in options(game))
    play(game, "d5-d4", "pass", "pass")
    assert game.strength_at("d4") == 5
    # Next turn of gray: available again.
    play(game, "h1-h2", "pass", "pass")
    assert "e6 infested-nest f5" in options(game)


def test_infested_nest_helps_only_adjacent_purple_pieces():
    game = position({"e6": 204, "d5": 206, "a1": 184, "h1": B(11)}, active="gray")
    assert not any("infested-nest" in o for o in options(game))


def test_infested_nest_never_moves():
    game = position({"e6": 204, "a1": 184, "h1": B(11)}, active="gray")
    assert not any(o.startswith("e6") for o in options(game))

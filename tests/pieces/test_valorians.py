"""The Valorians (gold, #35-#68): warriors with boosts, terrain bonuses, movement and
after-attack powers. Death curses, the name guess, magic and castles are in
``test_valorians_special.py``.

Gray pieces used as opponents: #141 Daemin (8, red), #146 Murkis (7, red zombie), #151 Sinakus
(5, red skeleton), #157 Bone Legion (3, red, Dispel Magic), #160 Skeleton Warlock (2, red),
#163 Jezrak (1, red), #118 Enchanted Shield (5, silver), #172 Queen Kivoa (10, purple).
A gray Bone Legion far away (h8) keeps gray able to move.
"""

from legends_core.testing import destroyed_names as dead
from legends_core.testing import options, play, position

KEEP = {"h8": 157}  # gray always has a piece that can move
HOLY_LIGHT_GRAY = {"number": 62, "owner": "gray"}  # a magic piece on the gray side



def attack(game, move):
    """Attack and let both players pass the attack window."""
    return play(game, move, "pass", "pass")


# -- #35 Sir Urgwaine ----------------------------------------------------------------------


def urgwaine_game(**extra):
    # Holy Knight (5) attacks Sinakus (5): a tie unless someone helps.
    return position({"c3": 35, "d3": 50, "d4": 151, **KEEP, **extra})


def test_sir_urgwaine_boost_wins_a_tied_attack():
    game = urgwaine_game()
    play(game, "d3-d4")
    assert "c3 sir-urgwaine d3" in options(game)
    play(game, "c3 sir-urgwaine d3")
    assert game.strength_at("d3") == 6
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Holy Knight"
    assert dead(game, "gray") == ["Sinakus"]


def test_without_sir_urgwaine_the_attack_is_a_tie():
    game = urgwaine_game()
    attack(game, "d3-d4")
    assert game.piece_at("d4") is None and game.piece_at("d3") is None


def test_sir_urgwaine_once_per_turn_and_reveals_himself():
    game = urgwaine_game(d2=41)  # Gold Knight, another adjacent Paladin
    assert {"c3 sir-urgwaine d3", "c3 sir-urgwaine d2"} <= set(options(game))
    play(game, "c3 sir-urgwaine d2")
    assert game.view("gray").piece_on("c3").name == "Sir Urgwaine"
    assert game.view("gray").piece_on("d2").name == "Gold Knight"
    assert game.strength_at("d2") == 9
    assert not any("sir-urgwaine" in o for o in options(game))
    # Next turn (gray's) the bonus is gone.
    play(game, "d3-e3", "pass", "pass")
    assert game.strength_at("d2") == 8


def test_sir_urgwaine_helps_only_adjacent_paladins():
    # Lamorak (wizard) is adjacent, Gray Knight (paladin) is two squares away.
    game = position({"c3": 35, "d3": 42, "e3": 44, **KEEP})
    assert not any("sir-urgwaine" in o for o in options(game))


# -- #37 Tiera ----------------------------------------------------------------------------


def test_tiera_loses_five_on_marsh():
    game = position({"d3": 37, "d4": 146, **KEEP}, terrain={"d4": "marsh"})
    play(game, "d3-d4")
    assert game.strength_at("d3") == 4
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Murkis" and dead(game, "beige") == ["Tiera"]


def test_tiera_loses_five_on_forest():
    game = position({"d3": 37, "d4": 146, **KEEP}, terrain={"d4": "forest"})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Murkis"


def test_tiera_at_full_strength_elsewhere_and_opponent_destroys_a_piece():
    game = position({"d3": 37, "d4": 146, "a7": 151, **KEEP}, terrain={"d3": "marsh"})
    assert game.strength_at("d3") == 4  # standing on marsh
    attack(game, "d3-d4")  # the attack counts on d4, plains
    assert game.piece_at("d4").name == "Tiera"
    assert game.decision_kind == "ask" and game.current_player == "gray"
    assert sorted(options(game)) == ["choose a7", "choose h8"]
    play(game, "choose a7")
    assert dead(game, "gray") == ["Murkis", "Sinakus"]


def test_tiera_failed_attack_costs_the_opponent_nothing():
    game = position({"d3": 37, "d4": 172, "a7": 151, **KEEP})
    attack(game, "d3-d4")
    assert game.decision_kind == "window"  # straight to the end of the turn
    assert dead(game, "gray") == [] and dead(game, "beige") == ["Tiera"]


# -- #39 Oreld the Deliverer -------------------------------------------------------------


def test_oreld_gives_another_turn():
    game = position({"c3": 39, "a1": 41, **KEEP})
    assert not any("oreld-the-deliverer" in o for o in options(game))  # only at the end of the turn
    play(game, "a1-a2")
    assert game.decision_kind == "window" and "c3 oreld-the-deliverer" in options(game)
    play(game, "c3 oreld-the-deliverer", "pass", "pass")
    assert dead(game, "beige") == ["Oreld the Deliverer"]
    assert game.active_player == "beige" and game.decision_kind == "main"


def test_oreld_only_at_the_end_of_his_own_sides_turn():
    game = position({"c3": 39, "a1": 41, **KEEP}, active="gray")
    play(game, "h8-h7")
    assert game.current_player == "gray"
    play(game, "pass")
    assert game.current_player == "beige" and options(game) == ["pass"]


# -- #40 Craglor --------------------------------------------------------------------------


def test_craglor_flies_over_a_piece():
    game = position({"d1": 40, "d2": 41, **KEEP})
    assert "d1 flying d3" in options(game)
    play(game, "d1 flying d3")
    assert game.piece_at("d3").name == "Craglor"
    # Gold Knight has no Flying.
    assert not any(o.startswith("d2 flying") for o in options(position({"d2": 41, "d3": 42, **KEEP})))


def test_craglor_quickness_moves_two_squares():
    game = position({"d1": 40, **KEEP})
    assert "d1 quickness d3" in options(game) and "d1 quickness e2" in options(game)
    play(game, "d1 quickness e2")
    assert game.piece_at("e2").name == "Craglor"


# -- #41 Gold Knight and #44 Gray Knight --------------------------------------------------


def test_gold_knight_beats_red_daemin_of_equal_strength():
    game = position({"d3": 41, "d4": 141, **KEEP})
    play(game, "d3-d4")
    assert game.strength_at("d3") == 9
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Gold Knight"


def test_gold_knight_no_bonus_against_other_colours():
    game = position({"d3": 41, "d4": 172, **KEEP})
    play(game, "d3-d4")
    assert game.strength_at("d3") == 8  # Queen Kivoa is purple
    assert position({"d3": 41, **KEEP}).strength_at("d3") == 8  # no fight


def test_gray_knight_beats_red_murkis_of_equal_strength():
    game = position({"d3": 44, "d4": 146, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Gray Knight"


def test_gray_knight_ties_a_non_red_seven():
    # Lamorak (gold, 7) on the gray side: no colour bonus, so both fall.
    game = position({"d3": 44, "d4": {"number": 42, "owner": "gray"}, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d3") is None and game.piece_at("d4") is None


def test_gray_knight_quickness():
    game = position({"d1": 44, "d3": 151, **KEEP})
    assert "d1 quickness d3" in options(game)
    play(game, "d1 quickness d3", "pass", "pass")  # two steps, ending in an attack
    assert game.piece_at("d3").name == "Gray Knight"


# -- #42 Lamorak and #54 Pearl Wizard ------------------------------------------------------


def test_lamorak_dispels_magic():
    game = position({"d3": 42, "d4": HOLY_LIGHT_GRAY, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Lamorak" and dead(game, "gray") == ["Holy Light"]


def test_a_wizard_without_dispel_magic_dies_on_the_spell():
    game = position({"d3": 45, "d4": HOLY_LIGHT_GRAY, **KEEP})  # Loovius
    attack(game, "d3-d4")
    assert dead(game, "beige") == ["Loovius"]


def test_lamorak_charges_into_an_attack():
    game = position({"d1": 42, "d6": 151, **KEEP})
    assert {"d1 charging d3", "d1 charging d5", "d1 charging d6"} <= set(options(game))
    play(game, "d1 charging d6", "pass", "pass")
    assert game.piece_at("d6").name == "Lamorak"


def test_pearl_wizard_dispels_magic_and_charges():
    game = position({"d3": 54, "d4": HOLY_LIGHT_GRAY, "a1": 54, **KEEP})
    assert "a1 charging a7" in options(game)
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Pearl Wizard" and dead(game, "beige") == []


# -- terrain bonuses: #43, #49, #58 (mountain), #50 (town), #53, #56 (desert) --------------


def test_hillstone_priest_wins_on_mountain_ties_on_plains():
    game = position({"d3": 43, "d4": 146, **KEEP}, terrain={"d4": "mountain"})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Hillstone Priest"
    game = position({"d3": 43, "d4": 146, **KEEP}, terrain={"d3": "mountain"})
    attack(game, "d3-d4")  # the attack is on plains
    assert game.piece_at("d3") is None and game.piece_at("d4") is None


def test_hillstone_curate_defends_on_mountain():
    game = position({"d4": 49, "d5": 146, "a1": 41, **KEEP}, terrain={"d4": "mountain"},
                    active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d4") == 7  # 5 + 2: a tie with Murkis
    play(game, "pass", "pass")
    assert dead(game, "beige") == ["Hillstone Curate"] and dead(game, "gray") == ["Murkis"]
    game = position({"d4": 49, "d5": 146, "a1": 41, **KEEP}, active="gray")
    attack(game, "d5-d4")
    assert game.piece_at("d4").name == "Murkis"


def test_hillstone_acolyte_mountain_bonus_and_charging():
    game = position({"d1": 58, "d5": 163, **KEEP}, terrain={"d5": "mountain"})
    assert game.strength_at("d1") == 2
    assert "d1 charging d5" in options(game)
    play(game, "d1 charging d5")
    assert game.strength_at("d1") == 4
    play(game, "pass", "pass")
    assert game.piece_at("d5").name == "Hillstone Acolyte"


def test_holy_knight_on_town():
    game = position({"d3": 50, "d4": 146, **KEEP}, terrain={"d4": "town"})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Holy Knight"
    game = position({"d3": 50, "d4": 146, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Murkis"


def test_holy_knight_quickness():
    assert "d1 quickness f1" in options(position({"d1": 50, **KEEP}))


def test_ulaniva_crusader_desert_bonus():
    game = position({"d3": 53, "d4": 151, **KEEP}, terrain={"d4": "desert"})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Ulaniva Crusader"
    game = position({"d3": 53, "d4": 151, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Sinakus"


def test_ulaniva_crusader_moves_desert_to_desert():
    terrain = {"a1": "desert", "g6": "desert", "b1": "desert"}
    game = position({"a1": 53, "b1": 41, **KEEP}, terrain=terrain)
    assert "a1 terrain-move g6" in options(game)
    assert "a1 terrain-move b1" not in options(game)  # occupied
    play(game, "a1 terrain-move g6")
    assert game.piece_at("g6").name == "Ulaniva Crusader"
    # Not from another terrain.
    game = position({"c1": 53, **KEEP}, terrain={"g6": "desert"})
    assert not any("terrain-move" in o for o in options(game))


def test_ulaniva_defender_desert_dispel_and_quickness():
    game = position({"d3": 56, "d4": 151, **KEEP}, terrain={"d4": "desert"})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Ulaniva Defender"  # 3 + 3 beats 5
    game = position({"d3": 56, "d4": 151, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Sinakus"
    game = position({"d3": 56, "d4": HOLY_LIGHT_GRAY, **KEEP})
    assert "d3 quickness d5" not in options(game)  # the first step is blocked
    assert "d3 quickness c4" in options(game)
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Ulaniva Defender"


# -- #45 Loovius and #48 Redillian Sage -----------------------------------------------------


def test_loovius_slashes_diagonally_into_an_attack():
    game = position({"a1": 45, "d4": 163, "c3": 41, **KEEP})
    assert "a1 slashing b2" in options(game)
    assert "a1 slashing d4" not in options(game)  # c3 is in the way
    game = position({"a1": 45, "d4": 163, **KEEP})
    play(game, "a1 slashing d4", "pass", "pass")
    assert game.piece_at("d4").name == "Loovius"


def test_redillian_sage_makes_the_opponent_destroy_a_piece():
    game = position({"a1": 48, "d4": 163, "a7": 151, **KEEP})
    play(game, "a1 slashing d4", "pass", "pass")
    assert game.current_player == "gray" and sorted(options(game)) == ["choose a7", "choose h8"]
    play(game, "choose h8")
    assert dead(game, "gray") == ["Bone Legion", "Jezrak"]


def test_redillian_sage_losing_costs_nothing():
    game = position({"d3": 48, "d4": 146, "a7": 151, **KEEP})
    attack(game, "d3-d4")
    assert game.decision_kind == "window" and dead(game, "gray") == []


# -- #47 Crailton Martyr and #52 Noble Cleric -------------------------------------------------


def test_crailton_martyr_brings_back_a_gold_piece():
    game = position({"d3": 47, "d4": 163, **KEEP}, destroyed={"beige": [41, 8]})
    attack(game, "d3-d4")
    assert game.current_player == "beige"
    # Gold Knight is offered, Srik (green) is not.
    assert sorted(options(game)) == ["choose beige:0", "choose done"]
    play(game, "choose beige:0")
    assert game.piece_at("d4").name == "Gold Knight" and game.controller_at("d4") == "beige"
    assert game.view("gray").piece_on("d4").name == "Gold Knight"
    assert dead(game, "beige") == ["Crailton Martyr", "Srik"]


def test_crailton_martyr_may_decline():
    game = position({"d3": 47, "d4": 163, **KEEP}, destroyed={"beige": [41]})
    attack(game, "d3-d4")
    play(game, "choose done")
    assert game.piece_at("d4").name == "Crailton Martyr" and dead(game, "beige") == ["Gold Knight"]


def test_crailton_martyr_nothing_gold_to_return():
    game = position({"d3": 47, "d4": 163, **KEEP}, destroyed={"beige": [8]})
    attack(game, "d3-d4")
    assert game.decision_kind == "window"


def test_noble_cleric_brings_back_any_own_piece():
    game = position({"d3": 52, "d4": 163, **KEEP},
                    destroyed={"beige": [8], "gray": [141]})
    attack(game, "d3-d4")
    # Srik (green) qualifies; Daemin, in the gray area, does not.
    assert sorted(options(game)) == ["choose beige:0", "choose done"]
    play(game, "choose beige:0")
    assert game.piece_at("d4").name == "Srik" and dead(game, "beige") == ["Noble Cleric"]


def test_noble_cleric_only_after_a_win():
    game = position({"d3": 52, "d4": 146, **KEEP}, destroyed={"beige": [8]})
    attack(game, "d3-d4")
    assert game.decision_kind == "window" and game.piece_at("d4").name == "Murkis"


# -- #57 Jenzik ------------------------------------------------------------------------------


def test_jenzik_teleports_another_piece_to_its_square():
    game = position({"d5": 57, "a1": 41, "b1": 65, **KEEP})
    assert "d5 teleport a1" in options(game)
    assert "d5 teleport b1" not in options(game)  # Altar of Deliverance is stationary
    play(game, "d5 teleport a1")
    assert game.piece_at("d5").name == "Gold Knight"
    assert game.view("gray").piece_on("d5").name == "Gold Knight"
    assert dead(game, "beige") == ["Jenzik"]


# -- #59 Urgwaine's Knights ------------------------------------------------------------------


def test_urgwaines_knights_give_plus_two_and_are_destroyed():
    game = position({"c3": 59, "d3": 50, "d4": 151, **KEEP})
    play(game, "d3-d4", "c3 urgwaines-knights d3")
    assert game.strength_at("d3") == 7
    assert dead(game, "beige") == ["Urgwaine's Knights"]
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Holy Knight"


def test_urgwaines_knights_reveal_the_paladin_in_the_main_decision():
    game = position({"c3": 59, "c4": 44, "d3": 45, **KEEP})
    assert "c3 urgwaines-knights c4" in options(game)
    assert "c3 urgwaines-knights d3" not in options(game)  # Loovius is a wizard
    play(game, "c3 urgwaines-knights c4")
    assert game.view("gray").piece_on("c4").name == "Gray Knight"
    assert game.strength_at("c4") == 9


# -- #61 Reb the Zombie Slayer -----------------------------------------------------------------


def test_reb_destroys_a_base_ten_piece_it_attacks():
    game = position({"d3": 61, "d4": 172, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Reb the Zombie Slayer" and dead(game, "gray") == ["Queen Kivoa"]


def test_reb_destroys_a_zombie_it_attacks():
    game = position({"d3": 61, "d4": 146, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Reb the Zombie Slayer" and dead(game, "gray") == ["Murkis"]


def test_reb_loses_to_other_pieces_and_when_attacked():
    game = position({"d3": 61, "d4": 151, **KEEP})  # Sinakus is a skeleton of 5
    attack(game, "d3-d4")
    assert dead(game, "beige") == ["Reb the Zombie Slayer"]
    game = position({"d3": 61, "d4": 172, "a1": 41, **KEEP}, active="gray")
    attack(game, "d4-d3")
    assert game.piece_at("d3").name == "Queen Kivoa"

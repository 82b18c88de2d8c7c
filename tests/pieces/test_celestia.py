"""The Celestia (blue) warriors, #69 to #95: every power changes an outcome, and its limits hold."""

from legends_core.testing import destroyed_names as dead
from legends_core.testing import name_at, options, play, position

# Gray pieces used as opponents: 141 Daemin (8), 146 Murkis (7), 151 Sinakus (5), 157 Bone
# Legion (3, Dispel Magic), 163 Jezrak (1), 172 Queen Kivoa (10), 140 Lord of the Dead (9).
# Blue helpers: 83 Montika (5, ram), 88 Spirit of Vision (3, spirit).



def knows(game, player, square):
    return game.view(player).piece_on(square).number is not None



# -- #69 Uaivad ------------------------------------------------------------------------


def test_uaivad_flies_over_a_piece():
    game = position({"d4": 69, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)
    play(game, "d4 flying d6")
    assert name_at(game, "d6") == "Uaivad" and name_at(game, "d4") is None


def test_uaivad_curse_strengthens_every_dragon():
    # Julisa (blue dragon 2), Emeraldis (green dragon 7), Oppolifnas (red dragon 10), Montika.
    game = position({"a1": 92, "b1": 10, "h8": 137, "c1": 83}, curse=(69, "beige"))
    assert game.strength_at("a1") == 3
    assert game.strength_at("b1") == 8
    assert game.strength_at("h8") == 11, "an enemy dragon gets it too"
    assert game.strength_at("c1") == 5


def test_uaivad_curse_starts_when_it_is_destroyed():
    # Jezrak destroys base 9/10 pieces it attacks.
    game = position({"d4": 69, "a1": 92, "d5": 163, "h8": 146}, active="gray")
    assert game.strength_at("a1") == 2
    play(game, "d5-d4", "pass", "pass")
    assert game.engine.types[game.engine.curse].name == "Uaivad"
    assert game.strength_at("a1") == 3


# -- #70 Elementus the Airlord ---------------------------------------------------------


def test_elementus_lends_flying_to_a_distant_spirit():
    # Spirit of Forest (79) at d4 behind Montika; Elementus far away at a1.
    game = position({"a1": 70, "d4": 79, "d5": 83, "h8": 146})
    opts = options(game)
    assert "a1 elementus-the-airlord d4" in opts
    assert "a1 elementus-the-airlord d5" not in opts, "Montika is a ram, not a spirit"
    assert "a1 elementus-the-airlord a1" in opts, "Elementus is a spirit too"
    assert not any(o.startswith("d4 flying") for o in opts)
    play(game, "a1 elementus-the-airlord d4")
    assert "d4 flying d6" in options(game)
    play(game, "d4 flying d6")
    assert name_at(game, "d6") == "Spirit of Forest"


def test_elementus_flying_lasts_only_this_turn():
    game = position({"a1": 70, "d4": 79, "d5": 83, "h8": 146})
    play(game, "a1 elementus-the-airlord d4", "a1-a2", "pass", "pass", "h8-h7", "pass", "pass")
    assert game.active_player == "beige"
    assert not any(o.startswith("d4 flying") for o in options(game))


def test_elementus_only_helps_spirits_of_your_own():
    # A spirit the opponent controls is not offered.
    game = position({"a1": 70, "d4": {"number": 79, "controller": "gray"}, "h8": 146})
    assert "a1 elementus-the-airlord d4" not in options(game)


# -- #71 Electibra ---------------------------------------------------------------------


def test_electibra_flies():
    game = position({"d4": 71, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)


def test_electibra_curse_helps_pieces_with_flying():
    # Aras flies; Spirit of Vision does not; Scythe (red, flying) belongs to the enemy.
    game = position({"a1": 74, "b1": 88, "h8": 148}, curse=(71, "beige"))
    assert game.strength_at("a1") == 9
    assert game.strength_at("b1") == 3
    assert game.strength_at("h8") == 7


def test_electibra_curse_counts_flying_lent_for_the_turn():
    # Cloud Citadel lends Flying to Montika: from then on the curse gives her +1.
    game = position({"a1": 102, "b2": 83, "h8": 146}, curse=(71, "beige"))
    assert game.strength_at("b2") == 5
    play(game, "a1 cloud-citadel b2")
    assert game.strength_at("b2") == 6


# -- #72 Almaetis ----------------------------------------------------------------------


def test_almaetis_destroys_itself_to_put_a_piece_on_forest():
    game = position({"a1": 72, "c3": 83, "h8": 146}, terrain={"f6": "forest"})
    assert "a1 almaetis" in options(game)
    play(game, "a1 almaetis")
    assert dead(game, "beige") == ["Almaetis"]
    assert options(game) == ["choose c3"]
    play(game, "choose c3")
    assert options(game) == ["choose f6"]
    play(game, "choose f6")
    assert name_at(game, "f6") == "Montika" and name_at(game, "c3") is None
    assert knows(game, "gray", "f6"), "the placed piece is revealed"


def test_almaetis_needs_an_empty_forest():
    game = position({"a1": 72, "c3": 83, "f6": 146}, terrain={"f6": "forest"})
    assert "a1 almaetis" not in options(game)


def test_almaetis_on_the_only_forest_frees_it():
    game = position({"a1": 72, "c3": 83, "h8": 146}, terrain={"a1": "forest"})
    play(game, "a1 almaetis", "choose c3")
    assert options(game) == ["choose a1"]
    play(game, "choose a1")
    assert name_at(game, "a1") == "Montika"


def test_almaetis_may_move_a_stationary_piece():
    # Ruling: the text sets no limit, so even the castle can be moved.
    game = position({"a1": 72, "b1": 101, "h8": 146}, terrain={"e4": "forest"})
    play(game, "a1 almaetis", "choose b1", "choose e4")
    assert name_at(game, "e4") == "Wind Castle"


def test_almaetis_needs_another_piece():
    game = position({"a1": 72, "h8": 146}, terrain={"e4": "forest"})
    assert "a1 almaetis" not in options(game)


# -- #73 Dagin Genie -------------------------------------------------------------------


def test_dagin_genie_wins_on_desert_and_ties_on_plains():
    game = position({"d4": 73, "d5": 141}, terrain={"d5": "desert"})
    assert game.strength_at("d4") == 8
    play(game, "d4-d5")
    assert game.strength_at("d4") == 9, "the attacked square's desert counts"
    play(game, "pass", "pass")
    assert name_at(game, "d5") == "Dagin Genie" and dead(game, "gray") == ["Daemin"]

    game = position({"d4": 73, "d5": 141})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None


def test_dagin_genie_defends_on_desert():
    game = position({"d4": 73, "d5": 141, "a1": 83}, terrain={"d4": "desert"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Dagin Genie"


# -- #74 Aras ---------------------------------------------------------------------------


def test_aras_vision_reveals_an_enemy_two_squares_away():
    game = position({"d4": 74, "d6": 146, "h8": 151})
    opts = options(game)
    assert "d4 vision d6" in opts and "d4 vision h8" not in opts
    assert not knows(game, "beige", "d6")
    play(game, "d4 vision d6")
    assert knows(game, "beige", "d6") and knows(game, "gray", "d4")
    assert name_at(game, "d4") == "Aras", "Vision does not move Aras"


def test_aras_flies():
    game = position({"d4": 74, "d5": 83, "h8": 146})
    play(game, "d4 flying d6")
    assert name_at(game, "d6") == "Aras"


# -- #75 Tael ---------------------------------------------------------------------------


def test_tael_gains_on_mountain():
    game = position({"d4": 75, "d5": 141}, terrain={"d5": "mountain"})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Tael"
    game = position({"d4": 75, "d5": 141})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None


def test_tael_flies():
    game = position({"d4": 75, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)


# -- #76 Spirit of Wrath ----------------------------------------------------------------


def test_spirit_of_wrath_must_attack_again_after_a_win():
    game = position({"d4": 76, "d5": 163, "d6": 151, "a8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Spirit of Wrath"
    assert game.decision_kind == "berserk"
    assert options(game) == ["d5-d6"]
    play(game, "d5-d6", "pass", "pass")
    assert name_at(game, "d6") == "Spirit of Wrath"
    assert dead(game, "gray") == ["Jezrak", "Sinakus"]
    assert game.decision_kind == "window", "no enemy left beside it: the rampage stops"


def test_spirit_of_wrath_switches_with_a_spirit():
    game = position({"a1": 76, "h1": 88, "c1": 83, "h8": 146})
    opts = options(game)
    assert "a1 switching h1" in opts and "a1 switching c1" not in opts
    play(game, "a1 switching h1")
    assert name_at(game, "a1") == "Spirit of Vision" and name_at(game, "h1") == "Spirit of Wrath"
    assert knows(game, "gray", "a1") and knows(game, "gray", "h1")


# -- #77 Armagged -----------------------------------------------------------------------


def test_armagged_reveals_all_neighbours_after_a_win():
    game = position({"d4": 77, "d5": 163, "c5": 146, "e6": 151, "c4": 83, "h8": 172})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Armagged"
    assert knows(game, "beige", "c5") and knows(game, "beige", "e6")
    assert knows(game, "gray", "c4"), "its own neighbours are shown as well"
    assert not knows(game, "beige", "h8"), "a piece further away stays hidden"


def test_armagged_reveals_nothing_after_a_loss():
    game = position({"d4": 77, "d5": 172, "c5": 146, "c4": 83, "h8": 151})
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Armagged"]
    assert not knows(game, "beige", "c5") and not knows(game, "gray", "c4")


def test_armagged_flies():
    game = position({"d4": 77, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)


# -- #78 Lord of Eagles and #93 Forillian Panther ---------------------------------------


def _fly_over_enemy(number):
    game = position({"d4": number, "d5": 146, "h8": 151})
    play(game, "d4 flying d6")
    return game


def test_lord_of_eagles_may_reveal_what_it_flew_over():
    game = _fly_over_enemy(78)
    assert not knows(game, "beige", "d5")
    assert "d6 reveal-flown-over" in options(game)
    play(game, "d6 reveal-flown-over")
    assert knows(game, "beige", "d5")
    assert "d6 reveal-flown-over" not in options(game)


def test_lord_of_eagles_reveal_is_optional():
    game = _fly_over_enemy(78)
    play(game, "pass", "pass")
    assert not knows(game, "beige", "d5")


def test_lord_of_eagles_cannot_reveal_without_a_flight():
    game = position({"d4": 78, "d5": 146, "h8": 151})
    play(game, "d4-c4")
    assert not any("reveal-flown-over" in o for o in options(game))


def test_forillian_panther_reveals_what_it_flew_over():
    game = _fly_over_enemy(93)
    play(game, "d6 reveal-flown-over")
    assert knows(game, "beige", "d5")


# -- #79 Spirit of Forest ----------------------------------------------------------------


def test_spirit_of_forest_jumps_between_forests():
    game = position({"c3": 79, "h8": 146}, terrain={"c3": "forest", "f6": "forest", "a8": "forest"})
    opts = options(game)
    assert "c3 terrain-move f6" in opts and "c3 terrain-move a8" in opts
    assert "c3 terrain-move e5" not in opts
    play(game, "c3 terrain-move f6")
    assert name_at(game, "f6") == "Spirit of Forest"


def test_spirit_of_forest_must_start_on_forest():
    game = position({"c3": 79, "h8": 146}, terrain={"f6": "forest"})
    assert not any("terrain-move" in o for o in options(game))


# -- #80 Fray ----------------------------------------------------------------------------


def test_fray_gathers_blue_pieces_that_can_move():
    # Blue: Montika a1, Spirit of Vision h1. Not eligible: Tiera (gold) b1, Anti-Purple Wind
    # (stationary) c1, an enemy at h8.
    game = position({"d4": 80, "a1": 83, "h1": 88, "b1": 37, "c1": 97, "h8": 146})
    assert "d4 fray" in options(game)
    play(game, "d4 fray")
    assert sorted(options(game)) == ["choose a1", "choose h1"]
    play(game, "choose a1")
    assert "choose c5" in options(game) and "choose e3" in options(game)
    play(game, "choose c5")
    assert sorted(options(game)) == ["choose done", "choose h1"]
    play(game, "choose h1", "choose e5")
    assert name_at(game, "c5") == "Montika" and name_at(game, "e5") == "Spirit of Vision"
    assert knows(game, "gray", "c5") and knows(game, "gray", "e5") and knows(game, "gray", "d4")
    # Nothing else blue can come, but the question is still put: stopping on its own would
    # tell gray that beige has no other mobile blue piece.
    assert options(game) == ["choose done"]
    play(game, "choose done")
    assert game.decision_kind == "window"


def test_fray_brings_at_most_three_and_may_stop():
    game = position({"d4": 80, "a1": 83, "b1": 88, "c1": 79, "e1": 94, "h8": 146})
    play(game, "d4 fray", "choose a1", "choose c5", "choose b1", "choose d5", "choose c1", "choose e5")
    assert game.decision_kind == "window"
    assert name_at(game, "e1") == "Spirit of Justice"

    game = position({"d4": 80, "a1": 83, "b1": 88, "h8": 146})
    play(game, "d4 fray", "choose a1", "choose c5", "choose done")
    assert game.decision_kind == "window" and name_at(game, "b1") == "Spirit of Vision"


def test_fray_flies():
    game = position({"d4": 80, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)


# -- #81 Vinin Satyr ---------------------------------------------------------------------


def test_vinin_satyr_wins_on_mountain_only():
    game = position({"d4": 81, "d5": 146}, terrain={"d5": "mountain"})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Vinin Satyr"
    game = position({"d4": 81, "d5": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Murkis"


# -- #82 Spirit of Sea -------------------------------------------------------------------


def test_spirit_of_sea_moves_between_squares_beside_water():
    game = position({"c4": 82, "h8": 146}, terrain={"d4": "water", "g2": "water"})
    opts = options(game)
    assert "c4 water-move e5" in opts and "c4 water-move h1" in opts
    assert "c4 water-move a1" not in opts and "c4 water-move d4" not in opts
    play(game, "c4 water-move h1")
    assert name_at(game, "h1") == "Spirit of Sea"


def test_spirit_of_sea_must_start_beside_water():
    game = position({"a1": 82, "h8": 146}, terrain={"d4": "water"})
    assert not any("water-move" in o for o in options(game))


# -- #83 Montika -------------------------------------------------------------------------


def test_montika_slashes_diagonally_into_an_attack():
    game = position({"b2": 83, "e5": 151, "h8": 146})
    opts = options(game)
    assert "b2 slashing d4" in opts and "b2 slashing e5" in opts and "b2 slashing f6" not in opts
    play(game, "b2 slashing e5", "pass", "pass")
    assert name_at(game, "e5") is None and name_at(game, "b2") is None, "5 against 5: both fall"


# -- #84 Dancing Sword --------------------------------------------------------------------


def test_dancing_sword_gives_two_and_is_destroyed():
    game = position({"d4": 83, "c4": 84, "d5": 151})
    play(game, "d4-d5")
    assert "c4 dancing-sword d4" in options(game)
    play(game, "c4 dancing-sword d4")
    assert game.strength_at("d4") == 7
    assert dead(game, "beige") == ["Dancing Sword"]
    play(game, "pass", "pass")
    assert name_at(game, "d5") == "Montika" and dead(game, "gray") == ["Sinakus"]
    play(game, "pass", "pass")
    assert game.strength_at("d5") == 5, "the +2 ends with the turn"


def test_dancing_sword_reaches_adjacent_pieces_only():
    game = position({"d4": 83, "a1": 84, "d5": 151})
    play(game, "d4-d5")
    assert not any("dancing-sword" in o for o in options(game))


# -- #85 Spirit of Negation ---------------------------------------------------------------


def test_spirit_of_negation_dispels_magic():
    # Larva (purple stationary magic) would take any other attacker with it.
    game = position({"d4": 85, "d5": 202, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Spirit of Negation"
    game = position({"d4": 83, "d5": 202, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None


def test_spirit_of_negation_switches_with_a_spirit():
    game = position({"a1": 85, "h1": 88, "c1": 83, "h8": 146})
    opts = options(game)
    assert "a1 switching h1" in opts and "a1 switching c1" not in opts


# -- #86 Gallat ---------------------------------------------------------------------------


def test_gallat_destroys_the_piece_that_uses_vision_on_it():
    # A Spirit of Vision the gray player controls looks at Gallat and is destroyed.
    game = position({"d4": 86, "d6": {"number": 88, "controller": "gray"}, "a1": 83},
                    active="gray")
    play(game, "d6 vision d4")
    assert name_at(game, "d6") is None and dead(game, "beige") == ["Spirit of Vision"]
    assert name_at(game, "d4") == "Gallat"


def test_vision_on_another_piece_is_harmless():
    game = position({"d4": 83, "d6": {"number": 88, "controller": "gray"}, "a1": 86},
                    active="gray")
    play(game, "d6 vision d4")
    assert name_at(game, "d6") == "Spirit of Vision" and knows(game, "gray", "d4")


def test_gallat_flies():
    game = position({"d4": 86, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)


# -- #87 Tar'n and #90 Delik --------------------------------------------------------------


def test_tarn_boosts_only_an_adjacent_tiera_once_per_turn():
    game = position({"c4": 87, "d4": 37, "c3": 83, "h8": 146})
    opts = options(game)
    assert "c4 tarn d4" in opts and "c4 tarn c3" not in opts
    play(game, "c4 tarn d4")
    assert game.strength_at("d4") == 10
    assert knows(game, "gray", "c4") and knows(game, "gray", "d4")
    assert "c4 tarn d4" not in options(game)


def test_tarn_helps_a_defending_tiera_in_the_opponents_turn():
    game = position({"c4": 87, "d4": 37, "d5": 140, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass")
    assert game.current_player == "beige" and "c4 tarn d4" in options(game)
    play(game, "c4 tarn d4", "pass", "pass")
    assert name_at(game, "d4") == "Tiera" and dead(game, "gray") == ["Lord of the Dead"]


def test_tarn_needs_tiera_beside_it():
    game = position({"a1": 87, "d4": 37, "h8": 146})
    assert not any("tarn" in o for o in options(game))


def test_tarn_turns_a_tie_into_a_win_for_tiera():
    # Tiera (9) against Lord of the Dead (9): a tie, unless Tar'n helps.
    game = position({"c4": 87, "d4": 37, "d5": 140, "h8": 146})
    play(game, "d4-d5", "c4 tarn d4", "pass", "pass")
    assert name_at(game, "d5") == "Tiera"
    game = position({"c4": 87, "d4": 37, "d5": 140, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None


def test_delik_boosts_only_an_adjacent_aubrey_once_per_turn():
    game = position({"c4": 90, "d4": 4, "c3": 83, "h8": 146})
    opts = options(game)
    assert "c4 delik d4" in opts and "c4 delik c3" not in opts
    play(game, "c4 delik d4")
    assert game.strength_at("d4") == 10
    assert "c4 delik d4" not in options(game)


def test_delik_turns_a_tie_into_a_win_for_aubrey():
    game = position({"c4": 90, "d4": 4, "d5": 140, "h8": 146})
    play(game, "d4-d5", "c4 delik d4", "pass", "pass")
    assert name_at(game, "d5") == "Aubrey"


def test_delik_needs_aubrey_beside_it():
    game = position({"a1": 90, "d4": 4, "h8": 146})
    assert not any("delik" in o for o in options(game))


# -- #88 Spirit of Vision -----------------------------------------------------------------


def test_spirit_of_vision_reveals_within_two_squares():
    game = position({"d4": 88, "f6": 146, "d7": 151})
    opts = options(game)
    assert "d4 vision f6" in opts and "d4 vision d7" not in opts
    play(game, "d4 vision f6")
    assert knows(game, "beige", "f6") and not knows(game, "beige", "d7")


# -- #89 Angellin -------------------------------------------------------------------------


def test_angellin_teleports_a_piece_onto_its_square():
    game = position({"a1": 89, "h1": 83, "b1": 97, "h8": 146})
    opts = options(game)
    assert "a1 teleport h1" in opts and "a1 teleport b1" not in opts
    play(game, "a1 teleport h1")
    assert name_at(game, "a1") == "Montika" and dead(game, "beige") == ["Angellin"]
    assert knows(game, "gray", "a1")


def test_angellin_flies():
    game = position({"d4": 89, "d5": 83, "h8": 146})
    assert "d4 flying d6" in options(game)


# -- #91 Spirit of Desert -----------------------------------------------------------------


def test_spirit_of_desert_gets_three_on_desert():
    game = position({"d4": 91, "d5": 157}, terrain={"d5": "desert"})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Spirit of Desert"
    game = position({"d4": 91, "d5": 157})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Bone Legion"


def test_spirit_of_desert_jumps_between_deserts():
    game = position({"c3": 91, "h8": 146}, terrain={"c3": "desert", "g6": "desert"})
    assert "c3 terrain-move g6" in options(game)
    game = position({"c3": 91, "h8": 146}, terrain={"g6": "desert"})
    assert "c3 terrain-move g6" not in options(game)


# -- #92 Julisa ---------------------------------------------------------------------------


def test_julisa_slashes_and_flies():
    game = position({"d4": 92, "d5": 83, "h8": 146})
    opts = options(game)
    assert "d4 slashing g7" in opts and "d4 flying d6" in opts


# -- #94 Spirit of Justice and #95 Placton ------------------------------------------------


def test_spirit_of_justice_destroys_a_base_ten_it_attacks():
    game = position({"d4": 94, "d5": 172, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Spirit of Justice" and dead(game, "gray") == ["Queen Kivoa"]


def test_spirit_of_justice_destroys_a_base_ten_that_attacks_it():
    game = position({"d4": 94, "d5": 172, "a1": 83, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Spirit of Justice" and dead(game, "gray") == ["Queen Kivoa"]


def test_spirit_of_justice_reads_base_strength_only():
    # Lord of the Dead is base 9: an ordinary fight, lost.
    game = position({"d4": 94, "d5": 140, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Spirit of Justice"]
    # Queen Kivoa weakened to 9 by Anti-Purple Wind is still base 10.
    game = position({"d4": 94, "d5": 172, "h8": 146}, curse=(97, "beige"))
    assert game.strength_at("d5") == 9
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Spirit of Justice"


def test_spirit_of_justice_switches():
    game = position({"a1": 94, "h1": 88, "h8": 146})
    assert "a1 switching h1" in options(game)


def test_placton_destroys_base_ten_either_way():
    game = position({"d4": 95, "d5": 172, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") == "Placton"
    game = position({"d4": 95, "d5": 172, "a1": 83, "h8": 146}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") == "Placton" and dead(game, "gray") == ["Queen Kivoa"]


def test_placton_loses_normally_to_other_pieces():
    game = position({"d4": 95, "d5": 163, "h8": 146})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None, "1 against 1"


def test_placton_has_quickness():
    game = position({"d4": 95, "h8": 146})
    opts = options(game)
    assert "d4 quickness d6" in opts and "d4 quickness e5" in opts
    play(game, "d4 quickness e5")
    assert name_at(game, "e5") == "Placton"

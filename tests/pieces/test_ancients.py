"""The Ancients (green), #1 to #17: every power changes an outcome, and its limits hold.

Gray pieces used as opponents (plains unless said): #143 Mummy 8, #146 Murkis 7, #149 Lingering
Death 6, #152 Giant Zombie Rat 5, #155 Plague Bearer 4, #157 Bone Legion 3, #161 Gloomis 2,
#163 Jezrak 1 (kills base 9-10 when attacking), #172 Queen Kivoa 10, #140 Lord of the Dead 9,
#154 Kutbone 4 (Distance Strike), #198 Paranos (magic). A gray Mummy on h8 keeps gray able to
move.
"""

from legends_core.testing import destroyed_names as dead
from legends_core.testing import options, play, position


def powers_of(game, square):
    return sorted(o for o in options(game) if o.startswith(square + " "))


def seen_by(game, player, square):
    return game.view(player).piece_on(square).number


# -- #1 Landor ----------------------------------------------------------------------------


def test_landor_steps_one_square_diagonally_and_shows_himself():
    game = position({"d4": 1, "h8": 143})
    assert powers_of(game, "d4") == ["d4 landor c3", "d4 landor c5", "d4 landor e3",
                                     "d4 landor e5"]
    assert "d4-e5" not in options(game)  # not a standard move
    play(game, "d4 landor c5")
    assert game.piece_at("c5").name == "Landor"
    assert seen_by(game, "gray", "c5") == 1
    assert game.decision_kind == "window"  # the action was the turn


def test_landor_attacks_diagonally():
    game = position({"d4": 1, "e5": 146, "h8": 143})
    play(game, "d4 landor e5", "pass", "pass")
    assert game.piece_at("e5").name == "Landor" and game.piece_at("d4") is None
    assert dead(game, "gray") == ["Murkis"]


def test_a_piece_without_landors_power_cannot_reach_a_diagonal_enemy():
    game = position({"d4": 7, "e5": 146, "h8": 143})
    assert not any(o.endswith("e5") for o in options(game))


def test_landor_diagonal_is_blocked_by_water_own_pieces_and_the_edge():
    game = position({"a1": 1, "b2": 21, "h8": 143})
    assert powers_of(game, "a1") == []  # b2 is his own Dwarven Warrior; the rest is off board
    game = position({"d4": 1, "h8": 143}, terrain={"e5": "water", "c3": "water"})
    assert powers_of(game, "d4") == ["d4 landor c5", "d4 landor e3"]


# -- #2 Vellec ----------------------------------------------------------------------------


def test_vellec_curse_gives_every_elf_plus_one():
    game = position({"d4": 8, "d5": 146, "a1": 21, "h8": 143}, curse=(2, "beige"))
    assert game.strength_at("d4") == 8  # Srik 7 + 1
    assert game.strength_at("a1") == 3  # a Dwarf: unchanged
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Srik"
    assert dead(game, "gray") == ["Murkis"]


def test_without_vellec_srik_only_ties_murkis():
    game = position({"d4": 8, "d5": 146, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


def test_vellec_destroyed_in_an_attack_starts_its_curse():
    game = position({"d4": 2, "d5": 163, "a1": 8, "h8": 143}, active="gray")
    play(game, "d5-d4", "pass", "pass")  # Jezrak slays base-10 Vellec
    g = game.engine
    assert g.curse >= 0 and g.types[g.curse].name == "Vellec" and g.curse_on
    assert game.strength_at("a1") == 8


# -- #3 King Migol ------------------------------------------------------------------------


def test_king_migol_gives_an_adjacent_dwarf_plus_two_in_its_attack():
    game = position({"c4": 3, "d4": 21, "d5": 157, "h8": 143})
    play(game, "d4-d5")
    assert "c4 king-migol d4" in options(game)
    play(game, "c4 king-migol d4")
    assert game.strength_at("d4") == 5
    assert seen_by(game, "gray", "c4") == 3 and seen_by(game, "gray", "d4") == 21
    play(game, "pass")  # gray
    assert not any("king-migol" in o for o in options(game)), "once per turn"
    play(game, "pass")
    assert game.piece_at("d5").name == "Dwarven Warrior"
    assert dead(game, "gray") == ["Bone Legion"]


def test_dwarven_warrior_alone_only_ties_bone_legion():
    game = position({"c4": 3, "d4": 21, "d5": 157, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


def test_king_migol_helps_only_adjacent_dwarves():
    game = position({"c4": 3, "d4": 8, "c5": 21, "a4": 6, "h8": 143})
    assert powers_of(game, "c4") == ["c4 king-migol c5"]  # not Srik (an elf), not a4 (too far)


# -- #4 Aubrey ----------------------------------------------------------------------------


def test_aubrey_jumps_between_forests():
    forest = {"b2": "forest", "g6": "forest", "e5": "forest"}
    game = position({"b2": 4, "e5": 21, "h8": 143}, terrain=forest)
    assert powers_of(game, "b2") == ["b2 terrain-move g6"]  # e5 is taken
    play(game, "b2 terrain-move g6")
    assert game.piece_at("g6").name == "Aubrey"
    assert seen_by(game, "gray", "g6") == 4


def test_aubrey_cannot_jump_from_outside_a_forest():
    game = position({"b2": 4, "h8": 143}, terrain={"g6": "forest"})
    assert powers_of(game, "b2") == []


# -- #5 Lockin Elves ----------------------------------------------------------------------


def test_lockin_elves_die_to_give_an_adjacent_green_piece_plus_two():
    game = position({"c4": 5, "d4": 16, "d5": 152, "h8": 143})
    play(game, "d4-d5", "c4 lockin-elves d4")
    assert game.piece_at("c4") is None
    assert dead(game, "beige") == ["Lockin Elves"]
    assert game.strength_at("d4") == 7
    play(game, "pass", "pass")
    assert game.piece_at("d5").name == "Grundin"
    assert dead(game, "gray") == ["Giant Zombie Rat"]


def test_lockin_elves_only_help_green_neighbours():
    game = position({"c4": 5, "d4": 16, "c5": 37, "a4": 21, "h8": 143})
    assert powers_of(game, "c4") == ["c4 lockin-elves d4"]  # not gold Tiera, not a4 (far)


# -- #6 Dwarven Knight / #7 Hunter --------------------------------------------------------


def test_dwarven_knight_quickness_reaches_an_enemy_two_squares_away():
    game = position({"d2": 6, "d4": 146, "h8": 143})
    assert "d2 quickness d4" in options(game)
    play(game, "d2 quickness d4", "pass", "pass")
    assert game.piece_at("d4").name == "Dwarven Knight"


def test_hunter_charges_down_a_file():
    game = position({"a1": 7, "a6": 146, "h8": 143})
    assert "a1 charging a6" in options(game)
    play(game, "a1 charging a6", "pass", "pass")
    assert game.piece_at("a6").name == "Hunter" and dead(game, "gray") == ["Murkis"]


def test_a_plain_piece_has_no_such_reach():
    game = position({"d2": 21, "d4": 146, "a1": 21, "a6": 143})
    assert not any(o.endswith(("d4", "a6")) for o in options(game))


# -- #8 Srik --------------------------------------------------------------------------------


def test_srik_dispels_a_magic_piece_and_survives():
    game = position({"d4": 8, "d5": 198, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Srik"
    assert dead(game, "gray") == ["Paranos"] and dead(game, "beige") == []


def test_a_piece_without_dispel_magic_dies_on_the_same_magic():
    game = position({"d4": 7, "d5": 198, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None
    assert dead(game, "beige") == ["Hunter"]


def test_srik_slashes_diagonally_into_an_attack():
    game = position({"b2": 8, "e5": 155, "h8": 143})
    assert "b2 slashing e5" in options(game)
    assert "b2 slashing f6" not in options(game)  # the line stops at the enemy
    play(game, "b2 slashing e5", "pass", "pass")
    assert game.piece_at("e5").name == "Srik"


# -- #9 Dwarven General (Surround) ----------------------------------------------------------


SURROUNDED = {"d5": 143, "c4": 21, "e4": 21, "c5": 6, "e5": 6, "h8": 143}


def test_dwarven_general_surrounds_and_destroys():
    game = position({**SURROUNDED, "d4": 9})
    assert "d4 surround d5" in options(game)
    play(game, "d4 surround d5")
    assert game.piece_at("d5") is None and dead(game, "gray") == ["Mummy"]
    assert seen_by(game, "gray", "d4") == 9


def test_surround_needs_five_neighbours():
    pieces = {**SURROUNDED, "d4": 9}
    del pieces["e5"]
    game = position(pieces)
    assert "d4 surround d5" not in options(game)


# -- #10 Emeraldis --------------------------------------------------------------------------


def test_emeraldis_berserk_must_attack_again_after_winning():
    game = position({"d4": 10, "d5": 161, "e5": 157, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.decision_kind == "berserk"
    assert options(game) == ["d5-e5"]
    play(game, "d5-e5", "pass", "pass")
    assert game.piece_at("e5").name == "Emeraldis"
    assert dead(game, "gray") == ["Bone Legion", "Gloomis"]
    assert game.decision_kind == "window"


def test_a_piece_without_berserk_stops_after_one_win():
    game = position({"d4": 6, "d5": 161, "e5": 157, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.decision_kind == "window"
    assert game.piece_at("e5").name == "Bone Legion"


def test_emeraldis_flies_over_a_line_of_pieces():
    game = position({"d2": 10, "d3": 21, "d4": 157, "h8": 143})
    assert "d2 flying d5" in options(game)
    play(game, "d2 flying d5")
    assert game.piece_at("d5").name == "Emeraldis" and game.piece_at("d4").name == "Bone Legion"


# -- #11 High Elf -------------------------------------------------------------------------


def test_high_elf_gives_an_adjacent_elf_plus_one_once_per_turn():
    game = position({"c4": 11, "d4": 8, "d5": 146, "h8": 143})
    play(game, "d4-d5", "c4 high-elf d4")
    assert game.strength_at("d4") == 8
    assert seen_by(game, "gray", "c4") == 11
    play(game, "pass")
    assert "c4 high-elf d4" not in options(game)
    play(game, "pass")
    assert game.piece_at("d5").name == "Srik" and dead(game, "gray") == ["Murkis"]


def test_high_elf_may_help_an_enemy_elf_only_when_its_player_knows_it():
    # "An Elf next to it" is anyone's Elf, but a hidden piece cannot be named as one.
    hidden = {"c4": 11, "d4": {"number": 8, "controller": "gray"}, "a1": 21, "h8": 143}
    assert powers_of(position(hidden), "c4") == []
    assert powers_of(position(hidden, revealed=["d4"]), "c4") == ["c4 high-elf d4"]


def test_high_elf_does_not_help_other_types():
    game = position({"c4": 11, "d4": 21, "c5": 8, "h8": 143})
    assert powers_of(game, "c4") == ["c4 high-elf c5"]


# -- #12 Migol's Royal Guard --------------------------------------------------------------


def test_royal_guard_dies_in_king_migols_place():
    game = position({"d4": 3, "e4": 12, "d5": 172, "a1": 21, "h8": 143}, active="gray")
    play(game, "d5-d4", "pass", "pass")  # Queen Kivoa 10 beats King Migol 9
    assert game.decision_kind == "replacement" and game.current_player == "beige"
    assert options(game) == ["pass", "e4 migols-royal-guard d4"]
    play(game, "e4 migols-royal-guard d4")
    assert game.piece_at("e4").name == "King Migol"
    assert game.piece_at("d4").name == "Queen Kivoa"  # the attacker still wins and moves in
    assert dead(game, "beige") == ["Migol's Royal Guard"]
    assert game.decision_kind == "window"


def test_king_migol_falls_when_the_guard_is_not_used():
    game = position({"d4": 3, "e4": 12, "d5": 172, "a1": 21, "h8": 143}, active="gray")
    play(game, "d5-d4", "pass", "pass", "pass")
    assert dead(game, "beige") == ["King Migol"]
    assert game.piece_at("e4").name == "Migol's Royal Guard"


def test_royal_guard_must_be_next_to_the_king():
    game = position({"d4": 3, "f4": 12, "d5": 172, "a1": 21, "h8": 143}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert options(game) == ["pass"]  # the decision is still offered: it gives nothing away
    play(game, "pass")
    assert dead(game, "beige") == ["King Migol"]


def test_royal_guard_saves_the_king_in_a_tie_and_the_attacker_still_dies():
    game = position({"d4": 3, "c3": 12, "d5": 140, "a1": 21, "h8": 143}, active="gray")
    play(game, "d5-d4", "pass", "pass", "c3 migols-royal-guard d4")
    assert game.piece_at("c3").name == "King Migol"
    assert game.piece_at("d4") is None and game.piece_at("d5") is None
    assert dead(game, "gray") == ["Lord of the Dead"]
    assert dead(game, "beige") == ["Migol's Royal Guard"]


def test_royal_guard_protects_no_one_but_king_migol():
    game = position({"d4": 6, "e4": 12, "d5": 172, "a1": 21, "h8": 143}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"  # no replacement decision for a Dwarven Knight
    assert dead(game, "beige") == ["Dwarven Knight"]


# -- #13 Wannok -----------------------------------------------------------------------------


def test_wannok_wins_on_forest_where_it_would_tie_on_plains():
    game = position({"d4": 13, "d5": 149, "h8": 143}, terrain={"d5": "forest"})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Wannok"
    game = position({"d4": 13, "d5": 149, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5") is None and game.piece_at("d4") is None


def test_wannok_flies():
    game = position({"d2": 13, "d3": 157, "h8": 143})
    assert "d2 flying d4" in options(game)


# -- #14 Frodnaj Archer / #17 Relfreod Archer ---------------------------------------------


def test_frodnaj_archer_strikes_a_weaker_piece_two_squares_away():
    game = position({"d4": 14, "f6": 155, "b6": 152, "h8": 143})
    assert "d4 distance-strike f6" in options(game)
    play(game, "d4 distance-strike f6", "pass", "pass")
    assert dead(game, "gray") == ["Plague Bearer"]


def test_frodnaj_archer_leaves_an_equal_piece_alone():
    game = position({"d4": 14, "b6": 152, "h8": 143})
    play(game, "d4 distance-strike b6", "pass", "pass")
    assert game.piece_at("b6").name == "Giant Zombie Rat"
    assert seen_by(game, "beige", "b6") == 152


def test_relfreod_archer_strikes_only_below_four():
    game = position({"d4": 17, "d6": 157, "f4": 155, "h8": 143})
    play(game, "d4 distance-strike f4", "pass", "pass")
    assert game.piece_at("f4").name == "Plague Bearer"  # 4 against 4: nothing
    game = position({"d4": 17, "d6": 157, "f4": 155, "h8": 143})
    play(game, "d4 distance-strike d6", "pass", "pass")
    assert dead(game, "gray") == ["Bone Legion"]


def test_archers_reach_no_farther_than_two():
    game = position({"d4": 14, "d7": 155, "h8": 143})
    assert not any("distance-strike" in o for o in options(game))


# -- #15 Poy --------------------------------------------------------------------------------


def test_poy_is_stronger_on_mountains():
    game = position({"d4": 15, "d5": 152, "h8": 143}, terrain={"d5": "mountain"})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Poy"
    game = position({"d4": 15, "d5": 152, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5") is None


def test_poy_turns_a_distance_strike_back_on_the_striker():
    game = position({"d4": 15, "d6": 154, "a1": 21, "h8": 143}, active="gray")
    play(game, "d6 distance-strike d4")
    assert game.piece_at("d4").name == "Poy"
    assert dead(game, "gray") == ["Kutbone"] and dead(game, "beige") == []


def test_a_piece_without_poys_ability_falls_to_the_same_strike():
    game = position({"d4": 23, "d6": 154, "a1": 21, "h8": 143}, active="gray")
    play(game, "d6 distance-strike d4", "pass", "pass")
    assert dead(game, "beige") == ["Wood Elf"]


# -- #16 Grundin ----------------------------------------------------------------------------


def test_grundin_beats_a_six_in_the_forest_but_not_on_plains():
    game = position({"d4": 16, "d5": 149, "h8": 143}, terrain={"d5": "forest"})
    assert game.strength_at("d4") == 5  # on plains until the attack
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Grundin"
    game = position({"d4": 16, "d5": 149, "h8": 143})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Lingering Death"

"""The Valorians (gold): death curses, Psychic Devourer's blind guess, magic pieces and the two
castles. Gray opponents as in ``test_valorians.py``; a gray Bone Legion on h8 keeps gray able
to move.
"""

from legends_core.testing import curse_name, options, play, position
from legends_core.testing import destroyed_names as dead

KEEP = {"h8": 157}



def attack(game, move):
    return play(game, move, "pass", "pass")



def known_to(game, player, square):
    return game.view(player).piece_on(square).number is not None


# -- #36 Saravannus -----------------------------------------------------------------------


def saravannus_game():
    # Gold Knight (beige) will destroy the Skeleton Warlock, whose curse ends Saravannus's.
    return position({"d3": 41, "d4": 160, "f6": 151, "b6": 146, "a2": 163, **KEEP},
                    terrain={"f6": "forest", "b6": "marsh", "a2": "forest"},
                    curse=(36, "beige"))


def test_saravannus_reveals_every_piece_on_the_named_terrain():
    game = saravannus_game()
    attack(game, "d3-d4")
    assert curse_name(game) == "Skeleton Warlock" and not game.engine.curse_on
    assert game.current_player == "beige" and game.decision_kind == "ask"
    assert sorted(options(game)) == ["choose forest", "choose marsh", "choose plains"]
    play(game, "choose forest")
    assert known_to(game, "beige", "f6") and known_to(game, "beige", "a2")
    assert not known_to(game, "beige", "b6") and not known_to(game, "beige", "h8")
    assert game.engine.curse_on and dead(game, "beige") == ["Saravannus"]


def test_saravannus_other_terrain_other_pieces():
    game = saravannus_game()
    attack(game, "d3-d4")
    play(game, "choose marsh")
    assert known_to(game, "beige", "b6") and not known_to(game, "beige", "f6")


def test_saravannus_does_nothing_while_in_effect():
    game = saravannus_game()
    play(game, "d3-e3", "pass", "pass")
    assert not known_to(game, "beige", "f6") and game.decision_kind == "main"


def test_saravannus_curse_follows_its_controller():
    # Saravannus works for gray here: gray names the terrain and learns a beige piece.
    game = position({"d5": 141, "d4": 46, "c6": 41, **KEEP}, terrain={"c6": "town"},
                    curse=(36, "gray"), active="gray")
    attack(game, "d5-d4")  # Daemin (8) beats Humble Clergy (6), a curse piece
    assert game.current_player == "gray"
    play(game, "choose town")
    assert known_to(game, "gray", "c6")


# -- #38 Sir Gilbert ----------------------------------------------------------------------


def gilbert_game(destroyed, terrain=None):
    return position({"d3": 41, "d4": 160, **KEEP},
                    terrain=terrain if terrain is not None else {"e1": "town", "b7": "town"},
                    curse=(38, "beige"), destroyed=destroyed)


def test_sir_gilbert_returns_a_small_gold_piece_to_town():
    # Hillstone Curate (5) qualifies; Hillstone Priest (7), Holy Light (magic) and Srik
    # (green) do not.
    game = gilbert_game({"beige": [43, 49, 62, 8]})
    attack(game, "d3-d4")
    assert game.current_player == "beige"
    assert options(game) == ["choose beige:1"]  # compulsory: no "done"
    play(game, "choose beige:1")
    assert sorted(options(game)) == ["choose b7", "choose e1"]
    play(game, "choose b7")
    assert game.piece_at("b7").name == "Hillstone Curate" and game.controller_at("b7") == "beige"
    assert game.view("gray").piece_on("b7").name == "Hillstone Curate"
    assert curse_name(game) == "Skeleton Warlock" and game.engine.curse_on


def test_sir_gilbert_takes_gold_from_any_destroyed_area():
    game = gilbert_game({"gray": [58]})  # a Hillstone Acolyte of the gray side
    attack(game, "d3-d4")
    play(game, "choose gray:0", "choose e1")
    assert game.piece_at("e1").name == "Hillstone Acolyte" and game.controller_at("e1") == "beige"


def test_sir_gilbert_needs_an_empty_town_square():
    game = gilbert_game({"beige": [49]}, terrain={})
    attack(game, "d3-d4")
    assert game.decision_kind == "window" and dead(game, "beige") == ["Hillstone Curate", "Sir Gilbert"]


def test_sir_gilbert_base_six_is_the_limit():
    game = gilbert_game({"beige": [47, 41]})  # Crailton Martyr (6) yes, Gold Knight (8) no
    attack(game, "d3-d4")
    assert options(game) == ["choose beige:0"]


# -- #46 Humble Clergy ----------------------------------------------------------------------


def test_humble_clergy_curse_base_two_pieces_get_six():
    game = position({"d3": 42, "d4": 160, "a1": 57, "a2": 54, **KEEP}, curse=(46, "beige"))
    assert game.strength_at("a1") == 8  # Jenzik, base 2
    assert game.strength_at("a2") == 3  # Pearl Wizard, base 3
    attack(game, "d3-d4")  # Lamorak 7 against the Warlock's 2 + 6
    assert game.piece_at("d4").name == "Skeleton Warlock" and dead(game, "beige") == ["Lamorak"]


def test_humble_clergy_curse_starts_when_it_is_destroyed():
    game = position({"d5": 141, "d4": 46, "a1": 57, **KEEP}, active="gray")
    assert game.strength_at("a1") == 2
    attack(game, "d5-d4")
    assert curse_name(game) == "Humble Clergy" and game.engine.curse_on
    assert game.strength_at("a1") == 8


def test_without_humble_clergy_lamorak_wins():
    game = position({"d3": 42, "d4": 160, **KEEP})
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Lamorak"


# -- #51 Redillian Evoker -------------------------------------------------------------------


def test_redillian_evoker_curse_wizards_get_one():
    game = position({"d3": 42, "d4": 146, "a1": 41, "a2": {"number": 45, "owner": "gray"},
                     **KEEP}, curse=(51, "beige"))
    assert game.strength_at("a1") == 8  # Gold Knight is a paladin
    assert game.strength_at("a2") == 7  # a gray wizard gets it too
    attack(game, "d3-d4")  # Lamorak 8 against Murkis 7
    assert game.piece_at("d4").name == "Lamorak"


def test_redillian_evoker_charges():
    game = position({"d1": 51, "d4": 163, **KEEP})
    play(game, "d1 charging d4", "pass", "pass")
    assert game.piece_at("d4").name == "Redillian Evoker"


# -- #55 Jillus ------------------------------------------------------------------------------

HOLY_LIGHT_GRAY = {"number": 62, "owner": "gray"}


def test_jillus_curse_gives_clerics_dispel_magic():
    game = position({"d3": 49, "d4": HOLY_LIGHT_GRAY, **KEEP}, curse=(55, "beige"))
    attack(game, "d3-d4")
    assert game.piece_at("d4").name == "Hillstone Curate" and dead(game, "beige") == []


def test_jillus_curse_not_for_other_types_nor_without_it():
    game = position({"d3": 41, "d4": HOLY_LIGHT_GRAY, **KEEP}, curse=(55, "beige"))
    attack(game, "d3-d4")
    assert dead(game, "beige") == ["Gold Knight"]
    game = position({"d3": 49, "d4": HOLY_LIGHT_GRAY, **KEEP})
    attack(game, "d3-d4")
    assert dead(game, "beige") == ["Hillstone Curate"]


# -- #60 Psychic Devourer ---------------------------------------------------------------------


def test_psychic_devourer_guesses_blind_before_the_reveal():
    game = position({"d3": 60, "d4": 172, **KEEP})
    play(game, "d3-d4")
    assert game.decision_kind == "ask" and game.current_player == "beige"
    assert not known_to(game, "beige", "d4")
    assert "choose Queen Kivoa" in options(game) and "choose Tiera" in options(game)
    play(game, "choose Queen Kivoa")
    assert game.engine.recall(game.engine.grid[game.engine.sq("d3")], "turn:guess") == "Queen Kivoa"
    assert known_to(game, "beige", "d4") and game.decision_kind == "window"


def test_psychic_devourer_right_guess_destroys_both():
    game = position({"d3": 60, "d4": 172, **KEEP})
    play(game, "d3-d4", "choose Queen Kivoa", "pass", "pass")
    assert dead(game, "beige") == ["Psychic Devourer"] and dead(game, "gray") == ["Queen Kivoa"]


def test_psychic_devourer_wrong_guess_destroys_only_itself():
    # Jezrak (1) would tie with the Devourer in a normal attack and both would fall.
    game = position({"d3": 60, "d4": 163, **KEEP})
    play(game, "d3-d4", "choose Murkis", "pass", "pass")
    assert dead(game, "beige") == ["Psychic Devourer"] and dead(game, "gray") == []
    assert game.piece_at("d4").name == "Jezrak"


def test_psychic_devourer_strengths_do_not_matter():
    # With the Evoker's curse the Devourer (a wizard) has 2 against Jezrak's 1, yet a right
    # guess still destroys both and a wrong one still destroys the Devourer.
    game = position({"d3": 60, "d4": 163, **KEEP}, curse=(51, "beige"))
    play(game, "d3-d4", "choose Jezrak")
    assert game.strength_at("d3") == 2
    play(game, "pass", "pass")
    assert dead(game, "beige") == ["Psychic Devourer"] and dead(game, "gray") == ["Jezrak"]
    game = position({"d3": 60, "d4": 163, **KEEP}, curse=(51, "beige"))
    play(game, "d3-d4", "choose Sinakus", "pass", "pass")
    assert dead(game, "beige") == ["Psychic Devourer"] and game.piece_at("d4").name == "Jezrak"


def test_psychic_devourer_defends_normally():
    game = position({"d3": 60, "d4": 163, "a1": 41, **KEEP}, active="gray")
    play(game, "d4-d3")
    assert game.decision_kind == "window"  # no guess when it is attacked
    play(game, "pass", "pass")
    assert dead(game, "beige") == ["Psychic Devourer"] and dead(game, "gray") == ["Jezrak"]


def test_psychic_devourer_guess_means_nothing_against_magic():
    game = position({"d3": 60, "d4": HOLY_LIGHT_GRAY, **KEEP})
    play(game, "d3-d4", "choose Jezrak", "pass", "pass")
    assert dead(game, "beige") == ["Psychic Devourer"] and dead(game, "gray") == ["Holy Light"]


# -- #62 Holy Light ----------------------------------------------------------------------------


def test_holy_light_destroys_its_attacker():
    game = position({"d4": 62, "d5": 146, "a1": 41, **KEEP}, active="gray")
    attack(game, "d5-d4")
    assert dead(game, "beige") == ["Holy Light"] and dead(game, "gray") == ["Murkis"]
    assert game.piece_at("d4") is None


def test_holy_light_cannot_attack_but_can_move():
    game = position({"d4": 62, "d5": 146, **KEEP})
    opts = options(game)
    assert "d4-d5" not in opts and "d4-d3" in opts


# -- #63 Holy Vision --------------------------------------------------------------------------


def test_holy_vision_destroys_only_itself_and_lets_its_player_look():
    # Tiera (beige) attacks a gray Holy Vision: Tiera survives, moves in, and the attack is a
    # success (Tiera's own power follows). First gray looks at up to two beige pieces.
    game = position({"d3": 37, "d4": {"number": 63, "owner": "gray"}, "a1": 41, "b1": 42,
                     "c1": 43, "a7": 151, **KEEP})
    attack(game, "d3-d4")
    assert dead(game, "gray") == ["Holy Vision"] and dead(game, "beige") == []
    assert game.current_player == "gray"
    # Tiera is already revealed: only the hidden beige pieces are offered.
    assert sorted(options(game)) == ["choose a1", "choose b1", "choose c1", "choose done"]
    play(game, "choose a1")
    assert known_to(game, "gray", "a1")
    assert sorted(options(game)) == ["choose b1", "choose c1", "choose done"]
    play(game, "choose c1")
    assert known_to(game, "gray", "c1") and not known_to(game, "gray", "b1")
    # Two looks used up; now Tiera's after-attack power: gray destroys a piece.
    assert game.piece_at("d4").name == "Tiera"
    assert sorted(options(game)) == ["choose a7", "choose h8"]


def test_holy_vision_looks_are_optional():
    game = position({"d3": 41, "d4": {"number": 63, "owner": "gray"}, "a1": 42, **KEEP})
    attack(game, "d3-d4")
    play(game, "choose done")
    assert not known_to(game, "gray", "a1") and game.decision_kind == "window"
    assert game.piece_at("d4").name == "Gold Knight"


def test_holy_vision_look_is_private_in_a_three_player_game():
    game = position({"d3": {"number": 141, "owner": "gray"}, "d4": 63,
                     "a1": {"number": 151, "owner": "red"}, "h1": 41,
                     "h8": {"number": 157, "owner": "gray"}, "a8": {"number": 157, "owner": "red"}},
                    players=("beige", "gray", "red"), active="gray")
    attack(game, "d3-d4")
    play(game, "pass")  # the third player's turn in the attack window
    assert game.current_player == "beige" and game.decision_kind == "ask"
    play(game, "choose a1")
    assert known_to(game, "beige", "a1") and not known_to(game, "gray", "a1")


# -- #64 Exorcism ------------------------------------------------------------------------------


def exorcism_game():
    return position({"d4": 64, "d5": 146, "a1": 41, "b6": 151, "c6": 118, "e6": 41, **KEEP},
                    terrain={"b6": "marsh", "c6": "marsh", "e6": "marsh"}, active="gray")


def test_exorcism_destroys_attacker_then_a_red_piece_on_marsh():
    game = exorcism_game()
    attack(game, "d5-d4")
    assert dead(game, "beige") == ["Exorcism"] and dead(game, "gray") == ["Murkis"]
    assert game.current_player == "beige"
    # Only enemy pieces on marsh: not the beige Gold Knight on e6.
    assert sorted(options(game)) == ["choose b6", "choose c6", "choose done"]
    play(game, "choose b6")
    assert dead(game, "gray") == ["Murkis", "Sinakus"]


def test_exorcism_chooses_after_a_curse_set_off_by_its_attacker():
    # The Skeleton Warlock (a death curse) attacks; its curse replaces beige's Flood Bringer,
    # which reveals the pieces next to water and has beige destroy one: Sinakus on b6.
    # Only then is the exorcism offered, and Sinakus is no longer among the choices.
    game = position({"d4": 64, "d5": 160, "a1": 41, "b6": 151, "c6": 118, **KEEP},
                    terrain={"b6": "marsh", "c6": "marsh", "a6": "water"},
                    curse=(25, "beige"), active="gray")
    attack(game, "d5-d4")
    assert "choose b6" in options(game) and "choose done" not in options(game)
    play(game, "choose b6")
    assert curse_name(game) == "Skeleton Warlock"
    assert sorted(options(game)) == ["choose c6", "choose done"]


def test_exorcism_a_non_red_piece_is_only_revealed():
    game = exorcism_game()
    attack(game, "d5-d4")
    play(game, "choose c6")
    assert game.view("beige").piece_on("c6").name == "Enchanted Shield"
    assert dead(game, "gray") == ["Murkis"]


def test_exorcism_may_be_declined_and_is_stationary():
    game = exorcism_game()
    attack(game, "d5-d4")
    play(game, "choose done")
    assert not known_to(game, "beige", "b6") and dead(game, "gray") == ["Murkis"]
    game = position({"d4": 64, **KEEP, "a1": 41})
    assert not any(o.startswith("d4") for o in options(game))


# -- #65 Altar of Deliverance -----------------------------------------------------------------


def test_altar_of_deliverance_destroys_attacker_then_opponent_destroys_one():
    game = position({"d4": 65, "d5": 146, "a1": 41, "a7": 151, **KEEP}, active="gray")
    attack(game, "d5-d4")
    assert dead(game, "beige") == ["Altar of Deliverance"]
    assert game.current_player == "gray" and sorted(options(game)) == ["choose a7", "choose h8"]
    play(game, "choose a7")
    assert dead(game, "gray") == ["Murkis", "Sinakus"]


def test_altar_of_deliverance_choice_comes_after_a_curse_change():
    # The attacking Skeleton Warlock's curse ends beige's Strangling Vines first: forest
    # pieces are revealed and beige destroys Sinakus there. Gray then picks among the rest.
    game = position({"d4": 65, "d5": 160, "a1": 41, "f6": 151, "a7": 163, **KEEP},
                    terrain={"f6": "forest"}, curse=(22, "beige"), active="gray")
    attack(game, "d5-d4")
    assert game.current_player == "beige" and options(game) == ["choose f6"]
    play(game, "choose f6")
    assert game.current_player == "gray" and sorted(options(game)) == ["choose a7", "choose h8"]
    play(game, "choose a7")
    assert dead(game, "gray") == ["Jezrak", "Sinakus"]
    assert curse_name(game) == "Skeleton Warlock" and game.engine.curse_on


def test_altar_of_deliverance_is_stationary():
    game = position({"d4": 65, "a1": 41, **KEEP})
    assert not any(o.startswith("d4") for o in options(game))


# -- #66 Cleansing Mist -----------------------------------------------------------------------


def test_cleansing_mist_action_makes_the_opponent_destroy_a_piece():
    game = position({"d4": 66, "a7": 151, **KEEP})
    assert "d4 cleansing-mist" in options(game)
    play(game, "d4 cleansing-mist")
    assert dead(game, "beige") == ["Cleansing Mist"]
    assert game.current_player == "gray" and sorted(options(game)) == ["choose a7", "choose h8"]
    play(game, "choose a7")
    assert dead(game, "gray") == ["Sinakus"]
    assert game.decision_kind == "window"  # the action was the turn


def test_cleansing_mist_when_attacked_and_cannot_attack():
    game = position({"d4": 66, "d5": 146, **KEEP})
    assert "d4-d5" not in options(game) and "d4-d3" in options(game)
    game = position({"d4": 66, "d5": 146, "a1": 41, **KEEP}, active="gray")
    attack(game, "d5-d4")
    assert dead(game, "beige") == ["Cleansing Mist"] and dead(game, "gray") == ["Murkis"]


# -- #67 Urgwaine's Castle -----------------------------------------------------------------------


def test_urgwaines_castle_gives_sir_urgwaine_quickness():
    game = position({"a1": 67, "c3": 35, "e3": 59, "g3": 44, **KEEP})
    opts = options(game)
    assert "a1 urgwaines-castle c3" in opts and "a1 urgwaines-castle e3" in opts
    assert "a1 urgwaines-castle g3" not in opts  # Gray Knight is not named
    assert not any(o.startswith("a1-") for o in opts)  # the castle itself never moves
    assert not any(o.startswith("c3 quickness") for o in opts)
    play(game, "a1 urgwaines-castle c3")
    assert game.view("gray").piece_on("a1").name == "Urgwaine's Castle"
    assert not known_to(game, "gray", "c3")  # only the castle is revealed
    assert "c3 quickness c5" in options(game)
    assert not any("urgwaines-castle c3" in o for o in options(game))  # it has it now
    play(game, "c3 quickness c5")
    assert game.piece_at("c5").name == "Sir Urgwaine"


def test_urgwaines_castle_quickness_for_the_knights_lasts_one_turn():
    game = position({"a1": 67, "e3": 59, **KEEP})
    play(game, "a1 urgwaines-castle e3", "e3-e4", "pass", "pass", "h8-h7", "pass", "pass")
    assert not any(o.startswith("e4 quickness") for o in options(game))
    assert "a1 urgwaines-castle e4" in options(game)


def test_urgwaines_castle_only_in_its_own_turn():
    game = position({"a1": 67, "c3": 35, **KEEP}, active="gray")
    play(game, "h8-h7", "pass")
    assert options(game) == ["pass"]


# -- #68 Mirage Castle ----------------------------------------------------------------------------


def test_mirage_castle_moves_to_desert_once_per_game():
    terrain = {"e5": "desert", "f5": "desert"}
    game = position({"a1": 68, "b1": 41, "f5": 42, **KEEP}, terrain=terrain)
    opts = options(game)
    assert "a1 mirage-castle e5" in opts and "a1 mirage-castle f5" not in opts
    assert not any(o.startswith("a1-") for o in opts)  # stationary otherwise
    play(game, "a1 mirage-castle e5")
    assert game.piece_at("e5").name == "Mirage Castle"
    assert game.view("gray").piece_on("e5").name == "Mirage Castle"
    play(game, "pass", "pass", "h8-h7", "pass", "pass", "f5-f4")
    play(game, "pass", "pass", "h7-h8", "pass", "pass")
    assert game.active_player == "beige"
    assert not any("mirage-castle" in o for o in options(game))


def test_mirage_castle_needs_an_empty_desert_square():
    game = position({"a1": 68, "b1": 41, **KEEP})
    assert not any("mirage-castle" in o for o in options(game))

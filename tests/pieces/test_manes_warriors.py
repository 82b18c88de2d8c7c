"""The Manes (red), #151-#163: each power changes an outcome, and its limits hold."""

from legends_core.testing import destroyed_names as dead
from legends_core.testing import options, play, position

SPARE = {"h1": 8, "h8": 157}  # Srik (beige), Bone Legion (gray)



def setup(pieces, **kw):
    return position({**SPARE, **pieces}, **kw)


def beige(number):
    return {"number": number, "owner": "beige"}


# -- #151 Sinakus -------------------------------------------------------------------------


def test_sinakus_wins_on_marsh_and_ties_off_it():
    game = setup({"d5": 151, "d4": 49}, terrain={"d4": "marsh"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Sinakus"
    game = setup({"d5": 151, "d4": 49}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


def test_sinakus_quickness_stops_at_an_attack_on_the_first_step():
    game = setup({"d5": 151, "d4": 11}, active="gray")
    opts = options(game)
    assert "d5 quickness d7" in opts and "d5 quickness e4" in opts
    assert "d5 quickness d3" not in opts, "cannot pass through the High Elf"


# -- #152 Giant Zombie Rat, #155 Plague Bearer ----------------------------------------------


def test_giant_zombie_rat_gets_2_on_marsh():
    game = setup({"d5": 152, "d4": 11}, terrain={"d4": "marsh"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Giant Zombie Rat"
    game = setup({"d5": 152, "d4": 11}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "High Elf"


def test_plague_bearer_gets_7_on_town():
    game = setup({"d5": 155, "d4": 72}, terrain={"d4": "town"}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 11
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Plague Bearer"
    game = setup({"d5": 155, "d4": 72}, terrain={"d5": "town"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Almaetis"


# -- #153 Sarro ---------------------------------------------------------------------------


def test_sarro_teleports_another_piece_onto_its_square():
    game = setup({"e5": 153, "a8": 142, "b8": 166}, active="gray")
    opts = options(game)
    assert "e5 teleport a8" in opts
    assert "e5 teleport b8" not in opts, "Decay is stationary"
    play(game, "e5 teleport a8")
    assert game.piece_at("e5").name == "Skeleton Horde"
    assert game.view("beige").piece_on("e5").name == "Skeleton Horde"
    assert dead(game, "gray") == ["Sarro"]


# -- #154 Kutbone -------------------------------------------------------------------------


def test_kutbone_strikes_a_weaker_piece_two_squares_away():
    game = setup({"d6": 154, "d4": beige(162), "f4": 85}, active="gray")
    opts = options(game)
    assert "d6 distance-strike d4" in opts and "d6 distance-strike f4" in opts
    play(game, "d6 distance-strike d4", "pass", "pass")
    assert game.piece_at("d4") is None and dead(game, "beige") == ["Wascyo"]


def test_kutbone_strike_does_nothing_to_an_equal_piece():
    game = setup({"d6": 154, "f4": 85}, active="gray")
    play(game, "d6 distance-strike f4", "pass", "pass")
    assert game.piece_at("f4").name == "Spirit of Negation"
    assert game.view("gray").piece_on("f4").name == "Spirit of Negation"


# -- #158 Crazed Terror -------------------------------------------------------------------


def test_crazed_terror_gives_an_adjacent_attacking_zombie_2():
    game = setup({"d5": 152, "c5": 158, "d4": 11}, active="gray")
    play(game, "d5-d4")
    assert "c5 crazed-terror d5" in options(game)
    play(game, "c5 crazed-terror d5")
    assert game.strength_at("d5") == 7
    assert dead(game, "gray") == ["Crazed Terror"]
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Giant Zombie Rat"


def test_crazed_terror_without_the_boost_the_zombie_loses():
    game = setup({"d5": 152, "c5": 158, "d4": 11}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "High Elf"


def test_crazed_terror_helps_zombies_only():
    game = setup({"d5": 151, "c5": 158, "d4": 11}, active="gray")
    play(game, "d5-d4")
    assert not any("crazed-terror" in o for o in options(game))


def test_crazed_terror_helps_adjacent_zombies_only():
    game = setup({"d5": 152, "b5": 158, "d4": 11}, active="gray")
    play(game, "d5-d4")
    assert not any("crazed-terror" in o for o in options(game))


# -- #159 Bloodsucker ---------------------------------------------------------------------


def test_bloodsucker_feeds_in_an_attack_and_wins():
    # Bloodsucker (2) attacks Almaetis (9); it drinks the adjacent Skeleton Horde (8).
    game = setup({"d5": 159, "c5": 142, "d4": 72}, active="gray")
    play(game, "d5-d4")
    assert "d5 bloodsucker c5" in options(game)
    play(game, "d5 bloodsucker c5")
    assert game.strength_at("d5") == 10
    assert dead(game, "gray") == ["Skeleton Horde"]
    assert game.view("beige").piece_on("d5").name == "Bloodsucker"
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Bloodsucker"
    assert dead(game, "beige") == ["Almaetis"]
    play(game, "pass", "pass")
    assert game.strength_at("d4") == 2, "the gain lasts until the end of the turn"


def test_bloodsucker_takes_current_strength_including_terrain_and_curse():
    # Skeleton Horde on marsh (+1) with the Skeleton Warlock's curse (+1): current 10.
    game = setup({"d5": 159, "c5": 142, "a1": 11}, terrain={"c5": "marsh"},
                 curse=(160, "gray"), active="gray")
    assert game.strength_at("c5") == 10
    play(game, "d5 bloodsucker c5")
    assert game.strength_at("d5") == 12


def test_bloodsucker_feeds_while_defending():
    game = setup({"d5": 159, "e5": 142, "d4": 72}, active="beige")
    play(game, "d4-d5", "pass")
    assert game.current_player == "gray"
    play(game, "d5 bloodsucker e5")
    assert game.strength_at("d5") == 10
    play(game, "pass", "pass")
    assert game.piece_at("d5").name == "Bloodsucker"
    assert dead(game, "beige") == ["Almaetis"]


def test_bloodsucker_limits():
    game = setup({"d5": 159, "c5": 142, "e5": 166, "d6": 141, "d4": 11, "c4": 85},
                 active="gray")
    opts = options(game)
    # Only warriors of its own side next to it: not magic, not enemies.
    assert "d5 bloodsucker c5" in opts and "d5 bloodsucker d6" in opts
    assert "d5 bloodsucker e5" not in opts and "d5 bloodsucker d4" not in opts
    # While another piece fights, the gain would change nothing: not offered.
    play(game, "c5-c4")
    assert game.decision_kind == "window"
    assert not any("bloodsucker" in o for o in options(game))
    play(game, "pass", "pass")
    assert game.piece_at("c4").name == "Skeleton Horde"
    # Nor at the end of the turn.
    assert game.decision_kind == "window"
    assert not any("bloodsucker" in o for o in options(game))
    play(game, "pass", "pass", "d4-c4", "pass")
    # Nor in the opponent's attack on a neighbour.
    assert game.current_player == "gray" and game.decision_kind == "window"
    assert not any("bloodsucker" in o for o in options(game))


# -- #160 Skeleton Warlock ----------------------------------------------------------------


def test_skeleton_warlock_curse_raises_skeletons_only():
    game = setup({"d5": 160, "d4": 44, "a8": 142, "b8": 152}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    g = game.engine
    assert g.types[g.curse].name == "Skeleton Warlock" and g.curse_on
    assert game.strength_at("a8") == 9
    assert game.strength_at("b8") == 5, "zombies are not skeletons"


def test_skeleton_warlock_moves_two_squares():
    game = setup({"d5": 160}, active="gray")
    play(game, "d5 quickness c4")
    assert game.piece_at("c4").name == "Skeleton Warlock"


# -- #161 Gloomis -------------------------------------------------------------------------


def test_gloomis_makes_the_opponent_destroy_a_piece_but_never_the_castle():
    game = setup({"e5": 161, "c3": beige(169), "d2": 11}, active="gray")
    play(game, "e5 gloomis")
    assert "Gloomis" in dead(game, "gray")
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose d2", "choose h1"]
    play(game, "choose d2")
    assert dead(game, "beige") == ["High Elf"]


# -- #162 Wascyo --------------------------------------------------------------------------


def test_wascyo_destroys_a_base_10_piece_it_attacks():
    game = setup({"d5": 162, "d4": beige(137)}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Wascyo"
    assert dead(game, "beige") == ["Oppolifnas"]


def test_wascyo_destroys_a_base_10_piece_that_attacks_it():
    game = setup({"d5": 162, "d4": beige(137)}, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Wascyo"
    assert game.piece_at("d4") is None and dead(game, "beige") == ["Oppolifnas"]


def test_wascyo_loses_to_base_9():
    game = setup({"d5": 162, "d4": 72}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert dead(game, "gray") == ["Wascyo"]


# -- #163 Jezrak --------------------------------------------------------------------------


def test_jezrak_destroys_a_base_9_piece_it_attacks():
    game = setup({"d5": 163, "d4": 72}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Jezrak"


def test_jezrak_loses_to_base_8_and_when_attacked():
    game = setup({"d5": 163, "d4": beige(141)}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert dead(game, "gray") == ["Jezrak"]
    game = setup({"d5": 163, "d4": 72}, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "gray") == ["Jezrak"] and game.piece_at("d5").name == "Almaetis"

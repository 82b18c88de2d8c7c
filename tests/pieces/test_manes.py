"""The Manes (red), #137-#150: each power changes an outcome, and its limits hold."""

from legends_core.testing import destroyed_names as dead
from legends_core.testing import options, play, position

# Spare pieces far from the action, so each side always has a legal move.
SPARE = {"h1": 8, "h8": 157}  # Srik (beige), Bone Legion (gray)



def setup(pieces, **kw):
    return position({**SPARE, **pieces}, **kw)


def beige(number):
    return {"number": number, "owner": "beige"}


# -- #137 Oppolifnas ----------------------------------------------------------------------


def test_oppolifnas_flies_over_a_piece():
    game = setup({"d5": 137, "d4": 11}, active="gray")
    assert "d5 flying d3" in options(game)
    play(game, "d5 flying d3")
    assert game.piece_at("d3").name == "Oppolifnas"
    assert game.piece_at("d4").name == "High Elf"


def test_oppolifnas_lends_flying_to_an_adjacent_piece_of_its_side_for_the_turn():
    game = setup({"d5": 137, "e5": 142, "e4": 11, "a5": 143}, active="gray")
    assert "e5 flying e3" not in options(game)
    # Only pieces next to Oppolifnas can get it (the Mummy on a5 is too far).
    assert "d5 oppolifnas a5" not in options(game)
    play(game, "d5 oppolifnas e5")
    assert game.view("beige").piece_on("d5").name == "Oppolifnas"
    assert game.view("beige").piece_on("e5").name == "Skeleton Horde"
    assert "e5 flying e3" in options(game)
    play(game, "e5 flying e3")
    assert game.piece_at("e3").name == "Skeleton Horde"
    play(game, "pass", "pass")
    assert not game.engine.has_keyword(game.engine.grid[game.engine.sq("e3")], "flying")


def test_oppolifnas_gift_only_in_its_own_main_decision():
    game = setup({"d5": 137, "e5": 142, "e4": 11}, active="beige")
    play(game, "h1-g1")
    assert game.decision_kind == "window"
    play(game, "pass")
    assert game.current_player == "gray"
    assert not any("oppolifnas" in o for o in options(game))


# -- #138 Lord Esenwein -------------------------------------------------------------------


def test_lord_esenwein_gives_flying_to_a_distant_vampire_only():
    game = setup({"a8": 138, "d5": 147, "d4": 11, "f5": 142, "f4": 44}, active="gray")
    opts = options(game)
    assert "a8 lord-esenwein d5" in opts
    assert "a8 lord-esenwein f5" not in opts, "the Skeleton Horde is no vampire"
    assert "d5 flying d3" not in opts
    play(game, "a8 lord-esenwein d5")
    assert game.view("beige").piece_on("d5").name == "Keelian"
    play(game, "d5 flying d3")
    assert game.piece_at("d3").name == "Keelian"


def test_lord_esenwein_has_no_flying_of_his_own():
    game = setup({"a8": 138, "a7": 11}, active="gray")
    assert "a8 flying a6" not in options(game)
    play(game, "a8 lord-esenwein a8")
    assert "a8 flying a6" in options(game)


# -- #139 Lord of Bones -------------------------------------------------------------------


def test_lord_of_bones_gives_charging_to_a_skeleton():
    game = setup({"a8": 139, "d6": 142, "d2": 11, "f6": 152}, active="gray")
    opts = options(game)
    assert "d6 charging d2" not in opts
    assert "a8 lord-of-bones d6" in opts
    assert "a8 lord-of-bones f6" not in opts, "the Giant Zombie Rat is no skeleton"
    play(game, "a8 lord-of-bones d6", "d6 charging d2", "pass", "pass")
    assert game.piece_at("d2").name == "Skeleton Horde"
    assert dead(game, "beige") == ["High Elf"]


# -- #140 Lord of the Dead ----------------------------------------------------------------


def test_lord_of_the_dead_raises_a_zombie_on_marsh_after_winning():
    game = setup({"d5": 140, "d4": 49}, terrain={"b2": "marsh", "g3": "marsh"},
                 destroyed={"gray": [142, 152]}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "ask" and game.current_player == "gray"
    # Only the zombie (Giant Zombie Rat, gray:1) qualifies, and it is optional.
    assert sorted(options(game)) == ["choose done", "choose gray:1"]
    play(game, "choose gray:1")
    assert sorted(options(game)) == ["choose b2", "choose g3"]
    play(game, "choose g3")
    assert game.piece_at("g3").name == "Giant Zombie Rat"
    assert game.controller_at("g3") == "gray"
    assert dead(game, "gray") == ["Skeleton Horde"]


def test_lord_of_the_dead_needs_an_empty_marsh_square():
    game = setup({"d5": 140, "d4": 49, "b2": 11}, terrain={"b2": "marsh"},
                 destroyed={"gray": [152]}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window", "no question: the only marsh square is taken"
    assert dead(game, "gray") == ["Giant Zombie Rat"]


def test_lord_of_the_dead_raises_nothing_when_it_loses():
    game = setup({"d5": 140, "d4": 72, "a1": 11}, terrain={"b2": "marsh"},
                 destroyed={"gray": [152]}, active="gray")
    play(game, "d5-d4", "pass", "pass")  # 9 against 9: both destroyed
    assert game.decision_kind == "window"
    assert game.piece_at("b2") is None


# -- #141 Daemin --------------------------------------------------------------------------


def test_daemin_captures_a_base_5_piece_whatever_its_current_strength():
    game = setup({"c5": 141, "c4": 49}, terrain={"c4": "mountain"}, active="gray")
    play(game, "c5-c4", "pass", "pass")
    assert game.piece_at("c5").name == "Hillstone Curate"
    assert game.controller_at("c5") == "gray"
    assert game.piece_at("c4").name == "Daemin"
    assert dead(game, "beige") == []


def test_daemin_fights_a_base_6_or_base_1_piece_normally():
    game = setup({"c5": 141, "c4": 11}, active="gray")
    play(game, "c5-c4", "pass", "pass")
    assert dead(game, "beige") == ["High Elf"] and game.piece_at("c5") is None
    game = setup({"c5": 141, "c4": beige(163)}, active="gray")
    play(game, "c5-c4", "pass", "pass")
    assert dead(game, "beige") == ["Jezrak"]


def test_daemin_captures_only_when_it_attacks():
    game = setup({"c5": 141, "c4": 49}, active="beige")
    play(game, "c4-c5", "pass", "pass")
    assert dead(game, "beige") == ["Hillstone Curate"]
    assert game.controller_at("c5") == "gray"


# -- #142 Skeleton Horde, #143 Mummy: terrain bonuses ---------------------------------------


def test_skeleton_horde_wins_on_marsh_and_ties_off_it():
    # Gray Knight: 7, +1 against red pieces.
    game = setup({"d5": 142, "d4": 44}, terrain={"d4": "marsh"}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 9 and game.strength_at("d4") == 8
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Skeleton Horde"
    game = setup({"d5": 142, "d4": 44}, terrain={"d5": "marsh"}, active="gray")
    play(game, "d5-d4", "pass", "pass")  # the attacked square counts: plains
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


def test_mummy_wins_on_desert_and_ties_off_it():
    game = setup({"d5": 143, "d4": 44}, terrain={"d4": "desert"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Mummy"
    game = setup({"d5": 143, "d4": 44}, terrain={"d4": "marsh"}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None


# -- #144 Renil, #147 Keelian, #156 Dark Witch, #157 Bone Legion: Dispel Magic, movement --


def test_dispel_magic_pieces_survive_attacking_magic():
    for number in (144, 147, 156, 157):
        game = setup({"d5": number, "d4": 99}, active="gray")
        play(game, "d5-d4", "pass", "pass")
        assert game.piece_at("d4").number == number, number
        # The spell is not cast, but the death curse still comes into effect.
        g = game.engine
        assert g.types[g.curse].name == "Anti-Red Wind" and g.curse_on


def test_a_piece_without_dispel_magic_dies_attacking_magic():
    game = setup({"d5": 150, "d4": 99}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4") is None and dead(game, "gray") == ["Crimson"]


def test_renil_slashes_diagonally():
    game = setup({"d5": 144, "g2": 11}, active="gray")
    assert "d5 slashing g2" in options(game)
    assert "d5 slashing a8" in options(game)
    play(game, "d5 slashing g2", "pass", "pass")
    assert game.piece_at("g2").name == "Renil"


def test_keelian_moves_two_squares():
    game = setup({"d5": 147}, active="gray")
    assert {"d5 quickness d3", "d5 quickness e4", "d5 quickness f5"} <= set(options(game))
    play(game, "d5 quickness e4")
    assert game.piece_at("e4").name == "Keelian"


def test_bone_legion_moves_two_squares():
    game = setup({"d5": 157, "d3": 85}, active="gray")
    assert "d5 quickness d3" in options(game), "a two-step move may end in an attack"
    play(game, "d5 quickness e4")
    assert game.piece_at("e4").name == "Bone Legion"


def test_dark_witch_charges():
    game = setup({"d8": 156, "d2": 11}, active="gray")
    assert "d8 charging d2" in options(game)
    play(game, "d8 charging d2", "pass", "pass")
    # 3 against 6: the Dark Witch charged all the way and lost the attack.
    assert game.piece_at("d2").name == "High Elf" and game.piece_at("d8") is None
    assert dead(game, "gray") == ["Dark Witch"]


# -- #145 Moridium ------------------------------------------------------------------------


def test_moridium_flies():
    game = setup({"d5": 145, "d4": 11}, active="gray")
    play(game, "d5 flying d3")
    assert game.piece_at("d3").name == "Moridium"


def test_moridium_destroys_a_piece_that_reveals_it_by_vision():
    from legends_core import piece
    from legends_core.registry import Catalogue, default_catalogue
    from legends_pieces.powers import KEYWORD_POWERS, VISION

    cat = default_catalogue()
    seer = piece(990, "Test Seer", 5, type="seer", colour="green", text="Action: Vision.",
                 powers=[VISION])
    small = Catalogue([cat[8], cat[157], cat[145], cat[142], seer], KEYWORD_POWERS)
    game = position({**SPARE, "d3": 990, "d5": 145, "e5": 142}, active="beige", catalogue=small)
    play(game, "d3 vision d5")
    assert game.view("beige").piece_on("d5").name == "Moridium"
    assert game.piece_at("d3") is None, "the seer is destroyed"
    # An ordinary piece revealed by Vision does nothing of the kind.
    game = position({**SPARE, "d3": 990, "d5": 145, "e5": 142}, active="beige", catalogue=small)
    play(game, "d3 vision e5")
    assert game.piece_at("d3").name == "Test Seer"


# -- #146 Murkis, #149 Lingering Death: marsh to marsh ------------------------------------


def test_marsh_walkers_jump_between_marsh_squares_only_from_marsh():
    for number in (146, 149):
        marsh = {"b2": "marsh", "g7": "marsh", "c5": "marsh"}
        game = setup({"b2": number, "c5": 11}, terrain=marsh, active="gray")
        opts = [o for o in options(game) if "terrain-move" in o]
        assert opts == ["b2 terrain-move g7"], "only to an empty marsh square"
        play(game, "b2 terrain-move g7")
        assert game.piece_at("g7").number == number
        assert game.view("beige").piece_on("g7").number == number
        game = setup({"b3": number}, terrain=marsh, active="gray")
        assert not any("terrain-move" in o for o in options(game))


# -- #148 Scythe --------------------------------------------------------------------------


def test_scythe_gets_2_against_a_flyer():
    game = setup({"d5": 148, "d4": beige(145)}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 8
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Scythe"


def test_scythe_gets_nothing_against_a_piece_without_flying():
    game = setup({"d5": 148, "d4": 8}, active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 6
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Srik"


def test_scythe_counts_flying_lent_until_the_end_of_the_turn():
    # Beige controls an Oppolifnas next to a beige Keelian, lends it Flying, and attacks.
    game = setup({"d4": beige(137), "c4": beige(147), "c5": 148}, active="beige")
    play(game, "d4 oppolifnas c4", "c4-c5")
    assert game.strength_at("c5") == 8
    play(game, "pass", "pass")
    assert game.piece_at("c5").name == "Scythe"


def test_scythe_flies():
    game = setup({"d5": 148, "d4": 11}, active="gray")
    play(game, "d5 flying d3")
    assert game.piece_at("d3").name == "Scythe"


# -- #150 Crimson -------------------------------------------------------------------------


def test_crimson_slashes():
    game = setup({"d5": 150, "b3": 85}, active="gray")
    assert "d5 slashing b3" in options(game)
    assert "d5 slashing a2" not in options(game), "the line is blocked by b3"
    play(game, "d5 slashing b3", "pass", "pass")
    assert game.piece_at("b3").name == "Crimson"

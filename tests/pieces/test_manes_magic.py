"""The Manes (red), #164-#170: magic pieces and castles."""

from legends_core.testing import destroyed_names as dead
from legends_core.testing import options, play, position

SPARE = {"h1": 8, "h8": 157}  # Srik (beige), Bone Legion (gray)



def setup(pieces, **kw):
    return position({**SPARE, **pieces}, **kw)


def beige(number):
    return {"number": number, "owner": "beige"}


def test_red_magic_and_castles_are_stationary():
    for castle in (169, 170):  # one castle per army, so one position for each
        game = setup({"a3": 164, "b5": 165, "c3": 166, "d5": 167, "e3": 168, "f5": castle},
                     active="gray")
        movers = {o.split()[0].split("-")[0] for o in options(game) if "-" in o}
        assert movers == {"h8"}


# -- #164 Zombie Grave --------------------------------------------------------------------


def test_zombie_grave_kills_its_attacker_and_raises_one_of_your_zombies():
    game = setup({"d5": 164, "d4": 44}, destroyed={"gray": [142, 152], "beige": [158]},
                 active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Crazed Terror", "Gray Knight"]
    assert game.current_player == "gray"
    # Only zombies from gray's own area (not the skeleton, not the one in beige's area);
    # the rising is not optional.
    assert options(game) == ["choose gray:1"]
    play(game, "choose gray:1")
    assert options(game) == ["choose d5"]
    play(game, "choose d5")
    assert game.piece_at("d5").name == "Giant Zombie Rat"
    assert game.controller_at("d5") == "gray"
    assert game.view("beige").piece_on("d5").name == "Giant Zombie Rat"


def test_zombie_grave_with_no_destroyed_zombie_just_kills():
    game = setup({"d5": 164, "d4": 44}, destroyed={"gray": [142]}, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5") is None and game.piece_at("d4") is None
    assert game.decision_kind == "window"


def test_zombie_grave_is_dispelled():
    game = setup({"d5": 164, "d4": 8}, destroyed={"gray": [152]}, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Srik"
    assert dead(game, "gray") == ["Giant Zombie Rat", "Zombie Grave"]


# -- #165 Skeleton Grave ------------------------------------------------------------------


def test_skeleton_grave_raises_a_skeleton_from_any_destroyed_area():
    game = setup({"d5": 165, "d4": 44}, destroyed={"gray": [152], "beige": [142]},
                 curse=(160, "gray"), active="beige")
    play(game, "d4-d5", "pass", "pass")
    # The Skeleton Horde lies in beige's area; the Warlock in the curse slot cannot rise;
    # the zombie is no skeleton.
    assert options(game) == ["choose beige:0"]
    play(game, "choose beige:0", "choose d5")
    assert game.piece_at("d5").name == "Skeleton Horde"
    assert game.controller_at("d5") == "gray"
    assert game.strength_at("d5") == 9, "the Warlock's curse still counts"


def test_skeleton_grave_kills_its_attacker():
    game = setup({"d5": 165, "d4": 72}, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Almaetis"] and dead(game, "gray") == ["Skeleton Grave"]


# -- #166 Decay ---------------------------------------------------------------------------


def test_decay_destroys_everything_around_it_but_a_castle():
    game = setup({"d5": 166, "c5": 142, "d4": 11, "e6": 72, "e4": 169, "d7": 152},
                 active="gray")
    assert "d5 decay" in options(game)
    play(game, "d5 decay")
    assert dead(game, "gray") == ["Decay", "Skeleton Horde"]
    assert dead(game, "beige") == ["Almaetis", "High Elf"]
    assert game.piece_at("e4").name == "Rancid Castle"
    assert game.piece_at("d7").name == "Giant Zombie Rat", "two squares away: untouched"


def test_decay_kills_its_attacker():
    game = setup({"d5": 166, "d4": 72}, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Almaetis"] and game.piece_at("d5") is None


# -- #167 Skull of Gorion -----------------------------------------------------------------


MARSH = {"a2": "marsh", "b6": "marsh", "g4": "marsh", "f6": "marsh"}


def test_skull_of_gorion_lets_you_destroy_a_piece_on_marsh_after_a_gold_attacker():
    game = setup({"d5": 167, "d4": 44, "a2": 11, "b6": 142, "g4": beige(169), "c2": 85},
                 terrain=MARSH, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["Gray Knight"]
    assert game.current_player == "gray"
    # Any piece on marsh, own ones included; the choice is optional. Beige's castle on g4 is
    # hidden from gray, so it is offered like any other piece (see the leak tests).
    assert sorted(options(game)) == ["choose a2", "choose b6", "choose done", "choose g4"]
    play(game, "choose a2")
    assert dead(game, "beige") == ["Gray Knight", "High Elf"]


def test_skull_of_gorion_choice_is_optional():
    game = setup({"d5": 167, "d4": 44, "a2": 11}, terrain=MARSH, active="beige")
    play(game, "d4-d5", "pass", "pass", "choose done")
    assert game.piece_at("a2").name == "High Elf"


def test_skull_of_gorion_gives_nothing_more_after_a_non_gold_attacker():
    game = setup({"d5": 167, "d4": 11, "a2": 85}, terrain=MARSH, active="beige")
    play(game, "d4-d5", "pass", "pass")
    assert dead(game, "beige") == ["High Elf"]
    assert game.decision_kind == "window"
    assert game.piece_at("a2").name == "Spirit of Negation"


# -- #168 Fire Wall -----------------------------------------------------------------------


def test_fire_wall_weakens_an_attacker_so_the_defender_survives():
    # High Elf (6) attacks a Giant Zombie Rat (5) next to the Fire Wall.
    game = setup({"d5": 152, "d4": 11, "e5": 168}, active="beige")
    play(game, "d4-d5", "pass")
    assert "e5 fire-wall d4" in options(game)
    play(game, "e5 fire-wall d4")
    assert game.strength_at("d4") == 4
    assert dead(game, "gray") == ["Fire Wall"]
    play(game, "pass", "pass")
    assert game.piece_at("d5").name == "Giant Zombie Rat"
    assert dead(game, "beige") == ["High Elf"]


def test_fire_wall_destroys_a_piece_brought_to_zero():
    game = setup({"e5": 168, "e4": beige(159), "e6": 142}, active="gray")
    opts = options(game)
    assert "e5 fire-wall e4" in opts
    assert "e5 fire-wall e6" not in opts, "only enemy pieces"
    play(game, "e5 fire-wall e4")
    assert game.piece_at("e4") is None and dead(game, "beige") == ["Bloodsucker"]


def test_fire_wall_reaches_adjacent_pieces_only_and_kills_its_attacker():
    game = setup({"e5": 168, "e3": 11}, active="gray")
    assert not any("fire-wall" in o for o in options(game))
    game = setup({"e5": 168, "e4": 11}, active="beige")
    play(game, "e4-e5", "pass", "pass")
    assert dead(game, "beige") == ["High Elf"] and game.piece_at("e5") is None


# -- #169 Rancid Castle -------------------------------------------------------------------


def test_rancid_castle_gives_an_adjacent_red_piece_1_once_per_turn():
    # Giant Zombie Rat (5) attacks Hillstone Curate (5): a tie without help.
    game = setup({"d6": 169, "d5": 152, "c6": 142, "e6": beige(118), "d4": 49},
                 active="gray")
    opts = options(game)
    assert "d6 rancid-castle d5" in opts and "d6 rancid-castle c6" in opts
    play(game, "d5-d4")
    assert game.decision_kind == "window"
    opts = options(game)
    assert opts.count("d6 rancid-castle d5") == 1
    assert "d6 rancid-castle c6" not in opts, "during an attack only the fighting piece"
    play(game, "d6 rancid-castle d5")
    assert game.strength_at("d5") == 6
    assert game.view("beige").piece_on("d6").name == "Rancid Castle"
    play(game, "pass")
    assert not any("rancid-castle" in o for o in options(game)), "once per turn"
    play(game, "pass")
    assert game.piece_at("d4").name == "Giant Zombie Rat"


def test_rancid_castle_helps_red_pieces_only():
    game = {"d6": 169, "e6": {"number": 118, "owner": "gray"}, "e5": 11}
    game = setup(game, active="gray")
    assert not any("rancid-castle" in o for o in options(game))


def test_rancid_castle_can_help_again_next_turn():
    game = setup({"d6": 169, "d5": 152, "a1": 11}, active="gray")
    play(game, "d6 rancid-castle d5")
    assert "d6 rancid-castle d5" not in options(game)
    play(game, "h8-g8", "pass", "pass", "a1-a2", "pass", "pass")
    assert game.strength_at("d5") == 5
    assert "d6 rancid-castle d5" in options(game)


def test_attacking_the_rancid_castle_wins():
    game = setup({"d6": 169, "d5": 11}, active="beige")
    play(game, "d5-d6")
    assert game.winner == "beige"


# -- #170 Bone Castle ---------------------------------------------------------------------


def test_bone_castle_lets_an_adjacent_skeleton_slash():
    game = setup({"d2": 170, "c2": 142, "f5": 11, "a3": 151, "e1": 152}, active="gray")
    opts = options(game)
    assert "c2 slashing f5" not in opts
    assert "d2 bone-castle c2" in opts
    assert "d2 bone-castle a3" not in opts, "not adjacent"
    assert "d2 bone-castle e1" not in opts, "not a skeleton"
    play(game, "d2 bone-castle c2")
    assert "c2 slashing f5" in options(game)
    play(game, "c2 slashing f5", "pass", "pass")
    assert game.piece_at("f5").name == "Skeleton Horde"
    assert dead(game, "beige") == ["High Elf"]

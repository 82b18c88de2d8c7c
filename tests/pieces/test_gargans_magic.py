"""The Gargans (silver, #103-#136): magic pieces and castles."""

from functools import cache

from legends_core import Catalogue, piece
from legends_core.registry import default_catalogue
from legends_core.testing import destroyed_names as dead
from legends_core.testing import name_at, options, play, position
from legends_pieces.powers import KEYWORD_POWERS, CurseGrant, of

SRIK, HIGH_ELF, GRAY_KNIGHT, CURATE, NEGATION, ANTI_RED = 8, 11, 44, 49, 85, 99
KRALC, ULTIMADUS, CREVCOR, HELCAR, ROCK_GIANT = 103, 104, 106, 115, 117
GOLLADUS, CRUSH, HCAOR, UZELIS, GWARF = 113, 114, 121, 126, 128
BOLT, GROUND, STATUE, IDOL, WHEEL, TITAN_CASTLE, OGRE_FORT = 130, 131, 132, 133, 134, 135, 136


def lent(number, to="beige"):
    return {"number": number, "owner": "gray", "controller": to}




# -- #130 Lightning Bolt -------------------------------------------------------------------


def test_lightning_bolt_strikes_the_two_squares_in_front():
    # Gray's pieces advance towards rank 1, so in front of d5 are d4 and d3.
    game = position({"d5": BOLT, "e5": HIGH_ELF, "d4": CURATE, "d3": ROCK_GIANT,
                     "d6": GRAY_KNIGHT, "d2": NEGATION, "h8": CRUSH, "a1": SRIK})
    play(game, "e5-d5", "pass", "pass")
    for sq in ("d5", "e5", "d4", "d3"):
        assert name_at(game, sq) is None
    assert name_at(game, "d6") == "Gray Knight"          # behind it
    assert name_at(game, "d2") == "Spirit of Negation"   # three squares ahead
    assert dead(game, "beige") == ["High Elf", "Hillstone Curate"]
    assert dead(game, "gray") == ["Lightning Bolt", "Rock Giant"]


def test_lightning_bolt_is_stationary():
    game = position({"d5": BOLT, "a8": CRUSH, "h1": SRIK}, active="gray")
    assert not any(o.startswith("d5") for o in options(game))


def test_lightning_bolt_front_follows_its_controller():
    # Held by beige, the Bolt's front points towards rank 8.
    game = position({"d4": lent(BOLT), "c4": CRUSH, "d5": ROCK_GIANT, "d6": HELCAR,
                     "d3": HIGH_ELF, "a1": SRIK}, active="gray")
    play(game, "c4-d4", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d6") is None
    assert name_at(game, "d3") == "High Elf"


def test_lightning_bolt_spares_a_castle_and_fells_everything_at_once():
    # Two death curses destroyed together cancel each other (one destruction, one instant).
    game = position({"d5": BOLT, "e5": HIGH_ELF, "d4": CREVCOR, "d3": ULTIMADUS, "h8": CRUSH,
                     "a1": SRIK})
    play(game, "e5-d5", "pass", "pass")
    assert game.engine.curse < 0
    assert dead(game, "gray") == ["Crevcor", "Lightning Bolt", "Ultimadus"]
    game = position({"d5": BOLT, "e5": HIGH_ELF, "d4": TITAN_CASTLE, "h8": CRUSH, "a1": SRIK})
    play(game, "e5-d5", "pass", "pass")
    assert name_at(game, "d4") == "Titan Castle" and not game.is_over


def test_dispel_magic_defuses_the_lightning_bolt():
    # Srik dispels: only the Bolt is destroyed and Srik takes its square.
    game = position({"d5": BOLT, "e5": SRIK, "d4": HIGH_ELF, "h8": CRUSH})
    play(game, "e5-d5", "pass", "pass")
    assert name_at(game, "d5") == "Srik" and name_at(game, "d4") == "High Elf"


# -- #131 Ground Lightning -----------------------------------------------------------------


GROUND_BOARD = {"d5": GROUND, "a1": SRIK, "h8": ROCK_GIANT, "f8": TITAN_CASTLE, "b2": CURATE}
FORESTS = {"d5": "forest", "a1": "forest", "h8": "forest", "f8": "forest"}


def test_ground_lightning_punishes_a_flyer():
    game = position({**GROUND_BOARD, "d4": lent(KRALC)}, terrain=FORESTS)
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None
    assert game.current_player == "gray" and game.decision_kind == "ask"
    # Pieces on forest, either side, but not the castle; the choice may be declined.
    assert sorted(options(game)) == ["choose a1", "choose done", "choose h8"]
    play(game, "choose a1")
    assert dead(game, "beige") == ["Srik"]
    assert dead(game, "gray") == ["Ground Lightning", "Kralc"]


def test_ground_lightning_extra_kill_is_optional():
    game = position({**GROUND_BOARD, "d4": lent(KRALC)}, terrain=FORESTS)
    play(game, "d4-d5", "pass", "pass", "choose done")
    assert name_at(game, "a1") == "Srik" and game.decision_kind == "window"


def test_ground_lightning_against_a_walker_takes_only_the_attacker():
    game = position({**GROUND_BOARD, "d4": HIGH_ELF}, terrain=FORESTS)
    play(game, "d4-d5", "pass", "pass")
    assert game.decision_kind == "window"
    assert dead(game, "beige") == ["High Elf"] and name_at(game, "a1") == "Srik"


TEST_WINGS = piece(991, "Test Wings", 3, type="spirit", colour="blue",
                   text="Death Curse (test stand-in): every non-stationary piece has Flying.",
                   powers=[CurseGrant("flying", of(mobile=True))])


@cache
def wings_catalogue():
    """The installed catalogue plus a stand-in curse that lends Flying to every mobile piece,
    so the test does not wait for another nation's such curse."""
    return Catalogue([*default_catalogue().values(), TEST_WINGS], KEYWORD_POWERS)


def test_ground_lightning_sees_flying_lent_by_a_curse():
    # The curse's Flying lapses once the attacker is off the board: it must be judged before.
    game = position({**GROUND_BOARD, "d4": HIGH_ELF}, terrain=FORESTS, curse=(991, "beige"),
                    catalogue=wings_catalogue())
    play(game, "d4-d5", "pass", "pass")
    assert game.decision_kind == "ask" and "choose a1" in options(game)


def test_ground_lightning_is_stationary():
    game = position({"d5": GROUND, "a8": CRUSH, "h1": SRIK}, active="gray")
    assert not any(o.startswith("d5") for o in options(game))


# -- #132 Living Statue --------------------------------------------------------------------


def test_living_statue_moves_but_never_attacks():
    game = position({"d5": STATUE, "d4": SRIK, "h1": HIGH_ELF}, active="gray")
    opts = options(game)
    assert "d5-d6" in opts and "d5-d4" not in opts


def test_living_statue_takes_its_attacker_with_it():
    game = position({"d5": STATUE, "d4": HIGH_ELF, "h1": SRIK, "a8": CRUSH})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None
    assert dead(game, "beige") == ["High Elf"] and dead(game, "gray") == ["Living Statue"]


# -- #133 Eternal Idol ---------------------------------------------------------------------


def test_eternal_idol_comes_back_when_its_curse_ends():
    game = position({"d5": ROCK_GIANT, "d4": ANTI_RED, "a8": CRUSH, "h1": SRIK},
                    curse=(IDOL, "gray"), active="gray")
    g = game.engine
    play(game, "d5-d4", "pass", "pass")
    # Anti-Red Wind's curse replaces the Idol's; the Idol's player sets it back on the board.
    assert game.current_player == "gray" and game.decision_kind == "ask"
    assert "choose d4" in options(game) and "choose a8" not in options(game)
    assert "choose done" not in options(game)
    assert not g.curse_on
    play(game, "choose h4")
    assert name_at(game, "h4") == "Eternal Idol" and game.controller_at("h4") == "gray"
    assert game.view("beige").piece_on("h4").number == IDOL
    assert g.types[g.curse].name == "Anti-Red Wind" and g.curse_on
    assert dead(game, "gray") == ["Rock Giant"]


def test_eternal_idol_spell_and_stationary():
    game = position({"d5": IDOL, "d4": HIGH_ELF, "h1": SRIK, "a8": CRUSH})
    play(game, "d4-d5", "pass", "pass")
    assert name_at(game, "d5") is None and name_at(game, "d4") is None
    # Its own curse now lies in the slot (nothing to do while it lasts).
    g = game.engine
    assert g.types[g.curse].name == "Eternal Idol"
    game = position({"d5": IDOL, "a8": CRUSH, "h1": SRIK}, active="gray")
    assert not any(o.startswith("d5") for o in options(game))


def test_eternal_idol_returns_for_the_player_it_worked_for():
    # The curse works for beige here (beige held the Idol when it fell).
    game = position({"d5": ROCK_GIANT, "d4": ANTI_RED, "a8": CRUSH, "h1": SRIK},
                    curse=(IDOL, "beige"), active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.current_player == "beige"
    play(game, "choose c3")
    assert name_at(game, "c3") == "Eternal Idol" and game.controller_at("c3") == "beige"


# -- #134 Wheel of Energy ------------------------------------------------------------------


WHEEL_FIGHT = {"c5": WHEEL, "d5": ROCK_GIANT, "d4": CURATE, "h1": SRIK, "a8": CRUSH}


def test_wheel_of_energy_tips_a_tie_into_a_win():
    game = position(WHEEL_FIGHT, active="gray")
    assert not any(o.startswith("c5-") for o in options(game))   # stationary
    play(game, "d5-d4")
    assert "c5 wheel-of-energy d5" in options(game)
    play(game, "c5 wheel-of-energy d5", "pass", "pass")
    assert name_at(game, "d4") == "Rock Giant" and "Wheel of Energy" in dead(game, "gray")


def test_without_the_wheel_the_fight_is_a_tie():
    game = position(WHEEL_FIGHT, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") is None and name_at(game, "d5") is None


def test_wheel_of_energy_spell():
    game = position({"c5": WHEEL, "c4": HIGH_ELF, "h1": SRIK, "a8": CRUSH})
    play(game, "c4-c5", "pass", "pass")
    assert name_at(game, "c5") is None and dead(game, "beige") == ["High Elf"]


# -- #135 Titan Castle ---------------------------------------------------------------------


CASTLE_FIGHT = {"c5": TITAN_CASTLE, "d5": GOLLADUS, "d4": HIGH_ELF, "h1": SRIK, "a8": CRUSH}


def test_titan_castle_helps_an_adjacent_titan_once_per_turn():
    game = position({**CASTLE_FIGHT, "b5": UZELIS}, active="gray")
    opts = options(game)
    assert "c5 titan-castle d5" in opts
    assert "c5 titan-castle b5" not in opts   # Uzelis is a giant
    assert not any(o.startswith("c5-") for o in opts)   # stationary
    play(game, "d5-d4", "c5 titan-castle d5")
    assert game.strength_at("d5") == 7
    assert not any("titan-castle" in o for o in options(game))
    play(game, "pass", "pass")
    assert name_at(game, "d4") == "Golladus"


def test_without_the_titan_castle_the_titan_ties():
    game = position(CASTLE_FIGHT, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert name_at(game, "d4") is None and name_at(game, "d5") is None


def test_attacking_the_titan_castle_wins():
    game = position({"c5": TITAN_CASTLE, "c4": HIGH_ELF, "a8": CRUSH})
    play(game, "c4-c5")
    assert game.is_over and game.winner == "beige"


# -- #136 Ogre Fort ------------------------------------------------------------------------


FORT = {"d8": OGRE_FORT, "h5": HCAOR, "a5": GWARF, "h1": SRIK}


def test_ogre_fort_calls_an_ogre_to_a_mountain_beside_it():
    game = position(FORT, terrain={"c7": "mountain", "e8": "mountain", "d6": "mountain"},
                    active="gray")
    fort = sorted(o for o in options(game) if "ogre-fort" in o)
    # Only the Ogre, only to empty mountains touching the Fort (d6 is two squares away).
    assert fort == ["d8 ogre-fort h5 c7", "d8 ogre-fort h5 e8"]
    assert game.view("beige").piece_on("h5").number is None
    play(game, "d8 ogre-fort h5 c7")
    assert name_at(game, "c7") == "H'caor Ogre Mage" and name_at(game, "h5") is None
    assert game.view("beige").piece_on("c7").number == HCAOR
    assert game.view("beige").piece_on("d8").number == OGRE_FORT
    assert game.decision_kind == "window"


def test_ogre_fort_needs_a_free_mountain_and_an_ogre():
    game = position(FORT, terrain={"d7": "plains"}, active="gray")
    assert not any("ogre-fort" in o for o in options(game))
    game = position({**FORT, "h5": GWARF, "c7": lent(CRUSH)}, terrain={"c7": "mountain"},
                    active="gray")
    assert not any("ogre-fort" in o for o in options(game))


def test_ogre_fort_cannot_call_an_enemy_ogre():
    game = position({**FORT, "h5": lent(HCAOR), "a8": CRUSH}, terrain={"c7": "mountain"},
                    active="gray")
    assert not any("ogre-fort" in o for o in options(game))


def test_ogre_fort_is_stationary():
    game = position(FORT, active="gray")
    assert not any(o.startswith("d8-") for o in options(game))

"""The rulebook's general rules, checked with synthetic pieces (see kernel_pack)."""

import pytest
from tests.kernel_pack import CATALOGUE, warrior

from legends_core import IllegalActionError
from legends_core.testing import destroyed_names as dead
from legends_core.testing import options, pass_windows, play, position

B, G = "beige", "gray"
CASTLE_B, CASTLE_G, TRAP_B, TRAP_G, MIRROR_G = 900, 901, 902, 903, 904
BERSERKER, DISPELLER, CURSE_UP, CURSE_DOWN, FLYER, CHARGER, HASTY, HELPER = range(930, 938)


def pos(pieces, **kw):
    return position(pieces, catalogue=CATALOGUE, **kw)



# -- standard movement ---------------------------------------------------------------------

def test_standard_moves_are_one_orthogonal_step_onto_land_not_own_pieces():
    game = pos({"d4": warrior(B, 5), "d5": warrior(B, 3), "e4": warrior(G, 2), "h8": warrior(G, 1)},
               terrain={"c4": "water"})
    moves = {o for o in options(game) if o.startswith("d4-")}
    # d5 is our own piece, c4 is water, diagonals are not standard moves, e4 is an attack.
    assert moves == {"d4-d3", "d4-e4"}


def test_illegal_move_raises_and_changes_nothing():
    game = pos({"d4": warrior(B, 5), "h8": warrior(G, 1)})
    before = game.to_position()
    for bad in ("d4-e5", "d4-d6", "h8-h7", "a1-a2", "choose d4"):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert game.to_position() == before


def test_error_messages_say_what_was_wrong():
    game = pos({"d4": warrior(B, 5), "h8": warrior(G, 1)}, terrain={"c4": "water"})
    with pytest.raises(IllegalActionError, match="one square forward, back or sideways"):
        game.apply("d4-e5")
    with pytest.raises(IllegalActionError, match="water"):
        game.apply("d4-c4")
    with pytest.raises(IllegalActionError, match="no piece of yours on h8"):
        game.apply("h8-h7")
    with pytest.raises(IllegalActionError, match="not gray's"):
        game.apply("d4-d5", player="gray")


def test_stationary_and_magic_pieces():
    game = pos({"d4": TRAP_B, "d5": warrior(G, 3), "a1": warrior(B, 1), "h8": warrior(G, 1)})
    assert not [o for o in options(game) if o.startswith("d4")]  # stationary, cannot attack


def test_back_and_forth_limited_to_two_consecutive_turns():
    game = pos({"a1": warrior(B, 5), "h8": warrior(G, 5)})
    play(game, "a1-a2", "pass", "pass", "h8-h7", "pass", "pass",
         "a2-a1", "pass", "pass", "h7-h8", "pass", "pass")
    assert "a1-a2" not in options(game)
    assert "a1-b1" in options(game)
    with pytest.raises(IllegalActionError, match="back and forth"):
        game.apply("a1-a2")


def test_back_and_forth_limit_holds_for_flights_and_charges_too():
    game = pos({"a4": FLYER, "b4": warrior(G, 2), "a1": warrior(B, 1), "h8": warrior(G, 1)})
    play(game, "a4 flying c4", "pass", "pass", "h8-h7", "pass", "pass",
         "c4 flying a4", "pass", "pass", "h7-h8", "pass", "pass")
    assert "a4 flying c4" not in options(game)
    with pytest.raises(IllegalActionError, match="back and forth between a4 and c4"):
        game.apply("a4 flying c4")
    game = pos({"h8": CHARGER, "a1": warrior(B, 1)}, active="gray")
    play(game, "h8 charging h5", "pass", "pass", "a1-a2", "pass", "pass",
         "h5 charging h8", "pass", "pass", "a2-a1", "pass", "pass")
    assert "h8 charging h5" not in options(game) and "h8 charging h4" in options(game)


# -- setup switches ------------------------------------------------------------------------

def _at_setup_switch():
    from legends_core import Game

    game = Game.new(seed=5)
    play(game, "choose keep", "choose keep")
    assert game.decision_kind == "setup-switch" and game.current_player == "beige"
    return game


def test_a_setup_switch_may_name_its_squares_in_either_order():
    from legends_core import Action

    assert Action.from_str("swap c3 a1") == Action.swap("a1", "c3") == Action.swap("c3", "a1")
    assert str(Action.swap("b2", "a2")) == "swap a2 b2" and str(Action.swap("b1", "a2")) == "swap b1 a2"
    names = {}
    for text in ("swap c1 a1", "swap a1 c1"):
        game = _at_setup_switch()
        a1, c1 = game.piece_at("a1").name, game.piece_at("c1").name
        assert Action.from_str(text) in game.legal_actions()
        play(game, text)
        assert (game.piece_at("a1").name, game.piece_at("c1").name) == (c1, a1)
        assert game.record()["actions"][-1] == "swap a1 c1"
        names[text] = (a1, c1)
    # Built by hand in the other order, it is still the same legal switch.
    game = _at_setup_switch()
    by_hand = Action("swap", src="c1", dst="a1")
    assert by_hand in game.legal_actions()
    assert game.parse_action("swap c1 a1", player="beige") == Action.swap("a1", "c1")
    game.apply(by_hand, player="beige")
    assert game.piece_at("a1").name == names["swap a1 c1"][1]


# -- attacks -------------------------------------------------------------------------------

def test_attack_lower_strength_destroyed_winner_moves_in():
    game = pos({"d4": warrior(B, 6), "d5": warrior(G, 4), "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").strength == 6 and game.piece_at("d4") is None
    assert dead(game, G) == ["Test gray 4"]


def test_attacker_loses_and_defender_stays():
    game = pos({"d4": warrior(B, 3), "d5": warrior(G, 4), "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").strength == 4 and game.piece_at("d4") is None


def test_equal_strength_destroys_both():
    game = pos({"d4": warrior(B, 4), "d5": warrior(G, 4), "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5") is None and game.piece_at("d4") is None


def test_attack_window_is_offered_even_with_no_abilities():
    game = pos({"d4": warrior(B, 4), "d5": warrior(G, 4), "h8": warrior(G, 1)})
    play(game, "d4-d5")
    assert game.decision_kind == "window" and options(game) == ["pass"]
    play(game, "pass")
    assert game.current_player == "gray" and options(game) == ["pass"]


def test_attacking_the_castle_wins_at_once():
    game = pos({"d4": warrior(B, 1), "d5": CASTLE_G, "h8": warrior(G, 10)})
    play(game, "d4-d5")
    assert game.is_over and game.winner == "beige" and "castle" in game.reason
    assert not game.legal_actions() and game.current_player is None


def test_magic_destroys_attacker_unless_dispelled():
    game = pos({"d4": warrior(B, 10), "d5": TRAP_G, "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None

    game = pos({"d4": DISPELLER, "d5": TRAP_G, "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Test Dispeller"
    assert dead(game, G) == ["Test Trap Gray"]


def test_magic_that_spares_attacker_lets_it_move_in():
    game = pos({"d4": warrior(B, 2), "d5": MIRROR_G, "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Test beige 2"


# -- death curses and strength -------------------------------------------------------------

def test_death_curse_takes_effect_and_is_replaced():
    game = pos({"d4": warrior(G, 8), "d5": CURSE_UP, "a1": warrior(B, 1), "h8": warrior(G, 1)},
               active="gray")
    g = game.engine
    play(game, "d4-d5", "pass", "pass")
    assert g.curse >= 0 and g.types[g.curse].name == "Test Curse Up Beige" and g.curse_on
    assert g.curse_ctrl == 0  # it works for beige, who controlled the piece
    assert game.strength_at("d5") == 9  # soldiers get +1
    assert "Test Curse Up Beige" not in dead(game, B)


def test_two_death_curses_destroyed_together_do_nothing():
    game = pos({"d4": CURSE_UP, "d5": CURSE_DOWN, "h8": warrior(G, 1)}, curse=(932, "gray"))
    g = game.engine
    old = g.curse
    play(game, "d4-d5", "pass", "pass")
    assert g.curse == old and g.curse_on  # the old curse is still in effect
    assert dead(game, B) == ["Test Curse Up Beige"] and dead(game, G) == ["Test Curse Down Gray"]


def test_strength_zero_is_destroyed_at_once():
    # Gray's curse piece dies; its curse (-1 to gold) kills beige's strength 1 elsewhere.
    game = pos({"d4": warrior(B, 8), "d5": CURSE_DOWN, "a1": warrior(B, 1), "h8": warrior(G, 1)})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("a1") is None and "Test beige 1" in dead(game, B)
    assert game.strength_at("d5") == 7


def test_boost_lasts_until_end_of_turn():
    game = pos({"d4": warrior(B, 3), "c4": HELPER, "d5": warrior(G, 5), "h8": warrior(G, 1)})
    play(game, "d4-d5", "c4 helper d4", "pass", "pass")
    assert game.piece_at("d5").strength == 3
    assert game.strength_at("d5") == 6
    pass_windows(game)
    assert game.strength_at("d5") == 3


# -- turns ---------------------------------------------------------------------------------

def test_player_without_move_or_action_loses():
    game = pos({"d4": warrior(B, 3), "h8": TRAP_G})
    play(game, "d4-d3", "pass", "pass")
    assert game.is_over and game.winner == "beige" and "cannot move" in game.reason


def test_extra_turn():
    game = pos({"d4": HASTY, "a1": warrior(B, 1), "h8": warrior(G, 1)})
    play(game, "a1-a2")
    assert "d4 hasty" in options(game)
    play(game, "d4 hasty", "pass", "pass")
    assert game.active_player == "beige" and game.decision_kind == "main"
    play(game, "a2-a3", "pass", "pass")
    assert game.active_player == "gray"


def test_berserk_must_attack_again():
    game = pos({"d5": BERSERKER, "d4": warrior(B, 2), "e4": warrior(B, 3), "c4": warrior(B, 9),
                "a1": warrior(B, 1)}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "berserk"
    assert sorted(options(game)) == ["d4-c4", "d4-e4"]  # no pass: it must attack
    play(game, "d4-c4", "pass", "pass")
    # It lost against strength 9: the frenzy ends with its destruction.
    assert game.piece_at("d4") is None and "Test Berserker" in dead(game, G)
    assert game.decision_kind == "window"


def test_berserk_stops_when_no_enemy_is_in_reach():
    game = pos({"d5": BERSERKER, "d4": warrior(B, 2), "a1": warrior(B, 1)}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window" and game.piece_at("d4").name == "Test Berserker"


def test_turn_limit_ends_without_winner():
    game = pos({"a1": warrior(B, 5), "h8": warrior(G, 5)})
    game.engine.rules = type(game.engine.rules)(turn_limit=1)
    play(game, "a1-a2", "pass", "pass")
    assert game.is_over and game.winner is None


# -- special movement ----------------------------------------------------------------------

def test_flying_jumps_pieces_and_water_but_never_attacks():
    game = pos({"a4": FLYER, "b4": warrior(G, 2), "c4": warrior(B, 1), "e4": warrior(G, 1),
                "h8": warrior(G, 1)}, terrain={"d4": "water"})
    flights = {o for o in options(game) if "flying" in o}
    assert "a4 flying f4" in flights  # over b4, c4, the water on d4 and e4
    assert not any(o.endswith(("b4", "e4")) for o in flights)
    play(game, "a4 flying f4")
    assert game.piece_at("f4").name == "Test Flyer"
    assert game.view("gray").piece_on("f4").name == "Test Flyer"  # using a power reveals it


def test_charging_moves_far_and_may_attack_at_the_end():
    game = pos({"h8": CHARGER, "h3": warrior(B, 2), "a1": warrior(B, 1)}, active="gray")
    charges = {o for o in options(game) if "charging" in o}
    assert {"h8 charging h6", "h8 charging h3"} <= charges
    assert "h8 charging h7" not in charges  # one square is a plain move
    play(game, "h8 charging h3", "pass", "pass")
    assert game.piece_at("h3").name == "Test Charger"


# -- other boards and seatings -------------------------------------------------------------

def test_a_ten_by_ten_board_with_lakes_plays_to_the_end():
    import random

    from tests.randomgames import check_invariants

    from legends_core import Game
    from legends_core.testing import position_dict

    rows = ["PPPPPPPPPP"] * 4 + ["PPWWPPWWPP"] * 2 + ["PPPPPPPPPP"] * 4
    rng = random.Random(3)
    pieces = {}
    for r in range(1, 5):
        for f in "abcdefghij":
            pieces[f"{f}{r}"] = warrior(B, rng.randint(1, 10))
    for r in range(7, 11):
        for f in "abcdefghij":
            pieces[f"{f}{r}"] = warrior(G, rng.randint(1, 10))
    pieces["e1"], pieces["e10"] = CASTLE_B, CASTLE_G
    pos = position_dict(pieces, rows=rows, catalogue=CATALOGUE)
    game = Game.from_position(pos, catalogue=CATALOGUE)
    assert game.board.width == 10 and not game.board.is_land(game.board.parse_square("c5"))
    while not game.is_over:
        check_invariants(game)
        game.apply(rng.choice(list(game.legal_actions())))
    assert game.winner in ("beige", "gray")


def test_four_seats_in_two_teams_take_turns_and_never_attack_allies():
    from legends_core import Game
    from legends_core.testing import position_dict

    pieces = {
        "a1": {"number": warrior(B, 5), "owner": "north1"},
        "c1": {"number": warrior(B, 5), "owner": "north2"},
        "a8": {"number": warrior(G, 5), "owner": "south1"},
        "c8": {"number": warrior(G, 5), "owner": "south2"},
        "b1": {"number": warrior(B, 3), "owner": "north2"},
    }
    pos = position_dict(pieces, players=("north1", "south1", "north2", "south2"),
                        active="north1", catalogue=CATALOGUE, teams=(0, 1, 0, 1))
    game = Game.from_position(pos, catalogue=CATALOGUE)
    assert "a1-b1" not in options(game)  # b1 holds an ally's piece
    seen = []
    for _ in range(4):
        seen.append(game.active_player)
        play(game, options(game)[0])
        pass_windows(game)
    assert seen == ["north1", "south1", "north2", "south2"]


def test_the_engine_reads_square_names_as_the_board_does():
    g = position({"c3": 37, "a1": 57, "h8": 151}).engine
    assert [g.sq(n) for n in ("a1", "c3", "h8")] == [0, 18, 63]  # the board's own spelling
    assert g.sq("C3") == g.sq(" c3 ") == 18  # any other, parsed
    with pytest.raises(ValueError, match="not a square name"):
        g.sq("z")
    with pytest.raises(ValueError, match="off this 8x8 board"):
        g.sq("i9")

"""Ultimate Stratego, Lightning and Campaign: every rule, from small positions."""

from collections import Counter

import pytest

from legends_core import ArmyError, Game
from legends_core.errors import IllegalActionError, PositionError
from legends_core.testing import destroyed_names, name_at, options, play, position_dict, stratego

SPARE_RED, SPARE_BLUE = {"a1": "Sergeant"}, {"j10": "Sergeant"}
L, C = "ultimate-lightning", "ultimate-campaign"


def game(red, blue, rules=L, **kwargs):
    return stratego(rules, {**SPARE_RED, **red}, {**SPARE_BLUE, **blue}, **kwargs)


def seen(game, player, square):
    piece = game.view(player).piece_on(square)
    return None if piece is None else piece.name


# -- setup ------------------------------------------------------------------------------------

def test_twenty_pieces_a_side_anywhere_on_the_four_nearest_ranks():
    g = Game.new(rules=L, seed=8)
    armies: dict[str, Counter] = {"red": Counter(), "blue": Counter()}
    for p in g.view(None).pieces:
        assert int(p.square[1:]) in (range(1, 5) if p.owner == "red" else range(7, 11))
        armies[p.owner][p.name] += 1
    want = {"Marshal": 1, "General": 1, "Colonel": 1, "Major": 1, "Captain": 2,
            "Lieutenant": 2, "Sergeant": 2, "Corporal": 2, "Scout": 4, "Spy": 1, "Bomb": 2,
            "Flag": 1}
    assert armies["red"] == want and armies["blue"] == want


def test_a_placement_may_leave_squares_of_the_setup_area_empty():
    # "Marshall" is how the Ultimate rules spell the Marshal; both are read.
    names = ["Flag", "Bomb", "Bomb", "Marshall", "General", "Colonel", "Major", "Captain",
             "Captain", "Lieutenant", "Lieutenant", "Sergeant", "Sergeant", "Corporal",
             "Corporal", "Scout", "Scout", "Scout", "Scout", "Spy"]
    squares = [f"{f}{r}" for r in (1, 4) for f in "abcdefghij"]
    g = Game.new(rules=L, placement={"red": dict(zip(squares, names, strict=True))})
    assert name_at(g, "a1") == "Flag" and name_at(g, "b2") is None and name_at(g, "j4") == "Spy"
    with pytest.raises(ArmyError, match="needs 2 Corporal"):
        Game.new(rules=L, placement={"red": {**dict(zip(squares, names, strict=True)),
                                             "e2": "Corporal"}})
    with pytest.raises(ArmyError, match="'Miner'"):
        Game.new(rules=L, placement={"red": {"a1": "Miner"}})


# -- attacks ----------------------------------------------------------------------------------

def test_on_equal_ranks_the_attacker_wins():
    g = game({"e4": "Major"}, {"e5": "Major"})
    play(g, "e4-e5")
    assert name_at(g, "e5") == "Major" and g.controller_at("e5") == "red"
    assert destroyed_names(g, "blue") == ["Major"] and destroyed_names(g, "red") == []


def test_a_bomb_defeats_any_attacker_but_a_scout_and_is_always_removed():
    g = game({"e4": "Marshal", "f4": "Scout"}, {"e5": "Bomb", "f6": "Bomb"})
    play(g, "e4-e5")
    assert name_at(g, "e5") is None
    assert destroyed_names(g, "red") == ["Marshal"] and destroyed_names(g, "blue") == ["Bomb"]
    play(g, "j10-j9", "f4 scout f6")  # a Scout survives it and takes the square
    assert name_at(g, "f6") == "Scout" and destroyed_names(g, "blue") == ["Bomb", "Bomb"]


def test_corporals_are_plain_rank_three_pieces():
    g = game({"e4": "Corporal"}, {"e5": "Bomb"})
    play(g, "e4-e5")
    assert name_at(g, "e5") is None and destroyed_names(g, "red") == ["Corporal"]


def test_the_spy_wins_attacking_a_spy_the_marshal_or_the_flag():
    for target in ("Spy", "Marshal"):
        g = game({"e4": "Spy"}, {"e5": target})
        play(g, "e4-e5")
        assert name_at(g, "e5") == "Spy" and destroyed_names(g, "blue") == [target], target
    g = game({"e4": "Spy"}, {"e5": "Flag"})
    play(g, "e4-e5")
    assert g.winner == "red" and g.reason == "captured the enemy Flag"


def test_the_spy_loses_every_other_fight():
    g = game({"e4": "Spy"}, {"e5": "Corporal"})
    play(g, "e4-e5")
    assert name_at(g, "e5") == "Corporal" and destroyed_names(g, "red") == ["Spy"]
    g = game({"e4": "Spy"}, {"e6": "Scout"}, active="blue")
    play(g, "e6 scout e4")
    assert name_at(g, "e4") == "Scout" and destroyed_names(g, "red") == ["Spy"]


def test_scouts_run_and_strike_from_afar():
    g = game({"b2": "Scout"}, {"b7": "Corporal"})
    assert "b2 scout b7" in options(g) and "b2 scout b8" not in options(g)
    play(g, "b2 scout b7")
    assert name_at(g, "b7") == "Corporal" and destroyed_names(g, "red") == ["Scout"]


# -- cavalry ----------------------------------------------------------------------------------

def test_a_captain_rides_two_squares_straight_or_turning():
    g = game({"e2": "Captain"}, {})
    rides = sorted(o for o in options(g) if " cavalry " in o)
    assert rides == ["e2 cavalry c2", "e2 cavalry d1", "e2 cavalry d3", "e2 cavalry e4",
                     "e2 cavalry f1", "e2 cavalry f3", "e2 cavalry g2"]
    play(g, "e2 cavalry f3")
    assert name_at(g, "f3") == "Captain" and seen(g, "blue", "f3") == "Captain"


def test_a_ride_needs_an_empty_first_square():
    g = game({"e2": "Captain", "e3": "Major", "d2": "Major", "f2": "Major", "e1": "Major"}, {})
    assert not [o for o in options(g) if " cavalry " in o]


def test_an_attack_after_the_first_square_ends_the_move():
    g = game({"e3": "Captain"}, {"e5": "Corporal"})
    play(g, "e3 cavalry e5")
    assert name_at(g, "e5") == "Captain" and g.current_player == "blue"
    assert g.decision_kind == "main"


def test_a_captain_that_wins_on_its_first_square_may_ride_one_more():
    g = game({"e4": "Captain"}, {"e5": "Corporal", "f5": "Corporal"})
    play(g, "e4-e5")
    assert g.current_player == "red" and sorted(options(g)) == [
        "choose done", "choose e4", "choose e6"]  # no second attack on f5; d5 is a lake
    play(g, "choose e6")
    assert name_at(g, "e6") == "Captain" and g.current_player == "blue"
    g = game({"e4": "Captain"}, {"e5": "Corporal"})
    play(g, "e4-e5", "choose done")
    assert name_at(g, "e5") == "Captain" and g.current_player == "blue"


def test_a_captain_may_not_ride_back_and_forth_between_two_squares_on_three_turns_running():
    g = game({"e2": "Captain"}, {})
    play(g, "e2 cavalry e4", "j10-j9", "e4 cavalry e2", "j9-j10")
    assert "e2 cavalry e4" not in options(g)
    assert "e2 cavalry f3" in options(g) and "e2-e3" in options(g)
    with pytest.raises(IllegalActionError, match="back and forth"):
        g.apply("e2 cavalry e4")


def test_the_ride_on_after_winning_an_attack_counts_toward_the_back_and_forth_limit():
    g = game({"e4": "Captain"}, {"e5": "Corporal"})
    play(g, "e4-e5", "choose e6", "j10-j9", "e6-e5", "j9-j10")
    assert "e5-e6" not in options(g) and "e5-e4" in options(g)


# -- rescue -----------------------------------------------------------------------------------

def test_reaching_the_enemy_back_row_rescues_a_captured_piece():
    g = game({"e9": "Major"}, {}, destroyed={"red": ["Colonel", "Bomb"]})
    play(g, "e9-e10")
    assert g.current_player == "red"
    assert sorted(options(g)) == ["choose done", "choose red:0"]  # a Bomb is not rescued
    play(g, "choose red:0")
    squares = options(g)
    assert "choose a5" in squares and "choose a6" not in squares  # anywhere on red's half
    play(g, "choose b5")
    assert name_at(g, "b5") == "Colonel" and seen(g, "blue", "b5") == "Colonel"
    assert destroyed_names(g, "red") == ["Bomb"] and g.current_player == "blue"


def test_a_won_attack_onto_the_back_row_also_rescues():
    g = game({"e9": "Major"}, {"e10": "Corporal"}, destroyed={"red": ["Colonel"]})
    play(g, "e9-e10")
    assert "choose red:0" in options(g)


def test_scouts_cannot_rescue():
    g = game({"e5": "Scout"}, {}, destroyed={"red": ["Colonel"]})
    play(g, "e5 scout e10")
    assert g.current_player == "blue"


def _with_rescues(used, red, destroyed):
    pos = position_dict({**{sq: (n, "red") for sq, n in red.items()}, "j10": ("Sergeant", "blue"),
                         "a1": ("Sergeant", "red")},
                        rules=L, destroyed={"red": destroyed})
    ids = {p["at"]: p["id"] for p in pos["pieces"]}
    pos["used"] = {"game": [[ids[sq], "rescue"] for sq in used]}
    return Game.from_position(pos)


def test_two_rescues_a_game_and_never_both_by_one_piece():
    g = _with_rescues(["a1"], {"e9": "Major", "f9": "Major"}, ["Colonel"])
    play(g, "e9-e10")
    assert "choose red:0" in options(g)  # the second rescue, by another piece
    play(g, "choose red:0", "choose b5", "j10-j9", "e10-d10")
    assert g.current_player == "blue"  # the piece that rescued may not rescue again
    g = _with_rescues(["a1", "b5"], {"e9": "Major", "b5": "Major"}, ["Colonel"])
    play(g, "e9-e10")
    assert g.current_player == "blue"  # two rescues made already


# -- the end ----------------------------------------------------------------------------------

def test_lightning_is_won_by_taking_the_flag_or_when_the_opponent_cannot_move():
    g = game({"e4": "Corporal"}, {"e5": "Flag"})
    play(g, "e4-e5")
    assert g.winner == "red" and g.reason == "captured the enemy Flag"
    g = stratego(L, {"a1": "Flag", "e4": "Scout"}, {"j10": "Flag", "e6": "Major", "j9": "Bomb"})
    play(g, "e4-e5", "e6-e5")
    assert g.winner == "blue" and g.reason == "red cannot move or act"


# -- Campaign ---------------------------------------------------------------------------------

def test_the_campaign_keeps_a_second_army_hidden_in_reserve():
    g = Game.new(rules=C, seed=2)
    view = g.view("red")
    assert len([p for p in view.pieces if p.owner == "red"]) == 20
    assert len(view.reserve["red"]) == 20 and None not in view.reserve["red"]
    assert view.reserve["blue"] == (None,) * 20
    assert Counter(p.owner for p in g.view(None).pieces) == {"red": 20, "blue": 20}


def test_the_first_piece_brought_in_is_the_flag_shown_to_the_opponent():
    g = game({"e4": "Major"}, {}, rules=C, reserve={"red": ["Flag", "Marshal", "Scout"]})
    play(g, "choose reserve")
    assert options(g) == ["choose Flag"]
    play(g, "choose Flag")
    assert "choose e5" not in options(g) and "choose a4" in options(g)  # the setup area only
    play(g, "choose b2")
    assert seen(g, "blue", "b2") == "Flag" and g.current_player == "blue"
    play(g, "j10-j9", "choose reserve")
    assert options(g) == ["choose Marshal", "choose Scout"]
    play(g, "choose Marshal", "choose c2")
    assert name_at(g, "c2") == "Marshal" and seen(g, "blue", "c2") is None


def test_winning_an_attack_earns_a_piece_at_the_end_of_the_turn():
    g = game({"e4": "Major"}, {"e5": "Corporal", "i7": "Major"}, rules=C,
             reserve={"red": ["Flag", "Scout"]})
    play(g, "e4-e5")
    assert g.current_player == "red" and options(g) == ["choose Flag", "choose done"]
    play(g, "choose Flag", "choose a2")
    assert name_at(g, "a2") == "Flag" and g.current_player == "blue"
    play(g, "i7-i6", "e5-e6")  # no attack: no bonus
    assert g.current_player == "blue"


def test_a_lost_attack_or_a_won_defence_earns_nothing():
    g = game({"e4": "Corporal"}, {"e5": "Major"}, rules=C, reserve={"red": ["Scout"]})
    play(g, "e4-e5")
    assert g.current_player == "blue"
    g = game({"e4": "Major"}, {"e5": "Corporal"}, rules=C, reserve={"red": ["Scout"]},
             active="blue")
    play(g, "e5-e4")
    assert g.current_player == "red" and g.decision_kind == "main"


def test_the_campaign_is_won_by_taking_the_last_enemy_flag_on_the_board():
    g = game({"e4": "Corporal", "h4": "Corporal"}, {"e5": "Flag", "i5": "Flag"}, rules=C)
    play(g, "e4-e5")
    assert not g.is_over and name_at(g, "e5") == "Corporal"
    play(g, "j10-j9", "h4-i4", "j9-j8", "i4-i5")
    assert g.winner == "red" and g.reason == "captured the enemy Flag"
    # Its only Flag on the board falls while the other waits in reserve: that wins at once.
    g = game({"e4": "Corporal"}, {"e5": "Flag"}, rules=C, reserve={"blue": ["Flag"]})
    play(g, "e4-e5")
    assert g.winner == "red"


def test_two_flags_a_side_only_in_the_campaign():
    two = {"e5": ("Flag", "blue"), "i5": ("Flag", "blue"), "a1": ("Major", "red")}
    Game.from_position(position_dict(two, rules=C))
    with pytest.raises(PositionError, match="a second castle for blue"):
        Game.from_position(position_dict(two, rules=L))
    with pytest.raises(PositionError, match="too many castles for blue"):
        Game.from_position(position_dict({**two, "j7": ("Flag", "blue")}, rules=C))


def test_a_reserve_counts_as_a_way_to_move():
    g = stratego(C, {"a1": "Flag", "e4": "Scout"}, {"j10": "Flag", "e6": "Major", "j9": "Bomb"},
                 reserve={"red": ["Major"]})
    play(g, "e4-e5", "e6-e5")
    assert not g.is_over and options(g) == ["choose reserve"]

"""Classic Stratego: every rule, built from small positions (``stratego("classic", ...)``)."""

from collections import Counter

import pytest

from legends_core import ArmyError, Game
from legends_core.errors import IllegalActionError
from legends_core.testing import destroyed_names, name_at, options, play, stratego
from legends_editions.common.board import LAKES

# A spare piece each, far from the action, so neither side runs out of moves.
SPARE_RED, SPARE_BLUE = {"a1": "Sergeant"}, {"j10": "Sergeant"}


def game(red, blue, **kwargs):
    return stratego("classic", {**SPARE_RED, **red}, {**SPARE_BLUE, **blue}, **kwargs)


def seen(game, player, square):
    piece = game.view(player).piece_on(square)
    return None if piece is None else piece.name


# -- board, armies, setup --------------------------------------------------------------------

def test_board_seats_and_the_seeded_setup():
    g = Game.new(rules="classic", seed=5)
    assert g.players == ("red", "blue") and g.current_player == "red"
    board = g.board
    assert (board.width, board.height) == (10, 10)
    water = sorted(board.name(s) for s in board.squares() if not board.is_land(s))
    assert water == sorted(LAKES)
    ranks = {"red": set(range(1, 5)), "blue": set(range(7, 11))}
    armies: dict[str, Counter] = {"red": Counter(), "blue": Counter()}
    for p in g.view(None).pieces:
        assert int(p.square[1:]) in ranks[p.owner], p
        armies[p.owner][p.name] += 1
    want = {"Marshal": 1, "General": 1, "Colonel": 2, "Major": 3, "Captain": 4,
            "Lieutenant": 4, "Sergeant": 4, "Miner": 5, "Scout": 8, "Spy": 1, "Bomb": 6,
            "Flag": 1}
    assert armies["red"] == want and armies["blue"] == want
    again = Game.new(rules="classic", seed=5)
    assert again.record()["setup"]["placement"] == g.record()["setup"]["placement"]


def test_a_placement_by_name_sets_the_hidden_setup():
    squares = [f"{f}{r}" for r in range(1, 5) for f in "abcdefghij"]
    names = (["Flag", "Marshal", "General", "Spy"] + ["Colonel"] * 2 + ["Major"] * 3
             + ["Captain"] * 4 + ["Lieutenant"] * 4 + ["Sergeant"] * 4 + ["Miner"] * 5
             + ["Scout"] * 8 + ["Bomb"] * 6)
    placement = dict(zip(squares, names, strict=True))
    g = Game.new(rules="classic", seed=2, placement={"red": placement})
    assert name_at(g, "a1") == "Flag" and name_at(g, "d1") == "Spy" and name_at(g, "j4") == "Bomb"
    # Blue was left out: the seed places the standard army, the same every time.
    other = Game.new(rules="classic", seed=2)
    assert all(name_at(g, f"{f}{r}") == name_at(other, f"{f}{r}")
               for f in "abcdefghij" for r in range(7, 11))


@pytest.mark.parametrize("change, message", [
    (lambda p: p.update({sq: "Bomb" for sq, n in p.items() if n == "Flag"}),
     "needs 1 Flag, has 0; .*needs 6 Bomb, has 7"),
    (lambda p: p.pop("j4"), "needs 40 pieces, has 39"),
    (lambda p: p.update(e5=p.pop("j4")), "e5 is outside red's setup area"),
    (lambda p: p.update(c5=p.pop("j4")), "c5 is a lake"),
    (lambda p: p.update(a1="Dragon"), "a1: no piece named 'Dragon' of the red army"),
    (lambda p: p.update(a1="Leopard"), "a1: no piece named 'Leopard'"),
])
def test_a_placement_breaking_the_army_or_setup_area_is_refused_by_name(change, message):
    placement = Game.new(rules="classic", seed=1).record()["setup"]["placement"]["red"]
    change(placement)
    with pytest.raises(ArmyError, match=message):
        Game.new(rules="classic", seed=1, placement={"red": placement})


def test_other_setup_arguments_are_refused():
    with pytest.raises(ArmyError, match="'green' is not a seat"):
        Game.new(rules="classic", placement={"green": {}})
    with pytest.raises(ArmyError, match="no army argument"):
        Game.new(rules="classic", beige="preset-1")
    with pytest.raises(ArmyError, match="their own board"):
        Game.new(rules="classic", boards=["1A", "1B", "1C", "1D"])


# -- movement ---------------------------------------------------------------------------------

def test_a_piece_steps_one_square_orthogonally():
    g = game({"e3": "Major"}, {})
    assert sorted(o for o in options(g) if o.startswith("e3")) == [
        "e3-d3", "e3-e2", "e3-e4", "e3-f3"]


def test_no_piece_enters_or_crosses_a_lake():
    g = game({"c4": "Major", "e5": "Scout"}, {})
    assert "c4-c5" not in options(g)
    # The Scout on e5 has a lake to its west: no run that way, east and along the file only.
    runs = [o for o in options(g) if o.startswith("e5 scout")]
    assert runs and not any(o[-2] in "abcd" for o in runs)
    assert "e5 scout f5" not in runs and "e5-f5" in options(g)


def test_scouts_run_over_empty_squares_and_may_attack_at_the_end():
    g = game({"b2": "Scout", "c2": "Sergeant"}, {"b6": "Captain"})
    runs = sorted(o for o in options(g) if o.startswith("b2 scout"))
    assert runs == ["b2 scout b4", "b2 scout b5", "b2 scout b6"]  # not past b6, not into c2
    play(g, "b2 scout b6")
    assert name_at(g, "b6") == "Captain" and "Scout" in destroyed_names(g, "red")


def test_a_run_shows_the_scout_but_a_step_does_not():
    g = game({"b2": "Scout", "h2": "Scout"}, {})
    play(g, "b2 scout b5", "j10-j9")
    assert seen(g, "blue", "b5") == "Scout"
    play(g, "h2-h3")
    assert seen(g, "blue", "h3") is None


def test_bombs_and_the_flag_never_move():
    g = game({"e3": "Bomb", "f3": "Flag"}, {})
    assert not [o for o in options(g) if o.startswith(("e3", "f3"))]


def test_not_back_and_forth_between_two_squares_on_three_turns_running():
    g = game({"e3": "Major"}, {})
    play(g, "e3-e4", "j10-j9", "e4-e3", "j9-j10")
    assert "e3-e4" not in options(g) and "e3-d3" in options(g)


def test_a_scout_may_not_run_back_and_forth_between_two_squares_on_three_turns_running():
    g = game({"b2": "Scout"}, {})
    play(g, "b2 scout b5", "j10-j9", "b5 scout b2", "j9-j10")
    assert "b2 scout b5" not in options(g)
    assert "b2 scout b4" in options(g) and "b2 scout b6" in options(g)
    with pytest.raises(IllegalActionError, match="back and forth"):
        g.apply("b2 scout b5")


def test_a_scout_run_elsewhere_breaks_the_shuttle():
    g = game({"b2": "Scout"}, {})
    play(g, "b2 scout b5", "j10-j9", "b5 scout b2", "j9-j10", "b2 scout b4", "j10-i10",
         "b4 scout b2", "i10-j10")
    assert "b2 scout b5" in options(g) and "b2 scout b4" not in options(g)


# -- attacks ----------------------------------------------------------------------------------

def test_an_attack_reveals_both_and_the_lower_rank_is_removed():
    g = game({"e4": "Major"}, {"e5": "Captain", "f5": "Lieutenant"})
    play(g, "e4-e5")
    assert name_at(g, "e5") == "Major" and destroyed_names(g, "blue") == ["Captain"]
    assert seen(g, "blue", "e5") == "Major"
    play(g, "f5-e5")  # a Lieutenant attacking the Major is removed; the Major stays
    assert name_at(g, "e5") == "Major" and "Lieutenant" in destroyed_names(g, "blue")


def test_equal_ranks_are_both_removed():
    g = game({"e4": "Major"}, {"e5": "Major"})
    play(g, "e4-e5")
    assert name_at(g, "e5") is None
    assert destroyed_names(g, "red") == ["Major"] and destroyed_names(g, "blue") == ["Major"]


def test_a_spy_that_attacks_the_marshal_wins():
    g = game({"e4": "Spy"}, {"e5": "Marshal"})
    play(g, "e4-e5")
    assert name_at(g, "e5") == "Spy" and destroyed_names(g, "blue") == ["Marshal"]


def test_the_spy_loses_every_other_fight():
    g = game({"e4": "Spy"}, {"e5": "Scout"})
    play(g, "e4-e5")  # attacking a Scout
    assert name_at(g, "e5") == "Scout" and destroyed_names(g, "red") == ["Spy"]
    g = game({"i4": "Marshal"}, {"i5": "Spy"})
    play(g, "i4-i5")  # attacked by the Marshal
    assert name_at(g, "i5") == "Marshal"
    g = game({"e4": "Spy"}, {"e5": "Spy"})
    play(g, "e4-e5")  # Spy against Spy: equal, both go
    assert name_at(g, "e5") is None and destroyed_names(g, "blue") == ["Spy"]


def test_a_bomb_removes_any_attacker_but_a_miner_and_stays():
    g = game({"e4": "Marshal"}, {"e5": "Bomb"})
    play(g, "e4-e5")
    assert name_at(g, "e5") == "Bomb" and name_at(g, "e4") is None
    assert destroyed_names(g, "red") == ["Marshal"] and destroyed_names(g, "blue") == []


def test_a_miner_removes_a_bomb_and_takes_its_square():
    g = game({"e4": "Miner"}, {"e5": "Bomb"})
    play(g, "e4-e5")
    assert name_at(g, "e5") == "Miner" and destroyed_names(g, "blue") == ["Bomb"]


def test_taking_the_flag_wins():
    g = game({"e4": "Scout"}, {"e8": "Flag"})
    play(g, "e4 scout e8")
    assert g.is_over and g.winner == "red" and g.reason == "captured the enemy Flag"


def test_a_player_who_cannot_move_loses():
    g = stratego("classic", {"a1": "Flag", "b1": "Bomb", "e4": "Scout"},
                 {"j10": "Flag", "e6": "Major", "j9": "Sergeant"})
    play(g, "e4-e5", "e6-e5")  # blue takes red's last piece that can move
    assert g.is_over and g.winner == "blue" and g.reason == "red cannot move or act"

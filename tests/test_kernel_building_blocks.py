"""The kernel's building blocks for powers (compiled in the compiled build): straight runs
(``line_targets``: Scouts, Charging, Slashing), leaps (``leaps``: Flying), the actions aimed at
squares (``power_actions``) and the pieces a player could name (``nameable``)."""

from __future__ import annotations

from legends_core.actions import Action
from legends_core.moves import leaps, line_targets, note_move, power_actions, two_steps
from legends_core.queries import nameable
from legends_core.testing import position

ORTHOGONAL, DIAGONAL = range(0, 4), range(4, 8)


def names(g, squares):
    return sorted(g.board.name(s) for s in squares)


def test_runs_stop_at_water_and_pieces_and_may_end_with_an_attack():
    # Classic's lakes are c5-d6 and g5-h6; a red Scout on c3, a blue piece on f3.
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c3": ("Scout", "red"),
                     "f3": ("Sergeant", "blue"), "c1": ("Sergeant", "red")}, rules="classic")
    g = game.engine
    scout = g.grid[g.sq("c3")]
    # North: the lake on c5 ends the run at c4; east: d3, e3, then the enemy on f3; south:
    # c2, then its own piece on c1 (no attack); west: b3, a3.
    assert names(g, line_targets(g, scout, ORTHOGONAL)) == ["a3", "b3", "c2", "c4", "d3",
                                                            "e3", "f3"]
    assert names(g, line_targets(g, scout, ORTHOGONAL, 2)) == ["a3", "e3", "f3"]
    assert names(g, line_targets(g, scout, ORTHOGONAL, 2, attack=False)) == ["a3", "e3"]
    # Diagonals run between the lakes up to blue's Flag on j10 (an attack); south-west, red's
    # own Flag on a1 ends the run at b2.
    assert names(g, line_targets(g, scout, DIAGONAL)) == ["a5", "b2", "b4", "d2", "d4", "e1",
                                                          "e5", "f6", "g7", "h8", "i9", "j10"]


def test_back_and_forth_leaves_out_a_third_return():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "b3": ("Scout", "red")},
                    rules="classic")
    g = game.engine
    scout = g.grid[g.sq("b3")]
    b3, b7 = g.sq("b3"), g.sq("b7")
    # b7 -> b3 twice: the Scout came from b7 to b3 on two turns running (b3 now).
    note_move(g, 0, scout, b7, b3)
    note_move(g, 0, scout, b3, b7)
    note_move(g, 0, scout, b7, b3)
    assert "b7" in names(g, line_targets(g, scout, ORTHOGONAL, 2))
    assert "b7" not in names(g, line_targets(g, scout, ORTHOGONAL, 2, back_and_forth=True))


def test_leaps_land_beyond_a_line_of_pieces_or_water():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red"),
                     "b4": ("Sergeant", "red"), "a4": ("Sergeant", "blue"),
                     "e4": ("Miner", "blue")}, rules="classic")
    g = game.engine
    # North: over the lakes c5 and c6 to c7; west: over b4 and a4 off the board (none);
    # east: d4 is empty (no leap); south: c3 is empty.
    assert names(g, leaps(g, g.sq("c4"), ORTHOGONAL)) == ["c7"]
    # From d4: over the lakes d5 and d6 to d7, over the Miner on e4 to f4; west, over c4, b4
    # and a4 off the board.
    assert names(g, leaps(g, g.sq("d4"), ORTHOGONAL)) == ["d7", "f4"]


def test_power_actions_are_the_shared_actions_in_target_order():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red")},
                    rules="classic")
    g = game.engine
    scout = g.grid[g.sq("c4")]
    got = power_actions(g, scout, "leap", [g.sq("c7"), g.sq("a4")])
    assert got == [Action.power("c4", "leap", "c7"), Action.power("c4", "leap", "a4")]
    assert got[0] is Action.power("c4", "leap", "c7")  # built once, like every offer


def test_power_actions_keep_a_bounded_table(monkeypatch):
    from legends_core import actions, moves

    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red")},
                    rules="classic")
    g = game.engine
    scout = g.grid[g.sq("c4")]
    # A row of the 10x10 board counts 1 + 100 // 16 = 7 toward the bound, each action 1.
    monkeypatch.setattr(actions, "INTERN_MAX", 15)
    monkeypatch.setattr(moves, "_AIMED", {})
    monkeypatch.setattr(moves, "_aimed_size", [0])
    squares = list(range(40, 60))
    got = power_actions(g, scout, "leap", squares)
    assert got == [Action.power("c4", "leap", g.board.name(s)) for s in squares]
    held = sum(1 for aimed in moves._AIMED.values() for row in aimed.rows if row
               for act in row if act is not None)
    assert 0 < held <= 15 - 7
    # Asked again, the same actions come back (what is still held is not built anew).
    again = power_actions(g, scout, "leap", squares[-2:])
    assert again == got[-2:] and again[-1] is got[-1]


def test_nameable_hides_nothing_and_names_only_what_the_chooser_can_tell():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red"),
                     "e4": ("Miner", "blue"), "f4": {"number": "Sergeant", "owner": "blue",
                                                     "known_to": ["red", "blue"]}},
                    rules="classic")
    g = game.engine
    squares = [g.sq(s) for s in ("f4", "e4", "c4", "d4")]
    in_order = [g.grid[g.sq(s)] for s in ("f4", "e4", "c4")]
    assert nameable(g, 0, squares, "any", None) == in_order
    assert nameable(g, 0, squares, "enemy", None) == in_order[:2]
    assert nameable(g, 0, squares, "own", None) == in_order[2:]

    def is_miner(g, p):
        return g.types[p].name == "Miner"
    # The Sergeant on f4 is known to red and is no Miner; the piece on e4 is hidden, so it
    # could be one.
    assert nameable(g, 0, squares, "enemy", is_miner) == [in_order[1]]


def test_has_reserve_and_any_empty_answer_without_building_lists():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "b1": ("Scout", "red")},
                    rules="ultimate-campaign", reserve={"red": ["General"]})
    g = game.engine
    assert g.has_reserve(0) and not g.has_reserve(1)
    assert g.reserve(0) and not g.reserve(1)  # the same answer as the list
    assert g.any_empty([g.sq("a1"), g.sq("c1")]) and not g.any_empty([g.sq("a1"), g.sq("b1")])
    assert not g.any_empty([g.sq("c5")])  # a lake is not an empty square


def test_nameable_asks_a_printed_match_once_per_piece_type():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red"),
                     "d4": ("Scout", "red"), "e4": ("Miner", "red"), "f4": ("Scout", "blue")},
                    rules="classic")
    g = game.engine
    asked = []

    def is_scout(g, p):
        asked.append(p)
        return g.types[p].name == "Scout"
    squares = [g.sq(s) for s in ("c4", "d4", "e4", "f4")]
    by_type: dict = {}
    want = nameable(g, 0, squares, "any", is_scout)
    asked.clear()
    assert nameable(g, 0, squares, "any", is_scout, by_type) == want
    # Red's two Scouts share a type: asked about one of them; blue's hidden Scout not at all.
    assert asked == [g.grid[g.sq("c4")], g.grid[g.sq("e4")]]
    assert nameable(g, 0, squares, "any", is_scout, by_type) == want
    assert len(asked) == 2  # the answers were kept


def test_two_steps_go_through_an_empty_first_square_and_may_end_in_an_attack():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c3": ("Scout", "red"),
                     "c4": ("Sergeant", "red"), "c1": ("Sergeant", "red"),
                     "e3": ("Miner", "blue")}, rules="classic")
    g = game.engine
    scout = g.grid[g.sq("c3")]
    # North is blocked at c4; through d3 to d4, d2 and the Miner on e3; through b3 to b4,
    # a3 and b2; through c2 to b2 and d2 again, not to red's own c1. In square order.
    got = two_steps(g, scout)
    assert got == sorted(got)
    assert names(g, got) == ["a3", "b2", "b4", "d2", "d4", "e3"]


def test_the_engine_holds_the_boards_tables_and_copies_share_them():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue")}, rules="classic")
    g = game.engine
    for h in (g, g.copy()):
        assert h.land is g.board._land and h.steps is g.board._steps
        assert h.sq_names is g.board._names and h.sq_names[g.sq("c4")] == "c4"


def test_windows_are_built_once_and_the_table_stays_bounded(monkeypatch):
    from legends_core import flow

    monkeypatch.setattr(flow, "_WINDOWS", {})
    monkeypatch.setattr(flow, "INTERN_SMALL", 4)
    w = flow.window("end", 1, 0)
    assert w == flow.Window("end", 1, 0) and flow.window("end", 1, 0) is w
    for p in range(10):
        assert flow.window("attack", p, 1) == flow.Window("attack", p, 1)
    assert len(flow._WINDOWS) <= 4


def test_a_pass_is_told_as_the_same_event_each_time():
    import random

    from legends_core import Game
    from legends_core.events import Passed

    game = Game.new(seed=3, turn_limit=40, auto_pass=True)
    rng = random.Random(3)
    passes = []
    while not game.is_over:
        actions = game.legal_actions()
        passes += [e for e in game.apply(actions[rng.randrange(len(actions))])
                   if isinstance(e, Passed)]
    firsts = {}
    for e in passes:
        assert firsts.setdefault(e, e) is e  # equal passes are one object
    assert len(passes) > len(firsts) >= 2


def _looked(g, block, *args):
    """What ``block(g, *args)`` returns, and the squares it recorded as read (sorted names)."""
    g.looked = []
    try:
        got = block(g, *args)
        return got, names(g, set(g.looked))
    finally:
        g.looked = None


def test_runs_record_the_squares_they_read_and_nothing_beyond_the_stop():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c3": ("Scout", "red"),
                     "f3": ("Sergeant", "blue"), "c1": ("Sergeant", "red")}, rules="classic")
    g = game.engine
    scout = g.grid[g.sq("c3")]
    assert g.looked is None  # nothing is recorded outside a "looked" entry
    line_targets(g, scout, ORTHOGONAL)
    assert g.looked is None
    got, read = _looked(g, line_targets, scout, ORTHOGONAL, 2)
    assert names(g, got) == ["a3", "e3", "f3"]
    # North: c4 (the lake on c5 is not read: terrain never changes); east: up to the enemy
    # on f3, not g3; south: c2 and its own piece on c1; west: b3 and a3.
    assert read == ["a3", "b3", "c1", "c2", "c4", "d3", "e3", "f3"]


def test_leaps_record_the_land_squares_up_to_where_they_land():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red"),
                     "b4": ("Sergeant", "red"), "a4": ("Sergeant", "blue"),
                     "e4": ("Miner", "blue")}, rules="classic")
    g = game.engine
    got, read = _looked(g, leaps, g.sq("d4"), ORTHOGONAL)
    assert names(g, got) == ["d7", "f4"]
    # North: over the lakes (not read) to d7; east: e4, then f4; south: d3 (empty: no leap);
    # west: c4, b4 and a4, then the edge.
    assert read == ["a4", "b4", "c4", "d3", "d7", "e4", "f4"]


def test_two_steps_record_the_squares_they_read():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c2": ("Scout", "red"),
                     "c3": ("Sergeant", "blue")}, rules="classic")
    g = game.engine
    scout = g.grid[g.sq("c2")]
    got, read = _looked(g, two_steps, scout)
    # c3 is taken: nothing beyond it is read; b2, d2 and c1 are empty.
    assert names(g, got) == ["a2", "b1", "b3", "d1", "d3", "e2"]
    assert read == ["a2", "b1", "b2", "b3", "c1", "c3", "d1", "d2", "d3", "e2"]


def test_empty_squares_of_a_terrain_record_that_terrain_only():
    game = position({"a1": 37, "h8": 160, "f6": 37},
                    terrain={"f6": "mountain", "b7": "mountain", "g2": "mountain"})
    g = game.engine
    got, read = _looked(g, lambda g: g.empty_squares("mountain"))
    assert names(g, got) == ["b7", "g2"]
    assert read == ["b7", "f6", "g2"]

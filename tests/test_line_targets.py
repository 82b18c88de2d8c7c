"""``legends_core.moves.line_targets``: the straight runs of Scouts, Charging and Slashing."""

from __future__ import annotations

from legends_core.moves import line_targets, note_move
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

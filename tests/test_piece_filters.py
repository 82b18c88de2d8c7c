"""Piece filters (``legends_pieces.powers.match``): answers from printed facts are kept by
piece type; a condition on keywords is asked afresh, since grants and curses change it."""

from __future__ import annotations

from legends_core.testing import position
from legends_pieces.powers import candidates, of


def _game():
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "c4": ("Scout", "red"),
                     "d4": ("Scout", "red"), "e4": ("Miner", "red")}, rules="classic")
    return game.engine


def test_a_printed_match_keeps_its_answer_by_piece_type():
    g = _game()
    scout, miner = g.grid[g.sq("c4")], g.grid[g.sq("e4")]
    m = of(name="Scout")
    assert m(g, scout) and not m(g, miner)
    assert m.by_type == {g.types[scout]: True, g.types[miner]: False}
    assert candidates(g, 0, whose="own", match=m) == [scout, g.grid[g.sq("d4")]]


def test_a_keyword_match_sees_a_grant_at_once():
    g = _game()
    scout = g.grid[g.sq("c4")]
    m = of(name="Scout", keyword="flying")
    assert not m(g, scout) and candidates(g, 0, whose="own", match=m) == []
    g.grant(scout, "flying")
    assert m(g, scout) and candidates(g, 0, whose="own", match=m) == [scout]
    # Only what the type prints is kept (the keyword is asked each time).
    assert m.by_type == {t: m.fits(t) for t in m.by_type}
    assert m.by_type[g.types[scout]] is True

"""``Game.legal_actions()``: the lazy list a player picks from (legends_core.legal_actions)."""

from __future__ import annotations

import pytest

from legends_core import Action, Game, LegalActions


class Index:
    """An integer of another library (a NumPy integer, say): it has ``__index__`` only."""

    def __init__(self, value: int):
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_it_reads_as_the_list_of_options_in_every_way():
    game = Game.new(seed=3)
    acts = game.legal_actions()
    assert isinstance(acts, LegalActions)
    listed = list(acts)
    assert listed and len(acts) == len(listed) and bool(acts)
    assert [acts[i] for i in range(len(acts))] == listed
    assert acts[-1] == listed[-1]
    assert acts[Index(1)] == listed[1]
    assert all(a in acts for a in listed)
    assert "pass" not in acts and Action.choose("nothing-like-this") not in acts
    assert repr(acts).startswith("<LegalActions: ")


def test_a_switch_is_legal_with_its_squares_in_either_order():
    game = Game.new(seed=3)
    while game.decision_kind != "setup-switch":
        game.apply(Action.choose("keep"))
    swap = next(a for a in game.legal_actions() if a.kind == "swap")
    turned = Action("swap", src=swap.dst, dst=swap.src)  # built by hand: not in board order
    assert turned != swap and turned in game.legal_actions()


def test_a_list_from_before_a_move_refuses_to_answer():
    game = Game.new(seed=3)
    acts = game.legal_actions()
    first = acts[0]
    game.apply(first)
    for use in (len, list, bool, lambda a: a[0], lambda a: first in a):
        with pytest.raises(RuntimeError, match="the game changed since"):
            use(acts)
    assert len(game.legal_actions()) > 0  # a new list reads the game as it is now


def test_a_list_made_from_the_game_alone_reads_its_version_and_engine():
    from legends_core.legal_actions import LegalActions

    game = Game.new(seed=3)
    acts = LegalActions(game)  # as Game.legal_actions, which hands both over itself
    assert list(acts) == list(game.legal_actions())
    game.apply(acts[0])
    with pytest.raises(RuntimeError, match="the game changed since"):
        len(acts)


def test_an_index_out_of_range_is_an_index_error():
    acts = Game.new(seed=3).legal_actions()
    with pytest.raises(IndexError):
        acts[len(acts)]

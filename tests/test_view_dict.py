"""``View.to_dict`` is built by hand for speed; it must give the same data as attrs' generic
conversion (as JSON: attrs leaves some tuples as tuples, ours are all lists), for every seat,
every ruleset and team games, at every step of random play."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from legends_core import Game
from legends_core.ruleset import rulesets


def same(view: Any) -> bool:
    ours = view.to_dict()
    assert _no_tuples(ours)
    return json.dumps(ours, sort_keys=True) == json.dumps(attrs.asdict(view), sort_keys=True)


def _no_tuples(value: Any) -> bool:
    if isinstance(value, tuple):
        return False
    if isinstance(value, list):
        return all(_no_tuples(v) for v in value)
    if isinstance(value, dict):
        return all(_no_tuples(v) for v in value.values())
    return True


@pytest.mark.parametrize("rules", sorted(rulesets()))
def test_to_dict_equals_attrs_asdict(rules: str) -> None:
    rng = random.Random(rules)
    game = Game.new(rules=rules, seed=rng.randrange(10**9), turn_limit=12)
    checked = 0
    while not game.is_over:
        for seat in (*game.players, None):
            view = game.view(seat)
            assert same(view)
            checked += 1
        game.apply(rng.choice(list(game.legal_actions())))
    assert checked > 20


def test_to_dict_in_a_team_game() -> None:
    rng = random.Random(8)
    game = Game.new(players=8, seed=3, turn_limit=4)
    while not game.is_over:
        view = game.view(game.current_player)
        assert same(view)
        game.apply(rng.choice(list(game.legal_actions())))


def test_to_dict_gives_fresh_lists() -> None:
    """Changing the data a server was given must not change the view it came from."""
    view = Game.new(seed=1).view("beige")
    data = view.to_dict()
    data["pieces"].clear()
    data["board"]["rows"].append("x")
    assert view.pieces and view.to_dict()["board"]["rows"] == attrs.asdict(view)["board"]["rows"]

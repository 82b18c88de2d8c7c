"""Shared helpers for the research-interface tests (action ids, tensors, environments)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from legends_core import Game, rulesets

#: The rulesets the research tests run on: every installed one (``None``: the default,
#: Stratego Legends).
RULESETS: tuple[str | None, ...] = (None, *(r for r in rulesets() if r != "legends"))


def new_game(rules: str | None, seed: int, **kwargs) -> Game:
    if rules is not None:
        kwargs["rules"] = rules
    return Game.new(seed=seed, **kwargs)


def random_states(rules: str | None, seed: int, *, turn_limit: int = 60,
                  armies: str | None = "random") -> Iterator[Game]:
    """Every state of one random game (auto-pass on, as the environments play), the same
    Game object advanced between yields."""
    kwargs = {"turn_limit": turn_limit, "auto_pass": True}
    if armies is not None and rules is None:
        kwargs.update(beige=armies, gray=armies)
    game = new_game(rules, seed, **kwargs)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        game.apply(rng.choice(list(game.legal_actions())))

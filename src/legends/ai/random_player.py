"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from legends_core import Action, Knowledge

from .deadline import checked_strength
from .heuristic import deciding


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | None = None, cap: float | None = None,
                 strength: float = 1.0, clock: Callable[[], float] = time.perf_counter):
        """``cap``, ``strength`` and ``clock`` are taken as every player takes them (see
        :mod:`legends.ai.deadline`) and change nothing: one draw is all this player does."""
        checked_strength(strength)
        self.rng = random.Random(seed)

    def arrange(self, rules: str, seat: str) -> str | None:
        """``None``: this player takes the setup it is dealt."""
        return None

    def choose(self, knowledge: Knowledge) -> Action:
        """Any legal action, uniformly."""
        actions = deciding(knowledge).actions
        return actions[self.rng.randrange(len(actions))]

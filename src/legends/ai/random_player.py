"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from legends_core import Action, Knowledge

from .heuristic import deciding


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def arrange(self, rules: str, seat: str) -> str | None:
        """``None``: this player takes the setup it is dealt."""
        return None

    def choose(self, knowledge: Knowledge) -> Action:
        """Any legal action, uniformly."""
        actions = deciding(knowledge).actions
        return actions[self.rng.randrange(len(actions))]

"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from legends_core.actions import Action
from legends_core.game import Game


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        return actions[self.rng.randrange(len(actions))]

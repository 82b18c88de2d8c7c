"""Random games between random legal armies drawn from all 206 pieces.

The suite plays a few hundred; ``scripts/stress.py`` plays many thousands and reports any
failure with the seed that reproduces it.
"""

import os
import random

import pytest
from tests.randomgames import play_random

from legends_core import Game

GAMES = int(os.environ.get("LEGENDS_STRESS_GAMES", "300"))


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_armies_random_game(seed):
    game = Game.new(beige="random", gray="random", seed=10_000 + seed, turn_limit=2000)
    play_random(game, random.Random(seed), check=seed % 5 == 0)
    assert game.is_over

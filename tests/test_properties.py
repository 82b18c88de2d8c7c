"""Invariants over random complete games (hypothesis chooses the seeds)."""

import random

from hypothesis import given
from hypothesis import strategies as st
from tests.kernel_pack import CATALOGUE
from tests.randomgames import play_random, random_position_game


@given(st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_every_invariant_and_end_with_a_winner(seed):
    game = random_position_game(seed, CATALOGUE)
    play_random(game, random.Random(seed))
    assert game.is_over
    assert game.winner is not None, game.reason


@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=1, max_value=60))
def test_undo_restores_exactly_and_copies_are_independent(seed, steps):
    rng = random.Random(seed)
    game = random_position_game(seed, CATALOGUE)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    snapshot = game.to_position()
    depth = len(game.history)
    twin = game.copy()
    if game.is_over:
        return
    for _ in range(5):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    assert twin.to_position() == snapshot, "a copy changed when the original moved on"
    while len(game.history) > depth:
        game.pop()
    assert game.to_position() == snapshot


@given(st.integers(min_value=0, max_value=2**31))
def test_random_games_with_preset_armies_keep_every_invariant(seed):
    from legends_core import Game
    from legends_core.engine import NO_PROGRESS_LIMIT
    from legends_core.flow import no_progress_reason

    game = Game.new(seed=seed, turn_limit=3000)
    play_random(game, random.Random(seed))
    assert game.is_over, game.reason
    # Random players sometimes wander for hundreds of turns without attacking: the
    # no-progress limit (on by default) then ends the game with no winner.
    assert game.winner is not None or game.reason == no_progress_reason(NO_PROGRESS_LIMIT), \
        game.reason

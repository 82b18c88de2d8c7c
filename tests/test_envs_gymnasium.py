"""The single-agent Gymnasium environment."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from tests.envs_helpers import RULESETS

from legends.envs.gymnasium import ENV_ID, LegendsEnv
from legends_core import ActionIdError


@pytest.mark.parametrize("rules", RULESETS)
def test_passes_gymnasiums_env_checker(rules):
    check_env(LegendsEnv(rules, opponent="random", turn_limit=10))


def test_made_through_the_registry():
    env = gymnasium.make(ENV_ID, opponent="random", turn_limit=10)
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("seat", ["beige", "gray"])
def test_complete_games_against_the_computer(seat):
    env = LegendsEnv(seat=seat, opponent="heuristic", turn_limit=150)
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, steps, done = 0.0, 0, False
        while not done:
            assert obs["action_mask"][:-1].any() or obs["action_mask"][-1]
            action = int(rng.choice(np.flatnonzero(obs["action_mask"][:-1])))
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            steps += 1
            done = terminated or truncated
        game = env.match.game
        assert game.is_over and steps > 1
        assert total == (0.0 if game.winner is None else 1.0 if game.winner == seat else -1.0)
        assert truncated == game.reason.startswith("turn limit")


def test_the_delegate_id_lets_the_built_in_player_decide():
    env = LegendsEnv(opponent="random", turn_limit=30)
    obs, _ = env.reset(seed=4)
    assert env.action_space.sample() == env.delegate and obs["action_mask"][env.delegate] == 1
    before = len(env.match.game.history)
    env.step(env.delegate)
    assert len(env.match.game.history) > before


@pytest.mark.parametrize("bad", [-1, 10**8, 2.5, "move"])
def test_bad_ids_raise_and_leave_the_environment_unchanged(bad):
    env = LegendsEnv(opponent="random", turn_limit=30)
    obs, _ = env.reset(seed=5)
    history = list(env.match.game.history)
    masked = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for action in (bad, masked):
        with pytest.raises(ActionIdError):
            env.step(action)
    again = env._obs()
    assert list(env.match.game.history) == history
    assert np.array_equal(again["observation"], obs["observation"])
    assert np.array_equal(again["action_mask"], obs["action_mask"])


def test_same_seed_same_episode():
    a, b = LegendsEnv(opponent="heuristic", turn_limit=40), LegendsEnv(opponent="heuristic", turn_limit=40)
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    for _ in range(20):
        assert np.array_equal(oa["observation"], ob["observation"])
        if a.match.game.is_over:
            break
        oa, *_ = a.step(a.delegate)
        ob, *_ = b.step(b.delegate)


def test_deals_are_128_bit_seeds_drawn_from_the_seeded_generator():
    def seeds(env):
        env.reset(seed=1)
        first = env.match.game.engine.seed
        env.reset()  # the next deal comes from the same generator
        return first, env.match.game.engine.seed

    a = seeds(LegendsEnv(opponent="random", turn_limit=5))
    b = seeds(LegendsEnv(opponent="random", turn_limit=5))
    assert a == b  # seeded resets replay
    assert a[0] != a[1] and min(a) >= 2**100 and max(a) < 2**128

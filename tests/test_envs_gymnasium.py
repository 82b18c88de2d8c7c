"""The single-agent Gymnasium environment."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from tests.envs_helpers import RULESETS

from legends.ai import RandomPlayer
from legends.cli.text import board_text
from legends.envs.gymnasium import ENV_ID, LegendsEnv
from legends_core import Action, ActionIdError


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


# -- powers chosen in several steps ----------------------------------------------------------


class Watcher:
    """An opponent that notes what the referee's board holds on given squares whenever it is
    asked to decide (so a test sees the agent's action before anyone answers it), then plays
    at random."""

    def __init__(self, env, squares=()):
        self.env, self.squares, self.seen = env, tuple(squares), []
        self.inner = RandomPlayer(seed=0)

    def choose(self, knowledge):
        game = self.env.match.game
        self.seen.append({sq: (game.piece_at(sq), game.controller_at(sq)) for sq in self.squares})
        return self.inner.choose(knowledge)


def multi_step_heads(env, obs):
    """The power ids in the mask that need further steps (targets) to complete."""
    space, chooser = env.match.actions, env.match.chooser
    return [int(i) for i in np.flatnonzero(obs["action_mask"][:-1])
            if space.block_of(int(i))[0] == "power" and len(chooser.ids()[int(i)]) > 1]


def test_a_scout_power_with_a_target_is_completed_and_moves_the_scout():
    # The review's case: in classic Stratego, "power <square> scout" needs a target square.
    env = LegendsEnv(rules="classic", opponent="random")
    obs, info = env.reset(seed=1)
    heads = multi_step_heads(env, obs)
    assert heads, "the opening offers a scout's long move"
    space = env.match.actions
    _, src, key = space.describe(heads[0]).split()
    assert key == "scout" and env.match.game.piece_at(src) is not None
    scout = env.match.game.piece_at(src)
    history = len(env.match.game.history)
    obs, reward, terminated, truncated, info = env.step(heads[0])
    # The power waits for its target: nothing was played, the agent still decides.
    assert len(env.match.game.history) == history and info["turn"] == 1
    assert env.match.chooser.partial == (src, "scout", ())
    steps = [space.block_of(int(i))[0] for i in np.flatnonzero(obs["action_mask"][:-1])]
    assert steps and set(steps) <= {"target", "end"} and obs["action_mask"][-1] == 1
    # Aim at a free square, so the scout simply goes there.
    game = env.match.game
    free = [i for i in np.flatnonzero(obs["action_mask"][:-1])
            if space.block_of(int(i))[0] == "target"
            and game.piece_at(space.describe(int(i)).split()[1]) is None]
    assert free
    dst = space.describe(int(free[0])).split()[1]
    watcher = env._players[env.match.players[1]] = Watcher(env, (src, dst))
    obs, reward, terminated, truncated, info = env.step(int(free[0]))
    assert Action.power(src, "scout", dst) in env.match.game.history
    # When the opponent was next asked, the scout stood on the target and left its square.
    assert watcher.seen[0] == {src: (None, None), dst: (scout, env.seat)}
    assert env.match.chooser.partial is None


@pytest.mark.parametrize("rules", RULESETS)
def test_an_agent_that_prefers_powers_with_targets_completes_them_and_the_game_goes_on(rules):
    # Whenever a power with several targets is offered the agent takes it and steps through
    # its targets; every such power must reach the game, and turns must still pass.
    env = LegendsEnv(rules, opponent="heuristic", turn_limit=40, setup=False)
    completed = 0
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        for _ in range(3000):  # far more than 40 turns take
            if done:
                break
            partial = env.match.chooser.partial
            legal = np.flatnonzero(obs["action_mask"][:-1])
            heads = multi_step_heads(env, obs)
            action = int(heads[0]) if heads and partial is None else int(rng.choice(legal))
            before = len(env.match.game.history)
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            now = env.match.chooser.partial
            if partial is not None and now is None:  # the last step of a power
                played = env.match.game.history[before]
                assert played.kind == "power" and (played.src, played.key) == partial[:2]
                assert played.targets[:len(partial[2])] == partial[2]
                completed += 1
        assert done and info["turn"] > 1
    assert completed > 0, "no power with several targets came up"


def test_the_human_render_mode_prints_what_the_agent_knows(capsys):
    env = LegendsEnv(opponent="random", turn_limit=8, render_mode="human")
    env.reset(seed=1)
    assert capsys.readouterr().out == board_text(env.match.game.view(env.seat)) + "\n"
    env.step(env.delegate)
    assert capsys.readouterr().out == board_text(env.match.game.view(env.seat)) + "\n"
    assert env.render() is None


def flag_ranks(opponent: str, seeds: range) -> list[int]:
    """The rank of the opponent's (blue's) Flag at the start of each episode."""
    env = LegendsEnv("classic", seat="red", opponent=opponent, turn_limit=10)
    ranks = []
    for seed in seeds:
        env.reset(seed=seed)
        flag = next(p for p in env.match.game.view(None).pieces
                    if p.owner == "blue" and p.name == "Flag")
        ranks.append(int(flag.square[1:]))
    return ranks


def test_the_computer_opponent_arranges_its_own_setup_in_classic():
    # The search player keeps its Flag in its back row (rank 10 for blue); a dealt one strays.
    assert set(flag_ranks("search", range(8))) == {10}
    assert set(flag_ranks("random", range(8))) != {10}

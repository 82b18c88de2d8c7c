"""Episodes of the Gymnasium and PettingZoo environments end: by the rules, at the turn limit,
or at the default step bound; and their rewards go to sides, not single seats."""

from __future__ import annotations

import numpy as np
import pytest
from tests.envs_helpers import RULESETS

from legends.ai import PLAYERS
from legends.envs.gymnasium import LegendsEnv
from legends.envs.match import step_bound
from legends.envs.pettingzoo import env as aec_env
from legends_core import ActionIdError

#: Turn limits that keep the slower computer players to a few seconds per ruleset (the
#: default limit, 200 turns, for the fast ones).
TURNS = {"random": None, "heuristic": 40, "ismcts": 10, "search": 16}


def test_both_environments_bound_their_episodes_by_default():
    gym, aec = LegendsEnv(opponent="random"), aec_env()
    assert gym.max_steps == aec.max_steps == step_bound(2, 200)
    assert LegendsEnv(opponent="random", turn_limit=None).max_steps == step_bound(2, None) > 0
    assert aec_env(players=4, turn_limit=50).max_steps == step_bound(4, 50)
    assert LegendsEnv(opponent="random", max_steps=None).max_steps is None
    for bad in (0, -3, 2.5, "many", True):
        with pytest.raises(ValueError):
            LegendsEnv(opponent="random", max_steps=bad)
        with pytest.raises(ValueError):
            aec_env(max_steps=bad)


@pytest.mark.parametrize("opponent", sorted(PLAYERS))
@pytest.mark.parametrize("rules", RULESETS)
def test_a_random_agent_finishes_episodes_against_every_built_in_opponent(rules, opponent):
    kwargs = {} if TURNS[opponent] is None else {"turn_limit": TURNS[opponent]}
    env = LegendsEnv(rules, opponent=opponent, **kwargs)
    assert env.max_steps is not None
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        ended = False
        for _ in range(env.max_steps):
            legal = np.flatnonzero(obs["action_mask"][:-1])  # never the delegate
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            if terminated or truncated:
                ended = True
                break
        assert ended and terminated != truncated
        assert reward == (0.0 if truncated else 1.0 if env.seat in info["winners"] else -1.0)


@pytest.mark.parametrize("rules", RULESETS)
def test_random_agents_finish_pettingzoo_episodes(rules):
    e = aec_env(rules=rules)
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter(max_iter=e.max_steps + len(e.possible_agents)):
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert e.agents == []  # every agent saw the end and left


def test_the_step_bound_truncates_a_gymnasium_episode():
    env = LegendsEnv(opponent="random", max_steps=5)
    obs, _ = env.reset(seed=2)
    for step in range(1, 6):
        assert not env.match.game.is_over
        obs, reward, terminated, truncated, info = env.step(env.delegate)
        assert truncated == (step == 5) and not terminated and reward == 0.0
    assert info["reason"] == "step limit of 5 reached" and info["steps"] == 5
    assert not obs["action_mask"].any()  # nothing is legal after the end
    with pytest.raises(ActionIdError):
        env.step(env.delegate)
    obs, info = env.reset(seed=3)  # a new episode starts from zero steps
    assert info["steps"] == 0 and info["reason"] == "" and obs["action_mask"].any()


def test_the_step_bound_truncates_a_pettingzoo_episode():
    e = aec_env(max_steps=3)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    taken = 0
    for _agent in e.agent_iter(max_iter=100):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            assert info["reason"] == "step limit of 3 reached" and not obs["action_mask"].any()
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        taken += 1
    assert taken == 3 and e.agents == [] and not e.match.game.is_over


# -- rewards by side in team games ------------------------------------------------------------


def test_pettingzoo_rewards_every_seat_of_the_winning_team():
    e = aec_env(players=4, turn_limit=300)
    for seed in range(17, 23):  # 17 ends with a winner by the rules (gray, at turn 132)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            total[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        game = e.match.game
        if game.winners:
            break
    else:
        pytest.fail("no random team game ended with a winner")
    side = next(s for s, seats in game.teams.items() if game.winner in seats)
    assert set(game.winners) == set(game.teams[side]) and len(game.winners) == 2
    assert total == {p: 1.0 if p in game.winners else -1.0 for p in e.possible_agents}
    assert sum(total.values()) == 0.0
    assert e.match.returns() == total


def play_gym(env, seed):
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, done = 0.0, False
    while not done:
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"][:-1]))))
        total += reward
        done = terminated or truncated
    return total, info


def test_gymnasium_rewards_the_agent_when_a_teammate_wins():
    # Seed 3: gray-1 ends the game (attacks beige's castle), so gray-2, the agent, wins too.
    env = LegendsEnv(players=4, seat="gray-2", opponent="random", teammate="random",
                     turn_limit=300)
    total, info = play_gym(env, 3)
    assert info["winner"] == "gray-1" and set(info["winners"]) == {"gray-1", "gray-2"}
    assert total == 1.0 and env.match.returns()["gray-2"] == 1.0
    # Seed 2: beige wins, so the agent's side loses.
    total, info = play_gym(env, 2)
    assert "gray-2" not in info["winners"] and info["winners"] and total == -1.0


class Recorder:
    """A computer player that notes the seats it is asked to play for."""

    def __init__(self):
        self.seats, self.inner = set(), PLAYERS["random"](seed=0)

    def choose(self, knowledge):
        self.seats.add(knowledge.player)
        return self.inner.choose(knowledge)


def test_gymnasium_teammates_and_opponents_are_played_by_their_own_players():
    mates, enemies = Recorder(), Recorder()
    env = LegendsEnv(players=4, seat="beige-1", opponent=enemies, teammate=mates, turn_limit=12)
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(env.action_space.sample(mask=obs["action_mask"]))
        done = terminated or truncated
    assert mates.seats == {"beige-2"} and enemies.seats == {"gray-1", "gray-2"}
    # By default the partners are the heuristic player, whatever the opponent.
    env = LegendsEnv(players=4, seat="gray-1", opponent="random", turn_limit=12)
    env.reset(seed=1)
    assert type(env._players["gray-2"]) is PLAYERS["heuristic"]
    assert {type(env._players[p]) for p in ("beige-1", "beige-2")} == {PLAYERS["random"]}

"""The PettingZoo AEC environment."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from tests.envs_helpers import RULESETS

from legends.cli.text import board_text
from legends.envs.pettingzoo import env
from legends_core import Action, ActionIdError


@pytest.mark.parametrize("rules", RULESETS)
def test_passes_pettingzoos_api_test(rules):
    api_test(env(rules=rules, turn_limit=8), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("rules", RULESETS)
def test_passes_pettingzoos_seed_test(rules):
    seed_test(lambda: env(rules=rules, turn_limit=8), num_cycles=200)


def play_random(e, seed: int) -> dict[str, float]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


def test_a_complete_game_rewards_the_winner_at_the_end():
    e = env(turn_limit=300)
    for seed in range(4):
        total = play_random(e, seed)
        game = e.match.game
        assert game.is_over and e.agents == []
        if game.winner is None:
            assert set(total.values()) == {0.0}
        else:
            assert total[game.winner] == 1.0 and sum(total.values()) == 0.0


def test_only_the_deciding_agent_has_legal_ids():
    e = env(turn_limit=20)
    e.reset(seed=2)
    deciding = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == deciding)


@pytest.mark.parametrize("bad", [-1, 10**7, "pass"])
def test_bad_ids_raise_and_leave_the_environment_unchanged(bad):
    e = env(turn_limit=20)
    e.reset(seed=2)
    agent = e.agent_selection
    before = e.observe(agent)
    actions = list(e.match.game.history)
    with pytest.raises(ActionIdError):
        e.step(bad)
    masked = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(ActionIdError):
        e.step(masked)
    after = e.observe(agent)
    assert e.agent_selection == agent and list(e.match.game.history) == actions
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_a_power_chosen_in_steps_keeps_the_same_agent_and_shows_the_steps():
    e = env(turn_limit=200, setup=False)
    space = e.match.actions
    off, size = space.blocks["power"]
    for seed in range(20):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if e.match.game.is_over:
                break
            agent = e.agent_selection
            mask = e.observe(agent)["action_mask"]
            heads = [i for i in np.flatnonzero(mask) if off <= i < off + size
                     and len(e.match.chooser.ids()[int(i)]) > 1]
            if heads:
                e.step(int(heads[0]))
                assert e.agent_selection == agent
                obs = e.observe(agent)
                vec = obs["observation"]
                planes = e.match.observations.board(vec)
                assert planes[e.match.observations.planes.index("power-source")].sum() == 1.0
                ids = np.flatnonzero(obs["action_mask"])
                assert all(space.block_of(int(i))[0] in ("target", "end") for i in ids)
                return
            e.step(int(rng.choice(np.flatnonzero(mask))))
    pytest.fail("no power with several possible targets came up")


def test_render_modes():
    e = env(turn_limit=20, render_mode="ansi")
    e.reset(seed=1)
    assert "curse:" in e.render()
    e = env(turn_limit=20, render_mode="svg", render_player="beige")
    e.reset(seed=1)
    assert e.render().startswith("<svg")
    e = env(turn_limit=20, render_mode="rgb_array")
    e.reset(seed=1)
    img = e.render()
    board = e.match.game.board
    assert img.shape == (board.height * 32, board.width * 32, 3) and img.dtype == np.uint8
    with pytest.raises(ValueError):
        env(render_mode="opengl")


def test_deals_are_128_bit_seeds_drawn_from_the_seeded_generator():
    def seeds(e):
        e.reset(seed=3)
        first = e.match.game.engine.seed
        e.reset()  # goes on drawing from the generator seeded with 3
        return first, e.match.game.engine.seed

    a, b = seeds(env(turn_limit=5)), seeds(env(turn_limit=5))
    assert a == b  # seeded resets replay
    assert 3 not in a and a[0] != a[1] and min(a) >= 2**100 and max(a) < 2**128
    fresh = env(turn_limit=5)
    fresh.reset()  # never seeded: from the secure source
    assert fresh.match.game.engine.seed not in a


# -- powers chosen in several steps ----------------------------------------------------------


def test_a_scout_power_with_a_target_is_completed_and_moves_the_scout():
    e = env(rules="classic")
    e.reset(seed=1)
    space, game = e.match.actions, e.match.game
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    heads = [int(i) for i in np.flatnonzero(mask) if space.block_of(int(i))[0] == "power"
             and len(e.match.chooser.ids()[int(i)]) > 1]
    assert heads
    _, src, key = space.describe(heads[0]).split()
    scout = game.piece_at(src)
    e.step(heads[0])
    assert e.agent_selection == agent and e.match.chooser.partial == (src, key, ())
    targets = [int(i) for i in np.flatnonzero(e.observe(agent)["action_mask"])
               if space.block_of(int(i))[0] == "target"
               and game.piece_at(space.describe(int(i)).split()[1]) is None]
    assert targets
    dst = space.describe(targets[0]).split()[1]
    e.step(targets[0])
    assert e.match.chooser.partial is None and game.history[-1] == Action.power(src, key, dst)
    assert game.piece_at(src) is None
    assert (game.piece_at(dst), game.controller_at(dst)) == (scout, agent)
    assert e.agent_selection != agent  # the turn passed on


@pytest.mark.parametrize("rules", RULESETS)
def test_agents_that_prefer_powers_with_targets_complete_them(rules):
    e = env(rules=rules, turn_limit=40, setup=False)
    space = e.match.actions
    completed = 0
    for seed in range(2):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter(max_iter=5000):
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            partial = e.match.chooser.partial
            heads = [int(i) for i in legal if space.block_of(int(i))[0] == "power"
                     and len(e.match.chooser.ids()[int(i)]) > 1]
            before = len(e.match.game.history)
            e.step(heads[0] if heads and partial is None else int(rng.choice(legal)))
            if partial is not None and e.match.chooser.partial is None:
                played = e.match.game.history[before]
                assert played.kind == "power" and (played.src, played.key) == partial[:2]
                assert played.targets[:len(partial[2])] == partial[2]
                completed += 1
        assert e.match.game.is_over and e.agents == []
    assert completed > 0, "no power with several targets came up"


def test_a_seeded_reset_makes_the_unseeded_resets_after_it_reproducible():
    def run():
        e = env(turn_limit=30)
        games = []
        for seed in (5, None, None):
            e.reset(seed=seed)
            rng = np.random.default_rng(0)
            for _agent in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                e.step(None if terminated or truncated
                       else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            games.append((e.match.game.engine.seed, [str(a) for a in e.match.game.history]))
        return games

    first, second = run(), run()
    assert first == second
    assert len({seed for seed, _ in first}) == 3  # three different deals


def test_passes_pettingzoos_render_test():
    render_test(lambda render_mode=None: env(turn_limit=8, render_mode=render_mode))


def test_the_human_render_mode_prints_the_text_picture(capsys):
    e = env(turn_limit=8, render_mode="human")
    e.reset(seed=1)
    picture = board_text(e.match.game.view(None))
    assert "curse:" in picture and capsys.readouterr().out == picture + "\n"
    assert e.render() is None and capsys.readouterr().out == picture + "\n"
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out == board_text(e.match.game.view(None)) + "\n"


def test_an_eight_player_board_with_files_past_z_is_observed_and_drawn():
    # The 8-player board is 32 files wide: files after z are aa .. af.
    e = env(players=8, turn_limit=6, render_mode="rgb_array")
    e.reset(seed=1)
    space, obs_space = e.match.actions, e.match.observations
    assert space.square_names[25:28] == ("z1", "aa1", "ab1") and space.square_names[31] == "af1"
    agent = e.agent_selection
    view = e.match.game.view(agent)
    planes = obs_space.board(e.observe(agent)["observation"])
    occupied = sum(planes[obs_space.planes.index(f"controller:{i}")]
                   for i in range(len(e.possible_agents)))
    far = [p for p in view.pieces if len(p.square.rstrip("0123456789")) == 2]
    assert far and occupied.sum() == len(view.pieces)
    for p in far:
        q = space.square_names.index(p.square)
        assert occupied[q // space.width, q % space.width] == 1.0
    img = e.render()
    assert img.shape == (8 * 32, 32 * 32, 3)

"""The caches that make an environment step cheap change nothing anyone receives.

The kernel's view shares unchanged pieces as seen (a seat's whole tuple of them while nothing
they are made of changed), the board's description and the notation of the options between
calls, and the observation keeps what it built from them (board planes, the destroyed areas
and the curse, the kinds of action offered, the first id of each action); both have a switch
(``CACHING``) that builds everything afresh. Seeded random games through the PettingZoo
and Gymnasium adapters, on every ruleset, must give the same digest of every observation,
mask, reward and view (every seat's, a spectator's and the referee's) either way. With the
caches on, the games of all rulesets are played in turns, step by step, so that what one game
left in the shared caches is there when the next one reads them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator

import numpy as np
import pytest
from tests.envs_helpers import RULESETS

from legends.envs import encoding
from legends_core import SPECTATOR, visibility

pytest.importorskip("pettingzoo")

from legends.envs.gymnasium import LegendsEnv  # noqa: E402
from legends.envs.pettingzoo import env as aec_env  # noqa: E402

TURNS = 14
SEEDS = (3, 11)


def _views(h: hashlib._Hash, game) -> None:
    """Every view of the game now: each seat's, a spectator's and the referee's."""
    for who in (*game.players, SPECTATOR, None):
        view = game.view(who)
        h.update(json.dumps(view.to_dict(), sort_keys=True).encode())
        h.update(repr(view.pieces).encode())


def _obs(h: hashlib._Hash, obs: dict[str, np.ndarray]) -> None:
    h.update(obs["observation"].tobytes())
    h.update(obs["action_mask"].tobytes())


def _aec_game(rules: str | None, seed: int, h: hashlib._Hash) -> Iterator[None]:
    """One PettingZoo game, a step at a time: what ``last()`` gives, every agent's
    observation (deciding or not), the rewards and the views go into ``h``."""
    e = aec_env(rules=rules, turn_limit=TURNS)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        _obs(h, obs)
        h.update(f"{agent} {reward} {terminated} {truncated}".encode())
        for other in e.agents:
            _obs(h, e.observe(other))
        _views(h, e.match.game)
        action = None if terminated or truncated else int(
            rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        yield


def _gym_game(rules: str | None, seed: int, h: hashlib._Hash) -> Iterator[None]:
    """One Gymnasium game against the random player (never delegating: the agent's own
    random ids), digested like :func:`_aec_game`."""
    env = LegendsEnv(rules, opponent="random", turn_limit=TURNS)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = False
    while not done:
        _obs(h, obs)
        _views(h, env.match.game)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"][:-1])))
        obs, reward, terminated, truncated, _ = env.step(action)
        h.update(f"{reward} {terminated} {truncated}".encode())
        done = terminated or truncated
        yield
    _obs(h, obs)
    _views(h, env.match.game)


GAMES: list[tuple[str, Callable[..., Iterator[None]]]] = [("aec", _aec_game),
                                                           ("gym", _gym_game)]


def _digests(interleaved: bool) -> dict[str, str]:
    hashes: dict[str, hashlib._Hash] = {}
    runs = []
    for rules in RULESETS:
        for name, game in GAMES:
            for seed in SEEDS:
                key = f"{name} {rules} {seed}"
                hashes[key] = hashlib.sha256()
                runs.append(game(rules, seed, hashes[key]))
    if interleaved:
        while runs:
            runs = [r for r in runs if next(r, StopIteration) is not StopIteration]
    else:
        for r in runs:
            for _ in r:
                pass
    return {k: h.hexdigest() for k, h in hashes.items()}


def test_cached_steps_give_what_fresh_ones_give(monkeypatch):
    cached = _digests(interleaved=True)
    monkeypatch.setattr(visibility, "CACHING", False)
    monkeypatch.setattr(encoding, "CACHING", False)
    fresh = _digests(interleaved=False)
    assert len(cached) == 2 * len(SEEDS) * len(RULESETS)
    assert cached == fresh


def test_the_caches_are_used():
    """The switch is on in play, and an unchanged piece comes back as the same object (so the
    comparison above compares the cached path with the fresh one)."""
    assert visibility.CACHING and encoding.CACHING
    e = aec_env(turn_limit=TURNS)
    e.reset(seed=5)
    game = e.match.game
    first, second = game.view(game.players[0]), game.view(game.players[0])
    assert first.pieces and first.pieces is second.pieces
    assert first.board is second.board
    # The observation reused its board planes and areas for the second, equal, view.
    space = e.match.observations
    obs = e.match.observation(game.players[0])
    assert space._last[0][0] is first.pieces
    assert space._areas[0][0][0] == first.destroyed
    assert np.array_equal(obs, e.match.observation(game.players[0]))

"""Research outputs reproduce: two separate processes given the same seed, deal and ids give
the same strings and tensors (OpenSpiel's information-state and observation strings, the
environments' observations, a seeded game's record and views)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

#: Run in a fresh interpreter: digests of everything the adapters give for one seed.
CHILD = r"""
import hashlib, json, sys
import numpy as np
import pyspiel
from legends.envs.openspiel import DEAL_BYTES, register
from legends.envs.pettingzoo import env
from legends_core import Game

seed = int(sys.argv[1])
out = {}
for rules in (None, "classic"):
    h = hashlib.sha256()
    state = pyspiel.load_game(register(rules), {"turn_limit": 8}).new_initial_state()
    for byte in seed.to_bytes(DEAL_BYTES, "big"):
        state.apply_action(byte)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        for p in range(state.num_players()):
            h.update(state.information_state_string(p).encode())
            h.update(state.observation_string(p).encode())
            h.update(np.asarray(state.observation_tensor(p), np.float32).tobytes())
            h.update(np.asarray(state.information_state_tensor(p), np.float32).tobytes())
        h.update(str(state).encode())
        state.apply_action(int(rng.choice(state.legal_actions())))
    out[f"openspiel {rules}"] = h.hexdigest()

    h = hashlib.sha256()
    e = env(rules=rules, turn_limit=8, render_mode="ansi")
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        h.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        h.update(e.render().encode())
        e.step(None if terminated or truncated else
               int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    out[f"pettingzoo {rules}"] = h.hexdigest()

    game = Game.new(seed=seed, **({"rules": rules} if rules else {}))
    while game.commitment is None:
        game.apply(next(iter(game.legal_actions())))
    views = [game.view(p).to_dict() for p in game.players]
    text = json.dumps([game.record(), views], sort_keys=True)
    out[f"game {rules}"] = hashlib.sha256(text.encode()).hexdigest()
print(json.dumps(out))
"""


def digests(seed: int, hash_seed: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    run = subprocess.run([sys.executable, "-c", CHILD, str(seed)], env=env, check=True,
                         capture_output=True, text=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_two_processes_give_the_same_strings_and_tensors_for_the_same_seed():
    first, second = digests(5, "1"), digests(5, "2")
    assert len(first) == 6
    assert first == second
    # The digests cover what changes with the game: another seed gives other ones.
    other = digests(6, "1")
    assert all(other[k] != first[k] for k in first)


def test_information_state_strings_leave_the_commitment_out():
    import numpy as np
    import pyspiel

    from legends.envs.openspiel import DEAL_BYTES, register

    # Classic commits to its setup before the first decision, so the first view has it.
    state = pyspiel.load_game(register("classic"), {"turn_limit": 8}).new_initial_state()
    for byte in (3).to_bytes(DEAL_BYTES, "big"):
        state.apply_action(byte)
    rng = np.random.default_rng(3)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    commitment = state.match.game.commitment
    assert commitment is not None
    assert commitment in json.dumps(state.match.game.view("red").to_dict())
    for p in range(2):
        assert commitment not in state.information_state_string(p)
        assert commitment not in state.observation_string(p)


def test_a_seeded_game_draws_its_salt_from_the_seed_and_an_unseeded_one_secretly():
    from legends_core import Game

    a, b = Game.new(seed=11).record()["setup"], Game.new(seed=11).record()["setup"]
    assert a["salt"] == b["salt"] and len(a["salt"]) == 32
    assert Game.new(seed=12).record()["setup"]["salt"] != a["salt"]
    x, y = Game.new().record()["setup"], Game.new().record()["setup"]
    assert x["salt"] != y["salt"] and x["salt"] != a["salt"]

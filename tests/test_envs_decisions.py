"""The observation says which decision is asked: kind of decision or window, whose turn, who
decides, and the steps taken in a power, so that two different decisions never give one
player the same observation and mask."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from tests.envs_helpers import RULESETS

from legends.envs.encoding import DECISIONS, ActionSpace, Chooser, ObservationSpace, observe
from legends.envs.pettingzoo import env
from legends_core.testing import position

pytest.importorskip("pettingzoo")


def identity(e) -> tuple:
    """What the pending decision is, from the referee's side of the game."""
    g = e.match.game
    pending = g.engine.pending
    return (g.turn, g.active_player, g.current_player, pending.name,
            getattr(pending, "kind", None), e.match.chooser.partial)


def collect(rules, seeds, *, blank_decision=False, **kwargs):
    """Random masked play through the PettingZoo environment: for every step, the deciding
    agent's observation and mask (a digest) and the decision's identity."""
    out = []
    names = []
    for seed in seeds:
        e = env(rules=rules, turn_limit=40, **kwargs)
        e.reset(seed=seed)
        space = e.match.observations
        rng = np.random.default_rng(seed)
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            vec = obs["observation"].copy()
            decision = space.feature(vec, "decision")
            if decision.any():
                names.append(DECISIONS[int(decision.argmax())])
            if blank_decision:
                decision[:] = 0.0
            digest = hashlib.sha256(vec.tobytes() + obs["action_mask"].tobytes()).digest()
            out.append((digest, identity(e)))
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out, names


def clashes(pairs) -> list[tuple]:
    first: dict[bytes, tuple] = {}
    bad = []
    for digest, ident in pairs:
        if first.setdefault(digest, ident) != ident:
            bad.append((first[digest], ident))
    return bad


@pytest.mark.parametrize("rules", RULESETS)
def test_equal_observation_and_mask_means_the_same_decision(rules):
    kwargs = {"beige": "random", "gray": "random"} if rules is None else {}
    pairs, names = collect(rules, range(3), **kwargs)
    assert len(pairs) > 60
    assert clashes(pairs) == []
    # Every decision of the shipped rulesets has a name of its own.
    assert "other" not in names and "main" in names


def test_a_team_game_tells_its_decisions_apart():
    pairs, names = collect(None, range(2), players=4)
    assert clashes(pairs) == []
    assert {"window:end", "setup-switch"} <= set(names)


def test_without_the_decision_feature_back_to_back_windows_look_alike():
    # The check above can fail: in these games a strike window is followed by an end window
    # in which the same seat is asked to pass with nothing else changed.
    pairs, names = collect(None, range(6, 9), blank_decision=True, beige="random", gray="random")
    bad = clashes(pairs)
    assert bad and all(a[4] != b[4] and a[:4] == b[:4] for a, b in bad)
    assert {"window:strike", "window:end"} <= set(names)


def test_two_steps_of_one_power_with_different_targets_look_different():
    # Ogre Fort: an Ogre next to it, then a square. Having picked one Ogre or the other, the
    # player is asked the same question (which square) with the same mask.
    game = position({"d4": 136, "a1": 106, "h1": 121, "h8": 37},
                    terrain={"d5": "mountain", "e5": "mountain"}, active="gray")
    legal = list(game.legal_actions())
    space, observations = ActionSpace.for_game(game), ObservationSpace.for_game(game)
    two = [a for a in legal if a.kind == "power" and len(a.targets) == 2]
    seen = {}
    for action in two:
        chooser = Chooser(space, legal)
        ids = space.encode(action, legal)
        for aid in ids[:2]:
            chooser.step(aid)
        assert chooser.partial is not None and len(chooser.partial[2]) == 1
        vec = observe(game.view("gray"), observations, chooser.partial,
                      decision_kind=game.decision_kind)
        seen[chooser.partial] = (vec.tobytes(), chooser.mask().tobytes())
    assert len(seen) == 2
    (obs_a, mask_a), (obs_b, mask_b) = seen.values()
    assert mask_a == mask_b and obs_a != obs_b
    assert observations.planes.index("power-target") > observations.planes.index("power-source")

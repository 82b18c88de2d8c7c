"""Twin games through the research environments: what an agent is shown (its observations,
masks, rewards, and which agent is selected to act) must not depend on pieces it does not
know.

Each pair starts from a PettingZoo game played some way in by random ids; the twin has the
hidden pieces of the observer's opponent swapped and replaced (``make_twin``). Both
environments then take the same ids until the observer learns one of the differing pieces
or the game ends. The observer compares, at each of its own steps, its observation, mask and
reward, and the order in which agents were selected since its previous step, a seat chosen
several times in a row counted once (a multi-step power of one agent is its own business).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from legends.envs.pettingzoo import env
from legends_core import Game
from legends_core.leakcheck import ALL_PIECES, make_twin

pytest.importorskip("pettingzoo")


def twin_envs(seed: int, warmup: int, **kwargs):
    """Two environments at the same point of a game, the second a twin for ``observer``."""
    rng = random.Random(seed)
    first = env(turn_limit=120, beige="random", gray="random", **kwargs)
    first.reset(seed=seed)
    for _ in range(warmup):
        agent = first.agent_selection
        if first.match.game.is_over:
            break
        first.step(int(rng.choice(np.flatnonzero(first.observe(agent)["action_mask"]))))
    game = first.match.game
    if game.is_over or first.match.chooser.partial is not None:
        return None
    observer = rng.choice(game.players)
    position = game.to_position()
    twin, changed = make_twin(position, observer, rng, game.engine.catalogue, ALL_PIECES)
    if not changed:
        return None
    second = env(turn_limit=120, beige="random", gray="random", **kwargs)
    second.reset(seed=seed)
    try:
        second.match.game = Game.from_position(twin)
    except ValueError:
        return None
    second.match._refresh()
    second.agent_selection = second.match.current
    return first, second, observer, set(changed)


def knows_a_difference(e, observer: str, changed: set[int]) -> bool:
    g = e.match.game.engine
    bit = 1 << g.player_index(observer)
    return any(g.known[p] & bit for p in changed)


def differences(seed: int, warmup: int, steps: int = 400, **kwargs) -> list[str]:
    """What the observer could tell apart in one twin pair (empty: nothing)."""
    made = twin_envs(seed, warmup, **kwargs)
    if made is None:
        return []
    envs, observer, changed = made[:2], made[2], made[3]
    rng = random.Random(f"{seed}:ids")
    trails: tuple[list[str], list[str]] = ([], [])
    for _ in range(steps):
        if any(e.match.game.is_over or knows_a_difference(e, observer, changed) for e in envs):
            return []  # a legitimate reveal, or the end: nothing more to compare
        for e, trail in zip(envs, trails, strict=True):
            if not trail or trail[-1] != e.agent_selection:
                trail.append(e.agent_selection)
        if trails[0] != trails[1]:
            return [f"agents selected: {trails[0][-6:]} | {trails[1][-6:]}"]
        a, b = envs
        if a.agent_selection == observer:
            oa, ob = a.observe(observer), b.observe(observer)
            out = []
            if not np.array_equal(oa["observation"], ob["observation"]):
                out.append("observation")
            if not np.array_equal(oa["action_mask"], ob["action_mask"]):
                out.append("action mask")
            if a.rewards[observer] != b.rewards[observer]:
                out.append("reward")
            if out:
                return out
            trails[0][:] = trails[0][-1:]
            trails[1][:] = trails[1][-1:]
            aid = int(rng.choice(np.flatnonzero(oa["action_mask"])))
        else:
            ma, mb = (e.observe(e.agent_selection)["action_mask"] for e in envs)
            common = np.flatnonzero(ma & mb)
            if not len(common):
                return []  # the other agent's options legitimately differ
            aid = int(rng.choice(common))
        for e in envs:
            e.step(aid)
    return []


PAIRS = [(seed, warmup) for seed in range(20) for warmup in (10, 30, 60)]


def test_the_environments_ask_every_seat_so_the_agent_order_shows_nothing_hidden():
    found = {(s, w): differences(s, w) for s, w in PAIRS}
    assert {k: v for k, v in found.items() if v} == {}


def test_with_auto_pass_the_agent_order_gives_hidden_abilities_away():
    # The environments used to create their games with auto-pass on: a seat was then asked
    # in a response window only when a piece of theirs offered an ability there, and the
    # other agent saw it in who was selected. Kept as a check that the comparison above
    # can fail.
    found = [differences(s, w, auto_pass=True) for s, w in PAIRS]
    assert any(any(d.startswith("agents selected") for d in f) for f in found)

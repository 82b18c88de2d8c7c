"""The OpenSpiel python game."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from tests.envs_helpers import RULESETS

from legends.envs.encoding import observe
from legends.envs.openspiel import register, short_name
from legends_core import ActionIdError


def load(rules=None, turn_limit=6, deals=32):
    return pyspiel.load_game(register(rules), {"turn_limit": turn_limit, "deals": deals})


@pytest.mark.parametrize("rules", RULESETS)
def test_openspiels_random_simulation_checks(rules):
    pyspiel.random_sim_test(load(rules), num_sims=3, serialize=True, verbose=False)


def test_one_short_name_per_ruleset_and_the_layout_sizes():
    assert short_name() == "python_legends"
    game = load()
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 32
    state.apply_action(4)
    match = state.match
    assert game.num_distinct_actions() == match.actions.size
    assert game.observation_tensor_size() == match.observations.size
    assert game.information_state_tensor_size() == match.observations.size


def test_tensors_and_strings_come_from_each_players_view():
    state = load().new_initial_state()
    state.apply_action(2)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    for p, name in enumerate(state.match.players):
        want = observe(state.match.game.view(name), state.match.observations,
                       state.match.partial(name))
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), want)
    # Perfect recall strings: each player's own record, different for the two players.
    a, b = state.information_state_string(0), state.information_state_string(1)
    assert a.startswith(state.match.players[0]) and a != b
    assert "seed" not in a and "salt" not in a


def test_serialization_round_trip_mid_game():
    game = load()
    state = game.new_initial_state()
    state.apply_action(9)
    rng = np.random.default_rng(0)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    assert again.observation_tensor(0) == state.observation_tensor(0)


@pytest.mark.parametrize("bad", [5, -3, 10**6])
def test_bad_ids_raise_and_leave_the_state_unchanged(bad):
    state = load().new_initial_state()
    state.apply_action(1)
    history, legal = state.history(), state.legal_actions()
    assert bad not in legal
    with pytest.raises(ActionIdError):
        state.apply_action(bad)
    assert state.history() == history and state.legal_actions() == legal


def test_complete_games_with_openspiel_bots():
    game = load(turn_limit=5)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    lineups = [
        [pyspiel.make_uniform_random_bot(0, 1), pyspiel.make_uniform_random_bot(1, 2)],
        [mcts.MCTSBot(game, 2, 4, evaluator, random_state=rng),
         pyspiel.make_uniform_random_bot(1, 3)],
        [ismcts.ISMCTSBot(game, evaluator, 2, 4, random_state=rng,
                          allow_inconsistent_action_sets=True),
         pyspiel.make_uniform_random_bot(1, 4)],
    ]
    for i, bots in enumerate(lineups):
        state = game.new_initial_state()
        state.apply_action(5 + i)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert sum(state.returns()) == 0.0 and state.match.game.is_over


def test_resampled_states_keep_what_the_player_knows():
    state = load().new_initial_state()
    state.apply_action(3)
    player = state.current_player()
    name = state.match.players[player]
    other = state.resample_from_infostate(player, lambda: 0.5)
    assert np.array_equal(np.asarray(other.observation_tensor(player)),
                          np.asarray(state.observation_tensor(player)))
    assert other.legal_actions() == state.legal_actions()
    hidden = [p.square for p in state.match.game.view(name).pieces if p.number is None]
    assert any(other.match.game.piece_at(sq) != state.match.game.piece_at(sq) for sq in hidden)

"""The OpenSpiel python game."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from tests.envs_helpers import RULESETS

from legends.envs.encoding import observe
from legends.envs.openspiel import DEAL_BYTES, ResampleError, register, short_name
from legends_core import ActionIdError


def load(rules=None, turn_limit=6):
    return pyspiel.load_game(register(rules), {"turn_limit": turn_limit})


def deal(state, seed):
    """Play chance's moves so that the game has ``seed`` (a number below 2**128)."""
    for byte in seed.to_bytes(DEAL_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)
    assert not state.is_chance_node()


@pytest.mark.parametrize("rules", RULESETS)
def test_openspiels_random_simulation_checks(rules):
    pyspiel.random_sim_test(load(rules), num_sims=3, serialize=True, verbose=False)


def test_one_short_name_per_ruleset_and_the_layout_sizes():
    assert short_name() == "python_legends"
    game = load()
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 256
    deal(state, 4)
    match = state.match
    assert game.num_distinct_actions() == match.actions.size
    assert game.observation_tensor_size() == match.observations.size
    assert game.information_state_tensor_size() == match.observations.size


def test_tensors_and_strings_come_from_each_players_view():
    state = load().new_initial_state()
    deal(state, 2)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    for p, name in enumerate(state.match.players):
        want = observe(state.match.game.view(name), state.match.observations,
                       state.match.partial(name), decision_kind=state.match.decision_kind(name))
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), want)
    # Perfect recall strings: each player's own record, different for the two players.
    a, b = state.information_state_string(0), state.information_state_string(1)
    assert a.startswith(state.match.players[0]) and a != b
    assert "seed" not in a and "salt" not in a


def test_serialization_round_trip_mid_game():
    game = load()
    state = game.new_initial_state()
    deal(state, 9)
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
    deal(state, 1)
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
        [ismcts.ISMCTSBot(game, evaluator, 2, 4, random_state=rng),
         pyspiel.make_uniform_random_bot(1, 4)],
    ]
    for i, bots in enumerate(lineups):
        state = game.new_initial_state()
        deal(state, 5 + i)
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        assert sum(state.returns()) == 0.0 and state.match.game.is_over


def test_resampled_states_keep_what_the_player_knows():
    state = load().new_initial_state()
    deal(state, 3)
    player = state.current_player()
    name = state.match.players[player]
    other = state.resample_from_infostate(player, lambda: 0.5)
    assert np.array_equal(np.asarray(other.observation_tensor(player)),
                          np.asarray(state.observation_tensor(player)))
    assert other.legal_actions() == state.legal_actions()
    hidden = [p.square for p in state.match.game.view(name).pieces if p.number is None]
    assert any(other.match.game.piece_at(sq) != state.match.game.piece_at(sq) for sq in hidden)


# -- resampling is consistent for every player -------------------------------------------


@pytest.mark.parametrize("rules", [None, "classic"])
def test_resampled_states_are_consistent_for_every_player(rules):
    """Real states, states resampled for each player, and a few steps played on from those:
    the resampling player keeps their information state, the others' strings start at their
    view of the imagined world, and one string of the player to move means one set of legal
    actions, whichever state it came from."""
    game = load(rules, turn_limit=3)
    rng = random.Random(11)
    legal_by_key: dict[tuple[int, str], list[int]] = {}
    shared = 0

    def note(state):
        nonlocal shared
        if state.is_terminal():
            return
        player = state.current_player()
        key = (player, state.information_state_string(player))
        legal = state.legal_actions()
        if key in legal_by_key:
            shared += 1
            assert legal_by_key[key] == legal, f"one string, two action sets for {player}"
        else:
            legal_by_key[key] = legal

    positions = 0
    for _ in range(2):
        state = load(rules, turn_limit=3).new_initial_state()
        deal(state, rng.getrandbits(128))
        while not state.is_terminal():
            positions += 1
            note(state)
            mover = state.current_player()
            for p in range(game.num_players()):
                for _ in range(2):
                    try:
                        other = state.resample_from_infostate(p, rng.random)
                    except ResampleError:
                        assert p != mover  # the mover can always be resampled for
                        continue
                    assert other.current_player() == mover
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert other.information_state_tensor(p) == state.information_state_tensor(p)
                    for q, name in enumerate(other.match.players):
                        if q != p:  # their own view of the imagined world, and no more
                            view = other.match.game.view(name).to_dict()
                            del view["commitment"]  # kept out of the strings
                            assert other.information_state_string(q) == \
                                f"{name}\n{json.dumps(view, sort_keys=True)}"
                    note(other)
                    walk = random.Random(positions)  # the same line in both resamples
                    for _ in range(3):
                        if other.is_terminal():
                            break
                        other.apply_action(walk.choice(other.legal_actions()))
                        note(other)
            state.apply_action(rng.choice(state.legal_actions()))
    assert positions >= 6 and shared >= positions


def test_resampling_for_a_player_not_to_move_while_a_private_question_is_pending():
    # A fixed game in which beige (player 0) must choose a piece to hand over: a question
    # only beige sees, which the kernel leaves out of gray's knowledge.
    history = [132, 148, 95, 118, 75, 115, 95, 66, 36, 109, 150, 15, 220, 64, 7, 141,
               13023, 13023, 5600, 5723, 7743, 6528, 10259, 12510, 0, 0, 12459]
    state = load(turn_limit=10).new_initial_state()
    for action in history:
        state.apply_action(action)
    assert state.current_player() == 0
    assert state.match.game.view("beige").decision == "choose one of your pieces to hand over"
    assert state.match.game.view("gray").to_move == "beige"
    with pytest.raises(ResampleError, match="gray cannot be resampled"):
        state.resample_from_infostate(1, lambda: 0.5)
    other = state.resample_from_infostate(0, lambda: 0.5)  # the mover: always possible
    assert other.legal_actions() == state.legal_actions()
    assert other.information_state_string(0) == state.information_state_string(0)


def test_power_steps_under_way_are_kept_only_for_the_player_taking_them():
    state = load(turn_limit=10).new_initial_state()
    deal(state, 77)
    rng = random.Random(5)
    while state.match.chooser.partial is None:  # play on until a power is half chosen
        state.apply_action(rng.choice(state.legal_actions()))
    mover = state.current_player()
    mine = state.resample_from_infostate(mover, lambda: 0.5)
    assert mine.match.chooser.partial == state.match.chooser.partial
    assert mine.legal_actions() == state.legal_actions()
    # The other player did not see those steps: the mover starts the decision afresh there.
    theirs = state.resample_from_infostate(1 - mover, lambda: 0.5)
    assert theirs.match.chooser.partial is None and theirs.legal_actions()
    with pytest.raises(ValueError, match="lead to no legal action"):
        theirs.match.replace_game(theirs.match.game, ("z9", "no such power", ()))


@pytest.mark.parametrize("rules", [None, "classic"])
def test_ismcts_with_default_settings_plays_complete_games(rules):
    game = load(rules, turn_limit=4 if rules is None else 6)
    for seat in (0, 1):
        rng = np.random.RandomState(seat)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, 16, random_state=rng)
        bots = [searcher, pyspiel.make_uniform_random_bot(1 - seat, seat)]
        if seat == 1:
            bots.reverse()
        state = game.new_initial_state()
        deal(state, 1000 + seat)
        searched = 0
        while not state.is_terminal():
            player = state.current_player()
            searched += player == seat and len(state.legal_actions()) > 1
            state.apply_action(bots[player].step(state))
        assert searched >= 3
        assert state.match.game.is_over and sum(state.returns()) == 0.0


# -- the deal carries 128 bits ------------------------------------------------------------


def test_the_deal_is_sixteen_uniform_bytes_not_a_short_list_of_seeds():
    game = load()
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    for i in range(DEAL_BYTES):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256))
        assert all(p == 1 / 256 for _, p in outcomes)
        state.apply_action(0xA5 if i % 2 else 0x5A)
    assert state.current_player() == 0
    assert state.match.game.engine.seed == int.from_bytes(bytes([0x5A, 0xA5] * 8), "big")


def test_any_128_bit_seed_can_be_dealt():
    top = load().new_initial_state()
    deal(top, 2**128 - 1)
    assert top.match.game.engine.seed == 2**128 - 1
    other = load().new_initial_state()
    deal(other, 2**127 + 1024)
    assert other.match.game.engine.seed == 2**127 + 1024
    # Far outside the old 1,024 deals, and a different game.
    assert top.match.game.view(None) != other.match.game.view(None)


def test_sampled_deals_differ_and_are_far_beyond_1024():
    seeds = []
    for seed in (1, 2):
        rng = np.random.default_rng(seed)  # as a driver samples chance with its own generator
        state = load().new_initial_state()
        while state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        seeds.append(state.match.game.engine.seed)
    assert seeds[0] != seeds[1] and min(seeds) >= 2**100


def test_the_deal_is_kept_by_serialization_and_invisible_to_players():
    game = load()
    state = game.new_initial_state()
    deal(state, 0x0123456789ABCDEF0123456789ABCDEF)
    again = game.deserialize_state(state.serialize())
    assert again.match.game.engine.seed == state.match.game.engine.seed
    for p in range(2):
        text = state.information_state_string(p)
        assert "deal" not in text and str(state.match.game.engine.seed) not in text

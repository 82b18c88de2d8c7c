"""Random team games (4, 6 and 8 players) under the property and leak tests.

Bounded: a few examples each, games cut short by a turn limit.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.randomgames import check_invariants, play_random
from tests.test_hidden_info import check_indistinguishable

from legends_core import Game, catalogue

SEEDS = st.integers(min_value=0, max_value=2**31)
PLAYERS = st.sampled_from([4, 6, 8])


def team_game(seed: int, players: int, turn_limit: int = 200, **kwargs) -> Game:
    return Game.new(players=players, seed=seed, beige="random", gray="random",
                    turn_limit=turn_limit, **kwargs)


def check_team_invariants(game: Game) -> None:
    check_invariants(game)
    g = game.engine
    for p in range(len(g.types)):
        sq = g.loc[p]
        if sq < 0:
            continue
        c = g.ctrl[p]
        # Control follows the band, and the whole team knows what the piece is.
        assert g.zone[g.rules.teams[c]][sq] == c, f"{g.types[p].name} on {g.board.name(sq)}"
        assert g.known[p] & g.team_mask[c] == g.team_mask[c]


@settings(max_examples=12)
@given(SEEDS, PLAYERS)
def test_random_team_games_keep_every_invariant(seed, players):
    game = team_game(seed, players, setup=seed % 2 == 0, auto_pass=True)
    rng = random.Random(seed)
    while not game.is_over:
        check_team_invariants(game)
        acts = list(game.legal_actions())
        powers = [a for a in acts if a.kind == "power"]
        # Random play rarely uses powers; lean on them.
        game.apply(rng.choice(powers) if powers and rng.random() < 0.5 else rng.choice(acts))
    check_team_invariants(game)
    if game.winner is not None:
        side = game.teams["beige" if game.winner.startswith("beige") else "gray"]
        assert game.winners == side


@settings(max_examples=10)
@given(SEEDS, PLAYERS, st.integers(min_value=1, max_value=80))
def test_team_games_undo_copy_and_replay_exactly(seed, players, steps):
    rng = random.Random(seed)
    game = team_game(seed, players, turn_limit=60)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    snapshot = game.to_position()
    assert Game.from_record(game.record()).to_position() == snapshot
    assert Game.from_position(snapshot).to_position() == snapshot
    depth = len(game.history)
    twin = game.copy()
    play_random(game, rng, check=False, max_decisions=5)
    assert twin.to_position() == snapshot
    while len(game.history) > depth:
        game.pop()
    assert game.to_position() == snapshot


@settings(max_examples=25)
@given(SEEDS, PLAYERS, st.data())
def test_no_seat_sees_what_depends_on_pieces_hidden_from_it(seed, players, data):
    rng = random.Random(seed)
    a = team_game(seed, players, setup=False)
    viewer = data.draw(st.sampled_from(a.players))
    for _ in range(rng.randrange(0, 60)):
        if a.is_over:
            return
        a.apply(rng.choice(list(a.legal_actions())))
    check_indistinguishable(a, viewer, seed, catalogue())


def test_every_seats_record_holds_only_what_it_may_know():
    from legends_core.fairness import verify

    game = team_game(4, 4, turn_limit=30, auto_pass=True)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    full = game.record()
    for seat in game.players:
        mine = game.record(seat)
        text = str(mine)
        assert "seed" not in mine and "salt" not in text
        assert verify(full, player_record=mine).ok
        start = mine["start"]
        me = game.players.index(seat)
        for pv in start["pieces"]:
            if pv["number"] is not None:
                assert game.engine.same_side(game.players.index(pv["owner"]), me)

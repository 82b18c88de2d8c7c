"""Games that cost little: auto-pass, undo without snapshots, freeing without the collector."""

import gc
import json
import random
import tracemalloc
import weakref

import pytest

from legends_core import Game


def drive(game: Game, seed: int, limit: int = 4000) -> list:
    """Play ``game`` out; draw randomly only where there is a real choice, so a game that
    auto-passes and one that asks take the same choices."""
    rng = random.Random(seed)
    events = []
    for _ in range(limit):
        if game.is_over:
            break
        acts = list(game.legal_actions())
        pick = acts[0] if len(acts) == 1 else acts[rng.randrange(len(acts))]
        events.extend(game.apply(pick))
    return events


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_auto_pass_gives_the_same_game_and_the_same_streams(seed):
    asked = Game.new(seed=seed, turn_limit=40)
    auto = Game.new(seed=seed, turn_limit=40, auto_pass=True, salt=asked.record()["setup"]["salt"])
    ea, eb = drive(asked, seed), drive(auto, seed)
    assert ea == eb
    for player in asked.players:
        assert asked.events_for(ea, player) == auto.events_for(eb, player)
        assert asked.view(player) == auto.view(player)
    assert len(auto.record()["actions"]) < len(asked.record()["actions"])


def test_auto_pass_never_asks_a_player_who_can_only_pass():
    game = Game.new(seed=8, turn_limit=60, auto_pass=True)
    rng = random.Random(8)
    while not game.is_over:
        acts = list(game.legal_actions())
        if game.decision_kind == "window":
            assert len(acts) > 1
        game.apply(acts[rng.randrange(len(acts))])
    replay = Game.from_record(json.loads(json.dumps(game.record())))
    assert replay.to_position() == game.to_position()


def test_undo_replays_to_exactly_the_earlier_state():
    game = Game.new(seed=4, turn_limit=30)
    rng = random.Random(4)
    positions = [game.to_position()]
    for _ in range(60):
        if game.is_over:
            break
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
        positions.append(game.to_position())
    copy = game.copy()
    while game.history:
        positions.pop()
        game.pop()
        assert game.to_position() == positions[-1]
    with pytest.raises(IndexError):
        copy.pop()  # a plain copy cannot undo what happened before it was made


def test_a_finished_game_is_freed_without_the_garbage_collector_and_holds_little():
    gc.collect()
    gc.disable()
    try:
        tracemalloc.start()
        game = Game.new(seed=12, turn_limit=100, auto_pass=True)
        drive(game, 12)
        assert game.is_over
        held = tracemalloc.get_traced_memory()[0]
        ref = weakref.ref(game)
        del game
        assert ref() is None  # freed by reference counting alone: no cycle
        freed = held - tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    finally:
        gc.enable()
    assert 0 < freed < 100 * 1024

"""The tables the task loop and the turn read instead of the tasks and rules themselves
(``engine.task_class``, ``flow._turn_rules``, ``flow.turn_end_tasks``): each answer is the one
its class, rules or ruleset gives, also when games of different rules take turns."""

from __future__ import annotations

import random

from legends_core import Game, flow, tasks
from legends_core.engine import task_class


def test_the_loop_reads_each_task_class_as_it_is():
    for cls in tasks.TASK_TYPES.values():
        decision, window, run, answer, settle = task_class(cls)
        assert decision is bool(cls.decision) and window is (cls.name == "window")
        assert run is cls.run and answer is cls.answer
        assert settle is (cls.settle if window else None)  # type: ignore[attr-defined]
    assert task_class(flow.Window)[:2] == (True, True)
    assert task_class(flow.TurnStart)[:2] == (False, False)
    assert task_class(flow.MainDecision)[:2] == (True, False)


def _random_turns(game: Game, rng: random.Random, turns: int) -> None:
    while not game.is_over and game.turn <= turns:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


def test_games_of_different_limits_in_turn_each_end_at_their_own():
    rng = random.Random(5)
    short = Game.new(seed=1, turn_limit=6, auto_pass=True)
    long = Game.new(seed=2, turn_limit=9, auto_pass=True)
    for _ in range(12):  # one action each in turn, so each game's turn start follows the other's
        for game in (short, long):
            if not game.is_over:
                actions = game.legal_actions()
                game.apply(actions[rng.randrange(len(actions))])
    _random_turns(short, rng, 20)
    _random_turns(long, rng, 20)
    for game, limit in ((short, 6), (long, 9)):
        assert game.engine.reason == f"turn limit of {limit} reached"
        assert game.turn == limit + 1


def test_the_end_of_a_turn_follows_each_games_ruleset():
    # Stratego Legends opens an end-of-turn window; classic Stratego has no windows.
    legends = Game.new(seed=3, turn_limit=30)
    classic = Game.new(seed=3, turn_limit=30, rules="classic")
    for game in (legends, classic, legends, classic):
        g = game.engine
        for player in range(len(g.rules.players)):
            ends = flow.turn_end_tasks(g, player, 0)
            if g.rs.windows:
                assert ends == (flow.window("end", player, 0), flow.TURN_END)
            else:
                assert ends == (flow.TURN_END,)

"""A host's limits on a computer player's decision: ``cap`` (the seconds it may take at most)
and ``strength`` (the share of its usual work), as the play server asks under load.

* With the defaults (strength 1, no cap) every player plays the same games as without them.
* A lower strength draws fewer imagined worlds (the search player, below ``SHALLOW``, plays its
  one-move ranking alone) or makes fewer iterations.
* The cap is read between small pieces of work: on a clock that jumps a second at every
  reading, a player with a cap of 1.5 s stops after at most two of them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from legends.ai import PLAYERS, heuristic, make_player, search
from legends.ai.ismcts import ISMCTSPlayer
from legends.ai.search import SearchPlayer
from legends_core import Game, Knowledge


def middle_game(seed: int = 3, plies: int = 30) -> Knowledge:
    """A main decision with many actions, some way into a random game."""
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    while game.legal_actions() and (plies > 0 or game.knowledge(game.current_player)
                                    .decision_kind != "main"):
        game.apply(rng.choice(game.legal_actions()))
        plies -= 1
    knowledge = game.knowledge(game.current_player)
    assert knowledge.decision_kind == "main" and len(knowledge.actions) > 12
    return knowledge


def jumping_clock() -> Callable[[], float]:
    """A clock that moves on one second each time it is read."""
    ticks = itertools.count()
    return lambda: float(next(ticks))


def counting(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (one entry per call)."""
    calls: list[int] = []
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def played(name: str, **options: object) -> list[str]:
    game = Game.new(seed=11, turn_limit=8)
    extra = {"iterations": 30} if name == "ismcts" else {}
    players = {seat: make_player(name, 20 + i, **extra, **options)
               for i, seat in enumerate(game.players)}
    while not game.is_over:
        seat = game.current_player
        game.apply(players[seat].choose(game.knowledge(seat)), player=seat)
    return [str(a) for a in game.record()["actions"]]


@pytest.mark.parametrize("name", list(PLAYERS))
def test_at_full_strength_and_without_a_cap_a_player_plays_as_it_always_did(name):
    assert played(name) == played(name, strength=1.0, cap=None)


@pytest.mark.parametrize("name", list(PLAYERS))
def test_strength_must_be_a_share(name):
    for wrong in (0, -0.5, 1.5):
        with pytest.raises(ValueError, match="strength"):
            make_player(name, 1, strength=wrong)


def worlds(monkeypatch: pytest.MonkeyPatch, module: object, player: object,
           knowledge: Knowledge) -> int:
    drawn = counting(monkeypatch, module, "imagine")
    player.choose(knowledge)  # type: ignore[attr-defined]
    monkeypatch.undo()
    return len(drawn)


def test_at_a_lower_strength_the_heuristic_imagines_fewer_worlds(monkeypatch):
    knowledge = middle_game()
    full = worlds(monkeypatch, heuristic, make_player("heuristic", 1, samples=6), knowledge)
    weak = worlds(monkeypatch, heuristic,
                  make_player("heuristic", 1, samples=6, strength=0.5), knowledge)
    least = worlds(monkeypatch, heuristic,
                   make_player("heuristic", 1, samples=6, strength=0.1), knowledge)
    assert (full, weak, least) == (6, 3, 1)


def test_at_a_lower_strength_the_search_player_looks_at_fewer_worlds_and_actions(monkeypatch):
    knowledge = middle_game()
    full = SearchPlayer(seed=1)
    half = SearchPlayer(seed=1, strength=0.5)
    assert (full.samples, full.focus) == (2, 8) and (half.samples, half.focus) == (1, 4)
    assert worlds(monkeypatch, search, full, knowledge) == 4  # two to rank, two deeper
    assert worlds(monkeypatch, search, half, knowledge) == 2
    # Below SHALLOW: the one-move ranking alone, in one world; no enemy reply is weighed.
    replies = counting(monkeypatch, SearchPlayer, "reply_value")
    least = SearchPlayer(seed=1, strength=search.SHALLOW / 2)
    assert least.shallow and worlds(monkeypatch, search, least, knowledge) == 1
    assert replies == []


def test_at_a_lower_strength_ismcts_makes_fewer_iterations(monkeypatch):
    knowledge = middle_game()
    counts = []
    for strength in (1.0, 0.1):
        iterations = counting(monkeypatch, ISMCTSPlayer, "_iterate")
        ISMCTSPlayer(seed=1, iterations=200, strength=strength).choose(knowledge)
        monkeypatch.undo()
        counts.append(len(iterations))
    assert counts == [200, 20]


@pytest.mark.parametrize("name", ["heuristic", "search", "ismcts"])
def test_a_player_stops_at_its_cap_between_small_pieces_of_work(monkeypatch, name):
    knowledge = middle_game()
    # Each action tried in an imagined world goes through play_turn (the heuristic's own,
    # which every player's world scoring uses).
    tried = counting(monkeypatch, heuristic, "play_turn")
    iterations = counting(monkeypatch, ISMCTSPlayer, "_iterate")
    make_player(name, 1).choose(knowledge)
    uncapped = len(tried)
    tried.clear()
    iterations.clear()
    chosen = make_player(name, 1, cap=1.5, clock=jumping_clock()).choose(knowledge)
    assert chosen in knowledge.actions
    # The clock read at the start, then at most twice more: the cap passes at the second.
    assert uncapped > 10 and 1 <= len(tried) <= 2
    if name == "ismcts":
        assert len(iterations) == 1  # one iteration is always made, then the cap stops it


def test_the_random_player_takes_the_same_options_and_answers_at_once():
    knowledge = middle_game()
    clock = jumping_clock()
    chosen = make_player("random", 1, cap=0.001, strength=0.1, clock=clock).choose(knowledge)
    assert chosen in knowledge.actions and clock() == 0.0  # never needed the time

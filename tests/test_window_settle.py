"""Response windows in which every seat can only pass are settled in one step with auto-pass
(``Window.settle``, switched by ``legends_core.engine.SETTLE_AT_ONCE``); the games must be the
very same as when each seat's pass is its own round of the task loop: every event, each seat's
stream, view, legal actions and record, and the full record."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from tests.randomgames import random_position_game

import legends_core.engine as engine_module
from legends_core import Game, catalogue, testing
from legends_core.leakcheck import with_auto_pass


@pytest.fixture
def settle_switch() -> Iterator[Callable[[bool], None]]:
    def switch(on: bool) -> None:
        engine_module.SETTLE_AT_ONCE = on

    yield switch
    engine_module.SETTLE_AT_ONCE = True


def _knowledge(game: Game, seat: str) -> Any:
    know = game.knowledge(seat)
    return [know.view.to_dict(), [str(a) for a in know.actions], know.decision_kind]


def play_digest(make: Callable[[], Game], seed: int) -> tuple[str, int]:
    """Play one random game; a digest of everything any seat (and the referee) receives, and
    the number of decisions taken."""
    h = hashlib.sha256()
    decisions = testing.play_digest(make(), random.Random(seed), h, seat_state=_knowledge)
    return h.hexdigest(), decisions


def both_ways(settle_switch: Callable[[bool], None], make: Callable[[], Game], seed: int) -> None:
    settle_switch(False)
    slow = play_digest(make, seed)
    settle_switch(True)
    fast = play_digest(make, seed)
    assert fast == slow, f"seed {seed}: the game differs when pass-only windows settle at once"
    assert slow[1] > 10


EDITIONS = [("legends", {}), ("classic", {"rules": "classic"}),
            ("ultimate-campaign", {"rules": "ultimate-campaign"}),
            ("narnia-2", {"rules": "narnia-2"}), ("team", {"players": 4})]


@pytest.mark.parametrize(("name", "options"), EDITIONS, ids=[n for n, _ in EDITIONS])
def test_preset_games_are_the_same_both_ways(settle_switch: Callable[[bool], None],
                                              name: str, options: dict[str, Any]) -> None:
    for seed in range(4 if name == "legends" else 2):
        def make(seed: int = seed) -> Game:
            return Game.new(seed=seed, salt=f"{seed:032x}", turn_limit=250, auto_pass=True,
                            **options)
        both_ways(settle_switch, make, seed)


def test_games_of_the_whole_catalogue_are_the_same_both_ways(
        settle_switch: Callable[[bool], None]) -> None:
    """Armies drawn from every piece: many abilities, so windows where some seat has a choice
    (the step stops there, and goes on after that seat's answer)."""
    cat = catalogue()
    for seed in range(8):
        start = with_auto_pass(random_position_game(seed, cat, turn_limit=200).to_position())

        def make(start: dict[str, Any] = start) -> Game:
            return Game.from_position(start, catalogue=cat)
        both_ways(settle_switch, make, seed)


def test_a_window_with_a_choice_stops_at_that_seat(settle_switch: Callable[[bool], None]) -> None:
    """Somewhere in these games a seat is asked in a response window with auto-pass on (the
    fast path must leave such a window pending, with that seat's options)."""
    cat = catalogue()
    asked = 0
    for seed in range(8):
        game = Game.from_position(
            with_auto_pass(random_position_game(seed, cat, turn_limit=200).to_position()),
            catalogue=cat)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.engine.pending is not None and game.engine.pending.name == "window":
                assert any(a.kind != "pass" for a in actions)
                asked += 1
            game.apply(actions[rng.randrange(len(actions))])
    assert asked > 0

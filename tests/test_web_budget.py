"""The play server's thinking budget: under load each computer decision is asked for less
(``strength``) instead of waiting in a queue, and every decision gets a cap that fits its
game's beat, whichever player the game offers."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future
from types import SimpleNamespace
from typing import Any

import pytest

from legends.ai import PLAYERS
from legends.web import create_app, thinking
from legends.web.budget import LEAST, SHARE, Budget
from legends.web.guards import Pacer
from legends_core import Game
from test_web_workers import play_to_the_end
from webgames import TestClient


def test_one_decision_per_thinker_thinks_at_full_strength_within_half_the_beat():
    plan = Budget(2, beat=0.5)
    with plan.asking(0) as first, plan.asking(1) as second:
        assert first == second == {"strength": 1.0, "cap": SHARE * 0.5}
    assert plan.pending == [0, 0]


def test_decisions_in_line_for_one_thinker_share_its_time():
    plan = Budget(1, beat=0.5)
    with plan.asking(0) as a, plan.asking(0) as b, plan.asking(0) as c, plan.asking(0) as d:
        asked = [a, b, c, d]
    assert [o["strength"] for o in asked] == [1.0, 1 / 2, 1 / 3, 1 / 4]
    assert [o["cap"] for o in asked] == [SHARE * 0.5 * s for s in (1.0, 1 / 2, 1 / 3, 1 / 4)]
    # However long the line, never below the cheapest decent play.
    plan.pending = [500]
    assert plan.options(0) == {"strength": LEAST, "cap": SHARE * 0.5 * LEAST}


def test_the_whole_servers_load_counts_as_well_as_one_thinkers_line():
    plan = Budget(2, beat=0.5)
    plan.pending = [5, 0]
    # Thinker 1 has only this decision, but the server has six for its two thinkers.
    with plan.asking(1) as options:
        assert options["strength"] == pytest.approx(1 / 3)


def test_the_cap_keeps_to_what_is_left_of_the_batchs_share_of_the_beat():
    plan = Budget(1, beat=0.5)
    # 0.4 s left until the batch is due: 0.15 s of it is the thinking's share.
    assert plan.options(0, left=0.4)["cap"] == pytest.approx(0.15)
    # A batch already late: the least cap, not none.
    assert plan.options(0, left=-1.0)["cap"] == pytest.approx(SHARE * 0.5 * LEAST)
    # Without a beat (answering at once) only the strength is asked.
    assert Budget(1, beat=0.0).options(0, left=0.4) == {"strength": 1.0}


class HeldThinker(Executor):
    """A thinker that holds every decision until told, noting how each was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[tuple[Any, ...], Future[str | None]]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        held: Future[str | None] = Future()
        self.asked.append((args, held))
        return held


def waiting_room(code: str) -> SimpleNamespace:
    """What the thinkers read of a room: a new game whose first decision is a computer's."""
    game = Game.new(seed=len(code))
    return SimpleNamespace(code=code, game=game, seats={game.current_player: {"player": "search"}})


def test_under_load_the_server_asks_each_decision_for_less_instead_of_queueing_it():
    async def scene() -> None:
        thinkers = thinking.Thinkers(1, beat=0.5)
        held = HeldThinker()
        thinkers._pools = [held]
        rooms = [waiting_room(f"G{i}") for i in range(4)]
        tasks = [asyncio.ensure_future(thinkers.choose(r, r.game.current_player)) for r in rooms]
        while len(held.asked) < len(rooms):
            await asyncio.sleep(0)
        assert thinkers.budget.pending == [4]
        # The options are the last argument sent to the thinker with each decision.
        strengths = [args[-1]["strength"] for args, _ in held.asked]
        assert strengths == [1.0, 1 / 2, 1 / 3, 1 / 4]
        for (_, answer), room in zip(held.asked, rooms, strict=True):
            answer.set_result(str(room.game.legal_actions()[0]))
        chosen = await asyncio.gather(*tasks)
        assert chosen == [r.game.legal_actions()[0] for r in rooms]
        assert thinkers.budget.pending == [0]
        # The line gone, the next decision thinks at full strength again; a batch with
        # 0.3 s left of its beat leaves it 0.05 s.
        clock = iter([10.0, 10.2]).__next__
        pacer = Pacer(0.5, clock, asyncio.sleep)  # made at 10.0: due at 10.5, read at 10.2
        task = asyncio.ensure_future(thinkers.choose(rooms[0], rooms[0].game.current_player,
                                                     pacer))
        while len(held.asked) < 5:
            await asyncio.sleep(0)
        options = held.asked[-1][0][-1]
        assert options["strength"] == 1.0 and options["cap"] == pytest.approx(0.05)
        held.asked[-1][1].set_result(str(rooms[0].game.legal_actions()[0]))
        await task

    asyncio.run(scene())


@pytest.mark.parametrize("player", list(PLAYERS))
def test_every_offered_player_is_asked_to_think_within_its_games_beat(tmp_path, monkeypatch,
                                                                     player):
    asked: list[dict[str, float]] = []
    real = thinking.decide

    def noted(knowledge, name, seed, options=None, catalogue=None):
        assert name == player
        asked.append(dict(options or {}))
        return real(knowledge, name, seed, options, catalogue)

    async def at_once(seconds: float) -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(thinking, "decide", noted)
    beat = 0.5
    # Thinking in this process, where the decisions can be watched; the beat is real but
    # nobody waits for it.
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=beat, thinkers=0,
                     sleep=at_once)
    with TestClient(app) as http:
        play_to_the_end(http, player)
    assert asked, "the computer made no decision"
    for options in asked:
        assert 0 < options["cap"] <= SHARE * beat < beat and 0 < options["strength"] <= 1

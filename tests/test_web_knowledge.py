"""Our computer players through the server's published door: a seat whose hello asks for its
knowledge is sent it in each state message in which it decides, and ``legends.client``'s
computer chooser plays from it (what ``legends bot --player heuristic`` does), through the
app in-process, every message checked against the published schema (tests/apicheck.py). The
server's own thinkers are sent the same knowledge, and nothing a twin game would change."""

from __future__ import annotations

import asyncio
import json
import threading
import warnings
from types import SimpleNamespace
from typing import Any

import pytest
from tests.test_hidden_info import twin_with_permuted_hidden

from apicheck import CheckedTransport
from legends.cli.bot_cmd import chooser
from legends.client import Client, ClientError, computer_chooser, random_chooser
from legends.web import thinking
from legends_core import Game, Knowledge, catalogue_for
from test_web_budget import HeldThinker

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from legends.web import create_app


@pytest.fixture
def api(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, thinkers=0)
    with TestClient(app) as http:
        transport = CheckedTransport(http)
        yield transport
        for socket in transport.sockets:
            socket.close()


def states(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in received if m["type"] == "state"]


@pytest.mark.parametrize("rules", ["classic", "legends"])
def test_a_heuristic_bot_plays_a_whole_game_against_a_person(api, rules):
    client = Client(transport=api)
    person = client.new_game(rules=rules, opponent="human", turn_limit=40, name="person")
    bot = client.join(person.code, name="bot")
    results: dict[str, Any] = {}

    def play(seat: Any, choose: Any) -> None:
        try:
            results[seat.seat] = client.play(seat, choose)
        except Exception as exc:  # reported by the assertions below
            results[seat.seat] = exc

    threads = [threading.Thread(target=play, args=(person, random_chooser(4))),
               threading.Thread(target=play, args=(bot, computer_chooser("heuristic", seed=3)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(180)
    ends = [results.get(person.seat), results.get(bot.seat)]
    assert all(isinstance(e, dict) and e["view"]["over"] for e in ends), ends
    assert ends[0]["view"]["winners"] == ends[1]["view"]["winners"]
    assert ends[0]["view"]["reason"] == ends[1]["view"]["reason"]
    by_seat = {next(m["seat"] for m in sock.received if m["type"] == "welcome"): sock
               for sock in api.sockets}
    # The bot's hello asked: every state message in which it decides carries its knowledge,
    # the one in which it does not carries none.
    bot_states = states(by_seat[bot.seat].received)
    deciding = [m for m in bot_states if m["view"]["to_move"] == bot.seat]
    assert len(deciding) >= 2
    for m in bot_states:
        assert ("knowledge" in m) == (m["view"]["to_move"] == bot.seat)
    for m in deciding:
        k = Knowledge.from_dict(m["knowledge"])
        assert k.player == bot.seat and k.view.to_dict() == m["view"]
        assert [str(a) for a in k.actions] == m["view"]["options"]
    # The person's did not ask: none of theirs carries any.
    assert not any("knowledge" in m for m in states(by_seat[person.seat].received))


def test_a_computer_chooser_without_knowledge_says_what_to_do(api):
    client = Client(transport=api)
    seat = client.new_game(rules="classic", opponent="random", turn_limit=4)
    with client.connect(seat) as session, pytest.raises(ClientError, match="knowledge"):
        session.play(computer_chooser("random", seed=1))


def test_legends_bot_names_our_computer_players():
    for name in ("heuristic", "ismcts", "search"):
        made = chooser(name, 5)
        assert getattr(made, "wants_knowledge", False), name
    assert not getattr(chooser("random", 5), "wants_knowledge", False)
    with pytest.raises(ValueError, match="heuristic"):
        chooser("clever", 1)


def test_a_thinker_is_sent_nothing_a_twin_game_would_change():
    # Two games that differ only in the hidden pieces of the side not deciding: the thinker
    # is sent the same thing for both (the setup commitment, a salted digest, aside).
    game = Game.new(rules="classic", seed=8)
    while game.decision_kind != "main":  # through the setup, to the first move
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    twin = twin_with_permuted_hidden(game, seat, 3, catalogue_for("classic"))
    assert twin.to_position()["pieces"] != game.to_position()["pieces"]

    async def sent(g: Game) -> tuple:
        thinkers = thinking.Thinkers(1)
        held = HeldThinker()
        thinkers._pools = [held]
        room = SimpleNamespace(code="G", game=g, seats={seat: {"player": "search"}})
        task = asyncio.ensure_future(thinkers.choose(room, seat))
        while not held.asked:
            await asyncio.sleep(0)
        args, answer = held.asked[0]
        answer.set_result(str(g.legal_actions()[0]))
        await task
        text, player, _seed, _options = args
        knowledge = json.loads(text)  # JSON text: the dict a bot on the API is sent
        knowledge["view"]["commitment"] = knowledge["state"]["commitment"] = None
        return knowledge, player

    assert asyncio.run(sent(game)) == asyncio.run(sent(twin))

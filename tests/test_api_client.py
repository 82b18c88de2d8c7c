"""``legends.client`` and ``legends bot`` against a real ``legends serve`` process, over the
network: a whole game against the server's computer, and one between two clients."""

from __future__ import annotations

import subprocess
import sys
import threading
from typing import Any

import pytest

from legends.client import Client, ClientError, random_chooser
from serveprocs import SRC, Served


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    where = tmp_path_factory.mktemp("bot")
    served = Served(where / "serve.log", "--db", str(where / "games.sqlite3"), "--init")
    try:
        yield served
    finally:
        served.stop()


def test_the_client_plays_a_whole_game_against_the_servers_computer(server):
    client = Client(server.url)
    seat = client.new_game(rules="classic", opponent="random", turn_limit=6)
    seen: list[str] = []
    final = client.play(seat, random_chooser(seed=5), on_message=lambda m: seen.append(m["type"]))
    assert final["view"]["over"] and final["reason"]
    assert seen[0] == "welcome" and "arrange" in seen
    # Over, so the full record is handed out; it holds the turns played.
    assert client.record(seat)["actions"]


def test_two_clients_play_each_other_to_the_end(server):
    client = Client(server.url)
    first = client.new_game(rules="legends", opponent="human", turn_limit=6, name="one")
    second = client.join(first.code, name="two")
    results: dict[str, Any] = {}

    def play(seat: Any, seed: int) -> None:
        try:
            results[seat.seat] = client.play(seat, random_chooser(seed))
        except ClientError as exc:  # pragma: no cover - reported by the assertion below
            results[seat.seat] = exc

    threads = [threading.Thread(target=play, args=(s, i)) for i, s in enumerate((first, second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert set(results) == {first.seat, second.seat}
    ends = list(results.values())
    assert all(isinstance(e, dict) and e["view"]["over"] for e in ends), ends
    # Both were told the same ending.
    assert ends[0]["view"]["winners"] == ends[1]["view"]["winners"]
    assert ends[0]["view"]["reason"] == ends[1]["view"]["reason"]


def test_a_refused_join_is_said_in_the_servers_words(server):
    with pytest.raises(ClientError, match="no game with a free seat"):
        Client(server.url).join("ABCDEFG-HJKMNPQ-RSTVWXY")


@pytest.mark.parametrize("player", ["random", "heuristic"])  # heuristic: from its knowledge
def test_legends_bot_joins_and_plays_a_game_to_its_end(server, player):
    client = Client(server.url)
    mine = client.new_game(rules="classic", opponent="human", turn_limit=6)
    bot = subprocess.Popen(
        [sys.executable, "-m", "legends.cli", "bot", "--server", server.url, "--code",
         mine.code, "--player", player, "--seed", "2", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    try:
        final = client.play(mine, random_chooser(9))
        out, _ = bot.communicate(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
    assert bot.returncode == 0, out
    assert f"joined game {mine.code}" in out
    assert "game over" in out and final["view"]["over"]


def test_legends_bot_refuses_an_unknown_chooser():
    done = subprocess.run(
        [sys.executable, "-m", "legends.cli", "bot", "--server", "http://127.0.0.1:9",
         "--code", "X", "--player", "clever"],  # our players are heuristic, ismcts, search
        capture_output=True, text=True, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert done.returncode != 0
    said = done.stdout + done.stderr
    assert "MODULE:FUNCTION" in said and "heuristic" in said and "search" in said


def test_a_waiting_client_pings_so_the_server_keeps_its_connection(server, monkeypatch):
    # The server closes a connection silent for half an hour; a bot waiting for a person says
    # ping when nothing comes (here after a tenth of a second).
    monkeypatch.setattr("legends.client.PING_EVERY", 0.1)
    client = Client(server.url)
    seat = client.new_game(rules="legends", opponent="human")   # nobody joins: nothing comes
    with client.connect(seat) as session:
        assert [session.receive()["type"] for _ in range(3)] == ["welcome", "state", "pong"]

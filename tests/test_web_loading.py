"""A game that is not in the server's memory (after a restart, or once it was put aside for
others) is read from the store off the event loop: the server answers other games while it
loads, and browsers that ask for it at once share one load."""

from __future__ import annotations

import threading
import time
import warnings

from legends.web import app as web_app
from legends.web import create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def setup_held_load(monkeypatch):
    """Room.load, held until the returned event is set; the list records each call."""
    real = web_app.Room.load
    release = threading.Event()
    calls: list[bool] = []

    def held(*args, **kwargs):
        release.wait(10)  # at most: a server that cannot answer fails rather than hangs
        calls.append(release.is_set())
        return real(*args, **kwargs)

    monkeypatch.setattr(web_app.Room, "load", held)
    return release, calls


def test_other_games_are_answered_while_one_is_read_from_the_store(tmp_path, monkeypatch):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, init=True)
    server = app.state.server
    with TestClient(app) as http:
        slow = http.post("/api/games", json={"opponent": "human"}).json()
        other = http.post("/api/games", json={"opponent": "human"}).json()
        server.rooms.pop(slow["code"])  # as if the server had restarted
        server.disarm(slow["code"])
        release, calls = setup_held_load(monkeypatch)
        with http.websocket_connect(f"/ws/{other['code']}") as elsewhere, \
                http.websocket_connect(f"/ws/{slow['code']}") as waiting:
            elsewhere.send_json({"type": "hello", "token": other["token"]})
            assert elsewhere.receive_json()["type"] == "welcome"
            elsewhere.receive_json()
            waiting.send_json({"type": "hello", "token": slow["token"]})
            elsewhere.send_json({"type": "ping"})
            assert elsewhere.receive_json() == {"type": "pong"}  # while the load is held
            release.set()
            assert waiting.receive_json()["type"] == "welcome"
    assert calls == [True]


def test_two_browsers_asking_for_one_game_at_once_share_its_load(tmp_path, monkeypatch):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, init=True)
    server = app.state.server
    with TestClient(app) as http:
        made = http.post("/api/games", json={"opponent": "human"}).json()
        joined = http.post(f"/api/games/{made['code']}/join", json={}).json()
        server.rooms.pop(made["code"])
        server.disarm(made["code"])
        release, calls = setup_held_load(monkeypatch)
        asking = []
        real_room = server.room

        async def room(code):
            asking.append(code)
            return await real_room(code)

        monkeypatch.setattr(server, "room", room)
        with http.websocket_connect(f"/ws/{made['code']}") as one, \
                http.websocket_connect(f"/ws/{made['code']}") as two:
            one.send_json({"type": "hello", "token": made["token"]})
            two.send_json({"type": "hello", "token": joined["token"]})
            for _ in range(1000):  # until both ask for the game, the load still held
                if len(asking) == 2:
                    break
                time.sleep(0.01)
            assert len(asking) == 2 and not calls
            release.set()
            welcomes = [one.receive_json(), two.receive_json()]
            assert [w["type"] for w in welcomes] == ["welcome", "welcome"]
            assert {w["seat"] for w in welcomes} == {"beige", "gray"}
        assert len(calls) == 1 and list(server.rooms) == [made["code"]]
        assert server.loading == {}

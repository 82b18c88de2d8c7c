"""The published protocol (``legends.web.protocol``) matches what the server really does: games
of every edition, a team game, arranging, offers, resignation and refusals, played through the
app with every message and every HTTP answer checked against the documents (tests/apicheck.py);
and every route of the app is in the OpenAPI document, and only those."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from starlette.routing import Mount, Route, WebSocketRoute

from apicheck import CheckedSocket, CheckedTransport, check_answer, check_message
from legends.client import Client, ClientError, random_chooser
from legends.web.protocol import CLIENT, PREFIX, SERVER, VERSION, messages, openapi
from webgames import CASTLE_HUNT_GAME, castle_hunt

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from legends.web import create_app
from legends.web.guards import Limits

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "agent_on_server.py"
EDITIONS = ["legends", "barrage", "classic", "narnia-1", "narnia-2", "ultimate-campaign",
            "ultimate-lightning"]


@pytest.fixture
def http(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, thinkers=0,
                     positions={"castle": castle_hunt()})
    with TestClient(app) as c:
        yield c


@pytest.fixture
def api(http):
    transport = CheckedTransport(http)
    yield transport
    for socket in transport.sockets:  # a test that failed half-way leaves them open
        socket.close()


def kinds(socket: CheckedSocket) -> set[str]:
    return {m["type"] for m in socket.received}


def test_the_documents_are_valid_and_served(http):
    Draft202012Validator.check_schema(messages())
    for path in ("/api/openapi.json", f"{PREFIX}/openapi.json"):
        assert http.get(path).json() == openapi()
    assert http.get("/api/schema/messages.json").json() == messages()
    assert openapi()["openapi"] == "3.1.0" and openapi()["info"]["version"] == str(VERSION)
    # Every response schema is a valid JSON Schema of its own.
    for ops in openapi()["paths"].values():
        for op in ops.values():
            for answer in op["responses"].values():
                for content in answer.get("content", {}).values():
                    Draft202012Validator.check_schema(content["schema"])


def test_every_route_is_documented_and_every_documented_route_exists(http):
    served: set[str] = set()
    for route in http.app.routes:
        if isinstance(route, Route):
            served |= {f"{m} {route.path}" for m in route.methods or () if m != "HEAD"}
        elif isinstance(route, Mount):
            served.add(f"GET {route.path}/{{path}}")
        elif isinstance(route, WebSocketRoute):
            assert route.path == messages()["x-websocket"]
    documented = {f"{m.upper()} {p}" for p, ops in openapi()["paths"].items() for m in ops}
    assert served - documented == set(), "routes missing from /api/openapi.json"
    assert documented - served == set(), "routes documented but not served"


@pytest.mark.parametrize("rules", EDITIONS)
def test_a_game_of_every_edition_against_the_computer_keeps_to_the_schema(api, rules):
    client = Client(transport=api)
    assert client.options()["players"]
    seat = client.new_game(rules=rules, opponent="random", turn_limit=4)
    final = client.play(seat, random_chooser(seed=7))
    assert final["view"]["over"]
    (socket,) = api.sockets
    assert {"welcome", "state"} <= kinds(socket)
    assert socket.received[0]["v"] == VERSION
    if rules != "legends":
        assert "arrange" in kinds(socket)
    record = client.record(seat)
    assert record["actions"]
    assert client.record(seat, mine=True)["format"] == "stratego-legends-player-record"
    for path, body in ((f"/games/{seat.code}/moves", {"token": seat.token}),
                       (f"/games/{seat.code}/seen", {"token": seat.token, "moment": 0}),
                       (f"/games/{seat.code}/replay", {"token": seat.token, "step": 1})):
        client.call("POST", path, body)


def test_a_team_game_between_people_and_the_computer_keeps_to_the_schema(api):
    client = Client(transport=api)
    seat = client.new_game(players=4, opponent="random", turn_limit=8)
    assert client.play(seat, random_chooser(seed=3))["view"]["over"]
    (socket,) = api.sockets
    assert len(socket.received[0]["teams"]) == 2


def _pair(api: CheckedTransport, **game: Any) -> tuple[Client, Any, Any, CheckedSocket,
                                                        CheckedSocket]:
    client = Client(transport=api)
    first = client.new_game(opponent="human", name="one", **game)
    a = client.connect(first)  # here before the second seat is taken: told of it (seats)
    _until(a.socket, "welcome")  # (greeted, so the server has it before the join)
    second = client.join(first.code, name="two")
    b = client.connect(second)
    return client, first, second, a.socket, b.socket  # type: ignore[return-value]


def _until(socket: CheckedSocket, kind: str, *, where: Any = lambda m: True) -> dict[str, Any]:
    """The next message of ``kind`` (that ``where`` holds of) ``socket`` receives."""
    while True:
        socket.recv()
        message = socket.received[-1]
        if message["type"] == kind and where(message):
            return message


def test_arranging_offers_resigning_and_refusals_keep_to_the_schema(api):
    client, first, second, a, b = _pair(api, rules="classic",
                                        clock={"minutes": 5, "increment": 2})
    _until(a, "arrange")
    _until(b, "arrange")
    a.send('{"type": "action", "action": "pass", "decision": 0}')   # refused: arranging
    assert _until(a, "error")["message"]
    a.send('{"type": "arrange", "line": "random"}')
    a.send('{"type": "unready"}')
    a.send('{"type": "arrange", "line": "random"}')
    b.send('{"type": "arrange", "line": "random"}')
    _until(a, "state")
    _until(b, "state")
    a.send('{"type": "ping"}')
    _until(a, "pong")
    a.send('{"type": "offer-draw"}')
    assert _until(b, "offer")["offer"]["seat"] == first.seat
    b.send('{"type": "decline-draw"}')
    assert _until(a, "offer", where=lambda m: m["offer"] is None)["line"]
    b.send('{"type": "accept-draw"}')   # refused: nothing is offered
    assert _until(b, "error")["message"]
    b.send('{"type": "resign"}')
    assert _until(a, "state", where=lambda m: m["view"]["over"])["view"]["winner"] == first.seat
    assert any(m.get("clock") for m in a.received if m["type"] == "state")
    a.close()
    b.close()
    # Both seats had a seats message as the second joined, a draw offer, an error ...
    seen = kinds(a) | kinds(b)
    assert {"welcome", "arrange", "seats", "state", "offer", "error", "pong"} <= seen


def test_a_game_between_two_clients_to_its_end(api, http):
    client = Client(transport=api)
    first = client.new_game(opponent="human", position="castle")
    second = client.join(first.code)
    a, b = client.connect(first), client.connect(second)
    # The two seats take turns on one thread: each answers its own decisions in order.
    sessions = {first.seat: a, second.seat: b}
    latest: dict[str, dict[str, Any]] = {}
    for seat, action in CASTLE_HUNT_GAME:
        s = sessions[seat]
        while not (seat in latest and latest[seat]["view"]["to_move"] == seat
                   and action in latest[seat]["view"]["options"]):
            m = s.receive()
            if m["type"] == "state":
                latest[seat] = m
        s.send({"type": "action", "action": action, "decision": latest[seat]["decision"]})
        del latest[seat]
    end = a.receive()
    while not (end["type"] == "state" and end["view"]["over"]):
        end = a.receive()
    assert end["view"]["winner"] == "beige"


def test_a_spectator_the_end_and_the_leaderboard_keep_to_the_schema(api):
    # Two rated seats; a spectator watches; one seat resigns. After the end the seats and the
    # spectator ask for the reveal, and the edition's leaderboard lists both players.
    client = Client(transport=api)
    first = client.new_game(opponent="human", rated=True, player="first-players-secret")
    second = client.join(first.code, player="second-players-secret")
    a, b = client.connect(first), client.connect(second)
    watcher = api.connect(f"/ws/{first.code}")
    watcher.send('{"type": "watch", "lang": "de"}')
    watcher.recv()  # welcome
    assert client.call("GET", f"/games/{first.code}/watch") == {
        "code": first.code, "free": 0, "watchers": 1, "limit": 50}
    # Both answer their first option until play has begun (the setups committed to).
    sessions, committed = {first.seat: a, second.seat: b}, False
    while not committed:
        for seat, s in sessions.items():
            m = s.receive()
            if m["type"] != "state":
                continue
            committed = committed or m["view"]["commitment"] is not None
            if m["view"]["to_move"] == seat and not committed:
                s.send({"type": "action", "action": m["view"]["options"][0],
                        "decision": m["decision"]})
    a.send({"type": "resign"})
    seen = watcher.received
    while not (seen[-1]["type"] == "state" and seen[-1]["view"]["over"]):
        watcher.recv()
    assert {"welcome", "state"} <= kinds(watcher)
    for body in ({"token": first.token}, {"watch": True}):
        shown = client.call("POST", f"/games/{first.code}/reveal", body)
        assert shown["commitment"] and shown["setup"]["pieces"]
    board = client.call("GET", "/ratings/legends")
    assert len(board["players"]) == 2  # both seats, rated


def test_refused_http_answers_keep_to_the_schema(api):
    client = Client(transport=api)
    with pytest.raises(ClientError, match="rules"):
        client.new_game(rules="no such edition")
    with pytest.raises(ClientError):
        client.join("zzzz-zzzz")
    seat = client.new_game(opponent="human")
    with pytest.raises(ClientError):
        client.record(seat)   # the game is not over
    with pytest.raises(ClientError):
        client.call("GET", "/pieces/99999")
    client.call("GET", "/pieces/37?rules=legends")
    status, said = api.request("POST", f"{PREFIX}/games", {"name": "x" * 100_000})
    assert status == 413 and said["error"]
    client.call("GET", "/messages/de")


def test_an_undocumented_field_is_named():
    with pytest.raises(AssertionError, match="'secret'"):
        check_message("server", {"type": "pong", "secret": 1})
    with pytest.raises(AssertionError, match="'watch'"):
        check_message("server", {"type": "watch"})
    with pytest.raises(AssertionError, match="status 418"):
        check_answer("GET", "/api/v1/options", 418, {})
    assert set(SERVER) >= {"welcome", "state", "arrange", "seats", "offer", "error", "pong"}
    assert set(CLIENT) >= {"hello", "action", "arrange", "unready", "resign", "offer-draw"}


def test_the_research_agent_example_plays_through_the_api(api):
    """examples/agent_on_server.py: an agent reading observation vectors and masks (as in
    legends.envs) plays the server's computer to the end, every message checked."""
    spec = importlib.util.spec_from_file_location("agent_on_server", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    final = example.play("classic", "random", transport=api, seed=1, turn_limit=10)
    assert final["view"]["over"]
    # It decided at least once, from the view alone, through the id-by-id chooser.
    assert any(m["type"] == "state" and m["view"]["to_move"] == final["view"]["player"]
               for m in api.sockets[0].received)


def test_too_many_attempts_are_refused_as_documented(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0, thinkers=0,
                     limits=Limits(attempts=1))
    with TestClient(app) as http:
        api = CheckedTransport(http)
        assert api.request("POST", f"{PREFIX}/games", {"opponent": "human"})[0] == 200
        status, said = api.request("POST", f"{PREFIX}/games", {"opponent": "human"})
        assert status == 429 and said["error"]


def test_the_account_player_and_token_answers_keep_to_the_schema(api):
    """Every account route, its answers and its refusals (400, 401, 403, 429), as a browser
    with the session cookie and as a program with a token, under /api and /api/v1."""
    call = api.request
    assert call("GET", "/api/account", None) == (200, {"signed_in": False})
    assert call("GET", "/api/account/games", None)[0] == 401
    assert call("GET", "/api/account/tokens", None)[0] == 401
    assert call("POST", "/api/account/signup", {"name": "x", "password": "p"})[0] == 400
    status, me = call("POST", "/api/account/signup",
                      {"name": "Ann", "password": "ann-password-91"})
    assert status == 200 and me["csrf"]
    csrf = {"x-csrf-token": me["csrf"]}
    assert call("POST", "/api/account/signout", {}, {"x-csrf-token": "wrong"})[0] == 403
    status, made = call("POST", "/api/account/tokens", {"label": "bot", "scope": "play"}, csrf)
    assert status == 200 and made["token"]
    assert call("POST", "/api/account/tokens", {"label": "", "scope": "play"}, csrf)[0] == 400
    assert call("GET", "/api/account/tokens", None)[0] == 200
    client = Client(transport=api, token=made["token"])
    seat = client.new_game(opponent="random", rules="classic", turn_limit=2)
    assert client.play(seat, random_chooser(seed=2))["view"]["over"]
    for prefix in ("/api", PREFIX):
        with_token = {"authorization": f"Bearer {made['token']}"}
        assert call("GET", f"{prefix}/account", None, with_token)[0] == 200
        status, games = call("GET", f"{prefix}/account/games?result=lost", None, with_token)
        assert status == 200
        status, page = call("GET", f"{prefix}/players/ann", None)
        assert status == 200 and page["games"][0]["code"] == seat.code
        assert call("GET", f"{prefix}/players/nobody", None)[0] == 400
        assert call("GET", f"{prefix}/account", None, {"authorization": "Bearer no"})[0] == 401
    assert call("POST", f"{PREFIX}/games", {}, {"authorization": "Bearer no"})[0] == 401
    assert call("DELETE", f"/api/account/tokens/{made['id']}", None, csrf)[0] == 200
    assert call("DELETE", "/api/account/tokens/nothing", None, csrf)[0] == 400
    assert call("POST", "/api/account/signout", {}, csrf)[0] == 200
    assert call("POST", "/api/account/signin",
                {"name": "ann", "password": "ann-password-91"})[1]["name"] == "Ann"
    api.http.cookies.clear()
    for _ in range(6):  # wrong passwords, then the limit
        status, _said = call("POST", "/api/account/signin",
                             {"name": "Ann", "password": "wrong-password"})
    assert status == 429

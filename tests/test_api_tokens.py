"""Personal access tokens: made signed in (shown once), listed, revoked; kept only as digests
(SQLite and PostgreSQL); a ``play`` token plays whole games as its account through
``legends.client`` (HTTP with ``Authorization: Bearer``, the websocket's hello with
``access_token``) and ``legends bot``; wrong, revoked and ``read`` tokens refused; the cookie's
CSRF rule unchanged; tokens never logged or echoed. Every answer is checked against the
published protocol (tests/apicheck.py)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import sqlite3
import subprocess
import sys
import urllib.request
from typing import Any

import pytest

from apicheck import CheckedTransport, check_answer
from legends.client import Client, ClientError, random_chooser
from legends.web import create_app
from legends.web.accounts import (
    COOKIE,
    TOKEN_DAYS,
    TOKEN_PREFIX,
    TOKENS_MAX,
    USE_QUIET,
    Accounts,
    Unauthorized,
)
from legends.web.store import open_store
from serveprocs import SRC, Served
from test_accounts import ANN_PW, BOB_PW, Browser
from test_api_schema import EXAMPLE
from webgames import TestClient

V1 = "/api/v1"


@pytest.fixture
def either(target):
    """A client over an SQLite store, or over a PostgreSQL one (and where that store is)."""
    with TestClient(create_app(db_path=target, init=True, computer_time=0.0, thinkers=0)) as c:
        c.target = target
        yield c


@pytest.fixture
def http(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), init=True, computer_time=0.0,
                     thinkers=0)
    with TestClient(app) as c:
        c.target = str(tmp_path / "games.sqlite3")
        yield c


def checked(response: Any) -> Any:
    """``response``'s JSON, once it is found to keep to the published protocol."""
    body = response.json()
    check_answer(response.request.method, response.request.url.path, response.status_code, body)
    return body


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def make_token(who: Browser, label: str = "my bot", scope: str = "play") -> dict[str, Any]:
    answer = who.post("/api/account/tokens", json={"label": label, "scope": scope})
    assert answer.status_code == 200, answer.text
    return checked(answer)


def test_a_token_is_made_shown_once_listed_used_and_revoked(either):
    http = either
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    made = make_token(ann, "  laptop   bot ")
    token = made["token"]
    assert token.startswith(TOKEN_PREFIX) and len(token) > 40
    assert made["label"] == "laptop bot" and made["scope"] == "play" and made["used"] is None
    listed = checked(ann.get("/api/account/tokens"))["tokens"]
    assert listed == [{k: v for k, v in made.items() if k != "token"}]
    assert token not in json.dumps(listed)  # shown once, never again
    assert checked(bob.get("/api/account/tokens")) == {"tokens": []}
    # Used: the request is Ann's, with the token's scope and no CSRF token (no session).
    me = checked(http.get(f"{V1}/account", headers=bearer(token)))
    assert me == {"signed_in": True, "name": "Ann", "player": me["player"], "scope": "play"}
    assert me["player"] == ann.get("/api/account").json()["player"]
    assert checked(ann.get("/api/account/tokens"))["tokens"][0]["used"] is not None
    # Bob cannot revoke Ann's token; Ann can, and then it is refused.
    assert bob.http.delete(f"/api/account/tokens/{made['id']}",
                           headers=bob.headers()).status_code == 400
    assert http.get(f"{V1}/account", headers=bearer(token)).status_code == 200
    gone = ann.http.delete(f"/api/account/tokens/{made['id']}", headers=ann.headers())
    assert checked(gone) == {"tokens": []}
    refused = http.get(f"{V1}/account", headers=bearer(token))
    assert refused.status_code == 401 and "revoked" in checked(refused)["error"]
    assert ann.http.delete(f"/api/account/tokens/{made['id']}",
                           headers=ann.headers()).status_code == 400


def test_only_a_digest_of_a_token_is_stored(either):
    http = either
    ann = Browser(http, "Ann", ANN_PW)
    token = make_token(ann)["token"]
    store = open_store(http.target)
    try:
        rows = store._query("SELECT * FROM access_tokens")
    finally:
        store.close()
    assert len(rows) == 1
    assert token not in str(rows)
    assert hashlib.sha256(token.encode()).hexdigest() in rows[0]
    if not http.target.startswith("postgresql"):  # every table of the SQLite file
        con = sqlite3.connect(http.target)
        try:
            tables = [t for (t,) in con.execute("SELECT name FROM sqlite_master "
                                                "WHERE type='table'")]
            dump = "\n".join(str(con.execute(f"SELECT * FROM {t}").fetchall()) for t in tables)
        finally:
            con.close()
        assert "access_tokens" in tables and token not in dump


def test_a_token_plays_a_whole_rated_game_as_its_account(http):
    ann = Browser(http, "Ann", ANN_PW)
    token = make_token(ann)["token"]
    api = CheckedTransport(http)
    client = Client(transport=api, token=token)
    seat = client.new_game(rules="classic", opponent="random", turn_limit=6, rated=True,
                           name="Mallory")
    # Played without the seat's token: the account's token says who, in the hello.
    held = client.account_seat(seat.code)
    assert (held.code, held.seat, held.token) == (seat.code, seat.seat, "")
    try:
        final = client.play(held, random_chooser(seed=4))
    finally:
        for socket in api.sockets:
            socket.close()
    assert final["view"]["over"]
    assert api.sockets[0].received[0]["type"] == "welcome"
    assert api.sockets[0].received[0]["seats"][seat.seat]["name"] == "Ann"  # not "Mallory"
    # The game is the account's: in its games (read with the token, and by the page) ...
    (game,) = client.call("GET", "/account/games")["games"]
    assert (game["code"], game["seat"], game["rated"]) == (seat.code, seat.seat, True)
    assert game["result"] in ("won", "drawn", "lost")
    assert [g["code"] for g in ann.get("/api/account/games").json()["games"]] == [seat.code]
    # ... rated as the account, and its record read as the account's.
    page = client.call("GET", "/players/ann")
    assert page["ratings"][0]["games"] == 1 and page["games"][0]["code"] == seat.code
    assert client.record(held)["actions"]


def test_a_tokens_last_use_is_noted_at_most_once_a_minute(tmp_path):
    now = [1000.0]
    store = open_store(str(tmp_path / "games.sqlite3"), init=True)
    try:
        accounts = Accounts(store, wall=lambda: now[0])
        account, _session = accounts.sign_up("Ann", ANN_PW)
        _info, token = accounts.make_token(account, "bot", "read")
        for at, noted in ((1000.0, 1000.0), (1000.0 + USE_QUIET - 1, 1000.0),
                          (1000.0 + USE_QUIET + 1, 1000.0 + USE_QUIET + 1)):
            now[0] = at
            assert accounts.bearer(token).scope == "read"
            assert accounts.tokens(account)[0]["used"] == noted
    finally:
        store.close()


def test_the_research_agent_example_plays_as_an_account(http):
    """examples/agent_on_server.py with a token: its game is the account's, and rated."""
    spec = importlib.util.spec_from_file_location("agent_on_server", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    ann = Browser(http, "Ann", ANN_PW)
    api = CheckedTransport(http)
    final = example.play("classic", "random", transport=api, seed=1, turn_limit=4,
                         token=make_token(ann)["token"], rated=True)
    for socket in api.sockets:
        socket.close()
    assert final["view"]["over"]
    (game,) = ann.get("/api/account/games").json()["games"]
    assert game["rated"] and game["result"] != "playing"


def test_a_game_joined_with_a_token_is_the_accounts(http):
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    made = ann.post("/api/games", json={"rules": "classic", "opponent": "human", "rated": True})
    code = made.json()["code"]
    client = Client(transport=CheckedTransport(http), token=make_token(bob)["token"])
    seat = client.join(code, name="Mallory")
    assert seat.code == code and seat.token
    (game,) = client.call("GET", "/account/games")["games"]
    assert (game["code"], game["seat"], game["rated"], game["opponents"]) == \
        (code, seat.seat, True, ["Ann"])
    seats = http.get(f"/api/games/{code}/watch").json()
    assert seats["free"] == 0


def test_wrong_and_revoked_tokens_are_refused_with_401(http):
    ann = Browser(http, "Ann", ANN_PW)
    made = make_token(ann)
    seat = Client(transport=CheckedTransport(http), token=made["token"]).new_game(
        opponent="human")
    for header in (bearer(TOKEN_PREFIX + "x" * 43), bearer("nonsense"),
                   {"authorization": "Bearer"}, {"authorization": "Bearerlgp_x"}):
        answer = http.post(f"{V1}/games", json={"opponent": "random"}, headers=header)
        assert answer.status_code == 401, header
        assert checked(answer)["error"]
    ann.http.delete(f"/api/account/tokens/{made['id']}", headers=ann.headers())
    revoked = Client(transport=CheckedTransport(http), token=made["token"])
    with pytest.raises(ClientError, match="401.*revoked"):
        revoked.new_game(opponent="random")
    with pytest.raises(ClientError, match="401"):
        revoked.join(seat.code)
    # The websocket refuses it too, in words, and closes.
    with http.websocket_connect(f"/ws/{seat.code}") as ws:
        ws.send_json({"type": "hello", "access_token": made["token"]})
        said = ws.receive_json()
        assert said["type"] == "error" and "revoked" in said["message"]


def test_a_read_token_reads_but_cannot_play(http):
    ann = Browser(http, "Ann", ANN_PW)
    play = Client(transport=CheckedTransport(http), token=make_token(ann)["token"])
    seat = play.new_game(opponent="human")
    reader_token = make_token(ann, "stats", "read")["token"]
    reader = Client(transport=CheckedTransport(http), token=reader_token)
    assert reader.call("GET", "/account")["scope"] == "read"
    assert [g["code"] for g in reader.call("GET", "/account/games")["games"]] == [seat.code]
    assert reader.record(seat, mine=True)["format"] == "stratego-legends-player-record"
    for attempt in (lambda: reader.new_game(opponent="random"),
                    lambda: reader.join(seat.code)):
        with pytest.raises(ClientError, match="403.*only read"):
            attempt()
    with http.websocket_connect(f"/ws/{seat.code}") as ws:
        ws.send_json({"type": "hello", "access_token": reader_token})
        said = ws.receive_json()
        assert said["type"] == "error" and "only read" in said["message"]
    # Nothing was started or joined.
    assert len(play.call("GET", "/account/games")["games"]) == 1
    assert http.get(f"/api/games/{seat.code}/watch").json()["free"] == 1


def test_the_cookie_keeps_its_csrf_rule_and_a_token_outranks_it(http):
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    token = make_token(ann)["token"]
    game = {"opponent": "random"}
    # The cookie without its CSRF token (and no bearer header) is refused, as before.
    refused = bob.post("/api/games", json=game, csrf=None)
    assert refused.status_code == 403 and "CSRF" in checked(refused)["error"]
    # Bob's cookie and Ann's token: the request is Ann's; the cookie is not read.
    both = http.post(f"{V1}/games", json=game, headers={**bob.headers(csrf=None),
                                                        **bearer(token)})
    assert both.status_code == 200, both.text
    assert [g["code"] for g in ann.get("/api/account/games").json()["games"]] == \
        [checked(both)["code"]]
    assert bob.get("/api/account/games").json()["games"] == []
    # A wrong token does not fall back on the cookie.
    wrong = http.post(f"{V1}/games", json=game, headers={**bob.headers(),
                                                         **bearer(TOKEN_PREFIX + "no")})
    assert wrong.status_code == 401
    assert bob.get("/api/account/games").json()["games"] == []
    # A token cannot make, list or revoke tokens, nor sign out the cookie's session.
    for method, path in (("POST", "/api/account/tokens"), ("GET", "/api/account/tokens"),
                         ("DELETE", "/api/account/tokens/abc"),
                         ("POST", "/api/account/signout")):
        answer = http.request(method, path, json={"label": "more", "scope": "play"},
                              headers={**bob.headers(csrf=None), **bearer(token)})
        assert answer.status_code == 403, (method, path)
        assert checked(answer)["error"]
    assert bob.get("/api/account").json()["signed_in"]
    assert len(ann.get("/api/account/tokens").json()["tokens"]) == 1
    # Another scheme is a proxy's (Basic credentials a browser sends with every request, even
    # a cross-site one): it is passed over, and the cookie's CSRF rule holds.
    basic = {"authorization": "Basic YW5uOnB3"}
    refused = http.post("/api/games", json=game, headers={**bob.headers(csrf=None), **basic})
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    behind = http.post("/api/games", json=game, headers={**bob.headers(), **basic})
    assert behind.status_code == 200
    assert [g["code"] for g in bob.get("/api/account/games").json()["games"]] == \
        [behind.json()["code"]]
    assert http.post("/api/account/signout", headers={**bob.headers(), **basic}
                     ).status_code == 200
    # Making a token needs the session's CSRF token, like any change made with the cookie.
    forged = ann.post("/api/account/tokens", json={"label": "x", "scope": "play"}, csrf=None)
    assert forged.status_code == 403
    assert http.post("/api/account/tokens", json={"label": "x", "scope": "play"}
                     ).status_code == 401  # signed out: nobody's


@pytest.mark.parametrize("body,words", [
    ({"label": "", "scope": "play"}, "label"), ({"label": "x" * 61, "scope": "play"}, "label"),
    ({"label": "tab\there", "scope": "play"}, "label"), ({"label": "ok"}, "scope"),
    ({"label": "ok", "scope": "admin"}, "scope")])
def test_labels_and_scopes_follow_the_rules(http, body, words):
    ann = Browser(http, "Ann", ANN_PW)
    answer = ann.post("/api/account/tokens", json=body)
    assert answer.status_code == 400 and words in checked(answer)["error"]
    assert ann.get("/api/account/tokens").json() == {"tokens": []}


def test_an_account_holds_a_bounded_number_of_tokens(http):
    ann = Browser(http, "Ann", ANN_PW)
    for i in range(TOKENS_MAX):
        make_token(ann, f"bot {i}")
    answer = ann.post("/api/account/tokens", json={"label": "one more", "scope": "read"})
    assert answer.status_code == 400 and "revoke one" in answer.json()["error"]


def test_tokens_are_never_logged_nor_echoed(http, caplog):
    caplog.set_level(logging.DEBUG)
    ann = Browser(http, "Ann", ANN_PW)
    made = make_token(ann)
    token = made["token"]
    answers = [
        http.get(f"{V1}/account", headers=bearer(token)),
        http.post(f"{V1}/games", json={"opponent": "random"}, headers=bearer(token)),
        http.post(f"{V1}/games", json={"rules": "nonsense"}, headers=bearer(token)),
        http.post(f"{V1}/games", json={}, headers=bearer(token + "x")),
        http.post("/api/account/tokens", json={}, headers=bearer(token)),
        ann.get("/api/account/tokens"),
        ann.http.delete(f"/api/account/tokens/{made['id']}", headers=ann.headers()),
        http.get(f"{V1}/account", headers=bearer(token)),
    ]
    with http.websocket_connect("/ws/nonsense") as ws:
        ws.send_json({"type": "hello", "access_token": token})
        answers_ws = ws.receive_text()
    assert caplog.records  # the log was listened to
    for record in caplog.records:
        assert token not in record.getMessage() and token not in str(record.args)
    for answer in answers:
        assert token not in answer.text and token not in str(answer.headers)
    assert token not in answers_ws


def test_legends_bot_plays_the_accounts_seat_with_the_token_from_the_environment(tmp_path):
    """Against a real ``legends serve``: a token made over HTTP, a game against the server's
    computer started with it, and ``legends bot --code`` (LEGENDS_TOKEN in its environment)
    playing the account's seat of it to the end; the token is in no log line."""
    served = Served(tmp_path / "serve.log", "--db", str(tmp_path / "games.sqlite3"), "--init")
    try:
        def call(path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
            req = urllib.request.Request(
                served.url + path, method="GET" if body is None else "POST",
                data=None if body is None else json.dumps(body).encode(),
                headers={"Content-Type": "application/json", **(headers or {})})
            with urllib.request.urlopen(req, timeout=30) as res:  # noqa: S310
                return res.headers, json.loads(res.read())
        headers, me = call("/api/account/signup", {"name": "Ann", "password": ANN_PW})
        cookie = headers["set-cookie"].split(";")[0]
        assert cookie.startswith(COOKIE + "=")
        _, made = call("/api/account/tokens", {"label": "bot", "scope": "play"},
                       {"cookie": cookie, "x-csrf-token": me["csrf"]})
        client = Client(served.url, token=made["token"])
        seat = client.new_game(rules="classic", opponent="random", turn_limit=6)
        bot = subprocess.run(
            [sys.executable, "-m", "legends.cli", "bot", "--server", served.url, "--code",
             seat.code, "--seed", "3", "--quiet"], capture_output=True, text=True, timeout=120,
            env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin",
                 "LEGENDS_TOKEN": made["token"]})
        assert bot.returncode == 0, bot.stdout + bot.stderr
        assert f"seat {seat.seat} of game {seat.code}" in bot.stdout
        assert "game over" in bot.stdout
        (game,) = client.call("GET", "/account/games")["games"]
        assert game["code"] == seat.code and game["result"] != "playing"
    finally:
        log = served.stop()
    assert "serving on" in log and made["token"] not in log  # the server said nothing of it


DAY = 24 * 3600


def test_a_token_expires_after_the_days_it_was_given(tmp_path):
    now = [1000.0]
    store = open_store(str(tmp_path / "games.sqlite3"), init=True)
    try:
        accounts = Accounts(store, wall=lambda: now[0])
        account, _session = accounts.sign_up("Ann", ANN_PW)
        week, week_token = accounts.make_token(account, "for a week", "play", 7)
        _ever, ever_token = accounts.make_token(account, "for ever", "read", None)
        default, _ = accounts.make_token(account, "as the page offers", "read")
        assert week["expires"] == 1000.0 + 7 * DAY and _ever["expires"] is None
        assert default["expires"] == 1000.0 + TOKEN_DAYS * DAY
        now[0] = 1000.0 + 7 * DAY - 1
        assert accounts.bearer(week_token).scope == "play"
        now[0] = 1000.0 + 7 * DAY
        with pytest.raises(Unauthorized) as refused:
            accounts.bearer(week_token)
        assert str(refused.value) == ("this access token expired on 1970-01-08 (UTC): "
                                      "make a new one")
        # Its last use is not moved on by refused attempts; the other tokens are untouched.
        by_label = {t["label"]: t for t in accounts.tokens(account)}
        assert by_label["for a week"]["used"] == 1000.0 + 7 * DAY - 1
        now[0] = 1000.0 + 3650 * DAY
        assert accounts.bearer(ever_token).scope == "read"
        # Still listed (the page marks it expired) until it is revoked.
        assert sorted(t["label"] for t in accounts.tokens(account)) == [
            "as the page offers", "for a week", "for ever"]
    finally:
        store.close()


def test_an_expired_token_is_refused_over_http_and_at_the_websocket(either, monkeypatch):
    http = either
    ann = Browser(http, "Ann", ANN_PW)
    made = make_token(ann)  # no expires_in_days: the default
    assert made["expires"] == pytest.approx(made["created"] + TOKEN_DAYS * DAY)
    listed = checked(ann.get("/api/account/tokens"))["tokens"][0]
    assert listed["expires"] == made["expires"]
    assert http.get(f"{V1}/account", headers=bearer(made["token"])).status_code == 200
    later = made["expires"] + 1
    monkeypatch.setattr(http.app.state.server.accounts, "wall", lambda: later)
    refused = http.get(f"{V1}/account", headers=bearer(made["token"]))
    assert refused.status_code == 401 and "expired on" in checked(refused)["error"]
    with http.websocket_connect("/ws/NOGAME") as ws:
        ws.send_json({"type": "hello", "access_token": made["token"]})
        answer = ws.receive_json()
    assert answer["type"] == "error" and "expired on" in answer["message"]


@pytest.mark.parametrize("days", [0, 367, "30", True, 1.5, -1])
def test_a_tokens_days_follow_the_rules(http, days):
    ann = Browser(http, "Ann", ANN_PW)
    answer = ann.post("/api/account/tokens",
                      json={"label": "bot", "scope": "play", "expires_in_days": days})
    assert answer.status_code == 400 and "expires_in_days" in answer.json()["error"]
    assert ann.get("/api/account/tokens").json() == {"tokens": []}


def _drop_expires(target: str) -> None:
    """Make ``target``'s store look like one from before tokens expired."""
    if target.startswith("postgresql"):
        import psycopg

        with psycopg.connect(target, autocommit=True) as con:
            con.execute("ALTER TABLE legends.access_tokens DROP COLUMN expires")
        return
    con = sqlite3.connect(target)
    try:
        con.execute("ALTER TABLE access_tokens DROP COLUMN expires")
        con.commit()
    finally:
        con.close()


def test_a_store_from_before_expiry_keeps_its_tokens_working_for_ever(target):
    store = open_store(target, init=True)
    try:
        account, _session = Accounts(store, wall=lambda: 1000.0).sign_up("Ann", ANN_PW)
        _info, token = Accounts(store, wall=lambda: 1000.0).make_token(account, "old", "play")
    finally:
        store.close()
    _drop_expires(target)
    store = open_store(target)  # opened by this version: the column comes back, empty
    try:
        accounts = Accounts(store, wall=lambda: 1000.0 + 3650 * DAY)
        assert accounts.tokens(account)[0]["expires"] is None
        assert accounts.bearer(token).scope == "play"
        made, _ = accounts.make_token(account, "new", "read", 30)
        assert made["expires"] == 1000.0 + 3680 * DAY
    finally:
        store.close()

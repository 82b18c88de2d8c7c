"""The server's refusals in the reader's language, and a nameless player named in it.

Each refusal below is met as a person or a program meets it, in German (asked for by the page's
cookie, or by the hello of a websocket) and in Dutch (by ``Accept-Language``, or the hello): the
answer is the catalogue's translation of the refusal's template with its values filled in, so it
differs from the English and still holds the value. Without a cookie or a header (a program)
the answer is the English template, as the published schema says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from legends import i18n
from legends.i18n import N_, Words, language
from legends.web import app as web_app
from legends.web import catalogues
from legends.web.app import create_app
from legends.web.guards import Limits
from legends.web.refusals import Refused, told
from webgames import client

SECRET = "ann-secret-0123456789"
#: How each language is asked for over HTTP: German by the page's cookie, Dutch by the
#: browser's list of languages, English by nothing at all.
ASKED: dict[str, dict[str, Any]] = {
    "de": {"cookies": {catalogues.COOKIE: "de"}},
    "nl": {"headers": {"Accept-Language": "fr;q=0.9, nl;q=0.8"}},
    "en": {},
}


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3")) as c:
        yield c


def asking(http: TestClient, lang: str) -> TestClient:
    """``http``, its requests asking for ``lang`` (and nothing else)."""
    http.cookies.clear()
    http.headers.pop("Accept-Language", None)
    for name, value in ASKED[lang].get("cookies", {}).items():
        http.cookies.set(name, value)
    http.headers.update(ASKED[lang].get("headers", {}))
    return http


def expected(lang: str, template: str, **values: Any) -> str:
    """``template`` as the catalogue of ``lang`` words it (English: the template itself)."""
    if lang == "en":
        return template.format(**values) if values else template
    translated = i18n.messages(lang)[template]  # a KeyError: not in the catalogue
    return translated.format(**values) if values else translated


def check(said: str, lang: str, template: str, **values: Any) -> None:
    assert said == expected(lang, template, **values)
    if lang != "en":
        assert said != expected("en", template, **values)
    for value in values.values():
        assert str(value) in said


def new_game(http: TestClient, **body: Any) -> Any:
    return http.post("/api/games", json={"opponent": "human", **body})


# Each HTTP case: the request, the status refused with, and the template and values said.
HTTP_CASES: dict[str, tuple[Callable[[TestClient], Any], int, str, dict[str, Any]]] = {
    "a field of the wrong kind": (
        lambda http: new_game(http, turn_limit="soon"), 400,
        N_("turn_limit: expected a whole number from 1 to {most}"),
        {"most": web_app.MAX_TURN_LIMIT}),
    "an unknown edition": (
        lambda http: new_game(http, rules="chess"), 400,
        N_("rules: unknown edition {edition} (offered: {offered})"),
        # (read when the test runs: other tests may register editions of their own)
        {"edition": "'chess'", "offered": lambda: ", ".join(web_app.rulesets())}),
    "a rated game without a player id": (
        lambda http: new_game(http, rated=True), 400,
        N_("rated: a rated game needs your player id ('player')"), {}),
    "a name with a control character": (
        lambda http: new_game(http, name="a\u0007b"), 400,
        N_("{key}: {unseen}; use only characters that show"),
        {"key": "name", "unseen": Words(N_("holds a control character ({character})"),
                                        character="U+0007")}),
    "a full game": (
        lambda http: http.post(f"/api/games/{full_game(http)}/join", json={}), 400,
        N_("no game with a free seat has that code"), {}),
    "a clock of the wrong shape": (
        lambda http: new_game(http, clock={"minutes": 5, "increment": 9999}), 400,
        N_("clock.{name}: expected a number from 0 to {top}"), {"name": "increment", "top": 600}),
    "the lobby's unknown edition": (
        lambda http: http.get("/api/lobby?edition=chess"), 400,
        N_("edition: unknown edition {edition}"), {"edition": "chess"}),
    "the tokens, not signed in": (
        lambda http: http.get("/api/account/tokens"), 401,
        N_("sign in to manage your access tokens"), {}),
    "an access token that is no token": (
        lambda http: http.get("/api/account", headers={"Authorization": "Bearer lgd_nothing"}), 401,
        N_("this access token is not valid: it was revoked, or it is mistyped"), {}),
}


def full_game(http: TestClient) -> str:
    code = new_game(http).json()["code"]
    assert http.post(f"/api/games/{code}/join", json={"name": "Bob"}).status_code == 200
    return code


def worded(values: dict[str, Any], lang: str) -> dict[str, Any]:
    """``values`` as they are said in ``lang`` (a value that is words itself is worded; one
    that is a function is what it answers now)."""
    return {k: v.worded(lang) if isinstance(v, Words) else v() if callable(v) else v
            for k, v in values.items()}


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
@pytest.mark.parametrize("case", HTTP_CASES)
def test_an_http_refusal_is_worded_in_the_language_the_request_asks_for(http, case, lang):
    request, status, template, values = HTTP_CASES[case]
    got = request(asking(http, lang))
    assert got.status_code == status, got.text
    assert set(got.json()) == {"error"}  # the schema's answer, whatever the language
    check(got.json()["error"], lang, template, **worded(values, lang))


def test_too_many_games_from_one_address_is_said_in_the_readers_language(tmp_path):
    app = create_app(db_path=str(tmp_path / "games.sqlite3"), computer_time=0.0,
                     limits=Limits(attempts=1))
    with TestClient(app) as http:
        assert new_game(http).status_code == 200
        for lang in ("de", "nl", "en"):
            got = new_game(asking(http, lang))
            assert got.status_code == 429
            check(got.json()["error"], lang, N_("too many games started or joined from your "
                                                "address; wait a minute"))


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_a_websocket_refusal_is_worded_in_the_language_of_the_hello(http, lang):
    made = new_game(http, side="beige").json()
    http.post(f"/api/games/{made['code']}/join", json={"name": "Bob"})
    hello: dict[str, Any] = {"type": "hello", "token": made["token"]}
    if lang != "en":
        hello["lang"] = lang
    with http.websocket_connect(f"/ws/{made['code']}") as ws:
        ws.send_json(hello)
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome"
        state = ws.receive_json()
        current = state["decision"]
        # An action answering a decision already answered (a double click, a second tab).
        ws.send_json({"type": "action", "action": "c3-c4", "decision": current - 1})
        got = ws.receive_json()
        assert got["type"] == "error"
        check(got["message"], lang, N_("decision {decision} was already answered; this action "
                                       "was not applied (the latest state is decision "
                                       "{current})"), decision=current - 1, current=current)
        # A message the server does not know.
        ws.send_json({"type": "dance"})
        check(ws.receive_json()["message"], lang, N_("unknown message type {kind}"),
              kind="'dance'")
        # A draw offer withdrawn that nobody made.
        ws.send_json({"type": "decline-draw"})
        check(ws.receive_json()["message"], lang, N_("no draw is offered now"))


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_hello_refused_is_worded_in_the_language_it_names(http, lang):
    code = new_game(http).json()["code"]
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-token", "lang": lang})
        got = ws.receive_json()
        check(got["message"], lang, N_("that token holds no seat in that game"))
    with http.websocket_connect(f"/ws/{code}") as ws:  # a token's hello, by a program
        ws.send_json({"type": "hello", "access_token": 5, "lang": lang})
        check(ws.receive_json()["message"], lang, N_("access_token: expected text"))


def test_a_refusal_is_english_in_the_log_and_worded_where_it_is_told():
    refusal = Refused(N_("rules: unknown edition {edition}"), edition="chess")
    with language("de"):
        assert str(refusal) == "rules: unknown edition chess"  # for the log
        assert told(refusal) == "rules: unbekannte Ausgabe chess"  # for the reader
    assert refusal.worded("nl") == "rules: onbekende editie chess"
    assert told(ValueError("a kernel's {own} words")) == "a kernel's {own} words"  # as is


def test_a_nameless_player_is_stored_without_a_name_and_named_in_the_readers_words(http):
    made = new_game(http, side="beige", player=SECRET, rated=True)
    assert made.status_code == 200, made.text
    code, token = made.json()["code"], made.json()["token"]
    joined = http.post(f"/api/games/{code}/join", json={"player": "bob-secret-0123456789"})
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        welcome = ws.receive_json()
        assert {s["name"] for s in welcome["seats"].values()} == {""}  # nothing English
        ws.send_json({"type": "resign"})
        while (message := ws.receive_json())["type"] != "state" or not message["view"]["over"]:
            pass
    stored = http.app.state.server.store.load(code)  # type: ignore[attr-defined]
    seats = stored.seats
    assert [info["name"] for info in seats.values()] == ["", ""]
    board = http.get("/api/ratings/legends").json()["players"]
    assert [p["name"] for p in board] == ["", ""]
    for lang, word in (("en", "anonymous"), ("de", "anonym"), ("nl", "anoniem")):
        record = asking(http, lang).post(f"/api/games/{code}/record",
                                         json={"token": joined.json()["token"]}).json()
        assert record["headers"]["players"] == {"beige": word, "gray": word}

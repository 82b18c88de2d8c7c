"""Accounts on the play server: signing up, in and out, the session cookie, CSRF, sign-in
limits, passwords kept only as argon2id hashes, the account's games and player pages."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest
from argon2 import PasswordHasher

from legends.web import create_app
from legends.web.accounts import COOKIE, FAILURES, WINDOW, Accounts
from legends.web.guards import Refused, TooMany
from legends.web.store import open_store
from webgames import TestClient, castle_hunt, client

ANN_PW, BOB_PW = "ann-password-91", "bob-password-82"


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
def http(db):
    with client(db, hunt=castle_hunt()) as c:
        yield c


@pytest.fixture
def either(target):
    """A client over an SQLite store, or over a PostgreSQL one."""
    with TestClient(create_app(db_path=target, init=True, computer_time=0.0)) as c:
        yield c


class Browser:
    """One signed-in browser's cookie and CSRF token, sent by hand (the client's own cookie
    jar is emptied, so two accounts can share one test client)."""

    def __init__(self, http, name: str, password: str, *, new: bool = True):
        self.http = http
        answer = http.post(f"/api/account/{'signup' if new else 'signin'}",
                           json={"name": name, "password": password})
        assert answer.status_code == 200, answer.text
        self.token = answer.cookies[COOKIE]
        http.cookies.clear()
        self.csrf = answer.json()["csrf"]
        assert answer.json()["name"].casefold() == name.casefold()

    def headers(self, csrf: str | None = "mine") -> dict[str, str]:
        out = {"cookie": f"{COOKIE}={self.token}"}
        if csrf is not None:
            out["x-csrf-token"] = self.csrf if csrf == "mine" else csrf
        return out

    def get(self, url: str, **kw: Any):
        return self.http.get(url, headers=self.headers(), **kw)

    def post(self, url: str, json: Any = None, csrf: str | None = "mine", **headers: str):
        return self.http.post(url, json=json, headers={**self.headers(csrf), **headers})


def test_sign_up_in_and_out(either):
    http = either
    ann = Browser(http, "Ann_1", ANN_PW)
    me = ann.get("/api/account").json()
    assert me["signed_in"] and me["name"] == "Ann_1" and me["player"].startswith("account:")
    assert http.get("/api/account").json() == {"signed_in": False}  # no cookie, nobody
    again = Browser(http, "ann_1", ANN_PW, new=False)  # names in any case
    assert again.get("/api/account").json()["name"] == "Ann_1"
    out = ann.post("/api/account/signout")
    assert out.status_code == 200 and 'legends-session=""' in out.headers["set-cookie"]
    # The signed-out token is dead; the other session lives on.
    assert ann.get("/api/account").json() == {"signed_in": False}
    assert ann.get("/api/account/games").status_code == 401
    # The page reading who it is signed in as clears the dead cookie.
    dead = ann.get("/api/account")
    assert 'legends-session=""' in dead.headers["set-cookie"]
    assert again.get("/api/account").json()["signed_in"]


@pytest.mark.parametrize("name,password,words", [
    ("ab", ANN_PW, "3 to 24"), ("a" * 25, ANN_PW, "3 to 24"), ("Ann Smith", ANN_PW, "3 to 24"),
    ("Ann", "short-pw1", "at least 10"), ("Ann", 1234567890123, "at least 10")])
def test_names_and_passwords_follow_the_rules(http, name, password, words):
    answer = http.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 400 and words in answer.json()["error"]
    assert COOKIE not in answer.cookies


def test_names_are_unique_in_any_case(http):
    Browser(http, "Ann", ANN_PW)
    answer = http.post("/api/account/signup", json={"name": "aNN", "password": BOB_PW})
    assert answer.status_code == 400 and "taken" in answer.json()["error"]
    assert http.post("/api/account/signin", json={"name": "ANN", "password": BOB_PW}
                     ).status_code == 400


def test_wrong_passwords_are_limited_per_account_and_address(http):
    Browser(http, "Ann", ANN_PW)
    for _ in range(FAILURES):
        wrong = http.post("/api/account/signin", json={"name": "Ann", "password": "x" * 12})
        assert wrong.status_code == 400 and "wrong name or password" in wrong.json()["error"]
    # Now even the right password waits, with the wait said.
    limited = http.post("/api/account/signin", json={"name": "Ann", "password": ANN_PW})
    assert limited.status_code == 429 and "seconds" in limited.json()["error"]
    assert COOKIE not in limited.cookies
    # The same address is limited for every name (it tried too often) ...
    bob_signed_up = http.post("/api/account/signup", json={"name": "Bob", "password": BOB_PW})
    assert bob_signed_up.status_code == 200
    http.cookies.clear()
    assert http.post("/api/account/signin", json={"name": "Bob", "password": BOB_PW}
                     ).status_code == 429


def test_limits_per_account_from_any_address_and_they_pass(db):
    now = [1000.0]
    store = open_store(db, init=True)
    try:
        accounts = Accounts(store, wall=lambda: now[0])
        accounts.sign_up("Ann", ANN_PW)
        for i in range(FAILURES):  # each failure from another address
            with pytest.raises(Refused):
                accounts.sign_in("Ann", "wrong-password", f"10.0.0.{i}")
        with pytest.raises(TooMany):
            accounts.sign_in("Ann", ANN_PW, "10.0.1.1")  # a fresh address: the name is limited
        now[0] += WINDOW + 1  # the failures are forgotten
        account, _ = accounts.sign_in("Ann", ANN_PW, "10.0.1.1")
        assert account.name == "Ann"
    finally:
        store.close()


def test_a_session_acts_for_its_own_account_only(http):
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    made = ann.post("/api/games", json={"opponent": "random", "name": "Mallory"})
    assert made.status_code == 200, made.text
    code = made.json()["code"]
    assert [g["code"] for g in ann.get("/api/account/games").json()["games"]] == [code]
    assert bob.get("/api/account/games").json()["games"] == []
    # Bob's cookie with Ann's CSRF token is refused; the game's seat is named for the account.
    assert bob.post("/api/games", json={"opponent": "random"}, csrf=ann.csrf).status_code == 403
    mine = ann.post(f"/api/games/{code}/record",
                    json={"token": made.json()["token"], "mine": True}).json()
    assert "Ann" in str(mine) and "Mallory" not in str(mine)
    # Bob cannot read Ann's seat through his account, Ann can (the game is going on: her own).
    assert bob.post(f"/api/games/{code}/record", json={"mine": True}).status_code == 400
    assert ann.post(f"/api/games/{code}/record", json={"mine": True}).status_code == 200


def test_posts_with_the_cookie_need_the_csrf_token_and_this_site(http):
    ann = Browser(http, "Ann", ANN_PW)
    game = {"opponent": "random"}
    for csrf in (None, "0" * 64, ""):
        refused = ann.post("/api/games", json=game, csrf=csrf)
        assert refused.status_code == 403 and "CSRF" in refused.json()["error"]
    assert ann.post("/api/account/signout", csrf=None).status_code == 403
    assert ann.get("/api/account").json()["signed_in"]  # the forged sign-out did nothing
    for other in ({"origin": "https://evil.example"}, {"sec-fetch-site": "cross-site"}):
        refused = ann.post("/api/games", json=game, **other)
        assert refused.status_code == 403 and "another site" in refused.json()["error"]
    # Signing in from another site's page is refused too (no cookie needed to be refused).
    assert http.post("/api/account/signin", json={"name": "Ann", "password": ANN_PW},
                     headers={"origin": "https://evil.example"}).status_code == 403
    assert ann.post("/api/games", json=game, origin="http://testserver",
                    **{"sec-fetch-site": "same-origin"}).status_code == 200
    # Without the cookie, the anonymous page works as before.
    assert http.post("/api/games", json=game).status_code == 200


def test_the_cookies_flags(http):
    plain = http.post("/api/account/signup", json={"name": "Ann", "password": ANN_PW})
    flags = [f.strip().lower() for f in plain.headers["set-cookie"].split(";")]
    assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
    assert "secure" not in flags
    http.cookies.clear()
    behind = http.post("/api/account/signin", json={"name": "Ann", "password": ANN_PW},
                       headers={"x-forwarded-proto": "https"})
    flags = [f.strip().lower() for f in behind.headers["set-cookie"].split(";")]
    assert "secure" in flags and "httponly" in flags and "samesite=lax" in flags


def test_passwords_are_kept_only_as_argon2id_and_never_logged(http, db, caplog):
    caplog.set_level(logging.DEBUG)
    Browser(http, "Ann", ANN_PW)
    Browser(http, "Ann", ANN_PW, new=False)
    http.post("/api/account/signin", json={"name": "Ann", "password": ANN_PW + "x"})
    http.post("/api/account/signup", json={"name": "A", "password": BOB_PW})
    assert caplog.records  # the log was listened to
    for record in caplog.records:
        assert ANN_PW not in record.getMessage() and BOB_PW not in record.getMessage()
    con = sqlite3.connect(db)
    try:
        tables = [t for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        dump = "\n".join(str(con.execute(f"SELECT * FROM {t}").fetchall()) for t in tables)
        (hashed,) = con.execute("SELECT hash FROM accounts").fetchone()
    finally:
        con.close()
    assert ANN_PW not in dump and BOB_PW not in dump
    assert hashed.startswith("$argon2id$")


def test_an_old_hash_is_made_again_at_sign_in(db):
    store = open_store(db, init=True)
    try:
        accounts = Accounts(store)
        account, _ = accounts.sign_up("Ann", ANN_PW)
        weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash(ANN_PW)
        store.set_password_hash(account.id, weak)
        accounts.sign_in("Ann", ANN_PW, "10.0.0.1")
        hashed = store.find_account("Ann")[2]
        assert hashed != weak and not PasswordHasher().check_needs_rehash(hashed)
    finally:
        store.close()


def test_sessions_and_limits_are_shared_by_stores_on_postgresql(pg_cluster):
    url = str(pg_cluster.database())
    one, two = open_store(url, init=True), open_store(url)
    try:
        first, second = Accounts(one), Accounts(two)
        account, token = first.sign_up("Ann", ANN_PW)
        seen = second.current(token)
        assert seen is not None and seen.id == account.id and seen.csrf == account.csrf
        with pytest.raises(Refused):
            second.sign_up("ANN", BOB_PW)
        for _ in range(FAILURES):
            with pytest.raises(Refused):
                (first if _ % 2 else second).sign_in("Ann", "wrong-password", "10.0.0.9")
        with pytest.raises(TooMany):
            first.sign_in("Ann", ANN_PW, "10.0.0.8")
        second.sign_out(token)
        assert first.current(token) is None
    finally:
        one.close()
        two.close()


def test_a_rated_game_between_accounts_shows_on_both_player_pages(either):
    http = either
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    made = ann.post("/api/games", json={"rules": "classic", "opponent": "human",
                                         "setup": "random", "rated": True})
    assert made.status_code == 200 and made.json()["rated"], made.text
    code = made.json()["code"]
    joined = bob.post(f"/api/games/{code}/join", json={"setup": "random"})
    assert joined.status_code == 200 and joined.json()["rated"], joined.text
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": joined.json()["token"]})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "resign"})
        while (message := ws.receive_json())["type"] != "state" or not message["view"]["over"]:
            pass
    for name, result, other in (("Ann", "won", "Bob"), ("Bob", "lost", "Ann")):
        page = http.get(f"/api/players/{name.lower()}").json()
        assert page["name"] == name and page["joined"] > 0
        assert [(g["code"], g["result"], g["rated"], g["opponents"]) for g in page["games"]] \
            == [(code, result, True, [other])]
        (rating,) = page["ratings"]
        assert rating["edition"] == "classic" and rating["games"] == 1
        assert (rating["rating"] > 1500) is (result == "won")
    assert http.get("/api/players/nobody").status_code == 400
    # My games, with filters.
    assert [g["code"] for g in ann.get("/api/account/games?result=won&rated=true"
                                       "&edition=classic").json()["games"]] == [code]
    for query in ("result=lost", "rated=false", "edition=legends", "result=playing"):
        assert ann.get(f"/api/account/games?{query}").json()["games"] == [], query
    assert ann.get("/api/account/games?result=maybe").status_code == 400
    # After the end the account reads its seat's record and replay without the seat's token.
    record = ann.post(f"/api/games/{code}/record", json={})
    assert record.status_code == 200 and record.json()["actions"]
    frame = ann.post(f"/api/games/{code}/replay", json={"step": 0})
    assert frame.status_code == 200, frame.text


def test_attempts_under_way_count_against_the_limit(db):
    """Each attempt is counted before its password is checked: a burst of guesses at once
    cannot all get past the limit while the first ones are still being checked."""
    store = open_store(db, init=True)
    try:
        accounts = Accounts(store, wall=lambda: 5000.0)
        accounts.sign_up("Ann", ANN_PW)
        subjects = ["name:ann", "address:10.0.0.1"]
        for _ in range(FAILURES - 1):  # attempts being checked elsewhere
            store.add_sign_in_failure(subjects, 4999.0, 0.0)
        accounts.sign_in("Ann", ANN_PW, "10.0.0.2")  # the last one free: a success is no failure
        assert len(store.sign_in_failures(subjects, 0.0)) == FAILURES - 1
        with pytest.raises(Refused):
            accounts.sign_in("Ann", "wrong-password", "10.0.0.2")
        with pytest.raises(TooMany):
            accounts.sign_in("Ann", ANN_PW, "10.0.0.2")
    finally:
        store.close()

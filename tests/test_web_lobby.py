"""The lobby on the play server: open games (seeks) posted, listed, taken, cancelled and gone
stale; a rated seek's rating range enforced; public games listed; challenges between accounts
accepted and declined; a challenge link's invitation; rematches with the seats swapped; and
all of it across two server processes sharing one PostgreSQL database."""

from __future__ import annotations

from typing import Any

import pytest

from apicheck import check_answer
from legends.web import create_app
from legends.web.lobby_store import KEEP, STALE
from test_accounts import Browser
from webgames import TestClient, castle_hunt

ANN_PW, BOB_PW, CAROL_PW = "ann-password-91", "bob-password-82", "carol-password-73"


class Wall:
    """A wall clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall():
    return Wall()


def app(target: str, wall: Wall, init: bool = True) -> TestClient:
    return TestClient(create_app(db_path=target, init=init, computer_time=0.0, thinkers=0,
                                 wall=wall, positions={"castle": castle_hunt()}))


@pytest.fixture
def http(target, wall):
    with app(target, wall) as c:
        yield c


def checked(answer) -> None:
    """The answer is as /api/openapi.json describes it."""
    check_answer(answer.request.method, answer.request.url.path, answer.status_code,
                 answer.json())


def ok(answer) -> dict[str, Any]:
    assert answer.status_code == 200, answer.text
    checked(answer)
    return answer.json()


def refused(answer, words: str, status: int = 400) -> None:
    assert answer.status_code == status, answer.text
    checked(answer)
    assert words in answer.json()["error"]


def seat_of(http: TestClient, code: str, token: str) -> str:
    """The seat ``token`` holds in game ``code``, as its websocket's welcome says."""
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome", welcome
        return str(welcome["seat"])


def resign(http: TestClient, code: str, token: str) -> None:
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"type": "resign"})
        while (message := ws.receive_json())["type"] != "state" or not message["view"]["over"]:
            pass


SEEK = {"rules": "classic", "clock": {"minutes": 5, "increment": 3}, "setup": "random"}


def test_a_seek_is_listed_taken_and_both_are_seated(http):
    posted = ok(http.post("/api/lobby/seeks", json={**SEEK, "name": "Ann"}))
    assert posted["rated"] is False and posted["key"] and posted["id"]
    seeks = ok(http.get("/api/lobby?edition=classic"))["seeks"]
    assert [(s["id"], s["name"], s["edition"], s["clock"], s["rated"]) for s in seeks] == [
        (posted["id"], "Ann", "classic", {"minutes": 5.0, "increment": 3.0}, False)]
    assert "code" not in seeks[0] and "key" not in str(seeks)  # the game's code stays private
    assert ok(http.get("/api/lobby?edition=legends"))["seeks"] == []
    assert http.get("/api/lobby?edition=chess").status_code == 400
    # Open: the poster's page asks, which keeps it listed.
    keep = {"key": posted["key"]}
    assert ok(http.post(f"/api/lobby/seeks/{posted['id']}", json=keep))["state"] == "open"
    refused(http.post(f"/api/lobby/seeks/{posted['id']}", json={"key": "x" * 20}),
            "no seek of yours")

    taken = ok(http.post(f"/api/lobby/seeks/{posted['id']}/take",
                         json={"name": "Bob", "setup": "random"}))
    assert taken["code"] == posted["code"] and taken["seat"] != posted["seat"]
    assert ok(http.post(f"/api/lobby/seeks/{posted['id']}", json=keep)) == {
        "state": "taken", "code": posted["code"]}
    assert ok(http.get("/api/lobby"))["seeks"] == []
    refused(http.post(f"/api/lobby/seeks/{posted['id']}/take", json={"name": "Carol"}),
            "taken or cancelled")
    # Each is seated in the game, in their own seat.
    assert seat_of(http, taken["code"], posted["token"]) == posted["seat"]
    assert seat_of(http, taken["code"], taken["token"]) == taken["seat"]
    # Both seats taken: a public game in progress, listed with its players.
    games = ok(http.get("/api/lobby"))["games"]
    assert [(g["code"], g["edition"], sorted(g["players"]), g["watchers"]) for g in games] == [
        (posted["code"], "classic", ["Ann", "Bob"], 0)]


def test_a_seek_goes_when_cancelled_or_when_its_poster_is_gone(http, wall):
    first = ok(http.post("/api/lobby/seeks", json={**SEEK, "name": "Ann"}))
    refused(http.post(f"/api/lobby/seeks/{first['id']}/cancel", json={"key": "y" * 30}),
            "no open seek of yours")
    assert ok(http.post(f"/api/lobby/seeks/{first['id']}/cancel", json={"key": first["key"]}))
    assert ok(http.get("/api/lobby"))["seeks"] == []
    refused(http.post(f"/api/lobby/seeks/{first['id']}/take", json={"name": "Bob"}),
            "taken or cancelled")

    second = ok(http.post("/api/lobby/seeks", json={**SEEK, "name": "Ann"}))
    wall.now += STALE / 2
    assert ok(http.post(f"/api/lobby/seeks/{second['id']}", json={"key": second["key"]}))[
        "state"] == "open"
    wall.now += STALE / 2 + 1  # still there: asked about half-way
    assert [s["id"] for s in ok(http.get("/api/lobby"))["seeks"]] == [second["id"]]
    wall.now += STALE  # the poster's page stopped asking
    assert ok(http.get("/api/lobby"))["seeks"] == []
    refused(http.post(f"/api/lobby/seeks/{second['id']}/take", json={"name": "Bob"}),
            "taken or cancelled")
    assert ok(http.post(f"/api/lobby/seeks/{second['id']}", json={"key": second["key"]}))[
        "state"] == "gone"


def test_taken_seeks_are_forgotten_after_a_while(http, wall):
    first = ok(http.post("/api/lobby/seeks", json={**SEEK, "name": "Ann"}))
    ok(http.post(f"/api/lobby/seeks/{first['id']}/take", json={"name": "Bob"}))
    keep = {"key": first["key"]}
    assert ok(http.post(f"/api/lobby/seeks/{first['id']}", json=keep))["state"] == "taken"
    wall.now += KEEP + 1
    ok(http.post("/api/lobby/seeks", json={**SEEK, "name": "Carol"}))
    refused(http.post(f"/api/lobby/seeks/{first['id']}", json=keep), "no seek of yours")


def test_a_rated_seeks_range_is_enforced_by_the_server(http):
    refused(http.post("/api/lobby/seeks", json={**SEEK, "rated": True, "player": "p" * 20}),
            "sign in")
    refused(http.post("/api/lobby/seeks", json={**SEEK, "low": 1400}), "rated games only")
    ann, bob = Browser(http, "Ann", ANN_PW), Browser(http, "Bob", BOB_PW)
    refused(ann.post("/api/lobby/seeks", json={**SEEK, "rated": True, "low": 1700,
                                               "high": 1600}), "above")
    strong = ok(ann.post("/api/lobby/seeks", json={**SEEK, "rated": True, "low": 1600}))
    (listed,) = ok(http.get("/api/lobby"))["seeks"]
    assert (listed["rated"], listed["low"], listed["high"], listed["rating"]) == (
        True, 1600, None, 1500)
    # Bob is new (1500): refused, with the reason; the seek stays open.
    refused(bob.post(f"/api/lobby/seeks/{strong['id']}/take", json={"setup": "random"}),
            "your rating (1500) is outside the range this game asks for (1600-)")
    refused(ann.post(f"/api/lobby/seeks/{strong['id']}/take", json={"setup": "random"}),
            "your own game")
    assert [s["id"] for s in ok(http.get("/api/lobby"))["seeks"]] == [strong["id"]]
    fitting = ok(ann.post("/api/lobby/seeks", json={**SEEK, "rated": True, "low": 1000,
                                                    "high": 1600}))
    taken = ok(bob.post(f"/api/lobby/seeks/{fitting['id']}/take", json={"setup": "random"}))
    assert taken["rated"] is True and taken["code"] == fitting["code"]


def test_challenges_between_accounts_are_accepted_or_declined(http):
    ann = Browser(http, "Ann", ANN_PW)
    bob = Browser(http, "Bob", BOB_PW)
    carol = Browser(http, "Carol", CAROL_PW)
    refused(http.post("/api/lobby/challenges", json={"to": "Bob", **SEEK}), "sign in", 401)
    refused(ann.post("/api/lobby/challenges", json={"to": "nobody", **SEEK}), "no player")
    refused(ann.post("/api/lobby/challenges", json={"to": "ann", **SEEK}), "yourself")
    first = ok(ann.post("/api/lobby/challenges", json={"to": "bob", **SEEK, "private": True}))
    (incoming,) = ok(bob.get("/api/lobby"))["challenges"]["to_me"]
    assert (incoming["id"], incoming["from"], incoming["edition"], incoming["clock"]) == (
        first["id"], "Ann", "classic", {"minutes": 5.0, "increment": 3.0})
    assert "code" not in incoming
    assert ok(carol.get("/api/lobby"))["challenges"] == {"to_me": [], "from_me": []}
    refused(carol.post(f"/api/lobby/challenges/{first['id']}", json={"answer": "accept"}),
            "no open challenge of yours")
    refused(ann.post(f"/api/lobby/challenges/{first['id']}", json={"answer": "accept"}),
            "no open challenge of yours")
    assert ok(bob.post(f"/api/lobby/challenges/{first['id']}", json={"answer": "decline"})) == {
        "answer": "declined"}
    assert ok(bob.get("/api/lobby"))["challenges"]["to_me"] == []
    (sent,) = ok(ann.get("/api/lobby"))["challenges"]["from_me"]
    assert (sent["to"], sent["answer"], sent["code"]) == ("Bob", "declined", first["code"])

    second = ok(ann.post("/api/lobby/challenges", json={"to": "Bob", **SEEK}))
    accepted = ok(bob.post(f"/api/lobby/challenges/{second['id']}",
                           json={"answer": "accept", "setup": "random"}))
    assert accepted["code"] == second["code"] and accepted["answer"] == "accepted"
    assert seat_of(http, second["code"], accepted["token"]) != second["seat"]
    answers = {c["id"]: c["answer"] for c in ok(ann.get("/api/lobby"))["challenges"]["from_me"]}
    assert answers == {first["id"]: "declined", second["id"]: "accepted"}
    refused(bob.post(f"/api/lobby/challenges/{second['id']}", json={"answer": "accept"}),
            "no open challenge")
    # The private game is not listed; the public one is.
    assert [g["code"] for g in ok(http.get("/api/lobby"))["games"]] == [second["code"]]


def test_a_challenge_link_reads_as_an_invitation(http):
    made = ok(http.post("/api/games", json={"rules": "classic", "opponent": "human",
                                            "name": "Ann", "player": "a" * 20, "rated": True,
                                            "clock": {"minutes": 10, "increment": 5}}))
    invitation = ok(http.get(f"/api/games/{made['code']}/invitation"))
    assert invitation == {"code": made["code"], "edition": "classic", "rated": True,
                          "clock": {"minutes": 10.0, "increment": 5.0}, "from": ["Ann"],
                          "free": 1}
    ok(http.post(f"/api/games/{made['code']}/join", json={"name": "Bob", "player": "b" * 20}))
    refused(http.get(f"/api/games/{made['code']}/invitation"), "no game with a free seat")
    refused(http.get("/api/games/ABCDEFG-ABCDEFG-ABCDEFG/invitation"),
            "no game with a free seat")


def test_private_games_are_not_listed(http):
    ok(http.post("/api/games", json={"opponent": "random", "position": "castle",
                                     "private": True}))
    assert ok(http.get("/api/lobby"))["games"] == []
    public = ok(http.post("/api/games", json={"opponent": "random", "position": "castle",
                                              "name": "Ann"}))
    (listed,) = ok(http.get("/api/lobby"))["games"]
    assert listed["code"] == public["code"] and "Ann" in listed["players"]
    refused(http.post("/api/games", json={"private": "yes"}), "private")


def rated_game(http: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A rated classic game with a clock between Ann and Bob, Bob resigned."""
    made = ok(http.post("/api/games", json={**SEEK, "opponent": "human", "side": "red",
                                            "name": "Ann", "player": "a" * 20, "rated": True}))
    joined = ok(http.post(f"/api/games/{made['code']}/join",
                          json={"name": "Bob", "player": "b" * 20, "setup": "random"}))
    resign(http, made["code"], joined["token"])
    return made, joined


def check_swapped(http: TestClient, new: str, tokens: dict[str, str]) -> None:
    """In rematch ``new`` of a red-blue game, each old seat's token (``tokens``) holds the
    other seat, under the same name; the edition, clock and rated flag are kept."""
    seats = {old_seat: seat_of(http, new, token) for old_seat, token in tokens.items()}
    assert seats == {"red": "blue", "blue": "red"}
    refused(http.get(f"/api/games/{new}/invitation"), "no game with a free seat")  # both seated
    with http.websocket_connect(f"/ws/{new}") as ws:
        ws.send_json({"type": "hello", "token": tokens["red"]})
        welcome = ws.receive_json()
        assert welcome["rules"] == "classic" and welcome["arranging"] is True
        names = {seat: info["name"] for seat, info in welcome["seats"].items()}
        assert names == {"red": "Bob", "blue": "Ann"}
    server = http.app.state.server
    assert server.store.is_rated(new)
    room = http.portal.call(server.room, new)
    assert (room.clocks.minutes, room.clocks.increment) == (5.0, 3.0)


def test_a_rematch_swaps_the_seats_and_keeps_the_terms(http):
    made, joined = rated_game(http)
    code = made["code"]
    ann, bob = {"token": made["token"]}, {"token": joined["token"]}
    look = ok(http.post(f"/api/games/{code}/rematch", json=ann))
    assert look == {"offered_by": None, "code": None}
    offered = ok(http.post(f"/api/games/{code}/rematch", json={**ann, "offer": True}))
    assert offered == {"offered_by": "red", "code": None}
    assert ok(http.post(f"/api/games/{code}/rematch", json=bob)) == offered
    refused(http.post(f"/api/games/{code}/rematch", json={"token": "z" * 32, "offer": True}),
            "holds no seat")
    accepted = ok(http.post(f"/api/games/{code}/rematch", json={**bob, "offer": True}))
    assert accepted["code"] and accepted["seat"] == "red" and accepted["token"]
    mine = ok(http.post(f"/api/games/{code}/rematch", json=ann))
    assert (mine["code"], mine["seat"]) == (accepted["code"], "blue")
    assert mine["token"] not in (accepted["token"], made["token"])
    # Accepting again changes nothing.
    assert ok(http.post(f"/api/games/{code}/rematch", json={**ann, "offer": True}))["code"] \
        == accepted["code"]
    check_swapped(http, accepted["code"], {"red": mine["token"], "blue": accepted["token"]})


def test_a_rematch_is_offered_once_the_game_is_over(http):
    made = ok(http.post("/api/games", json={**SEEK, "opponent": "human"}))
    refused(http.post(f"/api/games/{made['code']}/rematch",
                      json={"token": made["token"], "offer": True}), "once the game is over")


def test_the_computer_accepts_a_rematch_at_once(http):
    made = ok(http.post("/api/games", json={"opponent": "random", "position": "castle",
                                            "side": "beige"}))
    resign(http, made["code"], made["token"])
    again = ok(http.post(f"/api/games/{made['code']}/rematch",
                         json={"token": made["token"], "offer": True}))
    assert again["seat"] == "gray" and again["code"] != made["code"]
    assert seat_of(http, again["code"], again["token"]) == "gray"


def test_two_servers_on_one_postgresql_share_the_lobby(pg_cluster, wall):
    url = str(pg_cluster.database())
    with app(url, wall) as one, app(url, wall, init=False) as two:
        posted = ok(one.post("/api/lobby/seeks", json={**SEEK, "name": "Ann"}))
        assert [s["id"] for s in ok(two.get("/api/lobby"))["seeks"]] == [posted["id"]]
        taken = ok(two.post(f"/api/lobby/seeks/{posted['id']}/take",
                            json={"name": "Bob", "setup": "random"}))
        assert ok(one.post(f"/api/lobby/seeks/{posted['id']}", json={"key": posted["key"]})) \
            == {"state": "taken", "code": posted["code"]}
        assert seat_of(two, posted["code"], taken["token"]) == taken["seat"]

        made, joined = rated_game(one)
        code = made["code"]
        ok(one.post(f"/api/games/{code}/rematch", json={"token": made["token"],
                                                        "offer": True}))
        accepted = ok(two.post(f"/api/games/{code}/rematch", json={"token": joined["token"],
                                                                   "offer": True}))
        mine = ok(one.post(f"/api/games/{code}/rematch", json={"token": made["token"]}))
        assert mine["code"] == accepted["code"] and mine["seat"] == "blue"
        check_swapped(one, accepted["code"], {"red": mine["token"],
                                              "blue": accepted["token"]})

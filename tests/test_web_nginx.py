"""Several machines' worth of ``legends serve`` behind nginx, with the documented configuration
(docs/deploy/nginx.conf): a real nginx (tests/nginxserver.py) in front of two server
processes on their own ports, sharing one real PostgreSQL database."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from legends.web.store import open_store
from nginxserver import Nginx
from serveprocs import WAIT, Seat, Served, post

TRIES = 100  # requests, at most, one client sends to meet the limit on starting games


@pytest.fixture(scope="module")
def database(pg_cluster) -> str:
    return str(pg_cluster.database())


@pytest.fixture(scope="module")
def servers(database, tmp_path_factory) -> Iterator[list[Served]]:
    """Two ``legends serve`` processes on one database, as on two machines."""
    logs = tmp_path_factory.mktemp("servers")
    started: list[Served] = []
    try:
        for i in range(2):
            started.append(Served(logs / f"server{i}.log", "--db", database,
                                  *(["--init"] if i == 0 else [])))
        yield started
    finally:
        outputs = [s.stop() for s in started]
    for out in outputs:
        assert "Traceback" not in out, out


def _nginx(servers: list[Served], sticky: bool = False) -> Nginx:
    try:
        return Nginx([f"127.0.0.1:{s.port}" for s in servers], sticky=sticky)
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="module")
def front(servers) -> Iterator[Nginx]:
    nginx = _nginx(servers)
    yield nginx
    nginx.stop()


def _upstreams(nginx: Nginx, path: str, count: int = 0) -> list[str]:
    """Where nginx sent the finished requests for ``path``, in order; waiting, for a while,
    until there are ``count`` (nginx logs a websocket once it has closed both ways)."""
    deadline = time.monotonic() + WAIT
    while len(found := [up for _, p, _, up in nginx.access() if p == path]) < count:
        assert time.monotonic() < deadline, (path, found)
        time.sleep(0.05)
    return found


def _new_game(url: str, **fields) -> dict:
    status, made = post(url + "/api/games", {"opponent": "human", "side": "beige", **fields})
    assert status == 200, made
    return made


def test_the_page_and_the_api_answer_through_nginx_from_both_servers(front, servers):
    import httpx

    with httpx.Client(base_url=front.url, timeout=WAIT) as http:
        page = http.get("/")
        assert page.status_code == 200 and "<html" in page.text.lower()
        assert page.headers["x-frame-options"] == "DENY"
        assert "content-security-policy" in page.headers
        assert http.get("/static/app.js").status_code == 200
        assert http.get("/api/options").json()["rulesets"]
        made = [http.post("/api/games", json={"opponent": "human", "side": "beige"})
                for _ in range(4)]
        assert all(m.status_code == 200 for m in made), [m.text for m in made]
        # Round robin: the new games were started on both servers.
        assert set(_upstreams(front, "/api/games")) == {f"127.0.0.1:{s.port}" for s in servers}
        code, token = made[0].json()["code"], made[0].json()["token"]
        joined = http.post(f"/api/games/{code}/join", json={"name": "b"})
        assert joined.status_code == 200, joined.text
        for _ in range(2):  # on either server
            mine = http.post(f"/api/games/{code}/record", json={"token": token, "mine": True})
            assert mine.status_code == 200, mine.text
        # The servers' own refusals pass through unchanged.
        bad = http.post(f"/api/games/{code}/join", content=b"[1]")
        assert bad.status_code == 400 and "error" in bad.json()
        assert http.post("/api/games", content=b"x" * (70 * 1024)).status_code == 413

    # A websocket from the site's own page is let in: nginx hands the server the Host the
    # browser wrote, port and all, which the Origin check compares with.
    seat = Seat(front.url, code, token, origin=front.url)
    assert seat.state["type"] == "state"
    seat.close()
    # One from a page of another site is refused, with the code that tells the page not to
    # try again.
    with connect(f"{front.url.replace('http', 'ws', 1)}/ws/{code}", open_timeout=WAIT,
                 origin="https://elsewhere.example") as ws:  # type: ignore[arg-type]
        assert "other sites" in json.loads(ws.recv(timeout=WAIT))["message"]
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=WAIT)
        assert ws.close_code == 4403


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


def test_a_request_with_both_a_length_and_chunks_is_refused_by_nginx(front, servers):
    body = json.dumps({"opponent": "human"}).encode()
    answer = _raw(front.port, b"POST /api/games HTTP/1.1\r\nHost: play.example\r\n"
                  b"Content-Type: application/json\r\n"
                  b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n\r\n"
                  b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), len(body), body))
    status = int(answer.split(b" ", 2)[1])
    assert 400 <= status < 500, answer[:200]
    # nginx answered it itself: no server saw it, and none wrote a traceback. (nginx logs the
    # request once it has closed the connection, after waiting a little for the rest of it.)
    deadline = time.monotonic() + WAIT
    while not (refused := [up for _, p, s, up in front.access()
                           if p == "/api/games" and s == str(status)]):
        assert time.monotonic() < deadline, front.access()
        time.sleep(0.05)
    assert refused == ["-"], refused
    for served in servers:
        assert "Traceback" not in served.output()
        assert served.answers()


def test_the_limits_count_each_client_behind_nginx(front):
    # Clients from 127.0.0.2 and 127.0.0.3 reach nginx on 127.0.0.1; the servers see them
    # through X-Forwarded-For (nginx on this machine is trusted by default). The limit on
    # games started is kept by each server process, so one client may start up to twice
    # its share here before both refuse.
    statuses = []
    for _ in range(TRIES):
        status, _made = post(front.url + "/api/games", {"opponent": "human"}, "127.0.0.2")
        statuses.append(status)
        if statuses[-2:] == [429, 429]:
            break
    assert statuses[-2:] == [429, 429] and statuses.count(200) >= 30, statuses
    # A header the client makes up is replaced by nginx, so it does not escape the limit.
    for _ in range(2):  # on each server
        spoofed, _made = post(front.url + "/api/games", {"opponent": "human"}, "127.0.0.2",
                              {"X-Forwarded-For": "203.0.113.9"})
        assert spoofed == 429
    # Another client is not held back by the first.
    for _ in range(2):  # one start on each server
        assert post(front.url + "/api/games", {"opponent": "human"}, "127.0.0.3")[0] == 200


def _play(seat: Seat, failures: list[BaseException]) -> None:
    try:
        while not seat.over:
            if seat.asked:
                seat.answer()
            seat.next_state()
    except BaseException as exc:  # handed to the test's own thread
        failures.append(exc)


def test_two_people_on_different_servers_play_a_whole_game(front, servers, database):
    # Needs every server to tell its browsers of actions stored by the others (PostgreSQL
    # LISTEN/NOTIFY), whichever server took them.
    made = _new_game(front.url, turn_limit=12)
    code = made["code"]
    status, joined = post(f"{front.url}/api/games/{code}/join", {"name": "second"})
    assert status == 200, joined
    # Two websockets opened one after the other: round robin gives them different servers.
    seats = [Seat(front.url, code, made["token"]), Seat(front.url, code, joined["token"])]
    failures: list[BaseException] = []
    threads = [threading.Thread(target=_play, args=(seat, failures)) for seat in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for seat in seats:
        seat.close()
    assert not failures, failures
    assert all(seat.over for seat in seats)
    ws_upstreams = _upstreams(front, f"/ws/{code}", 2)
    assert len(ws_upstreams) == 2 and len(set(ws_upstreams)) == 2, ws_upstreams
    # Every decision reached its seat: each answered its own, the decision numbers counted
    # them, and the store holds exactly those actions.
    for seat in seats:
        # (more than a couple: the random armies may end the game before its turn limit)
        assert seat.state["decision"] == len(seat.sent) > 2
    store = open_store(database)
    try:
        stored = store.load(code)
    finally:
        store.close()
    assert stored is not None
    assert sorted(stored.actions) == sorted(seats[0].sent + seats[1].sent)


def test_the_optional_hash_keeps_each_game_on_one_server(servers):
    nginx = _nginx(servers, sticky=True)
    try:
        codes = [_new_game(nginx.url) for _ in range(20)]
        # New games carry no code yet: they are spread over the servers.
        assert len(set(_upstreams(nginx, "/api/games"))) == 2
        for made in codes[:4]:
            for _ in range(3):
                status, _record = post(f"{nginx.url}/api/games/{made['code']}/record",
                                       {"token": made["token"], "mine": True})
                assert status == 200, _record
            Seat(nginx.url, made["code"], made["token"]).close()
        for made in codes[:4]:
            code = made["code"]
            ups = _upstreams(nginx, f"/api/games/{code}/record") + _upstreams(
                nginx, f"/ws/{code}", 1)
            assert len(ups) == 4 and len(set(ups)) == 1, ups
    finally:
        nginx.stop()

"""Shared helpers for the web tests: small positions that finish in a few actions, and a
client that plays through the HTTP routes and websockets as a browser would."""

from __future__ import annotations

import warnings
from contextlib import ExitStack
from typing import Any

from legends_core.testing import position_dict

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette suggests another HTTP client for its tests
    from starlette.testclient import TestClient

from legends.web import create_app

#: Beige's Tiera on c3 can reach gray's castle (Ogre Fort, c5) in two moves; gray has two
#: warriors to move meanwhile. Every window is asked (no auto-pass), so both seats must act.
CASTLE_HUNT = {"c3": 37, "c5": 136, "h8": 150, "a8": 153}
#: The moves of a whole game from CASTLE_HUNT, beige winning: (seat, action) in order.
CASTLE_HUNT_GAME = [("beige", "c3-c4"), ("beige", "pass"), ("gray", "pass"),
                    ("gray", "h8-h7"), ("gray", "pass"), ("beige", "pass"),
                    ("beige", "c4-c5")]


def castle_hunt(**changes: Any) -> dict[str, Any]:
    """The CASTLE_HUNT position, with pieces changed or added (square -> number)."""
    return position_dict({**CASTLE_HUNT, **changes})


def client(db_path: str, **positions: dict[str, Any]) -> TestClient:
    # No think-time padding for the computer: the tests would only wait longer.
    return TestClient(create_app(db_path=db_path, positions=positions, computer_time=0.0))


class Table:
    """The seats of one game between people (two, or ``joins + 1`` in a team game), each with
    an open websocket."""

    def __init__(self, http: TestClient, *, joins: int = 1, **new_game: Any):
        self.http = http
        self.stack = ExitStack()
        made = http.post("/api/games", json={"opponent": "human", "side": "beige", **new_game})
        assert made.status_code == 200, made.text
        self.code = made.json()["code"]
        self.tokens = {made.json()["seat"]: made.json()["token"]}
        for i in range(joins):
            joined = http.post(f"/api/games/{self.code}/join",
                               json={"name": "second" if i == 0 else f"player {i + 2}"})
            assert joined.status_code == 200, joined.text
            self.tokens[joined.json()["seat"]] = joined.json()["token"]
        self.ws: dict[str, Any] = {}
        #: every message each seat received, in order (the replies to our pings left out)
        self.received: dict[str, list[dict[str, Any]]] = {s: [] for s in self.tokens}

    @classmethod
    def existing(cls, http: TestClient, code: str, tokens: dict[str, str]) -> Table:
        """The seats ``tokens`` hold in the stored game ``code`` (connected on entering)."""
        t = cls.__new__(cls)
        t.http, t.code, t.tokens, t.stack, t.ws = http, code, dict(tokens), ExitStack(), {}
        t.received = {s: [] for s in tokens}
        return t

    def __enter__(self) -> Table:
        for seat, token in self.tokens.items():
            self.connect(seat, token)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def connect(self, seat: str, token: str) -> None:
        ws = self.stack.enter_context(self.http.websocket_connect(f"/ws/{self.code}"))
        ws.send_json({"type": "hello", "token": token})
        self.ws[seat] = ws
        assert self.receive(seat)["type"] == "welcome"
        assert self.receive(seat)["type"] == "state"

    def receive(self, seat: str) -> dict[str, Any]:
        message = self.ws[seat].receive_json()
        self.received[seat].append(message)
        return message

    def drain(self, seat: str) -> list[dict[str, Any]]:
        """Everything the server has sent ``seat`` so far and not yet read.

        A ping is answered in order on the same connection, so every message sent before the
        pong has arrived by then; the pong itself is not kept.
        """
        self.ws[seat].send_json({"type": "ping"})
        out = []
        while (message := self.ws[seat].receive_json())["type"] != "pong":
            out.append(message)
        self.received[seat].extend(out)
        return out

    def decision(self, seat: str) -> int:
        """The decision number of the latest state ``seat`` was sent (its actions echo it)."""
        return int(next(m for m in reversed(self.received[seat])
                        if m["type"] == "state")["decision"])

    def act(self, seat: str, action: str) -> dict[str, dict[str, Any]]:
        """Send ``seat``'s action, answering the latest state it was sent; return the latest
        state message each seat was sent because of it (a seat that was told nothing is left
        out)."""
        self.ws[seat].send_json({"type": "action", "action": action,
                                 "decision": self.decision(seat)})
        # The actor's own connection first: its pong comes only once the action (and every
        # message it caused to any seat) has been handled.
        order = [seat, *(s for s in self.ws if s != seat)]
        out = {}
        for s in order:
            for message in self.drain(s):
                assert message["type"] in ("state", "seats"), (s, message)
                if message["type"] == "state":
                    out[s] = message
        return out

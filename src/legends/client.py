"""A small client for programs that play on a legends server, speaking only the documented
protocol (:mod:`legends.web.protocol`, ``docs/server-api.rst``).

It starts or joins a game over HTTP, then plays one seat over the websocket: every ``state``
message whose view asks this seat to decide is answered with the action a *chooser* picks. A
chooser is any callable taking the state message (a dict, as the schema describes it) and
returning one of ``message["view"]["options"]``::

    from legends.client import Client, random_chooser

    client = Client("http://localhost:8000")
    seat = client.new_game(rules="classic", opponent="human")
    print("send this code to a friend:", seat.code)
    final = client.play(seat, random_chooser(seed=1))
    print(final["view"]["winner"])

To play as an account (games in its list, rated as it when rated), give a personal access token
made on the server's page (scope ``play``): ``Client(server, token=...)``, for instance from the
environment variable :data:`TOKEN_VARIABLE`. It goes in each request's ``Authorization``
header, and in the websocket's hello for a seat the account holds without the seat's token
(:meth:`Client.account_seat`).

Only the standard library and ``websockets`` are needed (``pip install legends[client]``). The
transport is replaceable (``Client(transport=...)``), which is how the tests drive the server
in-process.
"""

from __future__ import annotations

import json
import os
import random
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

#: The protocol version this client speaks (the server's ``welcome`` says its own).
VERSION = 1
PREFIX = f"/api/v{VERSION}"
#: bytes of one message the client accepts (a state is some 35 KB; a long log more)
MAX_MESSAGE = 16 * 1024 * 1024
#: seconds of silence after which the client pings: the server closes a connection that says
#: nothing for half an hour, and a bot may wait that long for a person to move
PING_EVERY = 300.0
#: the environment variable a personal access token may be given in (``legends bot``)
TOKEN_VARIABLE = "LEGENDS_TOKEN"

Message = dict[str, Any]
Chooser = Callable[[Message], str]


class ClientError(Exception):
    """The server refused something (its words), or broke the protocol."""


class NoSeat(ClientError):
    """The account holds no seat in that game (:meth:`Client.account_seat`)."""


class Socket(Protocol):
    """One websocket, as the client uses it: text in, text out."""

    def send(self, text: str) -> None: ...
    def recv(self) -> str:
        """The next message's text (:class:`EOFError` once the connection is closed)."""
        ...
    def close(self) -> None: ...


class Transport(Protocol):
    """How the client reaches the server: JSON over HTTP, and websockets."""

    def request(self, method: str, path: str, body: Message | None,
                headers: Mapping[str, str] | None = None) -> tuple[int, Any]:
        """The status and JSON answer; ``headers``: more to send (given only when there are
        any, so a transport for anonymous play may leave them out)."""
        ...
    def connect(self, path: str) -> Socket: ...


class HttpTransport:
    """A server on the network (``base``: its address, ``http://`` or ``https://``)."""

    def __init__(self, base: str, timeout: float = 30.0):
        self.base = base.rstrip("/")
        self.timeout = timeout

    def request(self, method: str, path: str, body: Message | None,
                headers: Mapping[str, str] | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as answer:  # noqa: S310
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as exc:
            try:
                return exc.code, json.loads(exc.read() or b"null")
            except ValueError:
                return exc.code, {"error": str(exc)}

    def connect(self, path: str) -> Socket:
        from websockets.sync.client import connect

        parts = urllib.parse.urlsplit(self.base)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return _WebSocket(connect(f"{scheme}://{parts.netloc}{parts.path}{path}",
                                  open_timeout=self.timeout, max_size=MAX_MESSAGE))


class _WebSocket:
    """A ``websockets`` connection as a :class:`Socket`."""

    def __init__(self, opening: Any):
        # Entered as the context manager websockets asks for; left in close().
        self._opening = opening
        self.ws = opening.__enter__()

    def send(self, text: str) -> None:
        self.ws.send(text)

    def recv(self) -> str:
        from websockets.exceptions import ConnectionClosed

        while True:
            try:
                text = self.ws.recv(timeout=PING_EVERY)
                break
            except TimeoutError:
                self.ws.send(json.dumps({"type": "ping"}))  # its pong is read and ignored
            except ConnectionClosed as exc:
                raise EOFError(str(exc)) from None
        return text if isinstance(text, str) else text.decode()

    def close(self) -> None:
        self._opening.__exit__(None, None, None)


@attrs.frozen
class Seat:
    """A seat this client holds: the game's code, the seat's name and its secret token (empty
    for a seat the client's account holds, see :meth:`Client.account_seat`)."""

    code: str
    seat: str
    token: str


def random_chooser(seed: int | None = None) -> Chooser:
    """A chooser picking any of the options, uniformly (seeded for repeatable games)."""
    rng = random.Random(seed)

    def choose(state: Message) -> str:
        return str(rng.choice(state["view"]["options"]))
    return choose


def computer_chooser(player: str, seed: int | None = None, **options: Any) -> Chooser:
    """A chooser that plays as one of our computer players (``"heuristic"``, ``"ismcts"``,
    ``"search"`` or ``"random"``; ``options`` as :func:`legends.ai.make_player` takes them).

    It decides from the seat's knowledge, which the server sends in each state message in
    which the seat decides when its hello asks for it (:meth:`Client.play` does, for a
    chooser like this one): the same door the server's own computer players use. Where the
    players arrange their setups, it arranges as that player would (or takes the deal).

    :raises ValueError: no such computer player.
    """
    from legends_core import Knowledge

    from .ai import make_player

    computer = make_player(player, seed, **options)

    def choose(state: Message) -> str:
        data = state.get("knowledge")
        if data is None:
            raise ClientError("the state message holds no knowledge: say hello with "
                              "\"knowledge\": true")
        return str(computer.choose(Knowledge.from_dict(data)))

    choose.wants_knowledge = True  # type: ignore[attr-defined]
    choose.arrange = computer.arrange  # type: ignore[attr-defined]
    return choose


def _computer(player: str) -> Callable[[int | None], Chooser]:
    return lambda seed: computer_chooser(player, seed)


#: Choosers by name, for ``legends bot --player``: any of our computer players, or the
#: random chooser (which needs no knowledge).
CHOOSERS: dict[str, Callable[[int | None], Chooser]] = {
    "random": random_chooser, "heuristic": _computer("heuristic"),
    "ismcts": _computer("ismcts"), "search": _computer("search")}


def env_token() -> str | None:
    """The personal access token in the environment (:data:`TOKEN_VARIABLE`), if any."""
    return os.environ.get(TOKEN_VARIABLE) or None


class Client:
    """Starts, joins and plays games on one server (``server``: its address; or give a
    ``transport``); as the account of the personal access token ``token``, if given."""

    def __init__(self, server: str | None = None, *, transport: Transport | None = None,
                 token: str | None = None):
        if transport is None:
            if server is None:
                raise ValueError("give the server's address or a transport")
            transport = HttpTransport(server)
        self.transport = transport
        self._token = token  # kept out of repr() and messages: it is the account's key

    # -- HTTP ------------------------------------------------------------------------------
    def call(self, method: str, path: str, body: Message | None = None) -> Any:
        """A versioned route's answer (``path`` under ``/api/v1``).

        :raises ClientError: the server refused, in its words."""
        if self._token:
            status, answer = self.transport.request(
                method, PREFIX + path, body, {"Authorization": f"Bearer {self._token}"})
        else:
            status, answer = self.transport.request(method, PREFIX + path, body)
        if status != 200:
            said = answer.get("error") if isinstance(answer, dict) else None
            raise ClientError(f"{method} {path}: {status} {said or answer}")
        return answer

    def options(self) -> Message:
        return dict(self.call("GET", "/options"))

    def new_game(self, **fields: Any) -> Seat:
        """Start a game (the fields of ``POST /api/v1/games``); this client takes a seat."""
        answer = self.call("POST", "/games", fields)
        return Seat(answer["code"], answer["seat"], answer["token"])

    def join(self, code: str, **fields: Any) -> Seat:
        """Take the first free seat of the game ``code``."""
        answer = self.call("POST", f"/games/{code}/join", fields)
        return Seat(answer["code"], answer["seat"], answer["token"])

    def account_seat(self, code: str) -> Seat:
        """The seat this client's account holds in the game ``code`` (one going on), to play
        without the seat's token: say, a game started on the page, played on by a program.

        :raises ClientError: no token was given, or the account holds no seat there."""
        if not self._token:
            raise ClientError("a seat of the account's needs a personal access token")
        for game in self.call("GET", "/account/games?result=playing")["games"]:
            if game["code"] == code:
                return Seat(code, game["seat"], "")
        raise NoSeat(f"the account holds no seat in a game {code} going on")

    def record(self, seat: Seat, mine: bool = False) -> Message:
        # A seat of the account's is read as the account's (its token says who).
        whose = {"token": seat.token} if seat.token else {}
        return dict(self.call("POST", f"/games/{seat.code}/record", {**whose, "mine": mine}))

    # -- the websocket -----------------------------------------------------------------
    def connect(self, seat: Seat, knowledge: bool = False) -> Session:
        """An open websocket for ``seat``, hello said (read its ``welcome`` next);
        ``knowledge``: ask for the seat's knowledge in the state messages where it decides."""
        session = Session(self.transport.connect(f"/ws/{seat.code}"), seat)
        if seat.token or not self._token:
            hello: Message = {"type": "hello", "token": seat.token}
        else:  # a seat of the account's (account_seat): the account's token says who
            hello = {"type": "hello", "access_token": self._token}
        if knowledge:
            hello["knowledge"] = True
        session.send(hello)
        return session

    def play(self, seat: Seat, choose: Chooser, *, setup: str = "random",
             on_message: Callable[[Message], None] | None = None) -> Message:
        """Play ``seat`` to the end of its game; returns the last state message.

        :param choose: picks this seat's action from each state message that asks for one
            (a chooser with ``wants_knowledge`` set, as :func:`computer_chooser` makes, is
            sent the seat's knowledge in those messages).
        :param setup: while the players arrange their setups, the line sent (``"random"``:
            the deal, or the line the chooser's ``arrange`` gives, if it has one).
        :param on_message: called with every message the server sends (to log or watch).
        :raises ClientError: the server refused an action or closed the connection.
        """
        with self.connect(seat, knowledge=getattr(choose, "wants_knowledge", False)) as session:
            return session.play(choose, setup=setup, on_message=on_message)


class Session:
    """One seat's websocket."""

    def __init__(self, socket: Socket, seat: Seat):
        self.socket = socket
        self.seat = seat
        #: the server's protocol version (from its ``welcome``)
        self.version: int | None = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.socket.close()

    def send(self, message: Message) -> None:
        self.socket.send(json.dumps(message))

    def receive(self) -> Message:
        try:
            text = self.socket.recv()
        except (EOFError, OSError) as exc:
            raise ClientError(f"the server closed the connection ({exc})") from None
        message = json.loads(text)
        if not isinstance(message, dict) or "type" not in message:
            raise ClientError(f"not a message of the protocol: {text[:80]}")
        return message

    def play(self, choose: Chooser, *, setup: str = "random",
             on_message: Callable[[Message], None] | None = None) -> Message:
        """See :meth:`Client.play`."""
        answered = -1  # the decision last answered (a state may be sent again: a reconnect)
        arranged = False
        while True:
            message = self.receive()
            if on_message is not None:
                on_message(message)
            kind = message["type"]
            if kind == "welcome":
                self.version = message.get("v")
                if self.version != VERSION:
                    raise ClientError(f"the server speaks protocol version {self.version}, "
                                      f"this client {VERSION}")
            elif kind == "arrange" and message["seat"] == self.seat.seat \
                    and message["line"] is None and not arranged:
                # Once: another seat's line may bring a second message showing none of
                # ours before the server has read it (a second line would come after the
                # game began, and be refused).
                arranged = True
                arrange = getattr(choose, "arrange", None)
                if setup == "random" and arrange is not None:
                    setup = arrange(message["rules"], self.seat.seat) or "random"
                self.send({"type": "arrange", "line": setup})
            elif kind == "error":
                raise ClientError(message["message"])
            elif kind == "state":
                view = message["view"]
                if view["over"]:
                    return message
                if view["to_move"] == self.seat.seat and view["options"] \
                        and message["decision"] > answered:
                    answered = message["decision"]
                    self.send({"type": "action", "action": choose(message),
                               "decision": message["decision"]})

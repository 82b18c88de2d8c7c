"""The server's defences that have nothing to do with the game: bounded request bodies,
security headers, the websocket Origin check, attempt rate limits and steady computer replies.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

import attrs
from starlette.requests import Request

from ..i18n import N_

# (Kept here too, where the other modules found them.)
from .refusals import Busy as Busy
from .refusals import Refused as Refused
from .refusals import TooLarge as TooLarge
from .refusals import TooMany as TooMany

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


@attrs.frozen
class Limits:
    """How much one server lets its clients use. The defaults suit a small public server;
    tests shrink them."""

    #: bytes of one HTTP request body
    max_body: int = 16 * 1024
    #: games held in memory at once (the others wait in the store and load when used)
    max_rooms: int = 2000
    #: open websockets, in all
    max_sockets: int = 1000
    #: open websockets from one client address
    max_sockets_per_client: int = 16
    #: seconds a game nobody is connected to stays in memory after its last use
    room_idle: float = 15 * 60.0
    #: seconds a websocket may stay silent before the server closes it
    socket_idle: float = 30 * 60.0
    #: games created or joined by one client address within ``attempt_window`` seconds
    attempts: int = 30
    attempt_window: float = 60.0
    #: messages waiting to be written to one websocket; a browser that lets more pile up
    #: (it does not read) is dropped, and gets its state again when it reconnects
    send_queue: int = 64
    #: seconds one message may take to be written to a websocket before it is dropped
    send_timeout: float = 10.0
    #: spectators of one game watching through one server process (see .watching)
    max_watchers: int = 50


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused as soon as it is known to pass ``limit`` bytes: by its
    declared length before anything is read, else while it streams in."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit() or len(declared) > 12:
            raise Refused(N_("bad Content-Length"))
        if int(declared) > limit:
            raise TooLarge(N_("request body larger than {limit} bytes"), limit=limit)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge(N_("request body larger than {limit} bytes"), limit=limit)
    return bytes(body)


#: The page loads its script and style from this server only and talks only to it. The board
#: pictures carry a <style> element of their own, hence the inline styles; scripts stay strict.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in HEADERS if h[0] not in names)]
            await send(message)

        await self.app(scope, receive, with_headers)


def same_origin(origin: str | None, host: str | None) -> bool:
    """May a websocket with this ``Origin`` header talk to the server at ``host``? Browsers
    always send the page's origin; a page of another site is refused. Clients that are not
    browsers send none and are let in (they hold no cookies a page could borrow)."""
    if origin is None:
        return True
    if not host:
        return False
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc.lower() == host.lower()


class RateLimit:
    """At most ``attempts`` attempts per ``window`` seconds per key (a token bucket: a burst
    of ``attempts``, then one more every ``window / attempts`` seconds)."""

    MAX_KEYS = 10_000

    def __init__(self, attempts: int, window: float, clock: Clock):
        self.capacity = float(attempts)
        self.rate = attempts / window if window > 0 else float("inf")
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: str) -> bool:
        now = self.clock()
        tokens, when = self.buckets.get(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - when) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > self.MAX_KEYS:
            self._forget(now)
        return True

    def _forget(self, now: float) -> None:
        """Drop the keys whose bucket has refilled (they behave as new ones); if too many
        remain, the oldest."""
        full = [k for k, (t, w) in self.buckets.items()
                if t + (now - w) * self.rate >= self.capacity]
        for k in full:
            del self.buckets[k]
        if len(self.buckets) > self.MAX_KEYS:
            for k in sorted(self.buckets, key=lambda k: self.buckets[k][1])[:len(self.buckets) // 2]:
                del self.buckets[k]


class Pacer:
    """Releases the messages that follow a person's action at a steady beat.

    Against the computer, how long the server takes to answer would tell how many decisions the
    computer made in between, and some of those (answering a window) depend on its hidden
    pieces. So each batch of messages to people is held until ``beat`` seconds after the
    person's action or the previous batch: while the computer thinks for less than a beat,
    every answer takes the same time.
    """

    def __init__(self, beat: float, clock: Clock, sleep: Sleep):
        self.beat = beat
        self.clock = clock
        self.sleep = sleep
        self.due = clock() + beat

    async def wait(self) -> None:
        if self.beat <= 0:
            return
        now = self.clock()
        if now < self.due:
            await self.sleep(self.due - now)
        self.due = max(now, self.due) + self.beat

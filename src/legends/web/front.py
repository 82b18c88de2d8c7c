"""The front of ``legends serve --processes N``: one small process on the public address that
hands every request and websocket to one of N server processes (each a normal
:func:`.app.create_app` on 127.0.0.1, all on the same store).

A server process tells only its own browsers about the actions it stores, so every request
about a game goes to the one process that serves it: :func:`.codes.backend_of` of the code in
the path (``/game/{code}``, ``/api/games/{code}/...``, ``/ws/{code}``). Starting a game
(``POST /api/games``) goes to the processes in turn, each minting codes that route to itself;
any other request goes to process 0.

Bodies and frames pass through unchanged, both ways. The front adds ``X-Forwarded-For`` (the
client's address, replacing any the client sent) so the server processes count their limits per
client, not per front; it refuses request bodies over ``MAX_BODY`` (64 KiB), websocket messages
from the servers over ``MAX_FRAME`` (4 MiB), and keeps at most ``QUEUE`` of those per socket.
Websockets from pages of other sites are refused here (the servers see the front's address).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import MutableMapping, Sequence
from typing import Any

import anyio
import httpx
from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .codes import backend_of
from .guards import SecurityHeaders, same_origin

MAX_BODY = 64 * 1024        # bytes of a request body forwarded (the servers take less)
MAX_FRAME = 4 * 1024 * 1024  # bytes of one websocket message from a server
QUEUE = 4                   # websocket messages from a server held per socket
TIMEOUT = 60.0              # seconds to wait on a server for a request
#: Headers about one connection, not the request (RFC 9110 7.6.1), and the forwarded address.
HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
       "transfer-encoding", "upgrade", "proxy-connection", "x-forwarded-for"}
#: Headers of a websocket handshake the client library makes itself.
HANDSHAKE = HOP | {"host", "origin", "sec-websocket-key", "sec-websocket-version",
                   "sec-websocket-extensions", "sec-websocket-protocol", "sec-websocket-accept",
                   "content-length"}
UNSENDABLE = {1005, 1006, 1015}  # close codes that never go on the wire


def route(path: str, method: str, processes: int, turn: itertools.count[int]) -> int:
    """The server process for a request to ``path``."""
    parts = path.strip("/").split("/")
    if parts[:1] == ["ws"] and len(parts) == 2 or parts[:1] == ["game"] and len(parts) == 2:
        return backend_of(parts[1], processes)
    if parts[:2] == ["api", "games"]:
        if len(parts) == 2:
            return next(turn) % processes if method == "POST" else 0
        return backend_of(parts[2], processes)
    return 0


class Front:
    """The ASGI application of the front (``backends``: the servers' base URLs, in order)."""

    def __init__(self, backends: Sequence[str]):
        self.backends = list(backends)
        self.turn = itertools.count()
        self.http: httpx.AsyncClient | None = None

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await SecurityHeaders(self._http)(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(WebSocket(scope, receive, send))

    async def _lifespan(self, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.http = httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False,
                                              limits=httpx.Limits(max_connections=256))
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.http is not None:
                    await self.http.aclose()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _target(self, scope: MutableMapping[str, Any], scheme: str) -> str:
        index = route(scope["path"], scope.get("method", "GET"), len(self.backends), self.turn)
        base = self.backends[index].replace("http", scheme, 1)
        query = scope.get("query_string", b"")
        raw = scope.get("raw_path") or scope["path"].encode()
        return base + raw.decode("latin-1") + ("?" + query.decode("latin-1") if query else "")

    @staticmethod
    def _client(scope: MutableMapping[str, Any]) -> str:
        client = scope.get("client")
        return str(client[0]) if client else "?"

    async def _http(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        request = Request(scope, receive)
        headers = [(k, v) for k, v in request.headers.raw if k.decode("latin-1").lower() not in HOP]
        headers.append((b"x-forwarded-for", self._client(scope).encode()))
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                await _answer(send, 413, "request body too large")
                return
        assert self.http is not None, "the front serves after its startup"
        outgoing = self.http.build_request(scope["method"], self._target(scope, "http"),
                                           headers=headers, content=bytes(body))
        try:
            response = await self.http.send(outgoing, stream=True)
        except httpx.HTTPError:
            await _answer(send, 503, "the server is not answering; try again later")
            return
        try:
            await send({"type": "http.response.start", "status": response.status_code,
                        "headers": [(k, v) for k, v in response.headers.raw
                                    if k.decode("latin-1").lower() not in HOP]})
            async for chunk in response.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        finally:
            await response.aclose()

    async def _websocket(self, ws: WebSocket) -> None:
        if not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
            await ws.accept()
            await ws.send_text(json.dumps({"type": "error", "message":
                                           "connections from pages of other sites are refused"}))
            await ws.close(4403)
            return
        headers = [(k, v) for k, v in ws.headers.items() if k.lower() not in HANDSHAKE]
        headers.append(("x-forwarded-for", self._client(ws.scope)))
        try:
            backend = await connect(self._target(ws.scope, "ws"), additional_headers=headers,
                                    max_size=MAX_FRAME, max_queue=QUEUE, open_timeout=10,
                                    close_timeout=5, user_agent_header=None, compression=None)
        except (OSError, InvalidHandshake, TimeoutError):
            await ws.close(1013)
            return
        await ws.accept()
        async with backend, anyio.create_task_group() as tg:
            tg.start_soon(_upstream, ws, backend)
            await _downstream(ws, backend)
            tg.cancel_scope.cancel()


async def _upstream(ws: WebSocket, backend: ClientConnection) -> None:
    """The browser's frames to the server, until the browser goes."""
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if message.get("text") is not None:
                await backend.send(message["text"])
            elif message.get("bytes") is not None:
                await backend.send(message["bytes"])
    except (ConnectionClosed, WebSocketDisconnect, RuntimeError):
        pass
    await backend.close()


async def _downstream(ws: WebSocket, backend: ClientConnection) -> None:
    """The server's frames to the browser; the server's close code after them."""
    try:
        async for message in backend:
            if isinstance(message, str):
                await ws.send_text(message)
            else:
                await ws.send_bytes(message)
    except ConnectionClosed:
        pass
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the browser went; its side ends the server's socket
    code = backend.close_code
    try:
        await ws.close(1011 if code is None or code in UNSENDABLE else code,
                       backend.close_reason or None)
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass  # the browser went meanwhile


async def _answer(send: Any, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_front(backends: Sequence[str]) -> Front:
    """The front's ASGI application for the servers at ``backends`` (``http://host:port``)."""
    if not backends:
        raise ValueError("the front needs at least one server process")
    return Front(backends)

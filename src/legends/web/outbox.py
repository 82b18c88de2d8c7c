"""One websocket's outgoing messages: queued without waiting, written by a task of its own.

The game's code runs under the game's lock and must never wait for a browser: a browser that
stops reading (a stuck tab, a phone gone to sleep, a client that never reads on purpose) would
otherwise hold every other seat of its game, and the computer players, until its connection
died. So messages are put in a bounded queue (:meth:`Connection.put`, which never waits), and a
writer task (:meth:`Connection.write`) sends them in order outside any lock. A connection whose
queue overflows, or whose single write takes longer than the time allowed, is dropped: its
writer stops, its reader stops, and an attempt is made to close it. The page reconnects and is
greeted with its seat's state as of the last message that seat was sent, so nothing is lost.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..i18n import SOURCE
from .wire import encode

#: What sending on a websocket raises when the browser has gone: Starlette's
#: WebSocketDisconnect (it turns the ASGI server's OSError into one), its RuntimeError for a
#: socket already closed, or the server's own error.
GONE = (RuntimeError, OSError, WebSocketDisconnect)
DROPPED_CLOSE = 4409       # websocket close code: dropped for not reading (the page reconnects)
CLOSE_WAIT = 1.0           # seconds a dropped connection's close frame may take


class Connection:
    """A websocket, the messages waiting to be written to it, and whether it was dropped.

    :param bound: messages that may wait at once; one more drops the connection.
    :param timeout: seconds one message may take to be written; longer drops the connection.
    """

    def __init__(self, ws: WebSocket, bound: int, timeout: float):
        self.ws = ws
        #: the language its reader reads (its request's, then its hello's): errors are worded in it
        self.lang = SOURCE
        #: the id of the access token its hello came with (``None``: a seat's token, or none);
        #: revoking that token closes it
        self.access: str | None = None
        self.bound = bound
        self.timeout = timeout
        self.queue: deque[dict[str, Any] | int] = deque()  # messages, and a close code last
        self.dropped = False
        self.closing = False   # a close (or the end of the handler) is queued: nothing more
        self._ready = anyio.Event()
        self._writing: anyio.CancelScope | None = None
        self._receiving: anyio.CancelScope | None = None

    # -- called by the game's code (never waits) ---------------------------------------
    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message``; if the queue is full, drop the connection instead."""
        if self.dropped or self.closing:
            return
        if len(self.queue) >= self.bound:
            self.drop()
            return
        self.queue.append(message)
        self._ready.set()

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once what is queued has been written."""
        if self.dropped or self.closing:
            return
        self.closing = True
        self.queue.append(code)
        self._ready.set()

    def finish(self) -> None:
        """The handler is done: write what is queued (within the time allowed), then stop."""
        self.closing = True
        self._ready.set()

    def drop(self) -> None:
        """Give up on this browser: stop writing to it and reading from it at once."""
        if self.dropped:
            return
        self.dropped = True
        self.queue.clear()
        self._ready.set()
        for scope in (self._writing, self._receiving):
            if scope is not None:
                scope.cancel()

    # -- the reader --------------------------------------------------------------------
    async def receive(self) -> str | None:
        """The next message's text; ``None`` for a binary frame.

        :raises WebSocketDisconnect: the browser has gone, or the connection was dropped."""
        if self.dropped:
            raise WebSocketDisconnect(DROPPED_CLOSE)
        with anyio.CancelScope() as scope:
            self._receiving = scope
            try:
                return await receive_text(self.ws)
            finally:
                self._receiving = None
        raise WebSocketDisconnect(DROPPED_CLOSE)  # cancelled by drop()

    # -- the writer task ---------------------------------------------------------------
    async def write(self) -> None:
        """Write queued messages in order until :meth:`finish`, a close, or a drop."""
        while not self.dropped:
            if not self.queue:
                if self.closing:
                    return
                self._ready = anyio.Event()
                await self._ready.wait()
                continue
            item = self.queue.popleft()
            if not await self._bounded(item):
                if not self.dropped:
                    self.drop()
                break
            if isinstance(item, int):
                return
        if self.dropped:
            # Tell the browser why, if its connection still takes anything at all.
            with anyio.move_on_after(min(CLOSE_WAIT, self.timeout)):
                await close_ws(self.ws, DROPPED_CLOSE)

    async def _bounded(self, item: dict[str, Any] | int) -> bool:
        """Write one message (or the close, given its code); ``False`` if it took too long
        or the connection was dropped meanwhile."""
        with anyio.move_on_after(self.timeout) as scope:
            self._writing = scope
            try:
                if isinstance(item, int):
                    await close_ws(self.ws, item)
                else:
                    await send_ws(self.ws, item)
            finally:
                self._writing = None
        return not scope.cancelled_caught and not self.dropped


async def receive_text(ws: WebSocket) -> str | None:
    """The next message's text; ``None`` for a binary frame (refused, the socket kept).

    :raises WebSocketDisconnect: the browser has gone (now or before)."""
    if WebSocketState.DISCONNECTED in (ws.client_state, ws.application_state):
        raise WebSocketDisconnect(1006)
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def send_ws(ws: WebSocket, message: dict[str, Any]) -> None:
    if ws.application_state != WebSocketState.CONNECTED:
        return
    try:
        await ws.send_text(encode(message))
    except GONE:
        pass  # the browser went away; it gets everything again when it reconnects


async def close_ws(ws: WebSocket, code: int) -> None:
    """Close ``ws`` with ``code``, unless the browser has gone already (a send just failed,
    or it left meanwhile): then there is nothing left to close."""
    if ws.application_state != WebSocketState.CONNECTED:
        return
    try:
        await ws.close(code=code)
    except GONE:
        pass

"""How the server's messages go on the wire: JSON text, compressed per message.

Building and sending the messages is most of what the server does per action (a state message
is a seat's view and its board picture, about 35 KB of JSON). Two standard parts make it
cheaper than Starlette's and uvicorn's defaults, with the same result for the browser:

* :func:`encode` writes JSON with orjson (some ten times faster than the ``json`` module);
* :class:`WebSocketProtocol` is uvicorn's own websocket protocol with ``permessage-deflate``
  at zlib's fastest level. uvicorn compresses at the default level (6); successive state
  messages are much alike and the window is kept between them, so level 1 sends about a
  third more bytes (some 5 KB instead of 4 a state message) for a quarter of the time.

:data:`UVICORN` holds the options every ``legends serve`` process passes to ``uvicorn.run``.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

#: bytes of one websocket message uvicorn accepts from a browser (the server wants 4 KB)
MAX_SIZE = 64 * 1024
#: zlib's level for the messages the server sends (1: fastest)
LEVEL = 1


def encode(message: dict[str, Any]) -> str:
    """``message`` as JSON text (UTF-8 as it is, no spaces), as ``json.dumps`` with
    ``ensure_ascii=False`` and compact separators would write it."""
    return orjson.dumps(message).decode()


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol (websockets' sans-I/O one), compressing at :data:`LEVEL`
    with the same window and memory as uvicorn's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[ServerPerMessageDeflateFactory(
                    server_max_window_bits=12, client_max_window_bits=12,
                    compress_settings={"memLevel": 5, "level": LEVEL})],
                max_size=self.config.ws_max_size, logger=logging.getLogger("uvicorn.error"))


#: ``uvicorn.run``'s options for every server process (besides the app, address and logging)
UVICORN: dict[str, Any] = {"ws": WebSocketProtocol, "ws_max_size": MAX_SIZE}

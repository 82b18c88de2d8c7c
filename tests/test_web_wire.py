"""The server's messages on the wire (``legends.web.wire``): the same JSON as the standard
library writes, compressed at zlib's fastest level, in a way browsers take."""

from __future__ import annotations

import asyncio
import json
import zlib

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from legends.web.wire import LEVEL, UVICORN, WebSocketProtocol, encode

MESSAGES = [
    {"type": "state", "view": {"pieces": [{"square": "a1", "name": "Urgwaine's Knights",
                                           "known_to": ["beige"], "current": -1}],
                               "over": False, "winner": None, "reason": ""},
     "lines": ["gray's Ægir — moves ↑", "emoji 🐉 and \"quotes\" \\ and\nnew line"],
     "decision": 12, "offer": None, "clock": {"left": {"beige": 59.5}}},
    {"type": "pong"},
    {"type": "error", "message": "text with \u2028 and \u0000 in it"},
]


@pytest.mark.parametrize("message", MESSAGES)
def test_encode_writes_what_the_json_module_writes(message):
    text = encode(message)
    assert json.loads(text) == message
    assert text == json.dumps(message, ensure_ascii=False, separators=(",", ":"))


async def _protocol(per_message_deflate: bool) -> WebSocketProtocol:
    async def app(scope, receive, send):  # never called: no connection is made
        raise AssertionError

    config = Config(app, ws_per_message_deflate=per_message_deflate, **UVICORN)
    config.load()
    return WebSocketProtocol(config, ServerState(), {})


def test_the_served_protocol_compresses_at_the_fastest_level():
    protocol = asyncio.run(_protocol(True))
    (factory,) = protocol.conn.available_extensions
    assert factory.compress_settings == {"memLevel": 5, "level": LEVEL}
    assert (factory.server_max_window_bits, factory.client_max_window_bits) == (12, 12)
    # The extension the handshake gives: what it writes, a browser's inflater reads back.
    extension = factory.process_request_params([], [])[1]
    assert isinstance(extension, PerMessageDeflate)
    text = encode(MESSAGES[0]) * 20
    sent = extension.encode(Frame(Opcode.TEXT, text.encode()))
    assert len(sent.data) < len(text) // 5
    inflate = zlib.decompressobj(-12)
    assert inflate.decompress(sent.data + b"\x00\x00\xff\xff").decode() == text


def test_without_compression_the_protocol_is_uvicorns_own():
    protocol = asyncio.run(_protocol(False))
    assert protocol.conn.available_extensions == []

"""The server held to its published protocol: a transport for :class:`legends.client.Client`
that drives the app in-process (``starlette.testclient``) and checks every HTTP answer against
the OpenAPI document and every websocket message, both ways, against the message schema.

A message or answer the documents do not describe fails at once, naming the message (or
route), the field and what is wrong, so a field added to the server without its description
is caught by name.
"""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

from jsonschema import Draft202012Validator
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette suggests another HTTP client for its tests
    from starlette.testclient import TestClient

from legends.web.protocol import message_schema, openapi

DOC = openapi()
#: Every path template of the document, as a pattern for a concrete path.
TEMPLATES = [(re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", p) + "$"), p) for p in DOC["paths"]]


def _problems(schema: dict[str, Any], value: Any) -> list[str]:
    errors = Draft202012Validator(schema).iter_errors(value)
    return [f"at {e.json_path}: {e.message}" for e in sorted(errors, key=str)]


def check_message(direction: str, message: Any) -> None:
    """Fail unless ``message`` (sent by ``direction``: "server" or "client") is described."""
    assert isinstance(message, dict), f"{direction} sent a non-object: {message!r}"
    kind = message.get("type")
    schema = message_schema(direction, str(kind))
    assert schema is not None, (
        f"the {direction} message type {kind!r} is not in /api/schema/messages.json "
        f"(fields: {sorted(message)})")
    problems = _problems(schema, message)
    assert not problems, (f"the {direction} message {kind!r} does not match its schema in "
                          "/api/schema/messages.json:\n  " + "\n  ".join(problems[:8]))


def template(path: str) -> str:
    for pattern, name in TEMPLATES:
        if pattern.match(path):
            return name
    raise AssertionError(f"{path} is not in /api/openapi.json")


def check_answer(method: str, path: str, status: int, body: Any) -> None:
    """Fail unless the answer to ``method path`` with ``status`` is described."""
    name = template(path.split("?")[0])
    op = DOC["paths"][name].get(method.lower())
    assert op is not None, f"{method} {name} is not in /api/openapi.json"
    answer = op["responses"].get(str(status))
    assert answer is not None, f"{method} {name}: status {status} is not documented ({body!r})"
    schema = answer["content"]["application/json"]["schema"]
    problems = _problems(schema, body)
    assert not problems, (f"{method} {name} ({status}) does not match /api/openapi.json:\n  "
                          + "\n  ".join(problems[:8]))


class CheckedSocket:
    """A test websocket whose every message, each way, is checked; keeps what it received."""

    def __init__(self, http: TestClient, path: str):
        self._cm: Any = http.websocket_connect(path)
        self.ws = self._cm.__enter__()
        self.received: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        check_message("client", json.loads(text))
        self.ws.send_text(text)

    def recv(self) -> str:
        try:
            text = self.ws.receive_text()
        except WebSocketDisconnect as exc:
            raise EOFError(f"closed ({exc.code})") from None
        message = json.loads(text)
        check_message("server", message)
        self.received.append(message)
        return text

    def close(self) -> None:
        if self._cm is not None:
            cm, self._cm = self._cm, None
            cm.__exit__(None, None, None)


class CheckedTransport:
    """:class:`legends.client.Transport` over a ``TestClient``, checking everything."""

    def __init__(self, http: TestClient):
        self.http = http
        self.sockets: list[CheckedSocket] = []
        self.answers = 0

    def request(self, method: str, path: str, body: Any,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        res = self.http.request(method, path, json=body, headers=headers)
        data = res.json()
        check_answer(method, path, res.status_code, data)
        self.answers += 1
        return res.status_code, data

    def connect(self, path: str) -> CheckedSocket:
        socket = CheckedSocket(self.http, path)
        self.sockets.append(socket)
        return socket

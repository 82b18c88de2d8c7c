"""The server's side of the languages: the page's catalogue (``GET /api/messages/{lang}``)
and the language each request is answered in.

The page chooses its language (the switch it shows, else the browser's own list) and keeps it
in a cookie, so every request it makes says which one it reads; a request without the cookie
is answered in the first language of ``Accept-Language`` we have, else English. A websocket
seat says its language again in its ``hello`` (see :meth:`legends.web.rooms.Room.speaks`):
what the server makes for that seat is made in it.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from http.cookies import CookieError, SimpleCookie
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..i18n import SOURCE, choose, known, language, messages

#: The cookie the page keeps its chosen language in (i18n.js sets it).
COOKIE = "legends-lang"
#: The part of the catalogues the page uses: messages found in its own files.
PAGE = "web/static/"


async def page_messages(request: Request) -> Response:
    """``{English: translation}`` for every message of the page in ``lang`` (empty for
    English and for a language we have no catalogue of: the page then stays in English)."""
    found = messages(choose(request.path_params["lang"]), PAGE)
    return JSONResponse(found, headers={"Cache-Control": "no-cache"})


def accepted(header: str | None) -> str:
    """The first language of ours in an ``Accept-Language`` header, by preference (``q``)."""
    wanted = []
    for i, item in enumerate((header or "").split(",")[:20]):
        code, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if known(code) and weight > 0:
            wanted.append((-weight, i, choose(code)))
    return min(wanted)[2] if wanted else SOURCE


def requested(headers: list[tuple[bytes, bytes]]) -> str:
    """The language a request asks for: the page's cookie, else ``Accept-Language``."""
    found = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in headers}
    if "cookie" in found:
        try:
            cookie = SimpleCookie(found["cookie"])
        except CookieError:
            cookie = SimpleCookie()
        if COOKIE in cookie and known(cookie[COOKIE].value):
            return choose(cookie[COOKIE].value)
    return accepted(found.get("accept-language"))


class SpokenLanguage:
    """ASGI middleware: each request (and each websocket, until its ``hello`` says
    otherwise) is answered in the language it asks for."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with language(requested(scope.get("headers") or [])):
            await self.app(scope, receive, send)

"""The account routes of the play server (see :mod:`.accounts` for the rules):

* ``GET /api/account``: ``{"signed_in": false}``, or the name, player id and CSRF token of the
  account this browser is signed in to.
* ``POST /api/account/signup`` and ``/signin`` (``name``, ``password``): sign up or in; the
  answer is ``GET /api/account``'s, with the session cookie.
* ``POST /api/account/signout``: the session ends (its cookie is cleared).
* ``GET /api/account/games?edition=&result=&rated=&opponent=&finished=&page=``: the
  signed-in account's games, newest first, ``PAGE`` (20) a page (``result``: ``won``,
  ``drawn``, ``lost`` or ``playing``; ``rated`` and ``finished``: ``true`` or ``false``;
  ``opponent``: part of an opponent's name; ``more``: a next page exists); an account may read the record and replay of a seat it played, after the end,
  without the seat's token.
* ``GET /api/players/{name}``: a player page: name, when they joined, ratings per edition and
  their recent ended games.
* ``GET /player/{name}`` and ``GET /my-games``: the page, showing a player page or the
  signed-in account's games.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..i18n import N_, _
from .accounts import (
    COOKIE,
    PLAY,
    READ,
    Account,
    Accounts,
    bearer_token,
    clear_cookie,
    describe,
    needs,
    no_bearer,
    public_player,
    set_cookie,
)
from .guards import Refused, read_body
from .refusals import answer
from .store import StoreError

if TYPE_CHECKING:
    from .app import Server

log = logging.getLogger(__name__)
#: games on one page of "my games"
PAGE = 20


class SignInNeeded(Refused):
    status = 401


async def account_of(server: Server, request: Request, need: str = PLAY) -> Account | None:
    """The account of the request's personal access token (``Authorization: Bearer``; its
    cookie is then not read), or the one its session cookie is signed in to (``None``: none).

    :param need: the scope the route needs of a token (:data:`~.accounts.READ` for a route
        that only reads the account's things; by default :data:`~.accounts.PLAY`).
    :raises Refused: the token is not valid (401) or may not do that (403)."""
    accounts: Accounts = server.accounts
    bearer = bearer_token(request)
    if bearer is not None:
        return needs(await to_thread.run_sync(accounts.bearer, bearer), need)
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    return await to_thread.run_sync(accounts.current, token)


def answering(handler: Callable[[Request], Awaitable[Response]]
              ) -> Callable[[Request], Awaitable[Response]]:
    """An account route's endpoint: refusals and store failures answered in words."""
    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as exc:
            return answer(exc)
        except (StoreError, OSError) as exc:
            # Said without the request: its body may hold a password.
            log.warning("legends: %s %s: the store failed: %s", request.method,
                        request.url.path, exc)
            return JSONResponse({"error": _("the games store failed; try again later")},
                                status_code=503)
    return endpoint


def routes(server: Server, page: Callable[[Request], Awaitable[Response]]) -> list[BaseRoute]:
    accounts: Accounts = server.accounts

    async def fields(request: Request) -> tuple[object, object]:
        from .app import _body
        data = _body(await read_body(request, server.limits.max_body))
        return data.get("name"), data.get("password")

    async def current(request: Request) -> Response:
        account = await account_of(server, request, READ)
        response = JSONResponse(describe(account))
        if account is None and request.cookies.get(COOKIE):
            # A dead session's cookie goes: with it, every POST would be refused for want
            # of a CSRF token the page cannot get.
            clear_cookie(response, request)
        return response

    async def sign_up(request: Request) -> Response:
        no_bearer(request)
        name, password = await fields(request)
        account, token = await to_thread.run_sync(accounts.sign_up, name, password)
        response = JSONResponse(describe(account))
        set_cookie(response, request, token)
        return response

    async def sign_in(request: Request) -> Response:
        no_bearer(request)
        name, password = await fields(request)
        address = request.client.host if request.client else "?"
        account, token = await to_thread.run_sync(accounts.sign_in, name, password, address)
        await to_thread.run_sync(accounts.sign_out, request.cookies.get(COOKIE))  # the old one
        response = JSONResponse(describe(account))
        set_cookie(response, request, token)
        return response

    async def sign_out(request: Request) -> Response:
        no_bearer(request)
        await to_thread.run_sync(accounts.sign_out, request.cookies.get(COOKIE))
        response = JSONResponse({"signed_in": False})
        clear_cookie(response, request)
        return response

    async def my_games(request: Request) -> Response:
        account = await account_of(server, request, READ)
        if account is None:
            raise SignInNeeded(N_("sign in to see your games"))
        query = request.query_params
        rated = {"true": True, "false": False, "": None}.get(query.get("rated", ""), None)
        result = query.get("result") or None
        if result not in (None, "won", "drawn", "lost", "playing"):
            raise Refused(N_("result: expected won, drawn, lost or playing"))
        finished = {"true": True, "false": False, "": None}.get(query.get("finished", ""), None)
        try:
            number = max(1, min(int(query.get("page") or 1), 10_000))
        except ValueError:
            raise Refused(N_("page: expected a whole number")) from None
        # One more than a page: whether there is a next one.
        games = await to_thread.run_sync(partial(
            server.store.account_games, account.id, edition=query.get("edition") or None,
            result=result, rated=rated, opponent=(query.get("opponent") or "")[:40] or None,
            finished=finished, limit=PAGE + 1, offset=(number - 1) * PAGE))
        return JSONResponse({"name": account.name, "games": games[:PAGE], "page": number,
                             "more": len(games) > PAGE})

    async def player(request: Request) -> Response:
        found = await to_thread.run_sync(public_player, server.store,
                                          request.path_params["name"][:100])
        if found is None:
            raise Refused(N_("no player of that name"))
        return JSONResponse(found)

    return [
        Route("/player/{name}", page),
        Route("/my-games", page),
        Route("/api/account", answering(current)),
        Route("/api/account/signup", answering(sign_up), methods=["POST"]),
        Route("/api/account/signin", answering(sign_in), methods=["POST"]),
        Route("/api/account/signout", answering(sign_out), methods=["POST"]),
        Route("/api/account/games", answering(my_games)),
        Route("/api/players/{name}", answering(player)),
    ]


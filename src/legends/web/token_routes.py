"""Personal access tokens: the routes that manage them, and the doors a program comes in by
with one (see :mod:`.accounts` for the rules).

* ``GET /api/account/tokens``: the signed-in account's tokens (id, label, scope, when made,
  last used and when it expires; never the tokens themselves).
* ``POST /api/account/tokens`` (``label``, ``scope``: ``read`` or ``play``,
  ``expires_in_days``: 1 to 366, ``null`` for never, 90 when left out): a new token; the
  answer holds it, once (only its digest is kept: it cannot be shown again).
* ``DELETE /api/account/tokens/{id}``: revoke one; every later use of it is refused (401),
  and the websockets opened with it are closed, on every server process (:mod:`.revocations`).

These need the session cookie (and, as every change made with it, the CSRF token): a token
cannot make or revoke tokens.

A program sends its token as ``Authorization: Bearer <token>`` with any HTTP request, and in
the websocket's hello as ``access_token`` in place of a seat's ``token`` (``hello_seat``).
The account routes a program may read with a token are also served under the versioned
prefix (:data:`VERSIONED`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..i18n import N_
from . import account_routes
from .account_routes import SignInNeeded, account_of, answering
from .accounts import PLAY, TOKEN_DAYS, Account, Accounts, needs, no_bearer
from .guards import Refused, read_body
from .protocol import PREFIX

if TYPE_CHECKING:
    from .app import Server
    from .rooms import Room

#: The account routes (their paths under ``/api``) also served under ``/api/v1``, for
#: programs reading them with a token.
VERSIONED = ("/account", "/account/games", "/players/{name}")


def routes(server: Server, page: Callable[[Request], Awaitable[Response]]) -> list[BaseRoute]:
    """The tokens' routes, and the account routes of :data:`VERSIONED` under ``/api/v1``."""
    accounts: Accounts = server.accounts

    async def signed_in(request: Request) -> Account:
        no_bearer(request)
        account = await account_of(server, request)
        if account is None:
            raise SignInNeeded(N_("sign in to manage your access tokens"))
        return account

    async def listed(request: Request) -> Response:
        account = await signed_in(request)
        return JSONResponse({"tokens": await to_thread.run_sync(accounts.tokens, account)})

    async def made(request: Request) -> Response:
        account = await signed_in(request)
        from .app import _body
        data = _body(await read_body(request, server.limits.max_body))
        info, token = await to_thread.run_sync(accounts.make_token, account, data.get("label"),
                                               data.get("scope"),
                                               data.get("expires_in_days", TOKEN_DAYS))
        return JSONResponse({**info, "token": token})

    async def revoked(request: Request) -> Response:
        account = await signed_in(request)
        await to_thread.run_sync(accounts.revoke, account, request.path_params["id"])
        server.token_revoked(request.path_params["id"])
        return JSONResponse({"tokens": await to_thread.run_sync(accounts.tokens, account)})

    return [
        Route("/api/account/tokens", answering(listed)),
        Route("/api/account/tokens", answering(made), methods=["POST"]),
        Route("/api/account/tokens/{id}", answering(revoked), methods=["DELETE"]),
        *(Route(PREFIX + r.path[len("/api"):], r.endpoint, methods=r.methods)
          for r in account_routes.routes(server, page)
          if isinstance(r, Route) and r.path.startswith("/api/")
          and r.path[len("/api"):] in VERSIONED),
    ]


async def hello_seat(server: Server, code: str, hello: Mapping[str, Any]
                     ) -> tuple[Room, str, str | None]:
    """The game and seat a websocket's hello claims: the seat whose ``token`` it holds, or,
    with an ``access_token`` in place of the seat's token, the seat the token's account holds
    in the game (a ``play`` token's; the same refusal whether the game is missing or the
    account has no seat in it, as for a seat's token). Third: the access token's id, so that
    revoking it closes the websocket (:mod:`.revocations`); ``None`` for a seat's token."""
    access = hello.get("access_token")
    if access is None or "token" in hello:
        return (*await server.seat_for(code, hello.get("token")), None)
    if not isinstance(access, str):
        raise Refused(N_("access_token: expected text"))
    account = await to_thread.run_sync(server.accounts.bearer, access)
    needs(account, PLAY)
    return (*await server.viewer_for(code, {}, account), account.token_id)

"""Accounts on the play server: optional (anyone may still play without one), with a name and
a password; passkeys (WebAuthn) are not offered yet.

* **Passwords** are hashed with argon2id (argon2-cffi's current parameters); a hash made with
  older parameters is made again at the next sign-in. The password itself is never stored,
  logged or sent back.
* **Sessions**: signing in gives the browser a random token in the cookie :data:`COOKIE`
  (HttpOnly, SameSite=Lax, Path=/, Secure when the page is served over https, also behind a
  proxy that says so in ``X-Forwarded-Proto``). The store keeps only its SHA-256 digest, with an
  expiry that slides on by :data:`SESSION_DAYS` at each use; signing out deletes it.
* **CSRF**: a ``POST`` carrying the cookie must come from the page's own origin
  (``Sec-Fetch-Site``/``Origin``) and carry the header ``X-CSRF-Token`` with the token derived
  from the session (the page reads it from ``GET /api/account``); otherwise it is refused
  (403) before any handler runs (:class:`CsrfGuard`). Signing up and in are also refused from
  other sites, so a page elsewhere cannot sign a browser in to its own account.
* **Sign-in limits**: :data:`FAILURES` failed sign-ins per :data:`WINDOW` seconds, counted per
  account name and per client address in the store (so every server process sharing it counts
  the same), then 429 with the seconds to wait.
* **Personal access tokens**, for programs (bots, other frontends, research agents): a
  signed-in person makes one with a label and a scope (:data:`SCOPES`), is shown it once, and
  may list and revoke their tokens (:mod:`.token_routes`). The store keeps only its SHA-256
  digest. A token lasts the days chosen (``TOKEN_DAYS`` unless told; at most
  ``TOKEN_DAYS_MAX``) or, if asked for, for ever; an expired one is refused with 401. A
  request with ``Authorization: Bearer <token>`` is the token's account and nobody else's:
  its cookie, if any, is not read, and it needs no CSRF token (a page of another site
  cannot add that header without the server's leave, which it never gives; the page's own
  script has no token to add). A token that is wrong or revoked is refused with 401, and a
  ``read`` token asked to play with 403. Other ``Authorization`` schemes are not ours (a
  proxy's Basic credentials) and are passed over. The websocket takes the token in its hello
  (``access_token``): browsers cannot set a websocket's headers, programs can send a hello.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, MutableMapping
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, Response

from ..i18n import N_, _
from .guards import Refused, TooMany, same_origin
from .names import unseen_character
from .store import Store, token_digest

#: the session cookie's name
COOKIE = "legends-session"
#: the header a state-changing request with the session cookie carries its CSRF token in
CSRF_HEADER = "x-csrf-token"
#: days a session lasts after its last use
SESSION_DAYS = 30
SESSION_SECONDS = SESSION_DAYS * 24 * 3600
#: failed sign-ins allowed per :data:`WINDOW` seconds, per account name and per address
FAILURES = 5
#: seconds over which failed sign-ins are counted
WINDOW = 15 * 60
#: what an account's name may be
NAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
#: how no account's name may begin (in any case): the computer players' names do
RESERVED = "computer"
#: the shortest password accepted
PASSWORD_MIN = 10
PASSWORD_MAX = 1024  # longer is no safer, and costs the hash time
#: what a player id of an account looks like (the ratings key players by it)
PREFIX = "account:"
#: the header a program's request carries its personal access token in
AUTHORIZATION = "authorization"
READ, PLAY = "read", "play"
#: a personal access token's scopes: ``read`` the account's things (who it is, its games and
#: their records), or ``play`` as it too (start, join and play games); ``play`` includes ``read``
SCOPES = (READ, PLAY)
#: what a personal access token starts with (so it can be told from other secrets in a file)
TOKEN_PREFIX = "lgp_"
#: the most personal access tokens an account may hold at once
TOKENS_MAX = 20
#: the longest label a token may have
LABEL_MAX = 60
#: seconds within which a token's repeated use is not written down again as its last use
USE_QUIET = 60.0
#: days a personal access token lasts when its maker does not say (``expires_in_days``), and
#: the most it may be given; ``null`` asks for a token that never expires
TOKEN_DAYS = 90
TOKEN_DAYS_MAX = 366

_hasher = PasswordHasher()  # argon2id, the library's recommended parameters


class Forbidden(Refused):
    """Refused with 403: the request may not do that (another site's, a missing CSRF token,
    or an access token whose scope does not allow it)."""

    status = 403


class Unauthorized(Refused):
    """Refused with 401: the access token is wrong or revoked."""

    status = 401


class Account:
    """Who a request comes from: the account's id and name, and its session's token; or, for
    a request made with a personal access token, its ``scope`` (the token itself is not kept
    here: nothing that describes the account can show it)."""

    def __init__(self, ident: str, name: str, token: str, scope: str | None = None,
                 token_id: str | None = None):
        self.id, self.name, self.token = ident, name, token
        #: ``None``: a signed-in session (may do anything); else the access token's scope
        self.scope = scope
        #: the access token's id (what its owner's list shows), for a request made with one
        self.token_id = token_id

    def may(self, need: str) -> bool:
        """May this account, as it came, do what needs the scope ``need``?"""
        return self.scope is None or self.scope == PLAY or self.scope == need

    @property
    def player(self) -> str:
        """The account's player id in games and ratings."""
        return PREFIX + self.id

    @property
    def csrf(self) -> str:
        return csrf_token(self.token)


def csrf_token(session: str) -> str:
    """The CSRF token of a session: only a holder of the session token can know it."""
    return hmac.new(b"legends-csrf", session.encode(), hashlib.sha256).hexdigest()


def check_name(name: object) -> str:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise Refused(N_("name: use 3 to 24 letters, digits, '_' or '-'"))
    if name.casefold().startswith(RESERVED):  # the leaderboard's computer players are theirs
        raise Refused(N_("that name is kept for the computer players; choose another"))
    return name


def check_password(password: object) -> str:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise Refused(N_("password: use at least {count} characters"), count=PASSWORD_MIN)
    return password


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def secure(conn: HTTPConnection) -> bool:
    """Was the page served over https (directly, or by the proxy in front)?"""
    forwarded = conn.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return conn.url.scheme in ("https", "wss") or forwarded == "https"


def set_cookie(response: Response, conn: HTTPConnection, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=SESSION_SECONDS, path="/", httponly=True,
                        samesite="lax", secure=secure(conn))


def clear_cookie(response: Response, conn: HTTPConnection) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure(conn))


class Accounts:
    """The account rules over a store (each method does its store work in the calling thread:
    the server runs them in its writer's thread)."""

    def __init__(self, store: Store, wall: Callable[[], float] = time.time):
        self.store, self.wall = store, wall

    def sign_up(self, name: object, password: object) -> tuple[Account, str]:
        """A new account, signed in: the account and its session token."""
        name, password = check_name(name), check_password(password)
        ident = secrets.token_hex(8)
        if not self.store.add_account(ident, name, hash_password(password), self.wall()):
            raise Refused(N_("that name is taken; choose another"))
        return self._session(ident, name)

    def sign_in(self, name: object, password: object, address: str) -> tuple[Account, str]:
        if not isinstance(name, str) or not isinstance(password, str) or \
                len(name) > 100 or len(password) > PASSWORD_MAX:
            raise Refused(N_("name and password: expected text"))
        now = self.wall()
        subjects = ["name:" + name.casefold(), "address:" + address]
        failed = self.store.sign_in_failures(subjects, now - WINDOW)
        if len(failed) >= FAILURES:
            wait = max(1, int(failed[-FAILURES] + WINDOW - now) + 1)
            raise TooMany(N_("too many failed sign-ins; try again in {seconds} seconds"),
                          seconds=wait)
        # Counted as a failure before the (slow) check, and taken back if it succeeds: many
        # attempts at once cannot all pass the limit while the first are being checked.
        self.store.add_sign_in_failure(subjects, now, now - WINDOW)
        found = self.store.find_account(name)
        ok = False
        if found is not None:
            try:
                ok = _hasher.verify(found[2], password)
            except (VerificationError, InvalidHashError):
                ok = False
        else:
            hash_password(password)  # as slow as a wrong password: names are not told apart
        if not ok or found is None:
            raise Refused(N_("wrong name or password"))
        self.store.drop_sign_in_failure(subjects, now)
        ident, shown, hashed, _joined = found
        if _hasher.check_needs_rehash(hashed):
            self.store.set_password_hash(ident, hash_password(password))
        return self._session(ident, shown)

    def _session(self, ident: str, name: str) -> tuple[Account, str]:
        token = secrets.token_urlsafe(32)
        now = self.wall()
        self.store.add_session(token_digest(token), ident, now + SESSION_SECONDS, now)
        return Account(ident, name, token), token

    def current(self, token: str | None) -> Account | None:
        """The account a session token is signed in to (its expiry moved on), or ``None``."""
        if not token or len(token) > 100:
            return None
        now = self.wall()
        found = self.store.session_account(token_digest(token), now, now + SESSION_SECONDS)
        return None if found is None else Account(found[0], found[1], token)

    def sign_out(self, token: str | None) -> None:
        if token and len(token) <= 100:
            self.store.drop_session(token_digest(token))

    # -- personal access tokens ------------------------------------------------------
    def make_token(self, account: Account, label: object, scope: object,
                   days: object = TOKEN_DAYS) -> tuple[dict[str, Any], str]:
        """A new token of ``account``'s, lasting ``days`` days (``None``: for ever): what the
        list shows of it, and the token itself (to be shown once; only its digest is kept)."""
        if not isinstance(label, str) or not label.strip() or len(label) > LABEL_MAX \
                or unseen_character(label) is not None:
            raise Refused(N_("label: use 1 to {count} characters that show"), count=LABEL_MAX)
        if scope not in SCOPES:
            raise Refused(N_("scope: expected {read} or {play}"), read=READ, play=PLAY)
        if days is not None and (isinstance(days, bool) or not isinstance(days, int)
                                 or not 1 <= days <= TOKEN_DAYS_MAX):
            raise Refused(N_("expires_in_days: expected a whole number of days from 1 to "
                             "{most}, or null for a token that never expires"),
                          most=TOKEN_DAYS_MAX)
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        ident, now = secrets.token_hex(6), self.wall()
        expires = None if days is None else now + days * 24 * 3600
        label = " ".join(label.split())
        if not self.store.add_access_token(ident, token_digest(token), account.id, label,
                                           str(scope), now, expires, TOKENS_MAX):
            raise Refused(N_("you hold {count} tokens, as many as an account may; revoke one "
                            "first"), count=TOKENS_MAX)
        return {"id": ident, "label": label, "scope": scope, "created": now, "used": None,
                "expires": expires}, token

    def tokens(self, account: Account) -> list[dict[str, Any]]:
        return self.store.access_tokens(account.id)

    def revoke(self, account: Account, ident: str) -> None:
        if len(ident) > 100 or not self.store.drop_access_token(account.id, ident):
            raise Refused(N_("you have no token with that id"))

    def bearer(self, token: str) -> Account:
        """The account a personal access token acts for.

        :raises Unauthorized: no such token (mistyped, or revoked), or it has expired."""
        found = None
        now = self.wall()
        if token.startswith(TOKEN_PREFIX) and len(token) <= 100:
            found = self.store.access_token_account(token_digest(token), now, USE_QUIET)
        if found is None:
            raise Unauthorized(N_("this access token is not valid: it was revoked, or it is "
                                 "mistyped"))
        ident, name, scope, token_id, expires = found
        if expires is not None and now >= expires:
            day = time.strftime("%Y-%m-%d", time.gmtime(expires))
            raise Unauthorized(N_("this access token expired on {date} (UTC): make a new one"),
                               date=day)
        return Account(ident, name, "", scope, token_id)


def is_bearer(header: str | bytes | None) -> bool:
    """Does an ``Authorization`` header's value claim a personal access token? (Other schemes
    are not ours: a proxy in front may ask for Basic credentials, which a browser then sends
    with every request, its cross-site ones too.)"""
    if isinstance(header, bytes):
        header = header.decode("latin-1")
    return header is not None and header.strip()[:6].lower() == "bearer"


def bearer_token(conn: HTTPConnection) -> str | None:
    """The personal access token of a request's ``Authorization: Bearer`` header (``None``:
    it has none; another scheme's header is not ours and is passed over).

    :raises Unauthorized: the header says Bearer but holds no token."""
    header = conn.headers.get(AUTHORIZATION)
    if not is_bearer(header):
        return None
    assert header is not None
    token = header.strip()[6:].strip()
    if not token or not header.strip()[6:7].isspace():
        raise Unauthorized(N_("Authorization: expected 'Bearer' and a personal access token"))
    return token


def needs(account: Account | None, scope: str) -> Account | None:
    """``account``, if it may do what needs ``scope``.

    :raises Forbidden: it came with a token whose scope does not allow it."""
    if account is not None and not account.may(scope):
        raise Forbidden(N_("this access token may only read; make one with the 'play' scope "
                          "to start, join or play games"))
    return account


def no_bearer(conn: HTTPConnection) -> None:
    """Refuse a request made with an access token to a route of the signed-in page only
    (signing in and out, managing tokens: a token cannot make more tokens)."""
    if is_bearer(conn.headers.get(AUTHORIZATION)):
        raise Forbidden(N_("this is done signed in on the page, not with an access token"))


def same_site(conn: HTTPConnection) -> bool:
    """Does the request come from a page of this site (or from no page at all)?"""
    fetch_site = conn.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    return same_origin(conn.headers.get("origin"), conn.headers.get("host"))


class CsrfGuard:
    """ASGI middleware refusing forged requests (see the module's docstring): a state-changing
    request carrying the session cookie needs the same site and the session's CSRF token;
    signing up and in need the same site."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] not in self.SAFE \
                and not _has_bearer(scope):
            # (A request with a Bearer header is a token's: see the module's docstring.)
            conn = HTTPConnection(scope)
            problem = None
            session = conn.cookies.get(COOKIE)
            if (session or conn.url.path.startswith("/api/account")) and not same_site(conn):
                problem = _("refused: this request came from another site")
            elif session and not hmac.compare_digest(
                    conn.headers.get(CSRF_HEADER, "").encode(), csrf_token(session).encode()):
                problem = _("refused: the request lacks this session's CSRF token; "
                            "reload the page")
            if problem is not None:
                await JSONResponse({"error": problem}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _has_bearer(scope: MutableMapping[str, Any]) -> bool:
    return any(key == b"authorization" and is_bearer(value)
               for key, value in scope.get("headers", ()))


def describe(account: Account | None) -> dict[str, Any]:
    """``GET /api/account``'s answer (with a token: its scope, and no CSRF token, which only
    a session has)."""
    if account is None:
        return {"signed_in": False}
    if account.scope is not None:
        return {"signed_in": True, "name": account.name, "player": account.player,
                "scope": account.scope}
    return {"signed_in": True, "name": account.name, "player": account.player,
            "csrf": account.csrf}


def public_player(store: Store, name: str) -> dict[str, Any] | None:
    """A player page's facts: name, when they joined, ratings per edition, recent games."""
    found = store.find_account(name)
    if found is None:
        return None
    ident, shown, _hash, joined = found
    # Only ended games: a game going on is its players' business (its code lets anyone in).
    ended = store.account_games(ident, finished=True, limit=20)
    for game in ended:
        del game["seat"]
    return {"name": shown, "joined": joined, "ratings": store.player_ratings(PREFIX + ident),
            "games": ended, "tallies": store.account_tallies(ident)}

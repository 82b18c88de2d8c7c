"""The lobby's routes: open games (seeks), the public games in progress, challenges between
accounts, a challenge link's invitation, and rematches (tables: :mod:`.lobby_store`).

* ``GET /api/lobby?edition=``: the open seeks, the public games in progress (edition, players'
  names, turn, watchers) and, signed in, the account's challenges (``to_me``, ``from_me``).
* ``POST /api/lobby/seeks`` (``rules``, ``clock``, ``rated``, ``low``, ``high``, ``name``,
  ``player``, ``private``): post a seek. Its game is made at once with the poster seated (as
  ``POST /api/games`` does, opponent a person, side at random); the answer is that seat
  (``code``, ``seat``, ``token``) and the seek's ``id`` and secret ``key``. Rated seeks need an
  account; only they take a rating range (``low``, ``high``), which the server enforces.
* ``POST /api/lobby/seeks/{id}`` (``key``): the poster's page asks how its seek stands
  (``open``, ``taken``, or ``gone``), which keeps it listed: a seek not asked about for
  :data:`~.lobby_store.STALE` seconds goes. ``.../cancel`` (``key``): take it back.
* ``POST /api/lobby/seeks/{id}/take`` (``name``, ``player``, ``setup``): take a seek: seated in
  its game at once (the join's answer).
* ``POST /api/lobby/challenges`` (signed in; ``to``: an account's name, and the seek's game
  fields): challenge an account; the challenger is seated in its game. ``POST
  /api/lobby/challenges/{id}`` (``answer``: ``accept`` or ``decline`` by the challenged,
  ``cancel`` by the challenger); accepting seats the challenged account (the join's answer).
* ``GET /api/games/{code}/invitation``: what a challenge link invites to (who, edition, clock,
  rated), while the game has a free seat.
* ``POST /api/games/{code}/rematch`` (``token``, ``offer``): see :mod:`.rematch`.

A new game is public (listed in the lobby while it goes on) unless made with ``"private":
true``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from legends_core.ruleset import ALIASES, rulesets

from ..i18n import N_, _
from . import rematch
from .account_routes import SignInNeeded, account_of
from .accounts import Account
from .endings import time_control
from .guards import Refused
from .lobby_store import LobbyStore
from .refusals import answer, words_of
from .store import StoreError

if TYPE_CHECKING:
    from .app import Server

#: seconds a public game stays listed after it was made (one not ended by then is taken to
#: be abandoned)
LISTED_FOR = 6 * 3600.0
#: the most public games the lobby lists
GAMES_LISTED = 20
#: the bounds of a rating range
RATING_BOUNDS = (0, 4000)


def lobby_of(server: Server) -> LobbyStore:
    """The server's lobby tables (made once per server)."""
    lobby = getattr(server, "lobby", None)
    if lobby is None:
        lobby = server.lobby = LobbyStore(server.store)  # type: ignore[attr-defined]
    return lobby


def is_private(data: Mapping[str, Any]) -> bool:
    """Is the new game ``data`` asks for private (not listed in the lobby)?"""
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise Refused(N_("private: expected true or false"))
    return private


async def list_game(server: Server, code: str) -> None:
    """List a new public game in the lobby (shown there while it goes on)."""
    room = await server.room(code)
    if room is not None:
        await server.writer.run(lobby_of(server).list_game, room.code, room.rules_name,
                                server.wall())


def _edition(value: object) -> str | None:
    if value in (None, ""):
        return None
    edition = ALIASES.get(str(value), str(value))
    if edition not in rulesets():
        raise Refused(N_("edition: unknown edition {edition}"), edition=str(value)[:40])
    return edition


def _bound(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value in (None, ""):
        return None
    low, high = RATING_BOUNDS
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Refused(N_("{key}: expected a rating from {low} to {high}"), key=key, low=low,
                      high=high)
    return value


def _rated(data: Mapping[str, Any]) -> bool:
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        raise Refused(N_("rated: expected true or false"))
    return rated


def _game_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """What a seek or a challenge passes on to the new game (a person's game, side at
    random unless chosen)."""
    fields = {key: data[key] for key in ("rules", "clock", "rated", "name", "player", "setup",
                                         "side", "auto_pass") if key in data}
    fields.setdefault("side", "random")
    return {**fields, "opponent": "human"}


def _clock_pair(data: Mapping[str, Any]) -> tuple[float, float] | None:
    try:
        return time_control(data.get("clock"))
    except ValueError as exc:
        raise Refused(words_of(exc)) from None


def routes(server: Server, body: Callable[[Request], Awaitable[dict[str, Any]]],
           player_of: Callable[[Mapping[str, Any]], str | None],
           attempt: Callable[[Request], None]) -> list[BaseRoute]:
    """The lobby's routes (``body``: a request's JSON object; ``player_of``: the player id a
    body's ``player`` secret stands for; ``attempt``: count a game made or joined against
    the client's limit)."""
    lobby = lobby_of(server)

    def answering(handler: Callable[[Request], Awaitable[dict[str, Any]]]):
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except Refused as exc:
                return answer(exc)
            except (StoreError, OSError):
                return JSONResponse({"error": _("the games store failed; try again later")},
                                    status_code=503)
        return endpoint

    async def signed_in(request: Request, why: str) -> Account:
        account = await account_of(server, request)
        if account is None:
            raise SignInNeeded(why)
        return account

    # -- the lobby -----------------------------------------------------------------------
    async def listing(request: Request) -> dict[str, Any]:
        edition = _edition(request.query_params.get("edition"))
        now = server.wall()
        seeks = await server.writer.read(lobby.seeks, now, edition)
        out: dict[str, Any] = {"seeks": seeks, "games": await public_games(edition, now)}
        account = await account_of(server, request)
        if account is not None:
            out["challenges"] = await server.writer.read(lobby.challenges, account.id, now)
        return out

    async def public_games(edition: str | None, now: float) -> list[dict[str, Any]]:
        games = []
        for code, rules, seats_text in await server.writer.read(
                lobby.public_games, now - LISTED_FOR, edition, GAMES_LISTED):
            seats = json.loads(seats_text)
            if any(info.get("kind", "human") == "human" and not info.get("taken")
                   for info in seats.values()):
                continue  # not begun: a seat is free
            room = await server.room(code)
            if room is None or room.over:
                continue
            games.append({
                "code": room.code, "edition": rules,
                "players": [str(info.get("name") or "") for info in room.seats.values()],
                "turn": 0 if room.arranging else room.game.turn,
                "arranging": room.arranging, "watchers": room.watcher_count()})
        return games

    # -- seeks ---------------------------------------------------------------------------
    async def post_seek(request: Request) -> dict[str, Any]:
        attempt(request)
        data = await body(request)
        account = await account_of(server, request)
        rated = _rated(data)
        low, high = _bound(data, "low"), _bound(data, "high")
        if rated and account is None:
            raise Refused(N_("sign in to post a rated game"))
        if not rated and (low is not None or high is not None):
            raise Refused(N_("a rating range is for rated games only"))
        if low is not None and high is not None and low > high:
            raise Refused(N_("the rating range's lowest rating is above its highest"))
        clock = _clock_pair(data)
        private = is_private(data)
        made = await server.new_game(_game_fields(data), account)
        if not private:
            await list_game(server, made["code"])
        room = await server.room(made["code"])
        assert room is not None
        player = account.player if account is not None else player_of(data)
        rating = (await server.writer.read(lobby.rating, player, room.rules_name)
                  if rated and player is not None else None)
        name = account.name if account is not None else room.seats[made["seat"]]["name"]
        ident, key = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
        await server.writer.run(lobby.add_seek, ident, key, room.code, room.rules_name,
                                clock, rated, low, high, name, player, rating, server.wall())
        return {**made, "id": ident, "key": key}

    async def keep_seek(request: Request) -> dict[str, Any]:
        data = await body(request)
        key = data.get("key")
        found = (await server.writer.run(lobby.keep_seek, request.path_params["id"], key,
                                         server.wall())
                 if isinstance(key, str) and len(key) <= 100 else None)
        if found is None:
            raise Refused(N_("no seek of yours has that id"))
        state, code = found
        return {"state": state, "code": code}

    async def cancel_seek(request: Request) -> dict[str, Any]:
        data = await body(request)
        key = data.get("key")
        if not (isinstance(key, str) and len(key) <= 100 and await server.writer.run(
                lobby.cancel_seek, request.path_params["id"], key)):
            raise Refused(N_("no open seek of yours has that id"))
        return {"state": "gone"}

    async def take_seek(request: Request) -> dict[str, Any]:
        attempt(request)
        ident = request.path_params["id"]
        data = await body(request)
        account = await account_of(server, request)
        seek = await server.writer.read(lobby.seek, ident)
        gone = N_("that game was taken or cancelled; choose another")
        if seek is None or seek["taken"] is not None:
            raise Refused(gone)
        player = account.player if account is not None else player_of(data)
        if player is not None and player == seek["player"]:
            raise Refused(N_("that is your own game"))
        if seek["rated"]:
            if player is None:
                raise Refused(N_("a rated game needs your player id ('player')"))
            rating = await server.writer.read(lobby.rating, player, seek["edition"])
            low, high = seek["low"], seek["high"]
            if low is not None and rating < low or high is not None and rating > high:
                raise Refused(N_("your rating ({rating}) is outside the range this game asks "
                                 "for ({low}-{high})"), rating=rating,
                              low="" if low is None else low, high="" if high is None else high)
        code = await server.writer.run(lobby.claim_seek, ident, server.wall())
        if code is None:
            raise Refused(gone)
        try:
            return await server.join(code, data, account)
        except BaseException:
            await server.writer.run(lobby.unclaim_seek, ident)
            raise

    # -- challenges ----------------------------------------------------------------------
    async def challenge(request: Request) -> dict[str, Any]:
        attempt(request)
        account = await signed_in(request, N_("sign in to challenge a player by name"))
        data = await body(request)
        to = data.get("to")
        found = (await server.writer.read(server.store.find_account, to[:100])
                 if isinstance(to, str) and to else None)
        if found is None:
            raise Refused(N_("no player of that name"))
        if found[0] == account.id:
            raise Refused(N_("you cannot challenge yourself"))
        clock = _clock_pair(data)
        private = is_private(data)
        made = await server.new_game(_game_fields(data), account)
        if not private:
            await list_game(server, made["code"])
        room = await server.room(made["code"])
        assert room is not None
        ident = secrets.token_urlsafe(9)
        await server.writer.run(lobby.add_challenge, ident, room.code,
                                (account.id, account.name), (found[0], found[1]),
                                room.rules_name, clock, bool(made.get("rated")), server.wall())
        return {**made, "id": ident}

    async def answer_challenge(request: Request) -> dict[str, Any]:
        account = await signed_in(request, N_("sign in to answer a challenge"))
        data = await body(request)
        word = {"accept": "accepted", "decline": "declined", "cancel": "cancelled"}.get(
            str(data.get("answer")))
        if word is None:
            raise Refused(N_("answer: expected accept, decline or cancel"))
        ident = request.path_params["id"]
        code = await server.writer.run(lobby.answer_challenge, ident, account.id, word,
                                       server.wall())
        if code is None:
            raise Refused(N_("no open challenge of yours has that id"))
        if word != "accepted":
            return {"answer": word}
        try:
            joined = await server.join(code, data, account)
        except BaseException:
            await server.writer.run(lobby.unanswer_challenge, ident)
            raise
        return {**joined, "answer": word}

    async def invitation(request: Request) -> dict[str, Any]:
        from .app import NO_FREE_SEAT
        room = await server.room(request.path_params["code"])
        free = [] if room is None else [
            s for s, info in room.seats.items()
            if info.get("kind", "human") == "human" and not info.get("taken")]
        if room is None or not free or room.over:
            raise Refused(NO_FREE_SEAT)
        rated = await server.writer.read(server.store.is_rated, room.code)
        clock = (None if room.clocks is None else
                 {"minutes": room.clocks.minutes, "increment": room.clocks.increment})
        return {"code": room.code, "edition": room.rules_name, "rated": rated, "clock": clock,
                "from": [str(info.get("name") or "") for info in room.seats.values()
                         if info.get("kind", "human") == "human" and info.get("taken")],
                "free": len(free)}

    # -- rematch -------------------------------------------------------------------------
    async def rematch_route(request: Request) -> dict[str, Any]:
        data = await body(request)
        offer = data.get("offer", False)
        if not isinstance(offer, bool):
            raise Refused(N_("offer: expected true or false"))
        return await rematch.answer(server, lobby, request.path_params["code"],
                                    data.get("token"), offer)

    return [
        Route("/api/lobby", answering(listing)),
        Route("/api/lobby/seeks", answering(post_seek), methods=["POST"]),
        Route("/api/lobby/seeks/{id}", answering(keep_seek), methods=["POST"]),
        Route("/api/lobby/seeks/{id}/cancel", answering(cancel_seek), methods=["POST"]),
        Route("/api/lobby/seeks/{id}/take", answering(take_seek), methods=["POST"]),
        Route("/api/lobby/challenges", answering(challenge), methods=["POST"]),
        Route("/api/lobby/challenges/{id}", answering(answer_challenge), methods=["POST"]),
        Route("/api/games/{code}/invitation", answering(invitation)),
        Route("/api/games/{code}/rematch", answering(rematch_route), methods=["POST"]),
    ]

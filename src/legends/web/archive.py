"""The archive of ended games: a game's replay page, its move list with both armies known, and
its full record to download, for anyone with the game's code once the game is over.

Once a game has ended its full record is no secret: the players were handed it and the end
screen showed both armies, so the replay is public (as lichess's and Gravon's archives are).
While the game goes on, every route here refuses (one answer for a game going on and a game
still arranging its setups), so nothing here tells more than a spectator may know.

Routes (``routes``):

* ``GET /replay/{code}``: the page, opened on the replay.
* ``GET /api/games/{code}/archive`` (``?moves=false``: without the move list): who played, the result, the move list (every ply named,
  each pointing at the step after it), the setup commitment published as play began and the
  setup it binds (its salt and each piece as ``[id, square, owner, number]``), so the page
  recomputes the digest itself (``endings.js``'s check), and the rating changes the game made.
* ``GET /api/games/{code}/frame?step=N&side=SEAT``: the board after ``N`` actions with every
  piece shown, seen from ``side`` (the first seat by default).
* ``GET /api/games/{code}/download``: the full record (format ``stratego-legends-record``) as
  a file, with the commitment in its headers (``commitment``), which ``legends verify FILE``
  checks the record's setup against.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from legends_core import Game
from legends_core.endings import Ending
from legends_core.records import without_result

from ..i18n import N_
from ..wording import reason
from . import movelist
from .account_routes import answering  # refusals and store failures answered in words
from .guards import Refused
from .watching import committed_setup

if TYPE_CHECKING:
    from .app import Server
    from .rooms import Room

#: the header of a downloaded record holding the commitment published as play began
COMMITMENT_HEADER = "commitment"


class NotOver(Refused):
    status = 409


def ended(room: Room) -> None:
    """Refuse unless ``room``'s game is over (the same answer for every game going on)."""
    if room.arranging or not room.game.is_over:
        raise NotOver(N_("this game is still going on: its replay and record open when it ends"))


def moves(room: Room) -> list[dict[str, Any]]:
    """The whole game's move list (``legends.web.movelist.turns``) from every event, both
    armies known: each ply's ``step`` is the count of actions after which it is on the board."""
    record = without_result(room.game.record())
    game = Game.from_record({**record, "actions": []}, catalogue=room.catalogue)
    start = (game.turn, game.active_player) if game.decision_kind == "main" else (0, None)
    steps = []
    for seq, text in enumerate(record["actions"]):
        ending = Ending.parse(text)
        events = game.end(ending) if ending else game.apply(text, player=room.movers[seq])
        steps.append((seq, [e.to_dict() for e in events]))
    return movelist.turns(steps, list(range(len(steps) + 1)), room.names, start, room.legends)


def summary(room: Room, with_moves: bool = True) -> dict[str, Any]:
    """``GET /api/games/{code}/archive``'s answer (the game is over; without the move list,
    ``[]``, for a page that only checks the commitment)."""
    game = room.game
    seats = {seat: {"name": info["name"], "kind": info["kind"], "player": info["player"]}
             for seat, info in room.public_seats().items()}
    return {"code": room.code, "edition": room.rules_name, "players": list(game.players),
            "seats": seats, "teams": {side: list(s) for side, s in game.teams.items()},
            "result": game.result, "winner": game.winner, "reason": game.reason,
            "why": reason(game.reason, room.legends),  # the reason in the reader's words
            "turns": game.turn, "steps": room.steps, "moves": moves(room) if with_moves else [],
            "commitment": game.commitment, "setup": committed_setup(room)}


def download(room: Room) -> dict[str, Any]:
    """The full record to download: the game's, with the commitment it published as play began
    in its headers (``legends verify`` checks the setup against it)."""
    record = room.record()
    if room.game.commitment is not None:
        record["headers"] = {**record["headers"], COMMITMENT_HEADER: room.game.commitment}
    return record


def routes(server: Server, page: Callable[[Request], Awaitable[Response]]) -> list[BaseRoute]:
    """The archive's routes (see the module's docstring); ``page`` serves the page."""
    async def ended_room(request: Request) -> Room:
        room = await server.room(request.path_params["code"])
        if room is None:
            raise Refused(N_("no game has that code"))
        return room

    async def archive(request: Request) -> Response:
        room = await ended_room(request)
        async with server.using(room):
            ended(room)
            found = await server.writer.read(
                summary, room, request.query_params.get("moves") != "false")
        found["ratings"] = await server.writer.read(server.store.rating_results, room.code)
        return JSONResponse(found)

    async def frame(request: Request) -> Response:
        room = await ended_room(request)
        query = request.query_params
        try:
            step = int(query.get("step", "0"))
        except ValueError:
            raise Refused(N_("step: expected a whole number")) from None
        side = query.get("side") or room.players[0]
        if side not in room.players:
            raise Refused(N_("side: expected one of {seats}"), seats=", ".join(room.players))
        async with server.using(room):
            ended(room)
            return JSONResponse(await server.writer.read(room.replay_frame, side, step))

    async def record(request: Request) -> Response:
        room = await ended_room(request)
        async with server.using(room):
            ended(room)
            found = download(room)
        return JSONResponse(found, headers={
            "Content-Disposition": f'attachment; filename="legends-{room.code}.json"'})

    return [
        Route("/replay/{code}", page),
        Route("/api/games/{code}/archive", answering(archive)),
        Route("/api/games/{code}/frame", answering(frame)),
        Route("/api/games/{code}/download", answering(record)),
    ]

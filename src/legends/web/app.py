"""The web server: HTTP routes for the page and the lobby, one websocket per browser seat.

Routes (all JSON bodies are read within fixed bounds, see :mod:`legends_core.safejson`):

* ``GET /`` and ``GET /game/{code}``: the page; ``/static/...``: its script and style.
* ``GET /api/options``: the editions, computer players and server test positions offered.
* ``POST /api/games``: start a game (``rules``, ``players``: 2, or 4, 6 or 8 for a team game
  of Stratego Legends, ``opponent``: ``"human"`` or a computer player for every other seat,
  ``side``, ``turn_limit``, ``auto_pass``, ``position``, ``name``); answers the game ``code``,
  your ``seat`` and its secret ``token``.
* ``POST /api/games/{code}/join``: take a free seat of a game between people (the first free
  one in turn order).
* ``GET /api/pieces/{number}?rules=NAME``: a piece's public facts, text, powers and rulings.
* ``POST /api/games/{code}/record`` and ``.../replay``: after the end, the full record and the
  board at any step (with your ``token``); your own record at any time (``"mine": true``).
* ``WS /ws/{code}``: send ``{"type": "hello", "token": ...}`` first, then
  ``{"type": "action", "action": "b2-b3"}``; receive ``welcome``, ``state``, ``seats`` and
  ``error`` messages (see :mod:`.rooms`). A bad message gets an ``error`` to that browser only.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from legends_core import Game, safejson
from legends_core.errors import LegendsError, PositionError, short
from legends_core.registry import Catalogue
from legends_core.ruleset import DEFAULT, catalogue_for, get_ruleset, rulesets
from legends_core.teams import PLAYER_COUNTS, seat_names

from ..ai import PLAYERS
from .rooms import CODE_LENGTH, CODE_LETTERS, Room, new_token
from .store import Store

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16 * 1024       # bytes of an HTTP request body
MAX_MESSAGE = 4 * 1024     # characters of one websocket message
MAX_NAME = 40              # characters of a display name
MAX_TURN_LIMIT = 10_000
HELLO_TIMEOUT = 30.0       # seconds a new websocket may take to say who it is


def default_db_path() -> str:
    """Where games are kept unless told otherwise: ``games.sqlite3`` in the user's data
    folder (``$XDG_DATA_HOME/legends`` or ``~/.local/share/legends`` on Linux,
    ``~/Library/Application Support/legends`` on macOS, ``%APPDATA%\\legends`` on Windows)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return str(base / "legends" / "games.sqlite3")


def editions() -> list[dict[str, Any]]:
    """The editions the installed library offers, each with its seats (the page offers each)
    and, by number of players, the seats of its team games (Stratego Legends: 4, 6 or 8)."""
    out = []
    for name, text in rulesets().items():
        ruleset = get_ruleset(name)
        teams = {} if ruleset.fixed_seats else {
            str(n): list(seat_names(n)) for n in PLAYER_COUNTS if n != len(ruleset.seats)}
        out.append({"name": name, "description": text, "seats": list(ruleset.seats),
                    "team_seats": teams})
    return out


class BadRequest(Exception):
    """A request or message the server refuses; the text goes back to that client only."""


def _body(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_BODY:
        raise BadRequest(f"request body larger than {MAX_BODY} bytes")
    if not raw.strip():
        return {}
    return _json_object(raw, "request", "expected a JSON object")


def _text(data: Mapping[str, Any], key: str, default: str, limit: int = MAX_NAME) -> str:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > limit:
        raise BadRequest(f"{key}: expected text of at most {limit} characters, got {short(value)}")
    return " ".join(value.split())


def _code(code: str) -> str:
    code = code.upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        raise BadRequest(f"no game {short(code, 20)}")
    return code


class Server:
    """The state of one server: its store, the games in play and the browsers connected."""

    def __init__(self, store: Store, catalogue: Catalogue | None,
                 positions: Mapping[str, dict[str, Any]]):
        self.store = store
        self.catalogue = catalogue
        self.positions = dict(positions)
        self.rooms: dict[str, Room] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, dict[str, set[WebSocket]]] = {}

    def room(self, code: str) -> Room:
        code = _code(code)
        room = self.rooms.get(code)
        if room is None:
            room = Room.load(self.store, self.catalogue, code)
            if room is None:
                raise BadRequest(f"no game {code}")
            self.rooms[code] = room
        return room

    def lock(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    # -- starting games ----------------------------------------------------------------
    def build_game(self, data: Mapping[str, Any]) -> Game:
        rules = _text(data, "rules", DEFAULT)
        if rules not in rulesets():
            raise BadRequest(f"rules: unknown edition {short(rules)} (offered: "
                             f"{', '.join(rulesets())})")
        limit = data.get("turn_limit")
        if limit in ("", None):
            limit = None
        elif (not isinstance(limit, int) or isinstance(limit, bool)
              or not 1 <= limit <= MAX_TURN_LIMIT):
            raise BadRequest(f"turn_limit: expected a whole number from 1 to {MAX_TURN_LIMIT}")
        auto_pass = data.get("auto_pass", False)
        if not isinstance(auto_pass, bool):
            raise BadRequest("auto_pass: expected true or false")
        players = data.get("players", 2)
        if players in (None, ""):
            players = 2
        if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise BadRequest("players: expected 2, 4, 6 or 8")
        position = data.get("position")
        if position not in (None, ""):
            if not isinstance(position, str) or position not in self.positions:
                raise BadRequest(f"position: this server offers no position {short(position)}")
            return Game.from_position(self.positions[position], catalogue=self.catalogue)
        # A catalogue given to the server is for Stratego Legends; other editions bring theirs.
        catalogue = self.catalogue if rules == DEFAULT else None
        return Game.new(rules=rules, players=players, turn_limit=limit, auto_pass=auto_pass,
                        catalogue=catalogue)

    async def new_game(self, data: Mapping[str, Any]) -> dict[str, Any]:
        opponent = _text(data, "opponent", "heuristic")
        if opponent != "human" and opponent not in PLAYERS:
            raise BadRequest(f"opponent: expected 'human' or one of {', '.join(PLAYERS)}")
        name = _text(data, "name", "")
        try:
            game = self.build_game(data)
        except (LegendsError, ValueError) as exc:
            raise BadRequest(str(exc)) from None
        side = _text(data, "side", game.players[0])
        if side == "random":
            side = secrets.choice(game.players)
        if side not in game.players:
            raise BadRequest(f"side: expected one of {', '.join(game.players)} or 'random'")
        seats: dict[str, dict[str, Any]] = {}
        for seat in game.players:
            if seat == side:
                seats[seat] = {"kind": "human", "name": name or "player", "taken": True}
            elif opponent == "human":
                seats[seat] = {"kind": "human", "name": "", "taken": False}
            else:
                seats[seat] = {"kind": "computer", "player": opponent, "name": f"computer ({opponent})"}
        game.headers.update(event="legends web game", site="legends serve")
        room = Room.create(self.store, game, seats)
        self.rooms[room.code] = room
        token = new_token()
        self.store.add_token(token, room.code, side)
        async with self.lock(room.code):
            await self.run_computers(room)
        return {"code": room.code, "seat": side, "token": token}

    async def join(self, code: str, data: Mapping[str, Any]) -> dict[str, Any]:
        room = self.room(code)
        name = _text(data, "name", "")
        async with self.lock(room.code):
            free = [s for s, info in room.seats.items()
                    if info.get("kind") == "human" and not info.get("taken")]
            if not free:
                raise BadRequest(f"game {room.code} has no free seat")
            seat = free[0]
            room.seats[seat] = {**room.seats[seat], "taken": True, "name": name or "player"}
            self.store.set_seats(room.code, room.seats)
            token = new_token()
            self.store.add_token(token, room.code, seat)
            await self.send_all(room, {s: {"type": "seats", "seats": room.public_seats()}
                                       for s in room.game.players})
        return {"code": room.code, "seat": seat, "token": token}

    # -- playing -----------------------------------------------------------------------
    async def run_computers(self, room: Room) -> None:
        """Let computer seats decide until a person must (call with the room's lock held)."""
        while not room.game.is_over:
            seat = room.computer_to_move()
            if seat is None:
                return
            action = await anyio.to_thread.run_sync(room.computer_choice, seat)
            await self.send_all(room, room.apply_computer(seat, action))

    async def send_all(self, room: Room, messages: Mapping[str, dict[str, Any]]) -> None:
        """Send each seat its own message (and nothing else) on every browser it has open."""
        for seat, message in messages.items():
            for ws in list(self.sockets.get(room.code, {}).get(seat, ())):
                await _send(ws, message)

    async def play(self, ws: WebSocket) -> None:
        code = ws.path_params["code"]
        await ws.accept()
        try:
            with anyio.fail_after(HELLO_TIMEOUT):
                hello = _message(await ws.receive_text())
            token = hello.get("token")
            if hello.get("type") != "hello" or not isinstance(token, str) or len(token) > 100:
                raise BadRequest("say hello first: {\"type\": \"hello\", \"token\": ...}")
            room = self.room(code)
            seat = self.store.seat_of(token, room.code)
            if seat is None:
                raise BadRequest(f"that token holds no seat in game {room.code}")
        except (BadRequest, TimeoutError) as exc:
            await _send(ws, {"type": "error", "message": str(exc) or "no hello in time"})
            await ws.close(code=4403)
            return
        except WebSocketDisconnect:
            return
        mine = self.sockets.setdefault(room.code, {}).setdefault(seat, set())
        mine.add(ws)
        try:
            async with self.lock(room.code):
                await _send(ws, room.welcome(seat))
                await _send(ws, room.state(seat, []))
            while True:
                text = await ws.receive_text()
                try:
                    message = _message(text)
                    kind = message.get("type")
                    if kind == "ping":
                        await _send(ws, {"type": "pong"})
                        continue
                    if kind != "action":
                        raise BadRequest(f"unknown message type {short(kind, 30)}")
                    async with self.lock(room.code):
                        await self.send_all(room, room.act(seat, message.get("action")))
                        await self.run_computers(room)
                except (BadRequest, LegendsError) as exc:
                    # Told to this browser only; the game and the other seats are unchanged.
                    await _send(ws, {"type": "error", "message": str(exc)})
        except WebSocketDisconnect:
            pass
        finally:
            mine.discard(ws)


def _message(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise BadRequest(f"message longer than {MAX_MESSAGE} characters")
    return _json_object(text, "message", "expected a JSON object with a 'type'")


def _json_object(text: str | bytes, what: str, expected: str) -> dict[str, Any]:
    """Bounded JSON that must be an object; anything else is a :class:`BadRequest`."""
    try:
        data = safejson.loads(text, what)
    except PositionError as exc:
        raise BadRequest(str(exc)) from None
    if not isinstance(data, dict):
        raise BadRequest(expected)
    return data


async def _send(ws: WebSocket, message: dict[str, Any]) -> None:
    if ws.application_state != WebSocketState.CONNECTED:
        return
    try:
        await ws.send_json(message)
    except (RuntimeError, OSError, WebSocketDisconnect):
        pass  # the browser went away; it gets everything again when it reconnects


def piece_info(cat: Catalogue, number: str) -> dict[str, Any]:
    """A piece's public facts (the catalogue is public: it is the printed piece)."""
    if not number.isdigit() or len(number) > 9 or int(number) not in cat:
        raise BadRequest(f"no piece #{short(number, 10)}")
    t = cat[int(number)]
    return {"number": t.number, "name": t.name, "kind": t.kind, "strength": t.strength,
            "strength_label": t.strength_label, "colour": t.colour, "type": t.type,
            "nation": t.nation, "army": t.army, "text": t.text,
            "keywords": sorted(t.keywords),
            "powers": [{"label": p.label, "key": p.key, "text": p.describe()} for p in t.powers],
            "rulings": list(t.rulings)}


def create_app(*, db_path: str | None = None, positions: Mapping[str, dict[str, Any]] | None = None,
               catalogue: Catalogue | None = None) -> Starlette:
    """The ASGI application (run it with uvicorn, or ``legends serve``).

    :param db_path: the SQLite file games are kept in (created if missing);
        :func:`default_db_path` by default.
    :param positions: named test positions (JSON positions) the new-game form offers in place
        of a dealt game: a way to set up short games for demonstrations and tests.
    :param catalogue: the pieces of Stratego Legends games (the installed catalogue by
        default); the other editions use their own (:func:`legends_core.catalogue_for`).
    """
    path = db_path or default_db_path()
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    server = Server(Store(path), catalogue, positions or {})

    def guarded(handler):
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except BadRequest as exc:
                return JSONResponse({"error": str(exc)}, status_code=400)
        return endpoint

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def options(request: Request) -> dict[str, Any]:
        return {"rulesets": editions(), "players": list(PLAYERS),
                "positions": sorted(server.positions)}

    async def new_game(request: Request) -> dict[str, Any]:
        return await server.new_game(_body(await request.body()))

    async def join(request: Request) -> dict[str, Any]:
        return await server.join(request.path_params["code"], _body(await request.body()))

    async def piece(request: Request) -> dict[str, Any]:
        rules = request.query_params.get("rules", DEFAULT)
        if rules not in rulesets():
            raise BadRequest(f"rules: unknown edition {short(rules)}")
        cat = server.catalogue if rules == DEFAULT and server.catalogue else catalogue_for(rules)
        return piece_info(cat, request.path_params["number"])

    def seat_for(code: str, data: Mapping[str, Any]) -> tuple[Room, str]:
        room = server.room(code)
        token = data.get("token")
        seat = server.store.seat_of(token, room.code) if isinstance(token, str) else None
        if seat is None:
            raise BadRequest(f"that token holds no seat in game {room.code}")
        return room, seat

    async def record(request: Request) -> dict[str, Any]:
        data = _body(await request.body())
        room, seat = seat_for(request.path_params["code"], data)
        async with server.lock(room.code):
            if data.get("mine"):
                return room.record(seat)
            if not room.game.is_over:
                raise BadRequest("the full record is handed out when the game is over")
            return room.record()

    async def replay(request: Request) -> dict[str, Any]:
        data = _body(await request.body())
        room, seat = seat_for(request.path_params["code"], data)
        step = data.get("step", 0)
        if not isinstance(step, int) or isinstance(step, bool):
            raise BadRequest("step: expected a whole number")
        async with server.lock(room.code):
            if not room.game.is_over:
                raise BadRequest("the replay is shown when the game is over")
            return room.replay_frame(seat, step)

    routes = [
        Route("/", page),
        Route("/game/{code}", page),
        Route("/api/options", guarded(options)),
        Route("/api/games", guarded(new_game), methods=["POST"]),
        Route("/api/games/{code}/join", guarded(join), methods=["POST"]),
        Route("/api/games/{code}/record", guarded(record), methods=["POST"]),
        Route("/api/games/{code}/replay", guarded(replay), methods=["POST"]),
        Route("/api/pieces/{number}", guarded(piece)),
        WebSocketRoute("/ws/{code}", server.play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.server = server
    return app

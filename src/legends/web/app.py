"""The web server: HTTP routes for the page and the lobby, one websocket per browser seat.

Routes (all JSON bodies are read within fixed bounds, see :mod:`legends_core.safejson`):

* ``GET /``, ``GET /game/{code}`` and ``GET /ratings`` (the leaderboard): the page; ``/static/...``: its script and style.
* ``GET /api/options``: the editions, computer players and server test positions offered.
* ``POST /api/games``: start a game (``rules``, ``players``: 2, or 4, 6 or 8 for a team game
  of Stratego Legends, ``opponent``: ``"human"`` or a computer player for every other seat,
  ``side``, ``turn_limit``, ``auto_pass``, ``position``, ``name``, ``setup``); answers the game
  ``code``, your ``seat`` and its secret ``token``. In an edition with a free setup (classic,
  the Ultimate editions, Narnia) the game starts with its players arranging their setups
  (:mod:`.arranging`); ``setup`` (a setup line, or ``"random"``) arranges yours at once.
  ``player``: your player id's secret (a browser keeps one of its own; see
  :func:`legends.ratings.games.browser_player`), and ``rated``: ``true`` for a rated game
  (needs ``player``; games are casual by default, and those from a test position always are);
  the answer says whether the game is ``rated``.
* ``POST /api/games/{code}/join``: take a free seat of a game between people (the first free
  one in turn order); ``setup`` and ``player`` as above (a rated game needs ``player``); the
  answer says whether the game is ``rated``.
* ``GET /api/ratings/{edition}?limit=N``: that edition's leaderboard (see
  :func:`legends.web.ratings_store.leaderboard`).
* ``GET /api/pieces/{number}?rules=NAME``: a piece's public facts, text, powers and rulings,
  with a ``heading`` and a ``summary`` line in that edition's words.
* ``POST /api/games/{code}/moves`` (with your ``token``): your seat's move list, built from
  what your seat was shown (``turns``: turn, seat and plies in notation, each naming the
  ``moment``, the number of your seat's message that told of it; ``latest``: the last one).
  ``.../seen`` (``token``, ``moment``): the board as your seat was shown it in that message,
  and nothing newer.
* ``POST /api/games/{code}/record`` and ``.../replay``: after the end, the full record and the
  board at any step (with your ``token``); your own record at any time (``"mine": true``).
* accounts (sign up, in and out, my games, player pages): see :mod:`.account_routes`. Signed
  in, new games and joins are played under the account's player id and name, and ``record``
  and ``replay`` take the session in place of a seat's token; every ``POST`` with the session
  cookie needs its CSRF token (:mod:`.accounts`). Programs come in as an account with a
  personal access token (:mod:`.token_routes`): ``Authorization: Bearer <token>`` on any
  request, ``access_token`` in the websocket's hello in place of a seat's ``token``.
* the archive of ended games (public once a game is over: its replay page ``/replay/{code}``,
  its move list, frames and full record to download): see :mod:`.archive`.
* the lobby (open games, public games in progress, challenges, a game link's invitation,
  rematches): see :mod:`.lobby_routes`. A new game is listed there unless ``"private": true``.
* ``WS /ws/{code}``: send ``{"type": "hello", "token": ...}`` first, then
  ``{"type": "action", "action": "b2-b3", "decision": 3}`` (the ``decision`` number of the
  latest state message, which the action answers; or ``{"type": "ping"}``; while the players
  arrange their setups, ``{"type": "arrange", "line": "..."}`` with a setup line or
  ``"random"``, and ``{"type": "unready"}`` to take your line back and change it while
  another seat still arranges); receive ``welcome``, ``state``, ``arrange``, ``seats``, ``pong`` and ``error``
  messages (see :mod:`.rooms`). A bad message, or an action repeated or out of date, gets an
  ``error`` to that browser only.
  Also ``{"type": "resign"}``, ``{"type": "offer-draw"}`` (or accept one the other side made),
  ``{"type": "accept-draw"}`` and ``{"type": "decline-draw"}`` (by its maker: withdraw it);
  every person at the table then gets an ``offer`` message (the offer as it stands, and a
  ``line`` saying what happened), or the end's ``state``. These are refused (an ``error``) while
  the players arrange their setups: the game has not begun. A new game may have a time control,
  ``clock``: ``{"minutes": 10, "increment": 5}`` (games between people only); each state
  message then carries the clocks, which start when the game begins (once every seat is taken
  and, where the players arrange their setups, once the last has). See :mod:`.endings` for the
  rules.

Spectators (:mod:`.watching`): ``WS /ws/{code}`` with ``{"type": "watch", "lang": ...}`` in
place of the hello (no token) watches the game, sent what every seat knows as a seat would be;
``GET /api/games/{code}/watch`` says how many seats are free and how many watch; the
``moves``, ``seen``, ``replay`` and ``record`` routes take ``"watch": true`` in place of a
token. ``POST /api/games/{code}/reveal`` (a ``token``, or ``"watch": true``), once the game
is over: the board with both armies and the setup the commitment was made for.

A game whose next decision is a computer player's when it is loaded from the store (the server
stopped before the computer answered) goes on as soon as a browser connects to it.

The limits on bodies, games in memory, websockets and attempts are in ``guards.Limits``.
"""

from __future__ import annotations

import asyncio
import enum
import gc
import logging
import os
import secrets
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, NoReturn, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from legends_core import SPECTATOR, Game, safejson
from legends_core.actions import Action
from legends_core.errors import LegendsError, PositionError, short
from legends_core.registry import Catalogue
from legends_core.ruleset import ALIASES, DEFAULT, catalogue_for, get_ruleset, rulesets
from legends_core.teams import PLAYER_COUNTS, seat_names

from ..ai import PLAYERS, make_player
from ..i18n import N_, Words, choose, current, language
from ..ratings.games import PROVISIONAL_RD, browser_player, computer_player
from ..wording import edition_about, is_legends, piece_summary, piece_text, powers_named
from . import account_routes, archive, lobby_routes, revocations, token_routes
from .account_routes import account_of
from .accounts import READ, Account, Accounts, CsrfGuard
from .arranging import RANDOM, Arrangement, takes_setup
from .catalogues import SpokenLanguage, page_messages
from .codes import joinable, parse_code
from .endings import time_control
from .faults import crash_point
from .guards import (
    Busy,
    Clock,
    Limits,
    Pacer,
    RateLimit,
    Refused,
    SecurityHeaders,
    Sleep,
    TooMany,
    read_body,
    same_origin,
)
from .names import unseen_character
from .outbox import Connection
from .protocol import PREFIX, messages, openapi
from .refusals import answer, error_message, words_of
from .rooms import UNSEEN, Room, new_token
from .store import StaleStep, Store, StoreError, is_url, open_store
from .thinking import Thinkers
from .token_routes import hello_seat
from .watch_counts import FarWatchers
from .watch_counts import parse as parse_watchers
from .watching import WATCH_PREFIX, end_reveal, watch_key
from .writer import Writer

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4 * 1024     # characters of one websocket message
MAX_NAME = 40              # characters of a display name
MAX_TURN_LIMIT = 10_000
LEADERBOARD_MAX = 200       # players a leaderboard lists at most
HELLO_TIMEOUT = 30.0       # seconds a new websocket may take to say who it is
COMPUTER_TIME = 0.4        # seconds each batch of messages after a person's action is held
#: One answer whether the game does not exist or has no free seat: no oracle for codes.
NO_FREE_SEAT = N_("no game with a free seat has that code")
#: Likewise for a seat token that does not fit the code, whichever is wrong.
NO_SEAT = N_("that token holds no seat in that game")
NO_GAME = N_("no game has that code")
#: Why a page of another site may not open a websocket here.
OTHER_SITES = Words(N_("connections from pages of other sites are refused"))
IDLE_CLOSE = 4408          # websocket close code: silent too long (the page waits for the user)
#: The headers of every game the server starts.
HEADERS = {"event": "legends web game", "site": "legends serve"}
REFUSED_CLOSE = 4403       # websocket close code: refused (the page does not retry)
BUSY_CLOSE = 1013          # websocket close code: try again later
ALL = 2**62                # "every stored action", where a count of actions is expected
#: Seconds between checks that the games this process shows its browsers are those stored
#: (a store shared by several processes; an announcement may have been lost).
SWEEP = 5.0
#: Seconds a computer player's decision may stay unmade in a game whose last change another
#: process stored, before this process makes it (that process may have died).
STALL = 10.0
#: Seconds a game must have gone unused here before another process's change lets this one
#: forget its copy (a browser that just looked it up is about to use it).
FORGET_AFTER = 5.0
#: Python's collector thresholds in a served process (``create_app(collector=True)``): a young
#: collection every 50,000 allocations rather than 700. A server builds a few hundred dicts and
#: lists per message; at the default, collections (now and then a full one, walking every game
#: in memory) took about a sixth of a busy server's time and doubled its slowest answers
#: (docs/server-load.rst).
COLLECTOR = (50_000, 20, 100)
log = logging.getLogger(__name__)
T = TypeVar("T")


def settle_collector() -> None:
    """Set up a served process's garbage collector as it starts serving: what exists then
    (modules, the pieces' catalogue) is left out of every collection from then on
    (``gc.freeze``), and collections run less often (:data:`COLLECTOR`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR)


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
        title, about = edition_about(name, text)
        out.append({"name": name, "description": text, "title": title, "about": about,
                    "seats": list(ruleset.seats), "team_seats": teams})
    return out


class _Idle(enum.Enum):
    """What a browser's next message is when there is none for too long."""

    SILENT = "silent"


class BadRequest(Refused):
    """A request or message the server refuses; the text goes back to that client only."""


def _body(raw: bytes) -> dict[str, Any]:
    if not raw.strip():
        return {}
    return _json_object(raw, "request", N_("expected a JSON object"))


def _text(data: Mapping[str, Any], key: str, default: str, limit: int = MAX_NAME) -> str:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > limit:
        raise BadRequest(N_("{key}: expected text of at most {limit} characters, got {value}"),
                         key=key, limit=limit, value=short(value))
    unseen = unseen_character(value)
    if unseen is not None:
        raise BadRequest(N_("{key}: {unseen}; use only characters that show"), key=key,
                         unseen=unseen)
    return " ".join(value.split())


def _player(data: Mapping[str, Any]) -> str | None:
    """The player id of a request's ``player`` secret (``None``: none given)."""
    secret = data.get("player")
    if secret is None or secret == "":
        return None
    if not isinstance(secret, str) or not 16 <= len(secret) <= 100:
        raise BadRequest(N_("player: expected a secret of 16 to 100 characters"))
    return browser_player(secret)


def _refusal(exc: StoreError | OSError, where: str | None = None) -> str:
    """A store's refusal, or the disk's, as one line in words (logged; and told to the client
    with the store's place, ``where``, said as "the games store": a browser has no business
    with the server's paths)."""
    text = str(exc) if isinstance(exc, StoreError) else (
        f"the server's disk failed: {exc.strerror or exc}")
    return text if not where else text.replace(where, "the games store")


def _log_refusal(where: str, exc: StoreError | OSError) -> None:
    # A refusal other processes cause (the game moved on elsewhere) is no news to the operator.
    level = logging.INFO if isinstance(exc, StaleStep) else logging.WARNING
    log.log(level, "legends: %s: %s", where, _refusal(exc))


def _client(conn: Request | WebSocket) -> str:
    """Whom limits are counted against: the peer's address (behind a proxy, the proxy's,
    unless the ASGI server is told to trust its forwarded headers)."""
    return conn.client.host if conn.client else "?"


class Server:
    """The state of one server: its store, the games in play and the browsers connected."""

    def __init__(self, store: Store, catalogue: Catalogue | None,
                 positions: Mapping[str, dict[str, Any]], limits: Limits,
                 computer_time: float, clock: Clock, sleep: Sleep, thinkers: int | None = None,
                 wall: Clock = time.time):
        self.store = store
        #: the wall clock game clocks read (it must go on across a restart, unlike ``clock``)
        self.wall = wall
        #: the accounts kept in the store (:mod:`.accounts`)
        self.accounts = Accounts(store, wall)
        #: per game with clocks: the task that ends it when the running clock runs out
        self.timers: dict[str, asyncio.Task[None]] = {}
        self.catalogue = catalogue
        self.positions = dict(positions)
        self.limits = limits
        self.computer_time = computer_time
        self.clock = clock
        self.sleep = sleep
        self.rooms: dict[str, Room] = {}
        #: games being read from the store, by code (see :meth:`room`)
        self.loading: dict[str, asyncio.Future[Room | None]] = {}
        self.sockets: dict[str, dict[str, set[Connection]]] = {}
        self.per_client: dict[str, int] = {}
        self.open_sockets = 0
        self.attempts = RateLimit(limits.attempts, limits.attempt_window, clock)
        # The thinker processes rebuild games with the installed pieces: a catalogue of the
        # server's own keeps the thinking in this process.
        self.thinkers = Thinkers(thinkers, in_process=catalogue is not None, beat=computer_time)
        self.writer = Writer(store)
        #: per game another process changed: how many of its actions to catch up to (see
        #: :meth:`heard`), and the task doing so
        self.behind: dict[str, int] = {}
        self.following: dict[str, asyncio.Task[None]] = {}
        #: per game whose computer player another process is to move: the task that moves it
        #: if that process does not (:data:`STALL`)
        self.watching: dict[str, asyncio.Task[None]] = {}
        #: per game found behind the store by the last sweep: the stored revision then
        self.suspects: dict[str, int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        #: the tasks started for games changed elsewhere (kept, so none is collected unfinished)
        self.tasks: set[asyncio.Task[None]] = set()
        #: this process's name in announcements of spectator counts (.watch_counts), and the
        #: counts the other processes announced
        self.process = secrets.token_hex(6)
        self.far_watchers = FarWatchers()

    # -- games in memory ---------------------------------------------------------------
    def _idle(self, room: Room) -> bool:
        """May ``room`` leave memory (nobody uses it; it is back in the store anyway)?"""
        return room.users == 0 and not self.sockets.get(room.code) and not room.lock.locked()

    def evict(self) -> None:
        """Forget the games nobody is connected to that are over or unused for a while."""
        now = self.clock()
        for code, room in list(self.rooms.items()):
            # A game whose clock runs stays, so its flag falls on time.
            if self._idle(room) and (room.over or code not in self.timers
                                     and now - room.used > self.limits.room_idle):
                del self.rooms[code]
                self.disarm(code)

    def _make_space(self) -> None:
        self.evict()
        if len(self.rooms) < self.limits.max_rooms:
            return
        idle = [r for r in self.rooms.values() if self._idle(r)]
        if not idle:
            raise Busy(N_("the server has too many games in play; try again later"))
        code = min(idle, key=lambda r: r.used).code
        del self.rooms[code]
        self.disarm(code)

    def _add(self, room: Room) -> Room:
        self._make_space()
        room.used = self.clock()
        code = room.code
        # Messages are built only for the seats someone here watches.
        room.watched = lambda seat: bool(self.sockets.get(code, {}).get(seat))
        # ... and for spectators in the languages they read here (.watching).
        room.spectators = lambda: {key[len(WATCH_PREFIX):]: len(conns) for key, conns
                                   in self.sockets.get(code, {}).items()
                                   if key.startswith(WATCH_PREFIX) and conns}
        # ... and those who watch through the other processes.
        room.elsewhere = lambda: self.far_watchers.total(code)
        self.rooms[room.code] = room
        return room

    async def room(self, code: str) -> Room | None:
        """The game ``code`` (from memory or the store), or ``None``.

        A game not in memory is read and replayed in the writer's thread, so the other games
        go on meanwhile; requests for it that come during the load share that one load."""
        parsed = parse_code(code)
        if parsed is None:
            return None
        room = self.rooms.get(parsed)
        if room is None:
            loading = self.loading.get(parsed)
            if loading is None:
                loading = asyncio.ensure_future(self.writer.run(
                    Room.load, self.store, self.catalogue, parsed, self.wall))
                self.loading[parsed] = loading
            try:
                loaded = await asyncio.shield(loading)
            finally:
                if loading.done():  # kept until a waiter has added the room
                    self.loading.pop(parsed, None)
            if loaded is None:
                return None
            room = self.rooms.get(parsed)
            if room is None:  # the first waiter back adds it; the others find it added
                room = self._add(loaded)
                self.arm(room)
        room.used = self.clock()
        return room

    def _current(self, room: Room) -> Room:
        """The copy of ``room``'s game this process holds now: ``room``, put back in memory if
        it was let go between being looked up and being used (nobody used it then), or the
        copy read since. Use it at once (:meth:`using`), with no wait in between."""
        current = self.rooms.get(room.code)
        if current is None:
            current = self._add(room)
            self.arm(current)
        return current

    @asynccontextmanager
    async def using(self, room: Room) -> AsyncIterator[Room]:
        """Hold ``room``'s lock, the room staying in memory meanwhile."""
        room.users += 1
        try:
            async with room.lock:
                yield room
        finally:
            room.users -= 1
            room.used = self.clock()

    def attempt(self, client: str) -> None:
        if not self.attempts.take(client):
            raise TooMany(N_("too many games started or joined from your address; wait a minute"))

    # -- starting games ----------------------------------------------------------------
    def build_game(self, data: Mapping[str, Any]) -> Game | Arrangement:
        """The game a new-game request asks for, or, in an edition with a free setup, the
        arrangement its players first make."""
        rules = _text(data, "rules", DEFAULT)
        if rules not in rulesets():
            raise BadRequest(N_("rules: unknown edition {edition} (offered: {offered})"),
                             edition=short(rules), offered=", ".join(rulesets()))
        limit = data.get("turn_limit")
        if limit in ("", None):
            limit = None
        elif (not isinstance(limit, int) or isinstance(limit, bool)
              or not 1 <= limit <= MAX_TURN_LIMIT):
            raise BadRequest(N_("turn_limit: expected a whole number from 1 to {most}"),
                             most=MAX_TURN_LIMIT)
        auto_pass = data.get("auto_pass", False)
        if not isinstance(auto_pass, bool):
            raise BadRequest(N_("auto_pass: expected true or false"))
        players = data.get("players", 2)
        if players in (None, ""):
            players = 2
        if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise BadRequest(N_("players: expected 2, 4, 6 or 8"))
        position = data.get("position")
        if position not in (None, ""):
            if not isinstance(position, str) or position not in self.positions:
                raise BadRequest(N_("position: this server offers no position {position}"),
                                 position=short(position))
            chosen = self.positions[position]
            rules_field = chosen.get("rules")
            if auto_pass and isinstance(rules_field, dict):
                chosen = {**chosen, "rules": {**rules_field, "auto_pass": True}}
            return Game.from_position(chosen, catalogue=self.catalogue)
        if takes_setup(rules):
            get_ruleset(rules).seats_for(players)  # a ValueError for a wrong number
            return Arrangement.fresh(rules, players, limit, auto_pass, HEADERS, frozenset())
        # A catalogue given to the server is for Stratego Legends; other editions bring theirs.
        catalogue = self.catalogue if rules == DEFAULT else None
        return Game.new(rules=rules, players=players, turn_limit=limit, auto_pass=auto_pass,
                        catalogue=catalogue)

    async def new_game(self, data: Mapping[str, Any],
                       account: Account | None = None) -> dict[str, Any]:
        opponent = _text(data, "opponent", "search")
        if opponent != "human" and opponent not in PLAYERS:
            raise BadRequest(N_("opponent: expected 'human' or one of {players}"),
                             players=", ".join(PLAYERS))
        name = account.name if account is not None else _text(data, "name", "")
        try:
            clock = time_control(data.get("clock"))
            start = self.build_game(data)
        except (LegendsError, ValueError) as exc:
            raise BadRequest(words_of(exc)) from None
        if clock is not None and opponent != "human":
            raise BadRequest(N_("clock: a time control is for games between people"))
        player = account.player if account is not None else _player(data)
        rated = data.get("rated", False)
        if not isinstance(rated, bool):
            raise BadRequest(N_("rated: expected true or false, got {value}"), value=short(rated))
        if rated and player is None:
            raise BadRequest(N_("rated: a rated game needs your player id ('player')"))
        if rated and data.get("position"):
            raise BadRequest(N_("rated: games from a test position are casual"))
        players = list(start.lines) if isinstance(start, Arrangement) else list(start.players)
        if rated and opponent != "human" and len(players) > 2:
            # The computer would hold seats of both sides, and nobody is rated against
            # themselves (legends.ratings.games.rated_players): say so rather than not count it.
            raise BadRequest(N_("rated: a team game against the computer is casual (the "
                                "computer plays on both sides)"))
        side = _text(data, "side", players[0])
        if side == "random":
            side = secrets.choice(players)
        if side not in players:
            raise BadRequest(N_("side: expected one of {seats} or 'random'"),
                             seats=", ".join(players))
        seats: dict[str, dict[str, Any]] = {}
        for seat in players:
            if seat == side:
                # No name: stored empty, and each reader shows it in their own words.
                seats[seat] = {"kind": "human", "name": name, "taken": True}
            elif opponent == "human":
                seats[seat] = {"kind": "human", "name": "", "taken": False}
            else:
                seats[seat] = {"kind": "computer", "player": opponent, "name": f"computer ({opponent})"}
        setup = data.get("setup")
        if isinstance(start, Arrangement):
            try:
                for seat, info in seats.items():
                    if info["kind"] == "computer":  # its own setup, or the deal
                        line = make_player(info["player"], secrets.randbits(64)).arrange(
                            start.rules, seat)
                        start = start.submit(seat, RANDOM if line is None else line)
                if setup not in (None, ""):
                    start = start.submit(side, setup)
            except LegendsError as exc:
                raise BadRequest(words_of(exc)) from None
        elif setup not in (None, ""):
            raise BadRequest(N_("setup: a game from a position is set up already")
                             if data.get("position") else
                             N_("setup: the {edition} rules deal the setup and take no setup "
                                "line"), edition=start.rules.name)
        self._make_space()  # before the game is stored: a full server refuses it whole
        token = new_token()
        rating = None
        if rated and player is not None:  # who holds each seat, as far as known yet
            rating = {seat: {"player": computer_player(info["player"]), "name": info["name"]}
                      for seat, info in seats.items() if info["kind"] == "computer"}
            rating[side] = {"player": player, "name": seats[side]["name"]}
        room = self._add(await self.writer.run(self._create, start, seats, token, side, clock,
                                               rating))
        self.arm(room)
        async with self.using(room):
            try:
                # Nobody is connected yet, so nothing needs holding back.
                await self.run_computers(room, Pacer(0.0, self.clock, self.sleep))
            except StoreError as exc:
                # The game and its token are stored: the computer answers once a browser
                # connects (as after a restart), so the player gets the game all the same.
                _log_refusal(f"game {room.code}", exc)
        if account is not None:  # for the account's list of games
            await self.writer.run(self.store.add_account_game, account.id, room.code, side,
                                  room.rules_name, rating is not None, self.wall())
        return {"code": room.code, "seat": side, "token": token, "rated": rating is not None}

    # In the writer's thread (the event loop does not wait for the disk):
    def _create(self, start: Game | Arrangement, seats: dict[str, dict[str, Any]], token: str,
                side: str, clock: tuple[float, float] | None,
                rating: dict[str, dict[str, str]] | None = None) -> Room:
        if isinstance(start, Arrangement) and not start.complete:
            room = Room.create_arranging(self.store, start, seats, clock, self.wall)
        else:
            game = start.build() if isinstance(start, Arrangement) else start
            game.headers.update(HEADERS)
            room = Room.create(self.store, game, seats, clock, self.wall)
        self.store.add_token(token, room.code, side)
        if rating is not None:
            self.store.rate_game(room.code, room.rules_name, rating)
        return room

    async def join(self, code: str, data: Mapping[str, Any],
                   account: Account | None = None) -> dict[str, Any]:
        name = account.name if account is not None else _text(data, "name", "")
        parsed = parse_code(code)
        room = await self.room(code) if parsed is not None and joinable(parsed) else None
        if room is None:
            raise BadRequest(NO_FREE_SEAT)
        async with self.using(room):
            free = [s for s, info in room.seats.items()
                    if info.get("kind") == "human" and not info.get("taken")]
            if not free:
                raise BadRequest(NO_FREE_SEAT)
            setup = data.get("setup")
            if setup not in (None, ""):
                if room.arrangement is None:
                    raise BadRequest(N_("setup: this game takes no setup line now"))
                try:
                    room.arrangement.check(free[0], setup)
                except LegendsError as exc:
                    raise BadRequest(words_of(exc)) from None
            player = account.player if account is not None else _player(data)
            rated = await self.writer.read(self.store.is_rated, room.code)
            if rated and player is None:
                raise BadRequest(N_("this game is rated: join it with your player id ('player')"))
            token = new_token()
            # Chosen in the store, not in this copy of the game: another server process
            # sharing the store may have given a seat away.
            seat, room.seats, rev = await self.writer.run(self.store.take_seat, room.code,
                                                          name, token)
            if seat is None:
                raise BadRequest(NO_FREE_SEAT)
            room.moved_to(rev)
            if player is not None:
                await self.writer.run(self.store.rate_seat, room.code, seat, player, name)
            if account is not None:
                await self.writer.run(self.store.add_account_game, account.id, room.code, seat,
                                      room.rules_name, rated, self.wall())
            if not room.arranging:
                # The clocks start once the table is full: each seat is shown them as its
                # latest state would.
                await self._retrying(room, lambda: self.writer.run(room.seated))
                self.arm(room)
            self.send_all(room, room.seats_messages())
            if setup not in (None, ""):
                taken = seat
                for batch in await self._retrying(
                        room, lambda: self.writer.run(room.arrange, taken, setup)):
                    self.send_all(room, batch)
                self.arm(room)  # the last setup in: the game begins, and its clocks start
        return {"code": room.code, "seat": seat, "token": token, "rated": rated}

    async def seat_for(self, code: str, token: object) -> tuple[Room, str]:
        """The game and seat ``token`` holds under ``code``; one answer for every failure."""
        room = await self.room(code)
        seat = (await self.writer.read(self.store.seat_of, token, room.code)
                if room is not None and isinstance(token, str) and len(token) <= 100 else None)
        if room is None or seat is None:
            raise BadRequest(NO_SEAT)
        return room, seat

    async def viewer_for(self, code: str, data: Mapping[str, Any],
                         account: Account | None = None) -> tuple[Room, str]:
        """The seat ``data``'s token holds, or, for ``"watch": true`` (and no token), a
        spectator's place in the game (:data:`legends_core.SPECTATOR`), or, with no token,
        the seat ``account`` played in it."""
        if account is not None and data.get("token") is None and data.get("watch") is not True:
            room = await self.room(code)
            seat = (None if room is None else
                    await self.writer.read(self.store.account_seat, account.id, room.code))
            if room is None or seat is None:
                raise BadRequest(NO_SEAT)
            return room, seat
        if data.get("watch") is True and data.get("token") is None:
            room = await self.room(code)
            if room is None:
                raise BadRequest(NO_GAME)
            return room, SPECTATOR
        return await self.seat_for(code, data.get("token"))

    # -- playing -----------------------------------------------------------------------
    def pacer(self, room: Room) -> Pacer:
        """The beat for the messages that follow a person's action: steady when a computer
        plays, so its thinking (and how often it was asked) cannot be timed."""
        beat = self.computer_time if room.computers and room.people else 0.0
        return Pacer(beat, self.clock, self.sleep)

    async def run_computers(self, room: Room, pacer: Pacer) -> None:
        """Let computer seats decide until a person must (call with the room held)."""
        while not room.over:
            seat = room.computer_to_move()
            if seat is None:
                return
            # Thought within what is left of the pacer's beat, so the reply keeps to it.
            action = await self.thinkers.choose(room, seat, pacer)
            try:
                messages = await self.apply(room, seat, action)
            except StaleStep:
                # Another process changed the game first (it may have moved this computer
                # player itself): catch up and look again.
                await self.catch_up(room)
                continue
            await self.release(room, messages, pacer)

    async def apply(self, room: Room, seat: str, action: Action) -> dict[str, dict[str, Any]]:
        """Apply ``seat``'s checked ``action``, store it, and return the messages it sends
        (call with the room held). Other games go on while it is being stored.

        Not interrupted by the browser going away meanwhile: the action is stored, and the
        game in memory and its messages follow the store, or it is not and they do not."""
        with anyio.CancelScope(shield=True):
            step = room.stage(seat, action)
            try:
                rev = await self.writer.add(step)
            except BaseException:
                room.unstage()
                raise
            messages = room.commit(seat, step, rev)
        return messages

    # -- clocks ------------------------------------------------------------------------
    def arm(self, room: Room) -> None:
        """(Re)start the timer that ends ``room``'s game when its running clock runs out:
        called after every change, so the flag falls even if nobody sends anything."""
        self.disarm(room.code)
        if room.clocks is None or room.arranging or room.over:
            return  # no clock runs before the game begins, nor after it ends
        due = room.clocks.due(self.wall())
        if due is None:
            return  # no clock runs (a response window): armed again after the next change
        self.timers[room.code] = asyncio.get_running_loop().create_task(self._flag(room, due))

    def disarm(self, code: str) -> None:
        timer = self.timers.pop(code, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def flag(self, room: Room) -> dict[str, dict[str, Any]]:
        """End ``room``'s game if its running clock has run out (call with the room held):
        stored in the writer's thread, and only then; returns the messages."""
        if room.flagged() is None:
            return {}
        with anyio.CancelScope(shield=True):  # stored, or not, whole (as an action)
            # Another process may have flagged it (or moved) first: then this one catches up.
            messages = await self._retrying(room, lambda: self.writer.run(room.flag))
        return messages

    async def _flag(self, room: Room, due: float) -> None:
        await self.sleep(due)
        async with self.using(room):
            if self.rooms.get(room.code) is not room:
                return  # this copy of the game was dropped meanwhile
            try:
                messages = await self.flag(room)
            except (StoreError, OSError) as exc:  # not stored: this copy goes, as for an action
                _log_refusal(f"game {room.code}: the loss on time", exc)
                del self.rooms[room.code]
                self.timers.pop(room.code, None)
                return
            self.send_all(room, messages)
            self.timers.pop(room.code, None)
            self.arm(room)  # woken before the flag fell (the clock was changed): wait again

    async def release(self, room: Room, messages: Mapping[str, dict[str, Any]],
                      pacer: Pacer) -> None:
        if messages:
            await pacer.wait()
            self.send_all(room, messages)
            crash_point("after-send")

    def send_all(self, room: Room, messages: Mapping[str, dict[str, Any]]) -> None:
        """Queue each seat its own message (and nothing else) on every browser it has open
        here, and tell the other server processes sharing the store that the game changed
        (they send their browsers theirs: :meth:`heard`). This never waits for a browser:
        each connection's writer sends it outside the lock."""
        self._deliver(room, messages)
        if messages and self.store.shared:
            self.store.announce(room.code, room.steps, room.rev)

    def _deliver(self, room: Room, messages: Mapping[str, dict[str, Any]]) -> None:
        """Queue each seat its own message on every browser it has open in this process."""
        for seat, message in messages.items():
            if message is UNSEEN:
                continue  # nobody here shows that seat (it was not built)
            for conn in list(self.sockets.get(room.code, {}).get(seat, ())):
                conn.put(message)

    # -- games changed by other server processes ---------------------------------------
    async def _retrying(self, room: Room, attempt: Callable[[], Awaitable[T]], *,
                        recheck: bool = False) -> T:
        """``attempt()``, a change stored compare-and-set; if another server process changed
        the game first, catch this copy up and try once more (call with the room held).
        ``recheck``: likewise if this copy refuses it (:class:`LegendsError`) and the store is
        shared, since the copy may be behind (an announcement not yet come, or lost)."""
        try:
            return await attempt()
        except StaleStep:
            pass
        except LegendsError:
            if not (recheck and self.store.shared):
                raise
        await self.catch_up(room)
        return await attempt()

    async def catch_up(self, room: Room, upto: int | None = None) -> None:
        """Bring ``room`` up to the store (its first ``upto`` actions; all by default) and send
        this process's browsers of it what the changes tell them (call with the room held).

        :raises StoreError: the store failed, or this copy could not follow the stored game
            (then it is dropped, and its browsers reconnect to a fresh copy).
        """
        try:
            batches = await self.writer.run(room.catch_up, upto)
        except LegendsError as exc:
            log.warning("legends: game %s: this copy cannot follow the store (%s); reading "
                        "it again", room.code, exc)
            self._drop(room)
            raise StoreError(f"game {room.code} is being read again; reconnect") from None
        for batch in batches:
            self._deliver(room, batch)
        self.arm(room)

    def _drop(self, room: Room) -> None:
        """Forget this copy of the game and close its browsers here (they reconnect, and are
        greeted from a copy read afresh from the store)."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.disarm(room.code)
        for conns in self.sockets.get(room.code, {}).values():
            for conn in list(conns):
                conn.put(error_message(Words(N_("the game is being read again")), conn.lang))
                conn.close(BUSY_CLOSE)

    def token_revoked(self, token_id: str) -> None:
        """The access token ``token_id`` was revoked here: close this process's websockets
        opened with it, and tell the other processes to close theirs."""
        self._close_revoked(token_id)
        self.store.announce_revocation(token_id)

    def _close_revoked(self, token_id: str) -> None:
        for seats in self.sockets.values():
            for conns in seats.values():
                for conn in list(conns):
                    if conn.access == token_id:
                        conn.put(error_message(Words(N_("this access token was revoked")),
                                               conn.lang))
                        conn.close(REFUSED_CLOSE)

    def heard(self, payload: str | None) -> None:
        """From the store's listening thread: a process (this one too) announced a changed
        game (``"CODE STEPS REV"``), or ``None``: announcements may have been missed."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._heard, payload)

    def _heard(self, payload: str | None) -> None:
        if payload is None:
            self._spawn(self.check_rooms(force=True))
            return
        try:
            revoked = revocations.parse(payload)
            counted = None if revoked is not None else parse_watchers(payload)
        except ValueError:
            log.warning("legends: ignored a malformed announcement %r", payload[:80])
            return
        if revoked is not None:
            self._close_revoked(revoked)  # this process's own announcement too: none left
            return
        if counted is not None:
            code, process, count = counted
            if (process != self.process
                    and self.far_watchers.note(code, process, count, self.clock())):
                self._recount(code)
            return
        try:
            code, steps_text, rev_text = payload.split(" ")
            steps, rev = int(steps_text), int(rev_text)
        except ValueError:
            log.warning("legends: ignored a malformed announcement %r", payload[:80])
            return
        room = self.rooms.get(code)
        if room is None or (room.rev == rev and room.steps >= steps):
            return  # not held here, or known already (this process's own announcement)
        if (not self.sockets.get(code) and self._idle(room)
                and self.clock() - room.used > FORGET_AFTER):
            # Nobody here is shown it: forget this copy; it is read again when asked for.
            del self.rooms[code]
            self.disarm(code)
            return
        self._behind(code, steps)

    def _behind(self, code: str, steps: int) -> None:
        """Catch game ``code`` up to ``steps`` actions (:data:`ALL`: all that are stored)."""
        self.behind[code] = max(self.behind.get(code, 0), steps)
        if code not in self.following:
            self.following[code] = self._spawn(self._follow(code))

    async def _follow(self, code: str) -> None:
        try:
            while code in self.behind:
                upto = self.behind.pop(code)
                room = self.rooms.get(code)
                if room is None:
                    return
                async with self.using(room):
                    if self.rooms.get(code) is not room:
                        return
                    try:
                        await self.catch_up(room, upto)
                    except StoreError as exc:
                        log.warning("legends: game %s: not caught up with the store: %s",
                                    code, exc)
                        self._drop(room)
                        return
                    self._watch(room)
        finally:
            self.following.pop(code, None)

    def _watch(self, room: Room) -> None:
        """``room`` was caught up with another process's change: if a computer player is
        to move now, that process moves it; should it not (it died), this one does."""
        old = self.watching.pop(room.code, None)
        if old is not None:
            old.cancel()
        if room.over or room.computer_to_move() is None:
            return
        self.watching[room.code] = self._spawn(self._stalled(room, room.steps))

    async def _stalled(self, room: Room, steps: int) -> None:
        await anyio.sleep(STALL)
        if self.watching.get(room.code) is asyncio.current_task():
            del self.watching[room.code]
        async with self.using(room):
            if self.rooms.get(room.code) is not room or room.steps != steps:
                return
            try:
                await self.catch_up(room)
                if room.steps == steps and room.computer_to_move() is not None:
                    log.warning("legends: game %s: the computer player's move was not made "
                                "by the process that was to make it; making it here",
                                room.code)
                    await self.run_computers(room, self.pacer(room))
            except StoreError as exc:
                log.warning("legends: game %s: %s", room.code, exc)

    async def check_rooms(self, force: bool = False) -> None:
        """Compare the games this process shows its browsers with the store; catch up those
        found behind twice running at the same stored revision (or at once, ``force``: the
        announcements were lost). Once is not enough: the process that changed a game
        announces it only once its messages are due, which may be a moment later."""
        codes = [code for code in self.rooms if self.sockets.get(code)]
        if not codes:
            self.suspects = {}
            return
        try:
            stored = await self.writer.run(self.store.revs, codes)
        except StoreError as exc:
            log.warning("legends: could not check the games against the store: %s", exc)
            return
        suspects = {}
        for code, rev in stored.items():
            room = self.rooms.get(code)
            if room is None or room.rev == rev:
                continue
            if force or self.suspects.get(code) == rev:
                self._behind(code, ALL)
            else:
                suspects[code] = rev
        self.suspects = suspects

    async def sweep(self) -> None:
        """:meth:`check_rooms` every :data:`SWEEP` seconds, for as long as the server runs;
        and the counts of spectators kept up to date across processes (.watch_counts)."""
        while True:
            await anyio.sleep(SWEEP)
            await self.check_rooms()
            self.sweep_watchers()

    def sweep_watchers(self) -> None:
        """Announce again the games this process has spectators of, and forget the other
        processes' counts not announced again lately."""
        if not self.store.shared:
            return
        for code, room in self.rooms.items():
            if mine := sum(room.spectators().values()):
                self.store.announce_watchers(code, self.process, mine)
        for code in self.far_watchers.forget_old(self.clock()):
            self._recount(code)

    def _recount(self, code: str) -> None:
        """Tell the people at game ``code``'s table here how many watch now."""
        room = self.rooms.get(code)
        if room is not None and self.sockets.get(code):
            self._deliver(room, room.watchers_messages())

    def _watchers_changed(self, room: Room) -> None:
        """A spectator came to ``room`` through this process, or went: tell the other
        processes, and the people here."""
        if self.store.shared:
            self.store.announce_watchers(room.code, self.process,
                                         sum(room.spectators().values()))
        self._deliver(room, room.watchers_messages())

    def _spawn(self, work: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _socket_room(self, ws: WebSocket) -> Words | None:
        """Why a new websocket may not stay (``None``: it may)."""
        if not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
            return OTHER_SITES
        if self.open_sockets >= self.limits.max_sockets:
            return Words(N_("the server has too many connections; try again later"))
        if self.per_client.get(_client(ws), 0) >= self.limits.max_sockets_per_client:
            return Words(N_("too many connections from your address; close some tabs"))
        return None

    async def play(self, ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, self.limits.send_queue, self.limits.send_timeout)
        conn.lang = current()  # the request's, until its hello names one (.catalogues)
        async with anyio.create_task_group() as tg:
            tg.start_soon(conn.write)
            try:
                await self._admit(conn)
            finally:
                conn.finish()

    async def _admit(self, conn: Connection) -> None:
        ws = conn.ws
        refusal = self._socket_room(ws)
        if refusal is not None:
            conn.put(error_message(refusal, conn.lang))
            conn.close(REFUSED_CLOSE if refusal is OTHER_SITES else BUSY_CLOSE)
            return
        client = _client(ws)
        self.open_sockets += 1
        self.per_client[client] = self.per_client.get(client, 0) + 1
        try:
            await self._play(conn)
        except WebSocketDisconnect:
            pass  # the browser went away mid-way; the game is stored and goes on without it
        finally:
            self.open_sockets -= 1
            self.per_client[client] -= 1
            if not self.per_client[client]:
                del self.per_client[client]

    async def _play(self, conn: Connection) -> None:
        ws = conn.ws
        try:
            with anyio.fail_after(HELLO_TIMEOUT):
                hello = _message(await conn.receive())
            if "lang" in hello:  # its refusals too are worded in the language it reads
                conn.lang = choose(hello["lang"])
            if hello.get("type") == "watch":
                await self._spectate(conn, hello)
                return
            if hello.get("type") != "hello":
                raise BadRequest(N_("say hello first: {hello}"),
                                 hello='{"type": "hello", "token": ...}')
            room, seat, conn.access = await hello_seat(self, ws.path_params["code"], hello)
        except (Refused, TimeoutError, StoreError) as exc:
            conn.put(error_message(
                Words(_refusal(exc, self.store.where)) if isinstance(exc, StoreError) else
                Words(N_("no hello in time")) if isinstance(exc, TimeoutError) else exc,
                conn.lang))
            # A store that failed may work again later: the page may retry, as when busy.
            conn.close(BUSY_CLOSE if isinstance(exc, (Busy, StoreError)) else REFUSED_CLOSE)
            return
        except WebSocketDisconnect:
            return
        try:
            room = self._current(room)
        except Busy as exc:
            conn.put(error_message(exc, conn.lang))
            conn.close(BUSY_CLOSE)
            return
        # What the server makes for this seat, in the language its browser reads (the latest
        # hello of the seat's browsers counts; by default the request's: .catalogues).
        lang = conn.lang
        room.speaks(seat, lang)
        if hello.get("knowledge") is True:  # a program playing with our computer players
            room.tell_knowledge(seat)
        try:
            async with self.using(room):
                try:
                    if self.store.shared:
                        # An announcement of another process's change may not have come yet.
                        await self.catch_up(room)
                    # The flag fell while nobody watched: the others are told; this browser
                    # learns it from its greeting.
                    self.send_all(room, await self.flag(room))
                except StoreError as exc:
                    self._not_stored(conn, room, exc)
                self.sockets.setdefault(room.code, {}).setdefault(seat, set()).add(conn)
                # Read from the store and drawn off the event loop (a long game's log).
                for message in await self.writer.read(room.greeting, seat):
                    conn.put(message)
                # Stopped while a computer player was to decide: it decides now.
                try:
                    await self.run_computers(room, self.pacer(room))
                except StoreError as exc:
                    self._not_stored(conn, room, exc)
            while (text := await self._next_text(conn)) is not _Idle.SILENT:
                with language(lang):
                    await self._answer(conn, room, seat, text)
        except WebSocketDisconnect:
            pass
        finally:
            self._forget_socket(room.code, seat, conn)

    async def _next_text(self, conn: Connection) -> str | None | Literal[_Idle.SILENT]:
        """The browser's next message (``None``: a binary frame), or :data:`_Idle.SILENT` once
        it has been silent too long (it is told so and closed)."""
        try:
            with anyio.fail_after(self.limits.socket_idle):
                return await conn.receive()
        except TimeoutError:
            conn.put(error_message(Words(N_("closed after a long silence")), conn.lang))
            conn.close(IDLE_CLOSE)
            return _Idle.SILENT

    async def _spectate(self, conn: Connection, hello: Mapping[str, Any]) -> None:
        """A browser watching the game (a ``watch`` hello, no token): it is sent the
        spectator's messages (.watching), made and timed as a seat's, and may send only
        pings. Every person at the table is told how many watch."""
        room = await self.room(conn.ws.path_params["code"])
        if room is None:
            raise BadRequest(NO_GAME)
        room = self._current(room)
        lang = conn.lang
        key = watch_key(lang)
        async with self.using(room):
            most = self.limits.max_watchers
            if room.watcher_count() >= most:
                raise Busy(N_("this game has {count} spectators, as many as it takes; "
                              "try again later"), count=most)
            if self.store.shared:
                await self.catch_up(room)
            self.sockets.setdefault(room.code, {}).setdefault(key, set()).add(conn)
        try:
            async with self.using(room):
                self._watchers_changed(room)
                for message in await self.writer.read(room.watch_greeting, lang):
                    conn.put(message)
            while (text := await self._next_text(conn)) is not _Idle.SILENT:
                try:
                    kind = _message(text).get("type")
                except BadRequest:
                    kind = None
                conn.put({"type": "pong"} if kind == "ping" else
                         error_message(Words(N_("a spectator only watches")), lang))
        finally:
            self._forget_socket(room.code, key, conn)
            if self.rooms.get(room.code) is room:
                self._watchers_changed(room)

    async def _answer(self, conn: Connection, room: Room, seat: str, text: str | None) -> None:
        try:
            if text is None:
                raise BadRequest(N_("send text frames holding JSON, not binary ones"))
            message = _message(text)
            kind = message.get("type")
            if kind == "ping":
                conn.put({"type": "pong"})
                return
            if kind in ("arrange", "unready"):
                async with self.using(room):
                    try:
                        # Stored in the writer's thread, as actions are: a disk's wait
                        # here must not stop every other game on the server.
                        line = message.get("line")
                        batches = await self._retrying(room, lambda: (
                            self.writer.run(room.arrange, seat, line)
                            if kind == "arrange" else self.writer.run(room.unready, seat)))
                        for batch in batches:
                            self.send_all(room, batch)
                        await self.run_computers(room, self.pacer(room))
                    finally:
                        self.arm(room)  # the clocks start when the last setup is in
                return
            if kind not in ENDINGS and kind != "action":
                raise BadRequest(N_("unknown message type {kind}"), kind=short(kind, 30))
            async with self.using(room):
                try:
                    # Time that ran out before this message counts first.
                    self.send_all(room, await self.flag(room))
                    pacer = self.pacer(room)
                    if kind == "action":
                        # Checked again if another process changed the game first: the
                        # decision it answers may have been taken meanwhile.
                        text, decision = message.get("action"), message.get("decision")
                        messages = await self._retrying(room, lambda: self.apply(
                            room, seat, room.check(seat, text, decision)), recheck=True)
                    else:
                        # Stored by the room itself, in the writer's thread, not cut short by
                        # the browser leaving (as an action).
                        ending = ENDINGS[kind]
                        with anyio.CancelScope(shield=True):
                            messages = await self._retrying(
                                room, lambda: self.writer.run(ending, room, seat))
                    await self.release(room, messages, pacer)
                    await self.run_computers(room, pacer)
                finally:
                    self.arm(room)
        except (BadRequest, LegendsError) as exc:
            # Told to this browser only, in its language; the game and the other seats are
            # unchanged.
            conn.put(error_message(exc, conn.lang))
        except (StoreError, OSError) as exc:
            self._not_stored(conn, room, exc)

    def _not_stored(self, conn: Connection, room: Room, exc: StoreError | OSError) -> NoReturn:
        """An action was not stored (the store is lost or failed, or another process moved
        this game on): this copy of the game is dropped, and the page reconnects to a fresh
        one."""
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
        _log_refusal(f"game {room.code}", exc)
        conn.put(error_message(Words(_refusal(exc, self.store.where)), conn.lang))
        conn.close(BUSY_CLOSE)
        raise WebSocketDisconnect(BUSY_CLOSE) from None

    def _forget_socket(self, code: str, seat: str, conn: Connection) -> None:
        seats = self.sockets.get(code, {})
        seats.get(seat, set()).discard(conn)
        if not seats.get(seat):
            seats.pop(seat, None)
        if not seats:
            self.sockets.pop(code, None)


#: The messages that end a game by choice, or offer to (see :mod:`.endings`).
ENDINGS: dict[str, Callable[[Room, str], dict[str, dict[str, Any]]]] = {
    "resign": Room.resign,
    "offer-draw": Room.offer_draw,
    "accept-draw": lambda room, seat: room.answer_offer(seat, True),
    "decline-draw": lambda room, seat: room.answer_offer(seat, False),
}


def _message(text: str | None) -> dict[str, Any]:
    if text is None:
        raise BadRequest(N_("send text frames holding JSON, not binary ones"))
    if len(text) > MAX_MESSAGE:
        raise BadRequest(N_("message longer than {most} characters"), most=MAX_MESSAGE)
    return _json_object(text, "message", N_("expected a JSON object with a 'type'"))


def _json_object(text: str | bytes, what: str, expected: str) -> dict[str, Any]:
    """Bounded JSON that must be an object; anything else is a :class:`BadRequest`."""
    try:
        data = safejson.loads(text, what)
    except PositionError as exc:
        raise BadRequest(words_of(exc)) from None
    if not isinstance(data, dict):
        raise BadRequest(expected)
    return data


def piece_info(cat: Catalogue, number: str, rules: str = DEFAULT) -> dict[str, Any]:
    """A piece's public facts (the catalogue is public: it is the printed piece), with a
    heading and a line of facts in ``rules``' own terms (``legends.wording.piece_summary``)."""
    if not number.isdigit() or len(number) > 9 or int(number) not in cat:
        raise BadRequest(N_("no piece #{number}"), number=short(number, 10))
    t = cat[int(number)]
    heading, summary = piece_summary(t, is_legends(rules))
    return {"heading": heading, "summary": summary,
            "number": t.number, "name": t.name, "kind": t.kind, "strength": t.strength,
            "strength_label": t.strength_label, "colour": t.colour, "type": t.type,
            "nation": t.nation, "army": t.army, "text": piece_text(t, is_legends(rules)),
            "keywords": sorted(t.keywords),
            # By category and name only: the text says what they do (said once).
            "powers": powers_named(t),
            "rulings": list(t.rulings)}


def create_app(*, db_path: str | None = None, positions: Mapping[str, dict[str, Any]] | None = None,
               catalogue: Catalogue | None = None, limits: Limits | None = None,
               computer_time: float = COMPUTER_TIME, clock: Clock = time.monotonic,
               sleep: Sleep = anyio.sleep, init: bool = False, thinkers: int | None = None,
               wall: Clock = time.time, collector: bool = False) -> Starlette:
    """The ASGI application (run it with uvicorn, or ``legends serve``).

    :param db_path: the SQLite file games are kept in (created if missing, readable by its
        owner only; checked before use), or a ``postgresql://`` URL (:mod:`.store`);
        :func:`default_db_path` by default.
    :param positions: named test positions (JSON positions) the new-game form offers in place
        of a dealt game: a way to set up short games for demonstrations and tests.
    :param catalogue: the pieces of Stratego Legends games (the installed catalogue by
        default); the other editions use their own (:func:`legends_core.catalogue_for`).
    :param limits: what clients may use (``guards.Limits``: body size, games in memory,
        websockets, attempts).
    :param computer_time: in a game between people and the computer, the seconds each batch of
        messages after a person's action is held, so the time the computer took tells nothing
        (0: no holding, for tests).
    :param clock: and ``sleep``: the time source the limits and the holding use (tests pass
        their own).
    :param wall: the wall clock the game clocks read (tests pass their own).
    :param init: start a new, empty store if there is no usable one (``legends serve --init``).
    :param thinkers: processes the computer players think in, at a lower priority than the
        server's (:mod:`legends.web.thinking`); ``None`` (the default): one fewer than the
        machine's cores, at least one and at most :data:`~legends.web.thinking.MOST`; 0: in
        this process (a thread beside the event loop), as a server with its own ``catalogue``
        always does. Under load each decision thinks less rather than wait in a queue
        (:mod:`legends.web.budget`). The processes are started fresh, so a script that serves
        the application itself must do so under ``if __name__ == "__main__":``.
    :param collector: as the server starts, set this process's garbage collector up for
        serving (:func:`settle_collector`; ``legends serve`` does: the collector's settings
        are the whole process's, so a program that serves other things too may prefer its own).
    :raises StoreError: the store cannot be used (damaged, emptied, foreign, unreachable).
    """
    path = db_path or default_db_path()
    if path != ":memory:" and not is_url(path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    limits = limits or Limits()
    server = Server(open_store(path, init=init), catalogue, positions or {}, limits,
                    computer_time, clock, sleep, thinkers, wall)

    def guarded(handler: Callable[[Request], Awaitable[dict[str, Any]]]):
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except Refused as exc:
                return answer(exc)
            except (StoreError, OSError) as exc:  # the store or the disk failed: try later
                _log_refusal(f"{request.method} {request.url.path}", exc)
                return answer(Refused(_refusal(exc, server.store.where)), 503)
            except LegendsError as exc:  # e.g. a record asked for before the game began
                return answer(exc, 400)
        return endpoint

    async def body(request: Request) -> dict[str, Any]:
        return _body(await read_body(request, limits.max_body))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def options(request: Request) -> dict[str, Any]:
        return {"rulesets": editions(), "players": list(PLAYERS),
                "positions": sorted(server.positions)}

    async def new_game(request: Request) -> dict[str, Any]:
        server.attempt(_client(request))
        data = await body(request)
        private = lobby_routes.is_private(data)  # else listed in the lobby while it goes on
        made = await server.new_game(data, await account_of(server, request))
        if not private:
            await lobby_routes.list_game(server, made["code"])
        return made

    async def join(request: Request) -> dict[str, Any]:
        server.attempt(_client(request))
        return await server.join(request.path_params["code"], await body(request),
                                 await account_of(server, request))

    async def piece(request: Request) -> dict[str, Any]:
        rules = request.query_params.get("rules", DEFAULT)
        if rules not in rulesets():
            raise BadRequest(N_("rules: unknown edition {edition}"), edition=short(rules))
        cat = server.catalogue if rules == DEFAULT and server.catalogue else catalogue_for(rules)
        return piece_info(cat, request.path_params["number"], rules)

    async def ratings(request: Request) -> dict[str, Any]:
        edition = request.path_params["edition"]
        edition = ALIASES.get(edition, edition)
        if edition not in rulesets():
            raise BadRequest(N_("edition: unknown edition {edition}"), edition=short(edition))
        try:
            limit = int(request.query_params.get("limit", "50"))
        except ValueError:
            raise BadRequest(N_("limit: expected a whole number")) from None
        limit = max(1, min(limit, LEADERBOARD_MAX))
        players = await server.writer.read(server.store.leaderboard, edition, limit)
        return {"edition": edition, "provisional_rd": PROVISIONAL_RD, "players": players}

    async def record(request: Request) -> dict[str, Any]:
        data = await body(request)
        room, seat = await server.viewer_for(request.path_params["code"], data,
                                             await account_of(server, request, READ))
        async with server.using(room):
            if data.get("mine") and seat == SPECTATOR:
                raise BadRequest(N_("a spectator has no record of their own"))
            if data.get("mine"):
                return room.record(seat)
            if not room.game.is_over:
                raise BadRequest(N_("the full record is handed out when the game is over"))
            return room.record()

    async def replay(request: Request) -> dict[str, Any]:
        data = await body(request)
        room, seat = await server.viewer_for(request.path_params["code"], data,
                                             await account_of(server, request, READ))
        step = data.get("step", 0)
        if not isinstance(step, int) or isinstance(step, bool):
            raise BadRequest(N_("step: expected a whole number"))
        async with server.using(room):
            if not room.game.is_over:
                raise BadRequest(N_("the replay is shown when the game is over"))
            return room.replay_frame(seat, step)

    async def moves(request: Request) -> dict[str, Any]:
        data = await body(request)
        room, seat = await server.viewer_for(request.path_params["code"], data)
        async with server.using(room):
            return await server.writer.read(room.moves, seat)

    async def seen(request: Request) -> dict[str, Any]:
        data = await body(request)
        room, seat = await server.viewer_for(request.path_params["code"], data)
        moment = data.get("moment")
        if not isinstance(moment, int) or isinstance(moment, bool):
            raise BadRequest(N_("moment: expected a whole number"))
        async with server.using(room):
            try:
                return await server.writer.read(room.seen, seat, moment)
            except LegendsError as exc:
                raise BadRequest(words_of(exc)) from None

    async def reveal(request: Request) -> dict[str, Any]:
        data = await body(request)
        room, seat = await server.viewer_for(request.path_params["code"], data)
        async with server.using(room):
            if room.arranging or not room.game.is_over:
                raise BadRequest(N_("both armies are shown when the game is over"))
            return await server.writer.read(end_reveal, room, seat)

    async def watching(request: Request) -> dict[str, Any]:
        room = await server.room(request.path_params["code"])
        if room is None:
            raise BadRequest(NO_GAME)
        free = sum(1 for info in room.seats.values()
                   if info.get("kind", "human") == "human" and not info.get("taken"))
        return {"code": room.code, "free": free, "watchers": room.watcher_count(),
                "limit": server.limits.max_watchers}

    async def described(request: Request) -> dict[str, Any]:
        return openapi() if request.url.path.endswith("openapi.json") else messages()

    # Each JSON route under /api (the page's) and /api/v1 (the versioned protocol).
    api = [
        Route("/options", guarded(options)),
        Route("/games", guarded(new_game), methods=["POST"]),
        Route("/games/{code}/join", guarded(join), methods=["POST"]),
        Route("/games/{code}/record", guarded(record), methods=["POST"]),
        Route("/games/{code}/replay", guarded(replay), methods=["POST"]),
        Route("/games/{code}/moves", guarded(moves), methods=["POST"]),
        Route("/games/{code}/seen", guarded(seen), methods=["POST"]),
        Route("/games/{code}/reveal", guarded(reveal), methods=["POST"]),
        Route("/games/{code}/watch", guarded(watching)),
        Route("/pieces/{number}", guarded(piece)),
        Route("/ratings/{edition}", guarded(ratings)),
        Route("/messages/{lang}", page_messages),
        Route("/openapi.json", guarded(described)),
        Route("/schema/messages.json", guarded(described)),
    ]
    routes = [
        Route("/", page),
        Route("/game/{code}", page),
        Route("/ratings", page),
        *(Route(prefix + r.path, r.endpoint, methods=r.methods)
          for prefix in ("/api", PREFIX) for r in api),
        WebSocketRoute("/ws/{code}", server.play),
        *account_routes.routes(server, page),  # accounts (see .account_routes)
        *archive.routes(server, page),  # ended games' replays and records (see .archive)
        *token_routes.routes(server, page),  # access tokens, and /api/v1 for programs
        # seeks, public games, challenges, rematches (see .lobby_routes)
        *lobby_routes.routes(server, body, _player, lambda r: server.attempt(_client(r))),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.loop = asyncio.get_running_loop()
        await server.thinkers.start()
        if collector:
            settle_collector()
        if server.store.shared:
            # Changes other processes make to the games this one shows reach it here.
            server.store.listen(server.heard)
            server._spawn(server.sweep())
        try:
            yield
        finally:
            server.store.stop_listening()
            for task in list(server.tasks):
                task.cancel()
            for code in list(server.timers):
                server.disarm(code)
            server.thinkers.close()
            server.writer.close()
            try:
                server.store.close()  # on shutdown: the database file alone then holds every game
            except (StoreError, OSError) as exc:
                _log_refusal("closing the store", exc)

    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(SecurityHeaders), Middleware(SpokenLanguage),
                                Middleware(CsrfGuard)])
    app.state.server = server
    return app

"""The server's protocol for other programs, described: an OpenAPI 3.1 document for the HTTP
routes and a JSON Schema for every websocket message, both served by the server
(``GET /api/openapi.json`` and ``GET /api/schema/messages.json``) and checked against what it
really sends by ``tests/test_api_schema.py``.

Versioning: :data:`VERSION` is the protocol's number. Every JSON route is served under
``/api/v1/...`` as well as under ``/api/...`` (the page's own paths, which follow the page and
may change with it); the websocket's ``welcome`` carries ``"v": VERSION``. Within a version,
fields may be added to what the server sends (clients must ignore fields they do not know) but
none is removed or changes meaning; anything else takes a new version, served beside the old.

The documents are built here as Python data (one place, shared building blocks) rather than
kept as hand-written JSON files.
"""

from __future__ import annotations

from typing import Any

#: The protocol's version: ``/api/v1/...`` and ``"v"`` in ``welcome``.
VERSION = 1
#: The prefix of the versioned HTTP routes.
PREFIX = f"/api/v{VERSION}"

Schema = dict[str, Any]

# -- building blocks ---------------------------------------------------------------------
STR: Schema = {"type": "string"}
INT: Schema = {"type": "integer"}
NUM: Schema = {"type": "number"}
BOOL: Schema = {"type": "boolean"}
ANY: Schema = {}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def mapping(values: Schema) -> Schema:
    """An object whose keys are names (seats, options, ...) and whose values are ``values``."""
    return {"type": "object", "additionalProperties": values}


def obj(description: str, required: dict[str, Schema], optional: dict[str, Schema] | None = None,
        *, strict: bool = True) -> Schema:
    """An object with these fields (``strict``: no others; what the tests hold the server to)."""
    out: Schema = {"type": "object", "description": description,
                   "properties": {**required, **(optional or {})},
                   "required": sorted(required)}
    if strict:
        out["additionalProperties"] = False
    return out


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


# -- shared shapes -----------------------------------------------------------------------
PIECE_VIEW = obj("A piece as the viewer may see it (null fields: unknown to the viewer).", {
    "square": nullable(STR), "controller": nullable(STR), "owner": nullable(STR),
    "revealed": BOOL, "known_to": array(STR), "moved": BOOL, "number": nullable(INT),
    "name": nullable(STR), "kind": nullable(STR), "strength": ANY, "current": ANY,
    "colour": nullable(STR), "type": nullable(STR)})

VIEW = obj("One seat's view of the game: everything it may know, nothing else.", {
    "player": STR, "board": {"type": "object"}, "pieces": array(ref("piece_view")),
    "destroyed": mapping(array(nullable(INT))), "curse": nullable(INT),
    "curse_active": BOOL, "curse_controller": nullable(STR), "curse_queue": array(INT),
    "turn": INT, "active": STR, "to_move": nullable(STR), "decision": nullable(STR),
    "options": array(STR), "effects": array(array(ANY)), "over": BOOL,
    "winner": nullable(STR), "reason": STR, "commitment": nullable(STR), "rules": STR,
    "reserve": mapping(array(nullable(INT))), "winners": array(STR),
    "teams": mapping(array(STR))})

SEAT = obj("Who plays a seat (public to the table).", {
    "kind": {"enum": ["human", "computer"]}, "player": nullable(STR), "name": STR,
    "taken": BOOL})

OFFER = obj("The draw offer standing: the side and seat that made it, and who of the other "
            "side has accepted so far.", {"side": STR, "seat": STR, "accepted": array(STR)})

CLOCK = obj("The game clocks: the time control, each seat's seconds left, whose clock runs.", {
    "minutes": NUM, "increment": NUM, "left": mapping(NUM), "running": nullable(STR)})

EVENT = obj("An event as this seat was shown it (its fields depend on its kind; see the "
            "record format).", {"kind": STR}, strict=False)

SEATS = mapping(ref("seat"))

KNOWLEDGE = obj(
    "The seat's knowledge, sent when it decides if its hello said \"knowledge\": true: what "
    "our computer players decide from (legends_core.Knowledge.from_dict reads it back). "
    "`state` is the projection of the game onto what the seat may know, in the position "
    "format (hidden pieces wear a stand-in identity; no seed, salt or repetition counts).", {
        "format": {"const": "stratego-legends-knowledge"}, "version": {"const": 1},
        "player": STR, "decision_kind": nullable(STR), "actions": array(STR),
        "view": ref("view"), "state": {"type": "object"}})

# -- websocket messages: server to client ------------------------------------------------
SERVER: dict[str, Schema] = {
    "welcome": obj(
        "The first message after hello: the game, who is who, and the seat's log so far.", {
            "type": {"const": "welcome"}, "v": {"const": VERSION}, "code": STR, "seat": STR,
            "players": array(STR), "seats": SEATS, "rules": STR,
            "teams": mapping(array(STR)), "log": array(STR)},
        {"log_passes": array(INT), "arranging": BOOL,
         "watching": {"const": True}}),
    "state": obj(
        "The game as this seat knows it now; answer with an action when view.to_move is you.", {
            "type": {"const": "state"}, "view": ref("view"), "events": array(ref("event")),
            "prompt": nullable(STR), "reason": STR, "labels": mapping(STR),
            "groups": mapping(STR), "turn_label": STR, "powers": mapping(STR),
            "lines": array(STR), "passes": array(INT), "svg": STR, "seats": SEATS,
            "decision": INT, "offer": nullable(ref("offer")), "clock": nullable(ref("clock"))},
        {"watchers": INT, "watching": {"const": True},
         "quiet": array(INT),  # lines a screen reader need not read out (as passes)
         "flipped": STR,  # to spectators: the board from the other side too
         "knowledge": KNOWLEDGE}),  # to a seat whose hello asked, when it decides
    "arrange": obj(
        "While the players arrange their setups: this seat's setup area, army, own line and "
        "who is ready.", {
            "type": {"const": "arrange"}, "seat": STR, "rules": STR,
            "rows": array(array(STR)),
            "pieces": array(obj("A piece of the army to place.",
                                {"char": STR, "name": STR, "count": INT})),
            "line": nullable(STR), "ready": mapping(BOOL), "seats": SEATS}),
    "seats": obj("Who is who changed (a seat was taken).",
                 {"type": {"const": "seats"}, "seats": SEATS},
                 {"clock": nullable(ref("clock"))}),
    "offer": obj("The draw offer as it now stands, and a line saying what happened.", {
        "type": {"const": "offer"}, "offer": nullable(ref("offer")), "line": STR}),
    "pong": obj("The answer to a ping.", {"type": {"const": "pong"}}),
    "watchers": obj("How many watch the game now (to the players, when it changes).",
                    {"type": {"const": "watchers"}, "watchers": INT}),
    "error": obj("A message refused (to this client only; the game is unchanged), or why "
                 "the connection closes.", {"type": {"const": "error"}, "message": STR}),
}

# -- websocket messages: client to server ------------------------------------------------
_SIMPLE = {
    "ping": "Is the server there? (answered with pong)",
    "unready": "While arranging: take your setup line back to change it.",
    "resign": "Resign (your side loses).",
    "offer-draw": "Offer a draw for your side, or accept the one the other side made.",
    "accept-draw": "Accept the standing draw offer.",
    "decline-draw": "Decline the standing offer (its maker: withdraw it).",
}
CLIENT: dict[str, Schema] = {
    "hello": {**obj("The first message: the seat's secret token, or in its place a "
                    "personal access token (`access_token`, scope play) of the account that "
                    "holds a seat in the game; the language to be spoken, optional; and whether "
                    "to be sent the seat's knowledge when it decides, optional.",
                    {"type": {"const": "hello"}}, {"token": STR, "access_token": STR,
                                                   "lang": STR, "knowledge": BOOL}),
              "oneOf": [{"required": ["token"]},
                        {"required": ["access_token"], "not": {"required": ["token"]}}]},
    "watch": obj("The first message of a spectator (no seat, no token): watch the game, "
                 "seeing only what every seat has been shown.", {"type": {"const": "watch"}},
                 {"lang": STR}),
    "action": obj("Your action (one of view.options), answering the decision numbered "
                  "`decision` in the latest state message.",
                  {"type": {"const": "action"}, "action": STR, "decision": INT}),
    "arrange": obj("While arranging: your setup line, or \"random\".",
                   {"type": {"const": "arrange"}, "line": STR}),
    **{kind: obj(text, {"type": {"const": kind}}) for kind, text in _SIMPLE.items()},
}

SHARED = {"view": VIEW, "piece_view": PIECE_VIEW, "seat": SEAT, "offer": OFFER,
          "clock": CLOCK, "event": EVENT}


def messages() -> Schema:
    """The JSON Schema of every websocket message (``/api/schema/messages.json``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://legends.invalid/api/schema/messages.json",
        "title": f"Stratego Legends websocket messages, protocol version {VERSION}",
        "description": "Connect to /ws/{code}, send hello, then actions. `server` holds what "
                       "the server sends, `client` what a client may send, each by type.",
        "x-protocol-version": VERSION,
        "x-websocket": "/ws/{code}",
        "$defs": {**SHARED,
                  **{f"server.{k}": v for k, v in SERVER.items()},
                  **{f"client.{k}": v for k, v in CLIENT.items()},
                  "server": {"oneOf": [ref(f"server.{k}") for k in SERVER]},
                  "client": {"oneOf": [ref(f"client.{k}") for k in CLIENT]}},
        "oneOf": [ref("server"), ref("client")],
        "x-server": sorted(SERVER), "x-client": sorted(CLIENT),
    }


def message_schema(direction: str, kind: str) -> Schema | None:
    """The schema of one message (``direction``: ``"server"`` or ``"client"``), resolvable on
    its own, or ``None`` when no such message is documented."""
    table = SERVER if direction == "server" else CLIENT
    if kind not in table:
        return None
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$defs": SHARED, **table[kind]}


# -- HTTP --------------------------------------------------------------------------------
ERROR = obj("What was refused, in words.", {"error": STR})
TOKEN = obj("Your seat's secret token.", {"token": STR}, strict=False)
SEAT_TAKEN = obj("The game, your seat and its secret token (keep it: it is your seat).",
                 {"code": STR, "seat": STR, "token": STR}, {"rated": BOOL})
EDITION = obj("An edition the server offers.", {
    "name": STR, "description": STR, "title": STR, "about": STR, "seats": array(STR),
    "team_seats": mapping(array(STR))})
NEW_GAME = obj("A new game (every field optional).", {}, {
    "rules": STR, "players": {"enum": [2, 4, 6, 8]}, "opponent": STR, "side": STR,
    "turn_limit": nullable(INT), "auto_pass": BOOL, "position": nullable(STR),
    "name": STR, "setup": nullable(STR), "rated": BOOL,
    "player": STR,  # a secret of the browser's (16-100 characters); ratings key on its digest
    "clock": nullable(obj("A time control (games between people).",
                          {"minutes": NUM}, {"increment": NUM}))}, strict=False)
JOIN = obj("Taking a free seat.", {}, {"name": STR, "setup": nullable(STR), "player": STR},
           strict=False)
REVEAL = obj("After the end: the board with every piece shown, the setup the commitment "
             "binds (its salt and each piece as [id, square, owner, number]) and the "
             "commitment published at the start.", {
                 "svg": STR, "commitment": nullable(STR),
                 "setup": nullable(obj("The committed setup.", {
                     "salt": STR, "pieces": array(array(ANY))}))})
WATCH = obj("Whether a game has a free seat, and how many watch it (and may).", {
    "code": STR, "free": INT, "watchers": INT, "limit": INT})
LEADERBOARD = obj("An edition's best rated players, best first.", {
    "edition": STR, "provisional_rd": NUM,
    "players": array(obj("A rated player.", {
        "player": STR, "name": STR, "rating": INT, "rd": INT, "games": INT,
        "provisional": BOOL}, {"computer": BOOL}))})
PLY = obj("One ply of the move list.", {"moment": INT}, strict=False)
MOVES = obj("Your seat's move list.", {
    "turns": array(obj("A turn.", {"plies": array(PLY)}, strict=False)),
    "players": array(STR), "latest": INT})
SEEN = obj("The board as your seat was shown it in that message.", {
    "moment": INT, "latest": INT, "turn": INT, "turn_label": STR, "svg": STR})
FRAME = obj("The board after `step` actions.", {
    "step": INT, "of": INT, "action": STR, "turn": INT, "turn_label": STR, "svg": STR})
RECORD = obj("A game record: the full one (format stratego-legends-record, with its "
             "actions) or your seat's own (stratego-legends-player-record); see the record "
             "formats in the docs.", {"format": STR, "version": INT},
             {"headers": {"type": "object"}, "actions": array(STR)}, strict=False)
PIECE = obj("A piece's public facts, in an edition's words.", {
    "heading": STR, "summary": STR, "number": INT, "name": STR, "kind": STR,
    "strength": ANY, "strength_label": ANY, "colour": STR, "type": STR,
    "nation": nullable(STR), "army": nullable(STR), "text": STR, "keywords": array(STR),
    "powers": ANY, "rulings": array(ANY)})
OPTIONS = obj("What the server offers.", {
    "rulesets": array(EDITION), "players": array(STR), "positions": array(STR)})


def _json(schema: Schema) -> Schema:
    return {"application/json": {"schema": schema}}


def _answer(description: str, schema: Schema, *, refusals: bool = True) -> Schema:
    out = {"200": {"description": description, "content": _json(schema)}}
    if refusals:
        out["400"] = {"description": "Refused: the request is wrong.", "content": _json(ERROR)}
        out["413"] = {"description": "The body is too large.", "content": _json(ERROR)}
        out["429"] = {"description": "Too many attempts; wait.", "content": _json(ERROR)}
        out["503"] = {"description": "The server or its store is busy or failed; try later.",
                      "content": _json(ERROR)}
    return out


def _op(summary: str, responses: Schema, body: Schema | None = None,
        params: list[Schema] | None = None) -> Schema:
    op: Schema = {"summary": summary, "responses": responses}
    if body is not None:
        op["requestBody"] = {"required": False, "content": _json(body)}
    if params:
        op["parameters"] = params
    return op


def _param(name: str, where: str = "path", description: str = "") -> Schema:
    return {"name": name, "in": where, "required": where == "path", "schema": STR,
            "description": description}


CODE = _param("code", description="The game's code.")


def _with(extra: dict[str, Schema]) -> Schema:
    """A body holding the seat's token (or, for a spectator, ``"watch": true``) and ``extra``."""
    return obj("Your seat's token (a spectator: watch, true), and more.", {},
               {"token": STR, "watch": {"const": True}, **extra}, strict=False)


#: The JSON routes, by path under the prefix, and what each does.
API: dict[str, dict[str, Schema]] = {
    "/options": {"get": _op("The editions, computer players and test positions offered.",
                            _answer("What the server offers.", OPTIONS))},
    "/games": {"post": _op("Start a game; you take a seat.",
                           _answer("Your seat.", SEAT_TAKEN), NEW_GAME)},
    "/games/{code}/join": {"post": _op("Take the first free seat of a game between people.",
                                       _answer("Your seat.", SEAT_TAKEN), JOIN, [CODE])},
    "/games/{code}/record": {"post": _op(
        "The full record once the game is over; your seat's own at any time (mine: true).",
        _answer("The record.", RECORD), _with({"mine": BOOL}), [CODE])},
    "/games/{code}/replay": {"post": _op(
        "After the end: the board after any number of actions.",
        _answer("One frame.", FRAME), _with({"step": INT}), [CODE])},
    "/games/{code}/moves": {"post": _op("Your seat's move list.", _answer("The list.", MOVES),
                                        TOKEN, [CODE])},
    "/games/{code}/seen": {"post": _op(
        "The board as your seat was shown it in its message number `moment`.",
        _answer("That board.", SEEN), _with({"moment": INT}), [CODE])},
    "/games/{code}/reveal": {"post": _op(
        "After the end: both armies, and the setup the commitment binds (a seat or a "
        "spectator).", _answer("The reveal.", REVEAL), _with({}), [CODE])},
    "/games/{code}/watch": {"get": _op(
        "Whether the game has a free seat and how many watch it.",
        _answer("The game's audience.", WATCH), params=[CODE])},
    "/ratings/{edition}": {"get": _op(
        "The leaderboard of an edition.", _answer("The leaderboard.", LEADERBOARD),
        params=[_param("edition", description="The edition."),
                _param("limit", "query", "How many players (at most 200).")])},
    "/pieces/{number}": {"get": _op(
        "A piece's public facts.", _answer("The piece.", PIECE),
        params=[_param("number", description="The piece's number."),
                _param("rules", "query", "The edition whose words to use.")])},
    "/messages/{lang}": {"get": _op(
        "The page's words in a language ({English: translation}).",
        _answer("The translations.", mapping(STR), refusals=False),
        params=[_param("lang", description="A language code.")])},
    "/openapi.json": {"get": _op("This document.", _answer(
        "The OpenAPI document.", {"type": "object"}, refusals=False))},
    "/schema/messages.json": {"get": _op("The JSON Schema of the websocket messages.", _answer(
        "The schema.", {"type": "object"}, refusals=False))},
}

def _account_answer(description: str, schema: Schema) -> Schema:
    """An account route's answers: a refusal may also be 401 (not signed in) or 403 (a
    missing or wrong CSRF token, or a request from another site)."""
    out = _answer(description, schema)
    out["401"] = {"description": "Sign in first.", "content": _json(ERROR)}
    out["403"] = {"description": "Refused: the CSRF token is missing or wrong, or the request "
                                 "comes from another site.", "content": _json(ERROR)}
    return out


ACCOUNT = obj("Who is signed in on this browser (the CSRF token goes in X-CSRF-Token with "
              "every POST made with the session cookie), or whose personal access token "
              "the request carries (then its scope, and no CSRF token).", {"signed_in": BOOL},
              {"name": STR, "player": STR, "csrf": STR, "scope": {"enum": ["read", "play"]}})
CREDENTIALS = obj("A name (3-24 letters, digits, _ or -) and a password (10 characters or "
                  "more).", {"name": STR, "password": STR})
_GAME_FIELDS: dict[str, Schema] = {
    "code": STR, "edition": STR, "opponents": array(STR),
    "result": {"enum": ["won", "drawn", "lost", "playing"]}, "rated": BOOL, "started": NUM,
    # how far the game moved the account's rating (null: casual, or going on), and its length
    "change": nullable(INT), "turns": INT}
GAME_ROW = obj("A game the account played, and the seat it played.",
               {**_GAME_FIELDS, "seat": STR})
PUBLIC_GAME_ROW = obj("An ended game a player played.", _GAME_FIELDS)
MY_GAMES = obj("The signed-in account's games, newest first.",
               {"name": STR, "games": array(GAME_ROW)}, {"page": INT, "more": BOOL})
RATING = obj("A player's rating in one edition.",
             {"edition": STR, "rating": INT, "rd": INT, "games": INT})
PLAYER = obj("A player's public page: name, when they joined (seconds since 1970), ratings "
             "per edition and their latest ended games.", {
                 "name": STR, "joined": NUM, "ratings": array(RATING),
                 "games": array(PUBLIC_GAME_ROW),
                 "tallies": obj("Games finished, won, drawn and lost (rated and casual).",
                                {"played": INT, "won": INT, "drawn": INT, "lost": INT})})
TOKEN_INFO: dict[str, Schema] = {
    "id": STR, "label": STR, "scope": {"enum": ["read", "play"]}, "created": NUM,
    "used": nullable(NUM), "expires": nullable(NUM)}
ACCESS_TOKEN = obj("A personal access token as listed (the token itself is never shown "
                   "again): its id, label, scope, when it was made and last used and when it "
                   "expires (seconds since 1970; null: never). An expired token is refused "
                   "(401) until it is revoked.", TOKEN_INFO)
ACCESS_TOKENS = obj("The signed-in account's personal access tokens, oldest first.",
                    {"tokens": array(ACCESS_TOKEN)})
NEW_ACCESS_TOKEN = obj("A new personal access token: shown this once (only its digest is "
                       "kept). Send it as `Authorization: Bearer <token>`, or as "
                       "`access_token` in the websocket's hello.", {**TOKEN_INFO, "token": STR})
TOKEN_REQUEST = obj("A label for the token (1-60 characters), its scope: read (the "
                    "account's games and page) or play (also start, join and play games), and "
                    "the days it lasts (1-366; null: it never expires; 90 when left out).",
                    {"label": STR, "scope": {"enum": ["read", "play"]}},
                    {"expires_in_days": nullable(
                        {"type": "integer", "minimum": 1, "maximum": 366})})
#: The account routes (the page's, with a session cookie; served under /api only).
ACCOUNTS: dict[str, dict[str, Schema]] = {
    "/account": {"get": _op("Who is signed in, and the session's CSRF token.",
                            _account_answer("The account.", ACCOUNT))},
    "/account/signup": {"post": _op("Make an account and sign in (sets the session cookie).",
                                    _account_answer("The account.", ACCOUNT), CREDENTIALS)},
    "/account/signin": {"post": _op("Sign in (sets the session cookie); failures are limited.",
                                    _account_answer("The account.", ACCOUNT), CREDENTIALS)},
    "/account/signout": {"post": _op("Sign out (the session ends).",
                                     _account_answer("Signed out.", ACCOUNT))},
    "/account/games": {"get": _op(
        "The signed-in account's games.", _account_answer("The games.", MY_GAMES),
        params=[_param("edition", "query", "Only this edition."),
                _param("result", "query", "won, drawn, lost or playing."),
                _param("rated", "query", "true or false."),
                _param("finished", "query", "true (ended) or false (going on)."),
                _param("opponent", "query", "Part of an opponent's name."),
                _param("page", "query", "Which page of 20 (1 the newest).")])},
    "/players/{name}": {"get": _op("A player's public page.",
                                   _account_answer("The player.", PLAYER),
                                   params=[_param("name", description="The account's name.")])},
    "/account/tokens": {
        "get": _op("The signed-in account's personal access tokens (with the session only).",
                   _account_answer("The tokens.", ACCESS_TOKENS)),
        "post": _op("Make a personal access token (with the session and its CSRF token only).",
                    _account_answer("The token, shown once.", NEW_ACCESS_TOKEN),
                    TOKEN_REQUEST)},
    "/account/tokens/{id}": {"delete": _op(
        "Revoke a personal access token (with the session and its CSRF token only).",
        _account_answer("The tokens left.", ACCESS_TOKENS),
        params=[_param("id", description="The token's id, as listed.")])},
}
#: The account routes a program may also read under the versioned prefix (with a token).
VERSIONED_ACCOUNT = ("/account", "/account/games", "/players/{name}")
#: The routes that act for an account when the request carries its session or a token (a
#: token that is wrong: 401; one whose scope does not allow it: 403).
AS_ACCOUNT = {"/games": "play", "/games/{code}/join": "play", "/games/{code}/record": "read",
              "/games/{code}/replay": "read"}

ENDED_GAME = obj("An ended game: who played, the result, the whole move list (each ply's step: "
                 "the actions after which it is on the board), the commitment published as play "
                 "began and the setup it binds, and the rating changes.", {
                     "code": STR, "edition": STR, "moves": array({"type": "object"}),
                     "commitment": nullable(STR), "setup": ANY}, strict=False)


def _ended(description: str, schema: Schema) -> Schema:
    out = _answer(description, schema)
    out["409"] = {"description": "The game is still going on.", "content": _json(ERROR)}
    return out


#: The archive of ended games (public once a game is over; served under /api only).
ARCHIVE: dict[str, dict[str, Schema]] = {
    "/games/{code}/archive": {"get": _op("After the end: the game, for its replay.",
                                         _ended("The game.", ENDED_GAME), params=[CODE])},
    "/games/{code}/frame": {"get": _op(
        "After the end: the board after `step` actions, both armies shown.",
        _ended("One frame.", FRAME), params=[CODE, _param("step", "query", "Actions played."),
                                             _param("side", "query", "Seen from this seat.")])},
    "/games/{code}/download": {"get": _op(
        "After the end: the full record as a file, the commitment in its headers.",
        _ended("The record.", RECORD), params=[CODE])},
}

CLOCK_TERMS = nullable(obj("A time control.", {"minutes": NUM, "increment": NUM}))
SEEK_ROW = obj("An open game in the lobby.", {
    "id": STR, "edition": STR, "clock": CLOCK_TERMS, "rated": BOOL, "low": nullable(INT),
    "high": nullable(INT), "name": STR, "rating": nullable(INT), "posted": NUM})
PUBLIC_GAME = obj("A public game in progress.", {
    "code": STR, "edition": STR, "players": array(STR), "turn": INT, "arranging": BOOL,
    "watchers": INT})
CHALLENGE_ROW = obj("A challenge between two accounts (code: its game, to the challenger).", {
    "id": STR, "from": STR, "to": STR, "edition": STR, "clock": CLOCK_TERMS, "rated": BOOL,
    "made": NUM, "answer": nullable(STR)}, {"code": STR})
LOBBY = obj("The lobby: open seeks, public games in progress and (signed in) your "
            "challenges.", {"seeks": array(SEEK_ROW), "games": array(PUBLIC_GAME)},
            {"challenges": obj("Challenges to you (unanswered) and from you.", {
                "to_me": array(CHALLENGE_ROW), "from_me": array(CHALLENGE_ROW)})})
NEW_SEEK = obj("A seek: a new game's fields (as POST /api/games; a person's game, side at "
               "random), a rating range for rated seeks, and private.", {}, {
                   "low": nullable(INT), "high": nullable(INT), "private": BOOL},
               strict=False)
SEEK_POSTED = obj("Your seat in the seek's game, and the seek's id and secret key.",
                  {"code": STR, "seat": STR, "token": STR, "id": STR, "key": STR},
                  {"rated": BOOL})
SEEK_KEY = obj("The seek's secret key.", {"key": STR})
SEEK_STATE = obj("How your seek stands: open, taken or gone.", {
    "state": {"enum": ["open", "taken", "gone"]}}, {"code": STR})
NEW_CHALLENGE = obj("A challenge: the account's name and the game's fields (as a seek).",
                    {"to": STR}, strict=False)
CHALLENGED = obj("Your seat in the challenge's game, and the challenge's id.",
                 {"code": STR, "seat": STR, "token": STR, "id": STR}, {"rated": BOOL})
ANSWER = obj("accept (with a setup, optional), decline, or cancel (the challenger).",
             {"answer": {"enum": ["accept", "decline", "cancel"]}}, {"setup": nullable(STR)},
             strict=False)
ANSWERED = obj("The answer; accepting, your seat in the game.", {"answer": STR},
               {"code": STR, "seat": STR, "token": STR, "rated": BOOL})
INVITATION = obj("What a game's link invites to, while a seat is free.", {
    "code": STR, "edition": STR, "rated": BOOL, "clock": CLOCK_TERMS, "from": array(STR),
    "free": INT})
REMATCH_ASK = obj("Your seat's token in the ended game; offer: true to offer a rematch or "
                  "accept the one offered.", {"token": STR}, {"offer": BOOL})
REMATCH = obj("The rematch: the seat that offered it, and once accepted the new game, your "
              "seat in it (the other one) and its token.", {
                  "offered_by": nullable(STR), "code": nullable(STR)},
              {"seat": STR, "token": STR})
#: The lobby's routes (the page's; the session cookie, if any, needs its CSRF token).
LOBBY_ROUTES: dict[str, dict[str, Schema]] = {
    "/lobby": {"get": _op("The open seeks, the public games in progress, your challenges.",
                          _account_answer("The lobby.", LOBBY),
                          params=[_param("edition", "query", "Only this edition.")])},
    "/lobby/seeks": {"post": _op("Post a seek (its game is made with you seated).",
                                 _account_answer("Your seat and the seek.", SEEK_POSTED),
                                 NEW_SEEK)},
    "/lobby/seeks/{id}": {"post": _op(
        "How your seek stands (asking keeps it listed).",
        _account_answer("The seek's state.", SEEK_STATE), SEEK_KEY,
        [_param("id", description="The seek's id.")])},
    "/lobby/seeks/{id}/cancel": {"post": _op(
        "Cancel your seek.", _account_answer("Gone.", SEEK_STATE), SEEK_KEY,
        [_param("id", description="The seek's id.")])},
    "/lobby/seeks/{id}/take": {"post": _op(
        "Take a seek: you are seated in its game (a rated seek's range is enforced).",
        _account_answer("Your seat.", SEAT_TAKEN), JOIN,
        [_param("id", description="The seek's id.")])},
    "/lobby/challenges": {"post": _op(
        "Challenge an account by name (signed in).",
        _account_answer("Your seat and the challenge.", CHALLENGED), NEW_CHALLENGE)},
    "/lobby/challenges/{id}": {"post": _op(
        "Accept or decline a challenge to you, or cancel yours.",
        _account_answer("The answer.", ANSWERED), ANSWER,
        [_param("id", description="The challenge's id.")])},
    "/games/{code}/invitation": {"get": _op(
        "What a game's link invites to: who, edition, clock, rated.",
        _account_answer("The invitation.", INVITATION), params=[CODE])},
    "/games/{code}/rematch": {"post": _op(
        "After a two-player game: offer or accept a rematch (seats swapped), or ask how it "
        "stands.", _account_answer("The rematch.", REMATCH), REMATCH_ASK, [CODE])},
}

_HTML = {"200": {"description": "The page.", "content": {"text/html": {"schema": STR}}}}
#: The routes of the page itself (not for programs; listed so the document covers them all).
PAGE: dict[str, dict[str, Schema]] = {
    "/": {"get": _op("The page.", _HTML)},
    "/game/{code}": {"get": _op("The page, opened on a game.", _HTML, params=[CODE])},
    "/ratings": {"get": _op("The page, opened on the leaderboard.", _HTML)},
    "/my-games": {"get": _op("The page, opened on your games.", _HTML)},
    "/replay/{code}": {"get": _op("The page, opened on an ended game's replay.", _HTML,
                                  params=[CODE])},
    "/player/{name}": {"get": _op("The page, opened on a player.", _HTML,
                                  params=[_param("name", description="The account's name.")])},
    "/static/{path}": {"get": _op("The page's script, style and pictures.", {
        "200": {"description": "The file."}, "404": {"description": "No such file."}},
        params=[_param("path", description="The file.")])},
}


def _name(path: str) -> str:
    return "_".join(part.strip("{}").replace(".", "_") for part in path.strip("/").split("/"))


def openapi() -> Schema:
    """The OpenAPI 3.1 document of every HTTP route (``/api/openapi.json``)."""
    paths: dict[str, Any] = {}
    for path, ops in API.items():
        for prefix, tag in ((PREFIX, "v1"), ("/api", "page")):
            paths[prefix + path] = {
                method: {**op, "tags": [tag], "operationId": f"{tag}_{method}_{_name(path)}"}
                for method, op in ops.items()}
    for path, ops in ACCOUNTS.items():
        paths["/api" + path] = {
            method: {**op, "tags": ["account"], "operationId": f"account_{method}_{_name(path)}",
                     "security": _security(path)}
            for method, op in ops.items()}
        if path in VERSIONED_ACCOUNT:
            paths[PREFIX + path] = {
                method: {**op, "tags": ["v1"], "operationId": f"v1_{method}_{_name(path)}",
                         "security": _security(path)}
                for method, op in ops.items()}
    for path, scope in AS_ACCOUNT.items():
        for prefix in (PREFIX, "/api"):
            for op in paths[prefix + path].values():
                op["responses"] = {**op["responses"], **_as_account(scope)}
                op["security"] = _security(path)
    for path, ops in ARCHIVE.items():
        paths["/api" + path] = {
            method: {**op, "tags": ["page"], "operationId": f"archive_{method}_{_name(path)}"}
            for method, op in ops.items()}
    for path, ops in LOBBY_ROUTES.items():
        paths["/api" + path] = {
            method: {**op, "tags": ["lobby"], "operationId": f"lobby_{method}_{_name(path)}"}
            for method, op in ops.items()}
    for path, ops in PAGE.items():
        paths[path] = {m: {**op, "tags": ["page"]} for m, op in ops.items()}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Stratego Legends server", "version": str(VERSION),
                 "description": "Start, join and play games. Play itself goes over the "
                                "websocket /ws/{code}; its messages are described in "
                                "/api/schema/messages.json. Paths under /api/v1 are the "
                                "versioned API; those under /api are the page's own."},
        "tags": [{"name": "v1", "description": f"Protocol version {VERSION}."},
                 {"name": "page", "description": "The page's own routes (unversioned)."},
                 {"name": "account", "description": "Accounts, with the page's session "
                                                    "cookie (unversioned)."},
                 {"name": "lobby", "description": "Seeks, public games, challenges and "
                                                  "rematches (unversioned)."}],
        "paths": paths,
        "components": {"securitySchemes": {
            "token": {"type": "http", "scheme": "bearer",
                      "description": "A personal access token (made signed in, on the page "
                                     "or by POST /api/account/tokens): the request is its "
                                     "account's. Scope read: the account's games and page; "
                                     "play: also start, join and play games."},
            "session": {"type": "apiKey", "in": "cookie", "name": "legends-session",
                        "description": "The page's session; every POST made with it carries "
                                       "its CSRF token in X-CSRF-Token."}}},
    }


def _security(path: str) -> list[Schema]:
    """Who may call an account route, or a route that acts for an account: the tokens' routes
    and signing out need the session; signing up and in need nothing; the account's games
    need either; the others take either, or nothing (anonymous)."""
    if path.startswith("/account/tokens") or path == "/account/signout":
        return [{"session": []}]
    if path in ("/account/signup", "/account/signin"):
        return [{}]
    if path == "/account/games":
        return [{"token": []}, {"session": []}]
    return [{}, {"token": []}, {"session": []}]


def _as_account(scope: str) -> Schema:
    return {"401": {"description": "The access token is wrong or revoked.",
                    "content": _json(ERROR)},
            "403": {"description": f"The access token's scope does not allow it (it needs "
                                   f"{scope}), or, with the session cookie, the CSRF token is "
                                   "missing or wrong.", "content": _json(ERROR)}}

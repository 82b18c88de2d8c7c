"""The JSON position format: a complete, documented snapshot of a game.

See ``docs/formats.rst`` for the field-by-field description. :func:`to_position` and
:func:`from_position` are exact inverses: a position read back gives an identical game, pending
decision included. Errors name the offending field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from . import combat, curses, flow, safejson, setup, strikes
from .board import MAX_WIDTH, Board
from .engine import CURSE, CURSE_QUEUE, DESTROYED, RESERVE, Combat, Engine, Rules
from .errors import PositionError, short
from .repetition import board_hash, one_way_count, read_counts, saved_counts
from .ruleset import DEFAULT as DEFAULT_RULES
from .ruleset import catalogue_for, get_ruleset
from .tasks import Task

if TYPE_CHECKING:
    from .piecetype import PieceType
    from .registry import Catalogue

FORMAT = "stratego-legends-position"
VERSION = 1


def to_position(g: Engine) -> dict[str, Any]:
    names = g.rules.players
    name = g.board.name
    pieces = []
    for pid, t in enumerate(g.types):
        loc = g.loc[pid]
        at = name(loc) if loc >= 0 else {DESTROYED: "destroyed", CURSE: "curse",
                                          CURSE_QUEUE: "curse-queue", RESERVE: "reserve"}[loc]
        pieces.append({
            "id": pid,
            "number": t.number,
            "owner": names[g.owner[pid]],
            "controller": names[g.ctrl[pid]],
            "at": at,
            "known_to": list(g.seen(pid)),
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": {
            "name": g.rules.name,
            "players": list(names),
            "teams": list(g.rules.teams),
            "turn_limit": g.rules.turn_limit,
            "no_progress_limit": g.rules.no_progress_limit,
            "repetition_limit": g.rules.repetition_limit,
            "switches": g.rules.switches,
            "auto_pass": g.rules.auto_pass,
            "options": dict(g.rules.options),
        },
        "board": g.board.to_dict(),
        "seed": g.seed,
        "shuffles": g.shuffles,
        "salt": g.salt,
        "commitment": g.commitment,
        "pieces": pieces,
        "destroyed": {names[i]: list(area) for i, area in enumerate(g.dead)},
        "curse": None if g.curse < 0 else {
            "piece": g.curse, "active": g.curse_on, "controller": names[g.curse_ctrl]},
        "curse_queue": list(g.curse_queue),
        "turn": {"number": g.turn, "active": names[g.active], "progress": g.progress,
                 "extra": {names[i]: n for i, n in enumerate(g.extra)}},
        # Referee only, like the rest of this: the keys are made from every hidden identity.
        "repetitions": saved_counts(g),
        "back_and_forth": {
            names[i]: None if r is None else [r[0], name(r[1]), name(r[2]), r[3]]
            for i, r in enumerate(g.bf)},
        "effects": [{"piece": p, "kind": k, "value": v, "source": s} for p, k, v, s in g.temps],
        "used": {"turn": sorted([p, k] for p, k in g.used_turn),
                 "game": sorted([p, k] for p, k in g.used_game)},
        "memo": sorted(([p, k, v] for (p, k), v in g.memo.items()), key=lambda x: (x[0], x[1])),
        "flown": [[p, [name(s) for s in over]] for p, over in g.flown],
        "moved": sorted(g.moved),
        "combat": None if g.combat is None else list(g.combat),
        "stack": [t.to_dict() for t in g.stack],
        "over": g.over,
        "winner": None if g.winner is None else names[g.winner],
        "reason": g.reason,
    }


# -- reading -------------------------------------------------------------------------------
# A position may come from a client we do not trust, so every field is checked for type and
# range, and the whole state for the invariants play keeps (see docs/formats.rst). The bounds
# are far above any real game and low enough that a hostile position cannot make loading or
# move generation slow.
MAX_PLAYERS = 8
MAX_PIECES = 256
MAX_ENTRIES = 10_000  # effects, memo, used powers, flights ...
MAX_STACK = 1_000
MAX_NAME = 100  # power keys, keywords, memo keys, names, reasons
MAX_COUNT = 2**31  # turn numbers, shuffles, turn limits and other counters
SEED_LIMIT = 2**256
_PLAYER = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")
_SALT = re.compile(r"[0-9a-f]{32}")
_POSITION_DIGEST = re.compile(r"[0-9a-f]{16}")  # repetition.digest
_DIGEST = re.compile(r"[0-9a-f]{64}")
_OFF_BOARD = {"destroyed": DESTROYED, "curse": CURSE, "curse-queue": CURSE_QUEUE,
              "reserve": RESERVE}
#: Tasks that carry play on into the next turn. A live stack has exactly one, at the bottom;
#: without it the stack would run dry and leave a game nobody can move in.
# Task types register when their module is imported. All of the kernel's must be registered
# before a saved stack is read, whatever the caller imported (a game saved mid-attack names
# combat's tasks), so they are imported here, with the reader.
WINDOW_KINDS = ("attack", "end", "strike")
KERNEL_TASK_MODULES = (combat, curses, flow, setup, strikes)
TURN_TASKS = frozenset({"turn-start", "main-check", "main", "turn-end"})


def from_position(data: Any, catalogue: Catalogue | None = None) -> Engine:
    """Read and check a position, then run any steps waiting above its pending decision.

    ``catalogue`` defaults to the catalogue of the ruleset the position names.

    :raises PositionError: a part is malformed or the state is impossible; the message names
        the field.
    """
    safejson.check(data, "position")
    section = ["position"]
    try:
        g = _load(data, catalogue, section)
    except PositionError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise PositionError(f"{section[0]}: malformed ({short(exc, 80)})") from None
    _resume(g)
    return g


def _resume(g: Engine) -> None:
    """Run the waiting steps; the game must then be over or waiting for a possible decision."""
    try:
        g.run()
        g.options()
    except Exception as exc:  # data in a task that its step cannot use
        raise PositionError(f"stack: a waiting step failed on this position ({short(exc, 80)})") \
            from None
    g.events = []
    if g.over:
        return
    if g.pending is None or not g.options():
        raise PositionError("stack: the game is not over but no decision can be made")
    if g.pending.name == "ask":
        return  # strengths may be mid-change while a power asks (as in the property tests)
    for p, t in enumerate(g.types):
        if g.loc[p] >= 0 and t.kind == "warrior" and (g.strength(p) or 0) <= 0:
            raise PositionError(f"pieces[{p}]: {t.name} has strength {g.strength(p)} on "
                                f"{g.board.name(g.loc[p])}; such a warrior is destroyed at once")


def _fail(where: str, what: str, v: Any) -> PositionError:
    return PositionError(f"{where}: expected {what}, got {short(v)}")


def _obj(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _fail(where, "an object", v)
    return v


def _list(v: Any, where: str, limit: int = MAX_ENTRIES) -> list[Any]:
    if not isinstance(v, list):
        raise _fail(where, "a list", v)
    if len(v) > limit:
        raise PositionError(f"{where}: more than {limit} entries")
    return v


def _int(v: Any, where: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
    """An int (not a bool) with ``lo <= v < hi``."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise _fail(where, "a whole number", v)
    if not lo <= v < hi:
        raise PositionError(f"{where}: {short(v)} is out of range ({lo} to {hi - 1})")
    return v


def _str(v: Any, where: str, limit: int = MAX_NAME) -> str:
    if not isinstance(v, str):
        raise _fail(where, "a string", v)
    if len(v) > limit:
        raise PositionError(f"{where}: longer than {limit} characters")
    return v


def _bool(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise _fail(where, "true or false", v)
    return v


def _need(d: dict[str, Any], key: str, where: str) -> Any:
    if key not in d:
        raise PositionError(f"{where}{key}: missing")
    return d[key]


def check_salt(v: Any, where: str) -> str:
    """A salt is 32 lowercase hex digits."""
    if not isinstance(v, str) or not _SALT.fullmatch(v):
        raise _fail(where, "32 lowercase hex digits", v)
    return v


def check_seed(v: Any, where: str) -> int:
    return _int(v, where, 0, SEED_LIMIT)


def _rules(r: dict[str, Any]) -> Rules:
    players = _list(r.get("players", ["beige", "gray"]), "rules.players", MAX_PLAYERS)
    for i, p in enumerate(players):
        if not isinstance(p, str) or not _PLAYER.fullmatch(p):
            raise _fail(f"rules.players[{i}]", "a name of letters, digits, '-' or '_'", p)
    teams = _list(r.get("teams", list(range(len(players)))), "rules.teams", MAX_PLAYERS)
    for i, t in enumerate(teams):
        _int(t, f"rules.teams[{i}]", 0, MAX_PLAYERS)
    limit = r.get("turn_limit")
    limit = None if limit is None else _int(limit, "rules.turn_limit")
    # Absent in positions saved before the rule existed: those games go on without it.
    quiet = r.get("no_progress_limit")
    quiet = None if quiet is None else _int(quiet, "rules.no_progress_limit", 1)
    again = r.get("repetition_limit")
    if again == 0 and not isinstance(again, bool):
        again = None  # 0 is off, as null is
    again = None if again is None else _int(again, "rules.repetition_limit", 2)
    name = _str(r.get("name", DEFAULT_RULES), "rules.name")
    try:
        ruleset = get_ruleset(name)
    except PositionError as exc:
        raise PositionError(f"rules.name: {str(exc).partition(': ')[2]}") from None
    if ruleset.fixed_seats and tuple(players) != ruleset.seats:
        raise PositionError(f"rules.players: the {ruleset.name} rules are played by "
                            f"{', '.join(ruleset.seats)}, in that order")
    switches = _int(r.get("switches", ruleset.switches), "rules.switches", 0, 100)
    auto_pass = _bool(r.get("auto_pass", False), "rules.auto_pass")
    options = ruleset.check_options(_obj(r.get("options", {}), "rules.options"),
                                    "rules.options")
    try:
        return Rules(players=tuple(players), teams=tuple(teams), turn_limit=limit,
                     no_progress_limit=quiet, repetition_limit=again,
                     switches=switches, name=ruleset.name, auto_pass=auto_pass,
                     options=options)
    except ValueError as exc:
        raise PositionError(f"rules: {exc}") from None


def _board(b: dict[str, Any]) -> Board:
    rows = _list(_need(b, "rows", "board."), "board.rows", 99)
    for i, row in enumerate(rows):
        _str(row, f"board.rows[{i}]", MAX_WIDTH)
    for key in ("width", "height"):
        if key in b:
            _int(b[key], f"board.{key}", 1, 100)
    regions = _obj(b.get("regions", {}), "board.regions")
    for army, squares in regions.items():
        for j, sq in enumerate(_list(squares, f"board.regions.{army}")):
            _str(sq, f"board.regions.{army}[{j}]", 4)
    for j, label in enumerate(_list(b.get("layout", []), "board.layout", 16)):
        _str(label, f"board.layout[{j}]", 8)
    return Board.from_dict(b)


def _load(data: Any, catalogue: Catalogue | None, section: list[str]) -> Engine:
    def reading(name: str) -> None:
        section[0] = name  # named in the error if this part is malformed in an unforeseen way

    d = _obj(data, "position")
    if d.get("format", FORMAT) != FORMAT:
        raise PositionError(f"format: expected {FORMAT!r}")
    version = d.get("version", VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        raise PositionError(f"version: only version {VERSION} is understood, not {short(version)}")
    if d.get("salt") is not None:
        check_salt(d["salt"], "salt")
    reading("rules")
    rules = _rules(_obj(d.get("rules", {}), "rules"))
    names = rules.players
    if catalogue is None:
        catalogue = catalogue_for(rules.name)

    def player(v: Any, where: str) -> int:
        if not isinstance(v, str) or v not in names:
            raise PositionError(f"{where}: {short(v)} is not one of the players {list(names)}")
        return names.index(v)

    reading("board")
    board = _board(_obj(_need(d, "board", ""), "board"))
    reading("pieces")
    ruleset = get_ruleset(rules.name)
    specs = _pieces(_list(_need(d, "pieces", ""), "pieces", MAX_PIECES), catalogue, board, player,
                    ruleset.castles, ruleset.reserve)
    n = len(specs)

    def pid_ok(v: Any, where: str) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
            raise PositionError(f"{where}: {short(v)} is not a piece id")
        return v

    def square(v: Any, where: str) -> int:
        try:
            return board.parse_square(_str(v, where, 4))
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None

    reading("seed")
    seed = check_seed(d.get("seed", 0), "seed")
    reading("board")
    g = Engine(board=board, rules=rules, catalogue=catalogue, pieces=specs, seed=seed)
    reading("pieces")
    _check_sides(g)
    g.shuffles = _int(d.get("shuffles", 0), "shuffles")
    if d.get("salt") is not None:
        g.salt = check_salt(d["salt"], "salt")
    if d.get("commitment") is not None:
        commitment = d["commitment"]
        if not isinstance(commitment, str) or not _DIGEST.fullmatch(commitment):
            raise _fail("commitment", "64 lowercase hex digits (a SHA-256 digest)", commitment)
        g.commitment = commitment

    reading("destroyed")
    listed: set[int] = set()
    for who, area in _obj(d.get("destroyed", {}), "destroyed").items():
        i = player(who, "destroyed")
        for j, v in enumerate(_list(area, f"destroyed.{who}", MAX_PIECES)):
            where = f"destroyed.{who}[{j}]"
            p = pid_ok(v, where)
            if g.loc[p] != DESTROYED:
                raise PositionError(f"{where}: piece {p} is not 'at': 'destroyed'")
            if p in listed:
                raise PositionError(f"{where}: piece {p} is listed twice")
            if g.owner[p] != i:
                raise PositionError(f"{where}: piece {p} belongs to {names[g.owner[p]]}, "
                                    "and goes to its owner's destroyed area")
            g.dead[i].append(p)
            listed.add(p)
    for p in range(n):
        if g.loc[p] == DESTROYED and p not in listed:
            g.dead[g.owner[p]].append(p)

    reading("curse")
    c = d.get("curse")
    in_slot = [p for p in range(n) if g.loc[p] == CURSE]
    if c is not None:
        c = _obj(c, "curse")
        g.curse = pid_ok(_need(c, "piece", "curse."), "curse.piece")
        if in_slot != [g.curse]:
            raise PositionError("curse.piece: must be the one piece whose 'at' is 'curse'")
        g.curse_on = _bool(c.get("active", True), "curse.active")
        g.curse_ctrl = player(c.get("controller", names[g.ctrl[g.curse]]), "curse.controller")
    elif in_slot:
        raise PositionError("curse: a piece is 'at': 'curse' but no curse is given")
    queue = _list(d.get("curse_queue", []), "curse_queue", MAX_PIECES)
    g.curse_queue = [pid_ok(v, f"curse_queue[{j}]") for j, v in enumerate(queue)]
    if sorted(g.curse_queue) != [p for p in range(n) if g.loc[p] == CURSE_QUEUE]:
        raise PositionError("curse_queue: must list exactly the pieces 'at': 'curse-queue', "
                            "each once")

    reading("turn")
    t = _obj(d.get("turn", {}), "turn")
    g.turn = _int(t.get("number", 1), "turn.number", 1)
    g.active = player(t.get("active", names[0]), "turn.active")
    # The last turn with progress; without one, the count starts at this position.
    g.progress = _int(t.get("progress", g.turn - 1), "turn.progress", 0, g.turn + 1)
    for who, k in _obj(t.get("extra", {}), "turn.extra").items():
        g.extra[player(who, "turn.extra")] = _int(k, f"turn.extra.{who}", 0, 1000)

    reading("repetitions")
    # Positions since the last progress, by digest; without them, the count starts here.
    reps = _obj(d.get("repetitions", {}), "repetitions")
    if len(reps) > MAX_ENTRIES:
        raise PositionError(f"repetitions: more than {MAX_ENTRIES} entries")
    for key, k in reps.items():
        if not _POSITION_DIGEST.fullmatch(key):
            raise _fail(f"repetitions.{short(key, 20)}", "16 lowercase hex digits as key", key)
        _int(k, f"repetitions.{key}", 1)
    # Kept up to date from here on only in games that count (see Engine.zob).
    g.reps, g.reps_from = read_counts(reps), (g.progress if rules.repetition_limit else -1)

    reading("back_and_forth")
    for who, rec in _obj(d.get("back_and_forth", {}), "back_and_forth").items():
        where = f"back_and_forth.{who}"
        i = player(who, "back_and_forth")
        if rec is not None:
            rec = _list(rec, where, 4)
            if len(rec) != 4:
                raise _fail(where, "[piece, square, square, count]", rec)
            g.bf[i] = (pid_ok(rec[0], where + "[0]"), square(rec[1], where + "[1]"),
                       square(rec[2], where + "[2]"), _int(rec[3], where + "[3]"))

    reading("effects")
    for j, e in enumerate(_list(d.get("effects", []), "effects")):
        where = f"effects[{j}]."
        e = _obj(e, where[:-1])
        p = pid_ok(_need(e, "piece", where), where + "piece")
        if g.loc[p] < 0:
            raise PositionError(f"{where}piece: piece {p} is not on the board")
        kind = _need(e, "kind", where)
        value = _need(e, "value", where)
        src = _int(e.get("source", -1), where + "source", -1, n)
        if kind == "strength":
            g.tstr[p] = g.tstr.get(p, 0) + _int(value, where + "value", -1000, 1001)
        elif kind == "keyword":
            g.tkw[p] = g.tkw.get(p, frozenset()) | {_str(value, where + "value")}
        else:
            raise PositionError(f"{where}kind: must be 'strength' or 'keyword'")
        g.temps.append((p, kind, value, src))

    reading("used")
    used = _obj(d.get("used", {}), "used")
    for per, into in (("turn", g.used_turn), ("game", g.used_game)):
        for j, pair in enumerate(_list(used.get(per, []), f"used.{per}")):
            where = f"used.{per}[{j}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise _fail(where, "[piece, power key]", pair)
            into.add((pid_ok(pair[0], where), _str(pair[1], where)))

    reading("memo")
    for j, entry in enumerate(_list(d.get("memo", []), "memo")):
        where = f"memo[{j}]"
        if not isinstance(entry, list) or len(entry) != 3:
            raise _fail(where, "[piece, key, value]", entry)
        g.memo[(pid_ok(entry[0], where), _str(entry[1], where))] = _frozen(entry[2])

    reading("flown")
    for j, entry in enumerate(_list(d.get("flown", []), "flown")):
        where = f"flown[{j}]"
        if not isinstance(entry, list) or len(entry) != 2:
            raise _fail(where, "[piece, [squares]]", entry)
        over = tuple(square(s, where) for s in _list(entry[1], where, board.size))
        g.flown.append((pid_ok(entry[0], where), over))

    reading("moved")
    g.moved = {pid_ok(p, "moved") for p in _list(d.get("moved", []), "moved", MAX_PIECES)}

    reading("combat")
    fight = d.get("combat")
    if fight is not None:
        if (not isinstance(fight, list) or len(fight) != 5
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in fight)):
            raise _fail("combat", "[attacker, defender, square, origin, player]", fight)
        att, dfn, sq, origin, who = fight
        pid_ok(att, "combat[0]")
        pid_ok(dfn, "combat[1]")
        if not (0 <= sq < board.size and 0 <= origin < board.size):
            raise PositionError("combat: squares out of the board")
        if not 0 <= who < len(names):
            raise PositionError("combat[4]: not a player index")
        g.combat = Combat(att, dfn, sq, origin, who)

    reading("over")
    g.over = _bool(d.get("over", False), "over")
    w = d.get("winner")
    g.winner = None if w is None else player(w, "winner")
    if g.winner is not None and not g.over:
        raise PositionError("winner: given for a game that is not over")
    g.reason = _str(d.get("reason", ""), "reason", 1000)

    reading("stack")
    stack = _list(d.get("stack", []), "stack", MAX_STACK)
    g.stack = [Task.from_dict(x) for x in stack]
    for task in g.stack:
        _check_task(task, g)
    if not g.stack and not g.over:
        from .flow import TurnStart

        g.stack = [TurnStart()]
    turn_tasks = [i for i, task in enumerate(g.stack) if task.name in TURN_TASKS]
    if not g.over and turn_tasks != [0]:
        raise PositionError(f"stack: the bottom task, and only it, must be one of "
                            f"{', '.join(sorted(TURN_TASKS))} (the turn goes on from there)")
    # What the engine keeps up to date as it goes, made from the whole position.
    g.zob, g.kc = board_hash(g), one_way_count(g)
    return g


def _pieces(raw: list[Any], catalogue: Catalogue, board: Board,
            player: Callable[[Any, str], int], most_castles: int = 1,
            reserve: bool = False) -> list[tuple[PieceType, int, int, int, int]]:
    specs = []
    squares: set[int] = set()
    castles: dict[int, int] = {}
    for i, p in enumerate(raw):
        where = f"pieces[{i}]."
        p = _obj(p, where[:-1])
        num = _int(_need(p, "number", where), where + "number", 0)
        if num not in catalogue:
            raise PositionError(f"{where}number: no piece #{num} in the catalogue")
        t = catalogue[num]
        if "id" in p and (not isinstance(p["id"], int) or isinstance(p["id"], bool)
                          or p["id"] != i):
            raise PositionError(f"{where}id: pieces must be listed in id order (expected {i})")
        owner = player(_need(p, "owner", where), where + "owner")
        ctrl = player(p.get("controller", p["owner"]), where + "controller")
        mask = 0
        for k in _list(p.get("known_to", [p.get("controller", p["owner"])]), where + "known_to",
                       MAX_PLAYERS):
            bit = 1 << player(k, where + "known_to")
            if mask & bit:
                raise PositionError(f"{where}known_to: {k} is listed twice")
            mask |= bit
        at = _str(_need(p, "at", where), where + "at", 16)
        # A captured piece may be kept hidden even from its owner (a ruleset's variant).
        if not mask >> ctrl & 1 and at != "destroyed":
            raise PositionError(f"{where}known_to: must include the controller (a player knows "
                                "the pieces they control)")
        if at in _OFF_BOARD:
            loc = _OFF_BOARD[at]
            if loc in (DESTROYED, RESERVE) and ctrl != owner:
                raise PositionError(f"{where}controller: a destroyed or reserve piece is its "
                                    "owner's")
            if loc == RESERVE and not reserve:
                raise PositionError(f"{where}at: these rules have no reserve")
            if loc in (CURSE, CURSE_QUEUE) and not t.has_death_curse:
                raise PositionError(f"{where}at: {t.name} has no death curse")
        else:
            try:
                loc = board.parse_square(at)
            except ValueError as exc:
                raise PositionError(f"{where}at: {exc}") from None
            if not board.is_land(loc):
                raise PositionError(f"{where}at: {at} is water")
            if loc in squares:
                raise PositionError(f"{where}at: two pieces on {at}")
            squares.add(loc)
        if t.kind == "castle":
            castles[owner] = castles.get(owner, 0) + 1
            if castles[owner] > most_castles:
                what = ("a second castle", "one castle per army") if most_castles == 1 else \
                    ("too many castles", f"at most {most_castles} per army")
                raise PositionError(f"{where}number: {what[0]} for {raw[i]['owner']} "
                                    f"({what[1]})")
        specs.append((t, owner, ctrl, loc, mask))
    return specs


def _check_sides(g: Engine) -> None:
    """A player knows what every piece of their team is; in a team game (with regions) each
    team's piece on the board is controlled by the player whose band it stands in."""
    names, teams, masks, zone = g.rules.players, g.rules.teams, g.team_mask, g.zone
    for p in range(len(g.types)):
        c, loc = g.ctrl[p], g.loc[p]
        if loc != DESTROYED and g.known[p] & masks[c] != masks[c]:
            raise PositionError(f"pieces[{p}].known_to: must include every player of "
                                f"{names[c]}'s team (a team knows the pieces it controls)")
        if zone is not None and loc >= 0 and zone[teams[c]][loc] != c:
            raise PositionError(
                f"pieces[{p}].controller: a piece of {names[c]}'s team on "
                f"{g.board.name(loc)} is controlled by {names[zone[teams[c]][loc]]}, whose "
                "band of the board that square is in")


_PIECE_FIELDS = {"piece", "attacker", "defender", "doomed", "leader"}
_SQUARE_FIELDS = {"square", "origin"}


def _check_task(task: Task, g: Engine) -> None:
    """Ids in a task must point at real pieces, players and squares; counts must make sense."""
    players = len(g.rules.players)
    for f in attrs.fields(type(task)):  # type: ignore[arg-type]
        v = getattr(task, f.name)
        if not isinstance(v, int) or isinstance(v, bool):
            continue
        if f.name in ("player", "target", "controller"):
            ok = 0 <= v < players
        elif f.name in _PIECE_FIELDS:
            # The rules' end of turn may name no piece (a turn spent on a reserve piece).
            ok = (-1 if task.name == "rules-turn-end" else 0) <= v < len(g.types)
        elif f.name in _SQUARE_FIELDS:
            ok = 0 <= v < g.board.size
        elif f.name == "passes":
            ok = 0 <= v < players
        elif f.name == "left":
            ok = 1 <= v <= max(1, g.rules.switches)
        elif f.name == "defender_number":
            ok = v in g.catalogue
        else:
            ok = abs(v) < MAX_COUNT
        if not ok:
            raise PositionError(f"stack: task {task.name!r} field {f.name!r} = {short(v)} is "
                                "out of range")
    if task.name == "window" and getattr(task, "kind", None) not in WINDOW_KINDS:
        raise PositionError(f"stack: a window's kind must be one of {', '.join(WINDOW_KINDS)}")


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v

"""The JSON position format: a complete, documented snapshot of a game.

See ``docs/formats.rst`` for the field-by-field description. :func:`to_position` and
:func:`from_position` are exact inverses: a position read back gives an identical game, pending
decision included. Errors name the offending field.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import attrs

from .board import Board
from .engine import CURSE, CURSE_QUEUE, DESTROYED, Combat, Engine, Rules
from .errors import PositionError
from .tasks import Task

if TYPE_CHECKING:
    from .registry import Catalogue

FORMAT = "stratego-legends-position"
VERSION = 1


_HEX32 = re.compile(r"[0-9a-f]{32}")
_HEX64 = re.compile(r"[0-9a-f]{64}")


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{where}: expected true or false")
    return value


def check_salt(salt: Any, where: str) -> str:
    """A salt must be 32 lower-case hexadecimal digits (128 bits)."""
    if not isinstance(salt, str) or not _HEX32.fullmatch(salt):
        raise PositionError(f"{where}: expected 32 lower-case hexadecimal digits")
    return salt


def to_position(g: Engine) -> dict[str, Any]:
    names = g.rules.players
    name = g.board.name
    pieces = []
    for pid, t in enumerate(g.types):
        loc = g.loc[pid]
        at = name(loc) if loc >= 0 else {DESTROYED: "destroyed", CURSE: "curse",
                                          CURSE_QUEUE: "curse-queue"}[loc]
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
            "switches": g.rules.switches,
            "auto_pass": g.rules.auto_pass,
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
        "turn": {"number": g.turn, "active": names[g.active],
                 "extra": {names[i]: n for i, n in enumerate(g.extra)}},
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


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str = "") -> Any:
    if not isinstance(data, dict):
        raise PositionError(f"{where or 'position'}: expected an object")
    if key not in data:
        raise PositionError(f"{where}{key}: missing")
    v = data[key]
    if not isinstance(v, kind):
        raise PositionError(f"{where}{key}: expected {getattr(kind, '__name__', kind)}, got {v!r:.40}")
    return v


def from_position(data: dict[str, Any], catalogue: Catalogue) -> Engine:
    """Read a position; any malformed part raises :class:`PositionError` naming its field."""
    section = ["position"]
    try:
        g = _load(data, catalogue, section)
    except PositionError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise PositionError(f"{section[0]}: malformed ({exc!r})") from None
    try:
        g.options()  # the pending decision must make sense
    except Exception as exc:
        raise PositionError(f"stack: the pending decision cannot be read ({exc!r})") from None
    return g


def _load(data: dict[str, Any], catalogue: Catalogue, section: list[str]) -> Engine:
    def reading(name: str) -> None:
        section[0] = name  # named in the error if this part is malformed

    if not isinstance(data, dict):
        raise PositionError("position: expected a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"format: expected {FORMAT!r}")
    if data.get("version", VERSION) != VERSION:
        raise PositionError(f"version: only version {VERSION} is understood")
    reading("rules")
    r = data.get("rules") or {}
    try:
        rules = Rules(players=tuple(r.get("players", ("beige", "gray"))),
                      teams=tuple(r.get("teams", range(len(r.get("players", (0, 1)))))),
                      turn_limit=r.get("turn_limit"), switches=int(r.get("switches", 2)),
                      name=str(r.get("name", "stratego-legends")),
                      auto_pass=_flag(r.get("auto_pass", False), "rules.auto_pass"))
    except (TypeError, ValueError) as exc:
        raise PositionError(f"rules: {exc}") from None
    names = rules.players

    def player(v: Any, where: str) -> int:
        if v not in names:
            raise PositionError(f"{where}: {v!r} is not one of the players {list(names)}")
        return names.index(v)

    reading("board")
    board = Board.from_dict(_field(data, "board", dict))
    reading("pieces")
    raw = _field(data, "pieces", list)
    specs = []
    places: list[str] = []
    ids: list[int] = []
    for i, p in enumerate(raw):
        where = f"pieces[{i}]."
        num = _field(p, "number", int, where)
        if num not in catalogue:
            raise PositionError(f"{where}number: no piece #{num} in the catalogue")
        pid = p.get("id", i)
        if pid != i:
            raise PositionError(f"{where}id: pieces must be listed in id order (expected {i})")
        owner = player(_field(p, "owner", str, where), where + "owner")
        ctrl = player(p.get("controller", names[owner]), where + "controller")
        at = _field(p, "at", str, where)
        known = p.get("known_to", [names[ctrl]])
        if not isinstance(known, list):
            raise PositionError(f"{where}known_to: expected a list of players")
        mask = 0
        for k in known:
            mask |= 1 << player(k, where + "known_to")
        if at in ("destroyed", "curse", "curse-queue"):
            loc = {"destroyed": DESTROYED, "curse": CURSE, "curse-queue": CURSE_QUEUE}[at]
        else:
            try:
                loc = board.parse_square(at)
            except ValueError as exc:
                raise PositionError(f"{where}at: {exc}") from None
            if not board.is_land(loc):
                raise PositionError(f"{where}at: {at} is water")
            if loc in places:
                raise PositionError(f"{where}at: two pieces on {at}")
        places.append(loc)  # type: ignore[arg-type]
        ids.append(pid)
        specs.append((catalogue[num], owner, ctrl, loc, mask))
    reading("seed")
    g = Engine(board=board, rules=rules, catalogue=catalogue, pieces=specs,
               seed=int(data.get("seed", 0) or 0))
    reading("shuffles")
    g.shuffles = int(data.get("shuffles", 0))
    reading("salt")
    salt = data.get("salt")
    if salt is not None:
        g.salt = check_salt(salt, "salt")
    reading("commitment")
    commitment = data.get("commitment")
    if commitment is not None:
        if not isinstance(commitment, str) or not _HEX64.fullmatch(commitment):
            raise PositionError("commitment: expected 64 hexadecimal digits (a SHA-256 digest)")
        g.commitment = commitment
    n = len(specs)

    def pid_ok(v: Any, where: str) -> int:
        if not isinstance(v, int) or not 0 <= v < n:
            raise PositionError(f"{where}: {v!r} is not a piece id")
        return v

    reading("destroyed")
    dead = data.get("destroyed") or {}
    listed: set[int] = set()
    for who, area in dead.items():
        i = player(who, "destroyed")
        for j, v in enumerate(area):
            p = pid_ok(v, f"destroyed.{who}[{j}]")
            if g.loc[p] != DESTROYED:
                raise PositionError(f"destroyed.{who}[{j}]: piece {p} is not 'at': 'destroyed'")
            g.dead[i].append(p)
            listed.add(p)
    for p in range(n):
        if g.loc[p] == DESTROYED and p not in listed:
            g.dead[g.owner[p]].append(p)
    reading("curse")
    c = data.get("curse")
    in_slot = [p for p in range(n) if g.loc[p] == CURSE]
    if c is not None:
        g.curse = pid_ok(_field(c, "piece", int, "curse."), "curse.piece")
        if in_slot != [g.curse]:
            raise PositionError("curse.piece: must be the one piece whose 'at' is 'curse'")
        g.curse_on = bool(c.get("active", True))
        g.curse_ctrl = player(c.get("controller", names[g.ctrl[g.curse]]), "curse.controller")
        if not g.types[g.curse].has_death_curse:
            raise PositionError(f"curse.piece: {g.types[g.curse].name} has no death curse")
    elif in_slot:
        raise PositionError("curse: a piece is 'at': 'curse' but no curse is given")
    reading("curse_queue")
    g.curse_queue = [pid_ok(v, "curse_queue") for v in data.get("curse_queue", [])]
    if sorted(g.curse_queue) != [p for p in range(n) if g.loc[p] == CURSE_QUEUE]:
        raise PositionError("curse_queue: must list exactly the pieces 'at': 'curse-queue'")
    reading("turn")
    t = data.get("turn") or {}
    g.turn = int(t.get("number", 1))
    g.active = player(t.get("active", names[0]), "turn.active")
    for who, k in (t.get("extra") or {}).items():
        g.extra[player(who, "turn.extra")] = int(k)
    reading("back_and_forth")
    for who, rec in (data.get("back_and_forth") or {}).items():
        if rec is not None:
            try:
                g.bf[player(who, "back_and_forth")] = (
                    pid_ok(rec[0], "back_and_forth"), board.parse_square(rec[1]),
                    board.parse_square(rec[2]), int(rec[3]))
            except (ValueError, IndexError, TypeError) as exc:
                raise PositionError(f"back_and_forth.{who}: {exc}") from None
    reading("effects")
    for j, e in enumerate(data.get("effects", [])):
        where = f"effects[{j}]."
        p = pid_ok(_field(e, "piece", int, where), where + "piece")
        kind = _field(e, "kind", str, where)
        value = e.get("value")
        src = int(e.get("source", -1))
        g.temps.append((p, kind, value, src))
        if kind == "strength":
            if not isinstance(value, int):
                raise PositionError(f"{where}value: a strength effect needs an int")
            g.tstr[p] = g.tstr.get(p, 0) + value
        elif kind == "keyword":
            if not isinstance(value, str):
                raise PositionError(f"{where}value: a keyword effect needs a keyword name")
            g.tkw[p] = g.tkw.get(p, frozenset()) | {value}
        else:
            raise PositionError(f"{where}kind: must be 'strength' or 'keyword'")
    reading("used")
    used = data.get("used") or {}
    g.used_turn = {(pid_ok(p, "used.turn"), str(k)) for p, k in used.get("turn", [])}
    g.used_game = {(pid_ok(p, "used.game"), str(k)) for p, k in used.get("game", [])}
    reading("memo")
    g.memo = {(pid_ok(p, "memo"), str(k)): _frozen(v) for p, k, v in data.get("memo", [])}
    reading("flown")
    try:
        g.flown = [(pid_ok(p, "flown"), tuple(board.parse_square(s) for s in over))
                   for p, over in data.get("flown", [])]
    except ValueError as exc:
        raise PositionError(f"flown: {exc}") from None
    reading("moved")
    g.moved = {pid_ok(p, "moved") for p in data.get("moved", [])}
    reading("combat")
    combat = data.get("combat")
    if combat:
        if (not isinstance(combat, list) or len(combat) != 5
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in combat)):
            raise PositionError("combat: expected [attacker, defender, square, origin, player]")
        att, dfn, sq, origin, who = combat
        pid_ok(att, "combat[0]")
        pid_ok(dfn, "combat[1]")
        if not (0 <= sq < board.size and 0 <= origin < board.size):
            raise PositionError("combat: squares out of the board")
        if not 0 <= who < len(names):
            raise PositionError("combat[4]: not a player index")
    g.combat = Combat(*combat) if combat else None
    reading("stack")
    stack = data.get("stack", [])
    if not isinstance(stack, list):
        raise PositionError("stack: expected a list of tasks")
    g.stack = [Task.from_dict(x) for x in stack]
    for task in g.stack:
        _check_task(task, n, len(names), board.size)
    reading("over")
    g.over = bool(data.get("over", False))
    w = data.get("winner")
    g.winner = None if w is None else player(w, "winner")
    g.reason = str(data.get("reason", ""))
    if not g.stack and not g.over:
        from .flow import TurnStart

        g.stack = [TurnStart()]
    return g


_PIECE_FIELDS = {"piece", "attacker", "defender", "doomed", "leader"}
_SQUARE_FIELDS = {"square", "origin"}


def _check_task(task: Task, pieces: int, players: int, squares: int) -> None:
    """Ids in a task must point at real pieces, players and squares."""
    for f in attrs.fields(type(task)):  # type: ignore[arg-type]
        v = getattr(task, f.name)
        if not isinstance(v, int) or isinstance(v, bool):
            continue
        if f.name == "player" or f.name == "target":
            ok = 0 <= v < players
        elif f.name in _PIECE_FIELDS:
            ok = 0 <= v < pieces
        elif f.name in _SQUARE_FIELDS:
            ok = 0 <= v < squares
        else:
            continue
        if not ok:
            raise PositionError(f"stack: task {task.name!r} field {f.name!r} = {v} is out of range")


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v

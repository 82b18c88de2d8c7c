"""A player's knowledge as plain data: what a program playing over a wire is sent.

:meth:`Knowledge.to_dict <legends_core.knowledge.Knowledge.to_dict>` and :meth:`Knowledge.from_dict
<legends_core.knowledge.Knowledge.from_dict>` are the public face of this module. The dict holds:

* ``format`` (:data:`FORMAT`) and ``version`` (:data:`VERSION`);
* ``player``, ``decision_kind`` and ``actions`` (the legal actions as notation);
* ``view``: the player's :class:`~legends_core.View`, as :meth:`View.to_dict
  <legends_core.View.to_dict>` gives it;
* ``state``: the knowledge state (:func:`~legends_core.visibility.knowledge_state`) in the
  position format (``docs/formats.rst``), without ``seed``, ``salt`` and ``repetitions``,
  which a knowledge state blanks. Pending steps name their continuations by their registered
  names; the powers' memory, effects, powers used, back-and-forth counts, flights and the
  attack under way are carried as a position carries them. Plugins keep their state in the
  game's state, so it travels in the same fields.

The view and the actions are carried as the real game gave them, not worked out again from
the state: a knowledge state is a projection to imagine worlds from, and where a step of
another side's is left out of it, it may not be waiting at the same decision.

Nothing else of the engine is carried: the caches (offers, the clock of changes, the
abilities by window) start empty, as they do in a knowledge state, and the repetition count
starts afresh. So the rebuilt knowledge imagines the same worlds and, with the same seed, a
computer player chooses the same action from it as from the original.

Reading checks everything (the data may come over a network): a malformed dict raises
:class:`~legends_core.errors.PositionError` whose message begins with the field's path
(``actions[2]``, ``view.turn``, ``state.pieces[4].number`` ...).

:func:`knowledge_from_trusted_dict` is the one exception: it reads a dict that
:func:`knowledge_to_dict` made in a process of this same program (a server hands it to its
own thinker processes, which never read anything else), so it skips the bounded-JSON walk, the
view's field-by-field checks and the position loader's checks of the state (which were four
fifths of a thinker's reading). Data from anywhere else must go through
:func:`knowledge_from_dict`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from . import safejson
from .actions import Action
from .engine import DESTROYED, Combat, Engine
from .errors import NotationError, PositionError, short
from .flow import TurnStart
from .position import _OFF_BOARD, _board, _frozen, _load, _rules, to_position
from .repetition import board_hash, one_way_count
from .ruleset import catalogue_for
from .tasks import Task
from .visibility import PieceView, View

if TYPE_CHECKING:
    from .registry import Catalogue

#: A knowledge's parts, as :class:`~legends_core.knowledge.Knowledge` holds them: the player, their
#: view, their legal actions, the kind of their decision and the knowledge state.
Parts = tuple[str, View, tuple[Action, ...], "str | None", "Engine"]

#: The ``format`` of a knowledge dict.
FORMAT = "stratego-legends-knowledge"
#: Its ``version``: the only one read.
VERSION = 1
#: What a knowledge state blanks (see :func:`~legends_core.visibility.knowledge_state`):
#: left out of the dict rather than sent as blanks.
BLANKED = ("seed", "salt", "repetitions")
#: Legal actions read at most (far above any real decision's).
MAX_ACTIONS = 10_000


def knowledge_to_dict(player: str, view: View, actions: tuple[Action, ...],
                      decision_kind: str | None, knowledge_state: Engine) -> dict[str, Any]:
    """A knowledge's parts as plain JSON data (see the module's docstring)."""
    state = to_position(knowledge_state)
    for key in BLANKED:
        state.pop(key, None)
    # A power's memory holds what the power put there (tuples, say); the rest of a position
    # is plain data already.
    state["memo"] = [[p, key, _plain(v)] for p, key, v in state["memo"]]
    return {"format": FORMAT, "version": VERSION, "player": player,
            "decision_kind": decision_kind, "actions": [str(a) for a in actions],
            "view": view.to_dict(), "state": state}


def knowledge_from_dict(data: Any, catalogue: Catalogue | None = None
                        ) -> tuple[str, View, tuple[Action, ...], str | None, Engine]:
    """The parts of the knowledge :func:`knowledge_to_dict` wrote, as a
    :class:`~legends_core.knowledge.Knowledge` holds them: the player, their view, their legal
    actions, the kind of their decision and the knowledge state (``catalogue``: the pieces,
    by default the catalogue of the ruleset the state names).

    :raises PositionError: the dict is malformed; the message begins with the field's path.
    """
    safejson.check(data, "knowledge")
    d = _obj(data, "knowledge")
    if d.get("format") != FORMAT:
        raise PositionError(f"format: expected {FORMAT!r}, got {short(d.get('format'))}")
    version = d.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        raise PositionError(f"version: only version {VERSION} is understood, not "
                            f"{short(version)}")
    player = d.get("player")
    if not isinstance(player, str):
        raise PositionError(f"player: expected a seat's name, got {short(player)}")
    kind = d.get("decision_kind")
    if kind is not None and not isinstance(kind, str):
        raise PositionError(f"decision_kind: expected a decision's kind or null, got "
                            f"{short(kind)}")
    actions = _actions(d.get("actions"))
    if kind is None and actions:
        raise PositionError("actions: given, but decision_kind says the player does not decide")
    view = _view(d.get("view"))
    state = _state(d.get("state"), catalogue)
    players = state.rules.players
    if player not in players:
        raise PositionError(f"player: {short(player)} is not one of the players {list(players)}")
    if view.player != player:
        raise PositionError(f"view.player: {short(view.player)} is not the player {player!r}")
    me = players.index(player)
    if kind is not None:
        pending = state.pending
        if pending is None or pending.player != me or pending.name != kind:
            raise PositionError(f"decision_kind: the state is not waiting for {player}'s "
                                f"{short(kind)} decision")
    return player, view, actions, kind, state


def knowledge_from_trusted_dict(data: dict[str, Any], catalogue: Catalogue | None = None
                                ) -> tuple[str, View, tuple[Action, ...], str | None, Engine]:
    """:func:`knowledge_from_dict` for a dict this program's own :func:`knowledge_to_dict`
    made (between a server and its thinker processes, never for data from a network or a
    file): the same parts, without the bounded-JSON walk or the checks of the view and the
    state, which a dict of our own making always passes (``tests/test_knowledge_record.py``
    compares the two readings in every edition)."""
    player = data["player"]
    return (player, _trusted_view(data["view"]),
            tuple(Action.from_str(text).canonical() for text in data["actions"]),
            data["decision_kind"], _trusted_state(data["state"], catalogue))


def _trusted_view(d: dict[str, Any]) -> View:
    # What _view makes, field for field, without looking at the values.
    return View(
        **{name: d[name] for name in _SCALARS}, board=d["board"],
        pieces=tuple(PieceView(**{**p, "known_to": tuple(p["known_to"])})
                     for p in d["pieces"]),
        destroyed={seat: tuple(v) for seat, v in d["destroyed"].items()},
        reserve={seat: tuple(v) for seat, v in d["reserve"].items()},
        curse_queue=tuple(d["curse_queue"]), options=tuple(d["options"]),
        winners=tuple(d["winners"]),
        teams={side: tuple(v) for side, v in d["teams"].items()},
        effects=tuple((e[0], e[1], e[2]) for e in d["effects"]))


# -- reading the parts ---------------------------------------------------------------------
def _obj(v: Any, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise PositionError(f"{where}: expected an object, got {short(v)}")
    return v


def _list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise PositionError(f"{where}: expected a list, got {short(v)}")
    return v


def _actions(raw: Any) -> tuple[Action, ...]:
    out = []
    items = _list(raw, "actions")
    if len(items) > MAX_ACTIONS:
        raise PositionError(f"actions: more than {MAX_ACTIONS} entries")
    for i, text in enumerate(items):
        try:
            out.append(Action.from_str(text).canonical())
        except NotationError as exc:
            raise PositionError(f"actions[{i}]: {exc}") from None
    return tuple(out)


#: What each of a view's fields must be: a JSON type, and how to turn it back.
_SCALARS: dict[str, tuple[type, bool]] = {
    # field: (types, may be null)
    "player": (str, False), "curse": (int, True), "curse_active": (bool, False),
    "curse_controller": (str, True), "turn": (int, False), "active": (str, False),
    "to_move": (str, True), "decision": (str, True), "over": (bool, False),
    "winner": (str, True), "reason": (str, False), "commitment": (str, True),
    "rules": (str, False),
}
_PIECE_SCALARS: dict[str, tuple[type, bool]] = {
    "square": (str, False), "controller": (str, False), "owner": (str, False),
    "revealed": (bool, False), "moved": (bool, False), "number": (int, True),
    "name": (str, True), "kind": (str, True), "strength": (int, True), "current": (int, True),
    "colour": (str, True), "type": (str, True),
}


def _scalar(v: Any, kind: type, null: bool, where: str) -> Any:
    # Exact types: JSON gives no subclasses, and a bool is no whole number here.
    if type(v) is not kind and not (v is None and null):
        raise PositionError(f"{where}: expected {_TYPE_NAMES[kind]}"
                            f"{' or null' if null else ''}, got {short(v)}")
    return v


_TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false"}


def _strings(v: Any, where: str) -> tuple[str, ...]:
    return tuple(_scalar(x, str, False, f"{where}[{i}]") for i, x in enumerate(_list(v, where)))


def _numbers(v: Any, where: str, null: bool = True) -> tuple[int | None, ...]:
    return tuple(_scalar(x, int, null, f"{where}[{i}]") for i, x in enumerate(_list(v, where)))


def _view(raw: Any) -> View:
    d = _obj(raw, "view")
    fields = {f.name for f in attrs.fields(View)}
    missing = sorted(fields - d.keys())
    if missing:
        raise PositionError(f"view.{missing[0]}: missing")
    unknown = sorted(d.keys() - fields)
    if unknown:
        raise PositionError(f"view.{unknown[0][:40]}: not a field of a view")
    values: dict[str, Any] = {name: _scalar(d[name], types, null, f"view.{name}")
                              for name, (types, null) in _SCALARS.items()}
    values["board"] = _obj(d["board"], "view.board")
    values["pieces"] = tuple(_piece(p, f"view.pieces[{i}]")
                             for i, p in enumerate(_list(d["pieces"], "view.pieces")))
    for name in ("destroyed", "reserve"):
        values[name] = {seat: _numbers(v, f"view.{name}.{seat}")
                        for seat, v in _obj(d[name], f"view.{name}").items()}
    values["curse_queue"] = _numbers(d["curse_queue"], "view.curse_queue", null=False)
    values["options"] = _strings(d["options"], "view.options")
    values["winners"] = _strings(d["winners"], "view.winners")
    values["teams"] = {side: _strings(v, f"view.teams.{side}")
                       for side, v in _obj(d["teams"], "view.teams").items()}
    effects = []
    for i, e in enumerate(_list(d["effects"], "view.effects")):
        where = f"view.effects[{i}]"
        if not isinstance(e, list) or len(e) != 3:
            raise PositionError(f"{where}: expected [square, kind, value], got {short(e)}")
        effects.append((_scalar(e[0], str, False, where + "[0]"),
                        _scalar(e[1], str, False, where + "[1]"), e[2]))
    values["effects"] = tuple(effects)
    return View(**values)


_PIECE_KEYS = frozenset(f.name for f in attrs.fields(PieceView))


def _piece(raw: Any, where: str) -> PieceView:
    d = _obj(raw, where)
    if d.keys() != _PIECE_KEYS:  # a view has some hundred pieces: the usual case is quick
        missing = sorted(_PIECE_KEYS - d.keys())
        if missing:
            raise PositionError(f"{where}.{missing[0]}: missing")
        unknown = sorted(d.keys() - _PIECE_KEYS)
        raise PositionError(f"{where}.{unknown[0][:40]}: not a field of a piece")
    for name, (kind, null) in _PIECE_SCALARS.items():
        v = d[name]
        if type(v) is not kind and not (v is None and null):
            _scalar(v, kind, null, f"{where}.{name}")  # raises, naming the field
    return PieceView(**{**d, "known_to": _strings(d["known_to"], f"{where}.known_to")})


def _state(raw: Any, catalogue: Catalogue | None) -> Any:
    """The knowledge state, read as a position is (every field checked) but not run on: it
    stands where the projection left it."""
    d = _obj(raw, "state")
    for key in BLANKED:
        if key in d:
            raise PositionError(f"state.{key}: a knowledge state has none")
    section = ["position"]
    try:
        w = _load(d, catalogue, section)
    except PositionError as exc:
        raise PositionError(f"state.{exc}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise PositionError(f"state.{section[0]}: malformed ({short(exc, 80)})") from None
    # As knowledge_state leaves them (the engine would draw a salt of its own).
    w.seed = 0
    w.salt = "0" * 32
    w.reps, w.reps_own, w.reps_from = {}, True, -1
    w.shift()
    return w


def _trusted_state(d: dict[str, Any], catalogue: Catalogue | None) -> Engine:
    """What :func:`_state` makes of a knowledge state that :func:`knowledge_to_dict` wrote
    (every field present, every value in range), without the position loader's checks. The
    rules and the board, read once per decision, are still read by the loader's own parts."""
    rules = _rules(d["rules"])
    names = rules.players
    seat = {name: i for i, name in enumerate(names)}.__getitem__
    board = _board(d["board"])
    square = board.parse_square
    cat = catalogue if catalogue is not None else catalogue_for(rules.name)
    specs = []
    for p in d["pieces"]:
        mask = 0
        for k in p["known_to"]:
            mask |= 1 << seat(k)
        at = p["at"]
        specs.append((cat[p["number"]], seat(p["owner"]), seat(p["controller"]),
                      _OFF_BOARD[at] if at in _OFF_BOARD else square(at), mask))
    w = Engine(board=board, rules=rules, catalogue=cat, pieces=specs, seed=0,
               salt="0" * 32)
    w.shuffles = d["shuffles"]
    w.commitment = d["commitment"]
    listed: set[int] = set()
    for who, area in d["destroyed"].items():
        w.dead[seat(who)].extend(area)
        listed.update(area)
    for p, loc in enumerate(w.loc):
        if loc == DESTROYED and p not in listed:
            w.dead[w.owner[p]].append(p)
    c = d["curse"]
    if c is not None:
        w.curse, w.curse_on, w.curse_ctrl = c["piece"], c["active"], seat(c["controller"])
    w.curse_queue = list(d["curse_queue"])
    t = d["turn"]
    w.turn, w.active, w.progress = t["number"], seat(t["active"]), t["progress"]
    for who, k in t["extra"].items():
        w.extra[seat(who)] = k
    for who, r in d["back_and_forth"].items():
        if r is not None:
            w.bf[seat(who)] = (r[0], square(r[1]), square(r[2]), r[3])
    for e in d["effects"]:
        p, kind, value = e["piece"], e["kind"], e["value"]
        if kind == "strength":
            w.tstr[p] = w.tstr.get(p, 0) + value
        else:
            w.tkw[p] = w.tkw.get(p, frozenset()) | {value}
        w.temps.append((p, kind, value, e["source"]))
    w.used_turn = {(p, k) for p, k in d["used"]["turn"]}
    w.used_game = {(p, k) for p, k in d["used"]["game"]}
    w.memo = {(p, k): _frozen(v) for p, k, v in d["memo"]}
    w.flown = [(p, tuple(square(s) for s in over)) for p, over in d["flown"]]
    w.moved = set(d["moved"])
    fight = d["combat"]
    w.combat = None if fight is None else Combat(*fight)
    w.over, w.reason = d["over"], d["reason"]
    w.winner = None if d["winner"] is None else seat(d["winner"])
    w.stack = [Task.from_dict(x) for x in d["stack"]]
    if not w.stack and not w.over:
        w.stack = [TurnStart()]
    w.zob, w.kc = board_hash(w), one_way_count(w)
    # As _state leaves it (knowledge_state's blanks).
    w.reps, w.reps_own, w.reps_from = {}, True, -1
    w.shift()
    return w


def _plain(v: Any) -> Any:
    """``v`` with tuples as lists (what JSON holds), so the dict compares equal to itself
    sent and read back."""
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v

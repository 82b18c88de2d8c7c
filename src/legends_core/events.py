"""Events: what an action did, as frozen values.

:meth:`legends_core.Game.apply` returns the full list (the referee's view); each player gets
their own stream from :meth:`legends_core.Game.events_for`. Every event type declares its
``audience``: who may receive it, and in what form. The projection itself is done in one place,
:func:`legends_core.visibility.event_for`; an event type that declares nothing reaches no one but
the referee (default-deny), so a new event type cannot leak by being forgotten.

An event that names a piece carries ``piece`` (its collector number) and, where the identity
may be secret, ``seen`` (the players who may know it at that moment). Squares are names
(``"d4"``); pieces off the board are named by area (``"beige:2"`` is the third piece in beige's
destroyed area, ``"curse"`` the curse slot).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast

import attrs

from .editions import lookups
from .errors import PositionError
from .rulings import ruling

RULINGS = (
    ruling("Counting turns",
           "The rulebook speaks of \"your turn\" and \"your opponent's turn\" and allows one "
           "action per turn, so a turn belongs to one player. We count those turns, one after "
           "the other from 1 (the first turn after the setup), and never rounds of turns: turn "
           "13 of a two-player game is the seventh turn of the player who began. The status "
           "line, the move list, the log and the command line all use this one number, as "
           "does a game's turn limit."),
)

EVENT_TYPES: dict[str, type[Event]] = {}


E = TypeVar("E", bound="Event")


def _event(kind: str) -> Callable[[type[E]], type[E]]:
    def register(cls: type[E]) -> type[E]:
        cls.kind = kind
        EVENT_TYPES[kind] = cls
        return cls
    return register


#: Audiences an event type may declare (see :func:`legends_core.visibility.event_for`).
REFEREE = "referee"            #: nobody but the referee (the default)
PUBLIC = "public"              #: every player, as it is
KNOWERS = "knowers"            #: every player; ``piece`` blanked for those not in ``seen``
KNOWERS_ONLY = "knowers-only"  #: only the players in ``seen``
ACTOR = "actor"                #: only ``player`` (everyone when the event's ``public`` is true)
#: Every audience an event type may declare.
AUDIENCES = (REFEREE, PUBLIC, KNOWERS, KNOWERS_ONLY, ACTOR)


# Every event class is ``attrs.frozen(slots=False)``: an event keeps its fields in its own
# dict (this base class gives it one anyway), which a frozen class fills several times faster
# than slots; games build a few events a turn.
class Event:
    """Base class. ``kind`` is the stable name used in :meth:`to_dict`; ``audience`` says who
    may receive the event (one of :data:`AUDIENCES`; by default only the referee)."""

    #: The event type's stable name (``"move"``, ``"destroy"`` ...).
    kind: ClassVar[str] = ""
    #: Who may receive events of this type (one of :data:`AUDIENCES`).
    audience: ClassVar[str] = REFEREE

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-friendly data: ``kind`` and each field (tuples as lists)."""
        d: dict[str, Any] = {"kind": self.kind}
        for f in attrs.fields(cast(Any, type(self))):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Event:
        """The event :meth:`to_dict` gave (used to check player records).

        :raises PositionError: an unknown kind or a bad field.
        """
        try:
            cls = EVENT_TYPES[data["kind"]]
        except (KeyError, TypeError):
            raise PositionError(f"event.kind: unknown event {data!r:.60}") from None
        kwargs = {}
        for f in attrs.fields(cast(Any, cls)):
            if f.name in data:
                v = data[f.name]
                kwargs[f.name] = tuple(v) if isinstance(v, list) else v
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise PositionError(f"event {data['kind']}: {exc}") from None

    def __str__(self) -> str:
        # Only what the event carries is named: a blanked piece stays "a hidden piece".
        return describe(self, piece_names(), ids=False)


@_event("turn")
@attrs.frozen(slots=False)
class TurnStarted(Event):
    """A turn begins: ``player`` is to play turn ``number``."""

    audience = PUBLIC
    player: str
    number: int


@_event("move")
@attrs.frozen(slots=False)
class Moved(Event):
    """A piece moved from ``frm`` to ``to`` for ``player`` (``how``: ``"move"``, ``"attack"``
    when it takes the square it attacked, or the power that moved it; ``over``: squares flown
    over). ``piece`` is blanked for players not in ``seen``."""

    audience = KNOWERS
    player: str
    frm: str
    to: str
    piece: int | None
    seen: tuple[str, ...]
    how: str = "move"
    over: tuple[str, ...] = ()


@_event("attack")
@attrs.frozen(slots=False)
class Attacked(Event):
    """``player``'s piece on ``frm`` attacks ``to`` (``how``: ``"move"`` or the power used).
    What happens next follows as ``reveal``, ``strength`` and ``destroy`` events."""

    audience = PUBLIC
    player: str
    frm: str
    to: str
    how: str = "move"


@_event("reveal")
@attrs.frozen(slots=False)
class Revealed(Event):
    """The piece on ``at`` becomes known to the players in ``seen`` (``piece`` is blanked for
    the others)."""

    audience = KNOWERS
    at: str
    piece: int | None
    seen: tuple[str, ...]


@_event("strength")
@attrs.frozen(slots=False)
class Compared(Event):
    """Strengths compared on ``at`` (an attack or a strike): the attacker's and the
    defender's current strengths."""

    audience = PUBLIC
    at: str
    attacker: int
    defender: int


@_event("destroy")
@attrs.frozen(slots=False)
class Destroyed(Event):
    """The piece ``piece`` (of ``army``) on ``at`` is destroyed: into its army's destroyed
    area, or ``into`` the curse slot; ``cause`` says what destroyed it (``"attack"``, a power's
    key, ...)."""

    audience = PUBLIC
    at: str
    piece: int
    army: str
    into: str = "destroyed"
    cause: str = ""


@_event("curse-begin")
@attrs.frozen(slots=False)
class CurseBegan(Event):
    """The death curse of ``piece`` takes effect, for ``player`` (its controller)."""

    audience = PUBLIC
    piece: int
    player: str


@_event("curse-end")
@attrs.frozen(slots=False)
class CurseEnded(Event):
    """The death curse of ``piece`` stops (``player`` controlled it)."""

    audience = PUBLIC
    piece: int
    player: str


@_event("curse-void")
@attrs.frozen(slots=False)
class CursesVoided(Event):
    """Two or more death curses arrived at once: none of ``pieces`` takes effect."""

    audience = PUBLIC
    pieces: tuple[int, ...]


@_event("control")
@attrs.frozen(slots=False)
class ControlChanged(Event):
    """``player`` takes control of the piece on ``at`` (``piece`` blanked for players not
    in ``seen``)."""

    audience = KNOWERS
    at: str
    piece: int | None
    seen: tuple[str, ...]
    player: str


@_event("place")
@attrs.frozen(slots=False)
class Placed(Event):
    """``player`` places a piece from ``frm`` (a destroyed area, ``"curse"``, or a reserve) on
    ``at`` (``piece`` blanked for players not in ``seen``)."""

    audience = KNOWERS
    at: str
    frm: str
    piece: int | None
    seen: tuple[str, ...]
    player: str


@_event("power")
@attrs.frozen(slots=False)
class PowerUsed(Event):
    """``player`` uses the power ``key`` of ``piece`` on ``at``, aimed at ``targets``."""

    audience = PUBLIC
    player: str
    at: str
    piece: int
    key: str
    targets: tuple[str, ...] = ()
    #: The power points at pieces without showing them (``secret_targets``): only its user
    #: is told the targets.
    secret: bool = False


@_event("modify")
@attrs.frozen(slots=False)
class Modified(Event):
    """The piece on ``at`` gets ``amount`` added to its strength until the end of the turn;
    only the players in ``seen`` (who know the piece) receive it."""

    audience = KNOWERS_ONLY
    at: str
    piece: int | None
    seen: tuple[str, ...]
    amount: int


@_event("grant")
@attrs.frozen(slots=False)
class Granted(Event):
    """The piece on ``at`` gains ``keyword`` until the end of the turn; only the players in
    ``seen`` receive it."""

    audience = KNOWERS_ONLY
    at: str
    piece: int | None
    seen: tuple[str, ...]
    keyword: str


@_event("swap")
@attrs.frozen(slots=False)
class Swapped(Event):
    """``player`` swaps the pieces on ``a`` and ``b`` (``how``: ``"switch"`` in setup, or the
    power that did it)."""

    audience = PUBLIC
    player: str
    a: str
    b: str
    how: str = "switch"


@_event("pass")
@attrs.frozen(slots=False)
class Passed(Event):
    """``player`` passes in a response window of kind ``window`` (``"attack"``, ``"strike"``
    or ``"end"``)."""

    audience = PUBLIC
    player: str
    window: str


@_event("choose")
@attrs.frozen(slots=False)
class Chose(Event):
    """``player`` answered the question ``prompt`` with ``value``; only they receive it,
    unless the rules make the choice in the open (``public``)."""

    audience = ACTOR
    player: str
    prompt: str
    value: str
    #: A choice the rules make in the open; private choices reach only the chooser.
    public: bool = False


@_event("shuffle")
@attrs.frozen(slots=False)
class Shuffled(Event):
    """``player`` had the face-down pieces of ``army`` reshuffled during setup."""

    audience = PUBLIC
    player: str
    army: str


@_event("extra-turn")
@attrs.frozen(slots=False)
class ExtraTurn(Event):
    """``player`` will take another turn after this one."""

    audience = PUBLIC
    player: str


@_event("commit")
@attrs.frozen(slots=False)
class Committed(Event):
    """The hidden setup is fixed: its salted SHA-256 digest (see :mod:`legends_core.fairness`)."""

    audience = PUBLIC
    digest: str


@_event("game-over")
@attrs.frozen(slots=False)
class GameOver(Event):
    """The game ends: ``winner`` (``None`` when nobody wins) and ``reason``."""

    audience = PUBLIC
    winner: str | None
    reason: str


#: The powers the rulebook names (its "Examples of Actions"), and the other editions' moving
#: powers, by key. A power of one piece alone is known by its piece's name; the few shared
#: powers the rulebook leaves unnamed get a plain name of ours.
POWER_NAMES = {
    "charging": "Charging", "distance-strike": "Distance Strike", "flying": "Flying",
    "quickness": "Quickness", "slashing": "Slashing", "surround": "Surround",
    "switching": "Switching", "teleport": "Teleport", "vision": "Vision",
    "terrain-move": "Terrain Move", "water-move": "Water Move",
    "reveal-flown-over": "Show the Flown-Over", "scout": "Scout's Run", "cavalry": "Cavalry Ride",
}

#: Window kinds by the rulebook's moment for them.
WINDOW_NAMES = {"attack": "during the attack", "strike": "before the strike is decided",
                "end": "before the turn ends"}

_NAMES: dict[str, Any] = {}


def _catalogues() -> dict[str, Any]:
    """Names of every installed edition's pieces (built once): by number (with whether the
    number is printed on the piece, as in Stratego Legends) and by the key their name makes."""
    if not _NAMES:
        from .piecetype import slug
        from .registry import catalogue

        rulesets, catalogue_for = lookups().rulesets, lookups().catalogue_for

        by_number: dict[int, tuple[str, bool]] = {}
        by_key: dict[str, str] = {}
        for name in rulesets():
            try:
                cat = catalogue() if name == "legends" else catalogue_for(name)
            except Exception:  # noqa: BLE001 - a broken extra edition names nothing
                continue
            for n, t in cat.items():
                by_number.setdefault(n, (t.name, name == "legends"))
                by_key.setdefault(slug(t.name), t.name)
        _NAMES.update(number=by_number, key=by_key)
    return _NAMES


def power_name(key: str) -> str:
    """What a person calls the power ``key``: the rulebook's name for it (``"Distance
    Strike"``), else the name of the piece whose own power it is (``"Oreld the Deliverer"``)."""
    if key in POWER_NAMES:
        return POWER_NAMES[key]
    found = _catalogues()["key"].get(key)
    return str(found) if found else key.replace("-", " ").replace("_", " ").title()


def keyword_name(keyword: str) -> str:
    """A keyword a piece gains (``dispel_magic``, ``flying``) as a person reads it."""
    return POWER_NAMES.get(keyword) or keyword.replace("_", " ").replace("-", " ").title()


def piece_names() -> dict[int, str]:
    """The name of every installed piece by number, with its collector number where the piece
    has one printed (Stratego Legends: ``"Tiera (#37)"``)."""
    if "full" not in _NAMES:
        _NAMES["full"] = {n: f"{name} (#{n})" if printed else name
                          for n, (name, printed) in _catalogues()["number"].items()}
    return cast(dict[int, str], _NAMES["full"])


def describe(e: Event, names: dict[int, str] | None = None, *, ids: bool = True) -> str:
    """A short English line for an event (used by the command line and logs).

    :param ids: name pieces with their collector numbers too (Stratego Legends prints them on
        its pieces; the other editions' numbers are the program's own, so leave them out).
    """
    def who(num: int | None) -> str:
        if num is None:
            return "a hidden piece"
        if names and num in names:
            return f"{names[num]} (#{num})" if ids else names[num]
        # The event names the piece, so its reader knows it: named from the catalogues.
        return piece_names().get(num) or (f"#{num}" if ids else "a piece")

    k = e.kind
    d = attrs.asdict(e)  # type: ignore[arg-type]
    if k == "turn":
        return f"-- turn {d['number']}: {d['player']} to play"
    if k == "move":
        via = "" if d["how"] in ("move", "attack") else f" by {power_name(d['how'])}"
        over = f" over {', '.join(d['over'])}" if d["over"] else ""
        return f"{d['player']} moves {who(d['piece'])} {d['frm']}-{d['to']}{via}{over}"
    if k == "attack":
        via = "" if d["how"] == "move" else f" by {power_name(d['how'])}"
        return f"{d['player']} attacks {d['to']} from {d['frm']}{via}"
    if k == "reveal":
        return f"{who(d['piece'])} on {d['at']} is revealed to {', '.join(d['seen'])}"
    if k == "strength":
        return f"strengths on {d['at']}: attacker {d['attacker']}, defender {d['defender']}"
    if k == "destroy":
        into = " into the curse slot" if d["into"] == "curse" else ""
        cause = (" in the attack" if d["cause"] == "attack"
                 else f" by {power_name(d['cause'])}" if d["cause"] else "")
        return f"{who(d['piece'])} on {d['at']} is destroyed{into}{cause}"
    if k == "curse-begin":
        return f"death curse of {who(d['piece'])} takes effect for {d['player']}"
    if k == "curse-end":
        return f"death curse of {who(d['piece'])} ends"
    if k == "curse-void":
        return "two or more death curses at once: none takes effect"
    if k == "control":
        return f"{d['player']} takes control of {who(d['piece'])} on {d['at']}"
    if k == "place":
        return f"{d['player']} places {who(d['piece'])} from {d['frm']} on {d['at']}"
    if k == "power":
        tg = f" \u2192 {', '.join(d['targets'])}" if d["targets"] else (
            " (targets not shown)" if d["secret"] else "")
        name = power_name(d["key"])
        piece = who(d["piece"])
        what = "its power" if piece.startswith(name) else name
        return f"{d['player']}'s {piece} on {d['at']} uses {what}{tg}"
    if k == "modify":
        return f"{who(d['piece'])} on {d['at']} gets {d['amount']:+d} until the end of the turn"
    if k == "grant":
        return (f"{who(d['piece'])} on {d['at']} gains {keyword_name(d['keyword'])} until the "
                "end of the turn")
    if k == "swap":
        how = "setup switch" if d["how"] in ("switch", "setup switch") else power_name(d["how"])
        return f"{d['player']} swaps {d['a']} and {d['b']} ({how})"
    if k == "pass":
        return f"{d['player']} passes ({WINDOW_NAMES.get(d['window'], d['window'])})"
    if k == "choose":
        return f"{d['player']} chooses {d['value']} ({d['prompt']})"
    if k == "shuffle":
        return f"{d['player']} reshuffles the {d['army']} army"
    if k == "extra-turn":
        return f"{d['player']} takes another turn"
    if k == "commit":
        return f"hidden setup committed: sha256 {d['digest'][:16]}..."
    if k == "game-over":
        return f"game over: {d['winner'] or 'nobody'} wins ({d['reason']})"
    return k

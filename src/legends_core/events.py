"""Events: what an action did, as frozen values.

:meth:`legends_core.Game.apply` returns the full list (the referee's view). An event that
names a piece carries ``piece`` (its collector number) and ``seen`` (the players who may know
that identity at that moment); :func:`legends_core.visibility.event_for` blanks ``piece`` for
everyone else. Squares are names (``"d4"``); pieces off the board are named by area
(``"beige:2"`` is the third piece in beige's destroyed area, ``"curse"`` the curse slot).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, cast

import attrs

from .errors import PositionError

EVENT_TYPES: dict[str, type[Event]] = {}


E = TypeVar("E", bound="Event")


def _event(kind: str) -> Callable[[type[E]], type[E]]:
    def register(cls: type[E]) -> type[E]:
        cls.kind = kind
        EVENT_TYPES[kind] = cls
        return cls
    return register


class Event:
    """Base class. ``kind`` is the stable name used in :meth:`to_dict`."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in attrs.fields(cast(Any, type(self))):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Event:
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
        return describe(self)


@_event("turn")
@attrs.frozen
class TurnStarted(Event):
    player: str
    number: int


@_event("move")
@attrs.frozen
class Moved(Event):
    player: str
    frm: str
    to: str
    piece: int | None
    seen: tuple[str, ...]
    how: str = "move"
    over: tuple[str, ...] = ()


@_event("attack")
@attrs.frozen
class Attacked(Event):
    player: str
    frm: str
    to: str
    how: str = "move"


@_event("reveal")
@attrs.frozen
class Revealed(Event):
    at: str
    piece: int | None
    seen: tuple[str, ...]


@_event("strength")
@attrs.frozen
class Compared(Event):
    at: str
    attacker: int
    defender: int


@_event("destroy")
@attrs.frozen
class Destroyed(Event):
    at: str
    piece: int
    army: str
    into: str = "destroyed"
    cause: str = ""


@_event("curse-begin")
@attrs.frozen
class CurseBegan(Event):
    piece: int
    player: str


@_event("curse-end")
@attrs.frozen
class CurseEnded(Event):
    piece: int
    player: str


@_event("curse-void")
@attrs.frozen
class CursesVoided(Event):
    pieces: tuple[int, ...]


@_event("control")
@attrs.frozen
class ControlChanged(Event):
    at: str
    piece: int | None
    seen: tuple[str, ...]
    player: str


@_event("place")
@attrs.frozen
class Placed(Event):
    at: str
    frm: str
    piece: int | None
    seen: tuple[str, ...]
    player: str


@_event("power")
@attrs.frozen
class PowerUsed(Event):
    player: str
    at: str
    piece: int
    key: str
    targets: tuple[str, ...] = ()


@_event("modify")
@attrs.frozen
class Modified(Event):
    at: str
    piece: int | None
    seen: tuple[str, ...]
    amount: int


@_event("grant")
@attrs.frozen
class Granted(Event):
    at: str
    piece: int | None
    seen: tuple[str, ...]
    keyword: str


@_event("swap")
@attrs.frozen
class Swapped(Event):
    player: str
    a: str
    b: str
    how: str = "switch"


@_event("pass")
@attrs.frozen
class Passed(Event):
    player: str
    window: str


@_event("choose")
@attrs.frozen
class Chose(Event):
    player: str
    prompt: str
    value: str


@_event("shuffle")
@attrs.frozen
class Shuffled(Event):
    player: str
    army: str


@_event("extra-turn")
@attrs.frozen
class ExtraTurn(Event):
    player: str


@_event("game-over")
@attrs.frozen
class GameOver(Event):
    winner: str | None
    reason: str


def describe(e: Event, names: dict[int, str] | None = None) -> str:
    """A short English line for an event (used by the command line and logs)."""
    def who(num: int | None) -> str:
        if num is None:
            return "a hidden piece"
        if names and num in names:
            return f"{names[num]} (#{num})"
        return f"#{num}"

    k = e.kind
    d = attrs.asdict(e)  # type: ignore[arg-type]
    if k == "turn":
        return f"-- turn {d['number']}: {d['player']} to play"
    if k == "move":
        via = "" if d["how"] == "move" else f" by {d['how']}"
        over = f" over {', '.join(d['over'])}" if d["over"] else ""
        return f"{d['player']} moves {who(d['piece'])} {d['frm']}-{d['to']}{via}{over}"
    if k == "attack":
        via = "" if d["how"] == "move" else f" by {d['how']}"
        return f"{d['player']} attacks {d['to']} from {d['frm']}{via}"
    if k == "reveal":
        return f"{who(d['piece'])} on {d['at']} is revealed to {', '.join(d['seen'])}"
    if k == "strength":
        return f"strengths on {d['at']}: attacker {d['attacker']}, defender {d['defender']}"
    if k == "destroy":
        into = " into the curse slot" if d["into"] == "curse" else ""
        cause = f" ({d['cause']})" if d["cause"] else ""
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
        tg = f" -> {', '.join(d['targets'])}" if d["targets"] else ""
        return f"{d['player']} uses {d['key']} of {who(d['piece'])} on {d['at']}{tg}"
    if k == "modify":
        return f"{who(d['piece'])} on {d['at']} gets {d['amount']:+d} until the end of the turn"
    if k == "grant":
        return f"{who(d['piece'])} on {d['at']} gains {d['keyword']} until the end of the turn"
    if k == "swap":
        return f"{d['player']} swaps {d['a']} and {d['b']} ({d['how']})"
    if k == "pass":
        return f"{d['player']} passes ({d['window']})"
    if k == "choose":
        return f"{d['player']} chooses {d['value']} ({d['prompt']})"
    if k == "shuffle":
        return f"{d['player']} reshuffles the {d['army']} army"
    if k == "extra-turn":
        return f"{d['player']} takes another turn"
    if k == "game-over":
        return f"game over: {d['winner'] or 'nobody'} wins ({d['reason']})"
    return k

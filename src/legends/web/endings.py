"""What the server keeps beside a game so that players can end it by choice: the draw offer
standing, and the clocks of a game played with a time control.

Both are public to the table and stored with the game (:meth:`.store.Store.set_extras`), so a
restarted server resumes them. The rules they follow (also in ``docs/web-endings.rst``):

* **Draw offers.** A seat offers a draw for its side. The offer stands until every person on
  the other side has accepted (the game is then drawn), one of them declines, the offering
  seat withdraws it, or the other side plays on: once a seat of the other side has answered a
  decision that everybody knows it is asked (its turn's action, or a setup decision), the offer
  lapses at the next such decision (of any seat). Lapsing only there, where every seat is told
  of the game, keeps the lapse from telling anyone of a response window asked in between (whether a
  seat is asked in a window can depend on its hidden pieces). Computer players never accept a
  draw, so an offer to a side with a computer player is declined at once. A side offers at
  most once per round of turns (``Room.offered`` keeps the turn of each side's last offer).
* **Clocks.** With a time control (minutes per seat, plus seconds added after each decision
  the clock ran for), a seat's clock runs only while that seat is asked one of the decisions
  everybody knows it is asked (``ALWAYS_ASKED`` in :mod:`.rooms`): its turn's action and the setup.
  It stands still in response windows (see the ruling "Clocks and response windows"). A seat whose
  clock runs out loses on time (:meth:`legends_core.Game.lose_on_time`). Clocks count wall
  time, also while the server is stopped: a restarted server finds the time gone by.
"""

from __future__ import annotations

from typing import Any

import attrs

from ..i18n import N_
from .refusals import Worded

#: The bounds of a time control the server accepts.
MAX_MINUTES = 24 * 60
MAX_INCREMENT = 600


@attrs.define
class Offer:
    """A draw offered by ``seat`` for its ``side``; ``accepted``: the people of the other side
    who have accepted so far; ``played``: the other side has played on since (the offer lapses
    at the next decision every seat is told of)."""

    side: str
    seat: str
    accepted: list[str] = attrs.field(factory=list)
    played: bool = False

    def public(self) -> dict[str, Any]:
        """What the table is told (not ``played``: it may be set at a moment some seats are
        not told of)."""
        return {"side": self.side, "seat": self.seat, "accepted": list(self.accepted)}

    def to_dict(self) -> dict[str, Any]:
        return {**self.public(), "played": self.played}

    @classmethod
    def from_dict(cls, data: Any) -> Offer | None:
        if not isinstance(data, dict):
            return None
        return cls(str(data["side"]), str(data["seat"]), [str(s) for s in data["accepted"]],
                   bool(data.get("played", False)))


@attrs.define
class Clocks:
    """Each seat's time left, in seconds, and whose clock runs (since the wall-clock time
    ``since``). ``minutes`` and ``increment`` are the time control."""

    minutes: float
    increment: float
    left: dict[str, float]
    running: str | None = None
    since: float = 0.0

    @classmethod
    def new(cls, minutes: float, increment: float, seats: tuple[str, ...]) -> Clocks:
        return cls(minutes, increment, {s: minutes * 60.0 for s in seats})

    def remaining(self, now: float) -> dict[str, float]:
        """Each seat's time left at ``now`` (the running clock counted down)."""
        out = dict(self.left)
        if self.running is not None:
            out[self.running] = max(0.0, out[self.running] - (now - self.since))
        return out

    def stop(self, now: float, *, increment: bool = True) -> None:
        """The running clock's seat has decided: charge its time, add the increment (not when
        the game has ended)."""
        if self.running is not None:
            seat = self.running
            bonus = self.increment if increment else 0.0
            self.left[seat] = max(0.0, self.left[seat] - (now - self.since)) + bonus
            self.running = None

    def start(self, seat: str | None, now: float) -> None:
        self.running, self.since = seat, now

    def flagged(self, now: float) -> str | None:
        """The seat whose time has run out at ``now``, if any."""
        if self.running is not None and self.remaining(now)[self.running] <= 0.0:
            return self.running
        return None

    def due(self, now: float) -> float | None:
        """Seconds from ``now`` until the running clock runs out (``None``: none runs)."""
        if self.running is None:
            return None
        return max(0.0, self.remaining(now)[self.running])

    def shown(self, now: float) -> dict[str, Any]:
        """The clocks as a state message carries them (the page counts the running one down)."""
        return {"minutes": self.minutes, "increment": self.increment,
                "left": {s: round(v, 1) for s, v in self.remaining(now).items()},
                "running": self.running}

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Clocks | None:
        if not isinstance(data, dict):
            return None
        return cls(float(data["minutes"]), float(data["increment"]),
                   {str(k): float(v) for k, v in data["left"].items()},
                   data.get("running"), float(data.get("since", 0.0)))


class ClockRefused(Worded, ValueError):
    """A new game's ``clock`` field that is not a time control, worded for its reader."""


def time_control(data: Any) -> tuple[float, float] | None:
    """A new game's ``clock`` field: ``{"minutes": M, "increment": S}`` or nothing.

    :raises ValueError: it is malformed or out of bounds (the message says which).
    """
    if data in (None, "", {}):
        return None
    if not isinstance(data, dict) or set(data) - {"minutes", "increment"}:
        raise ClockRefused(N_("clock: expected {shape}"),
                           shape='{"minutes": M, "increment": S}')
    minutes, increment = data.get("minutes"), data.get("increment", 0)
    for name, value, top in (("minutes", minutes, MAX_MINUTES),
                             ("increment", increment, MAX_INCREMENT)):
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not 0 <= value <= top):
            raise ClockRefused(N_("clock.{name}: expected a number from 0 to {top}"),
                               name=name, top=top)
    assert isinstance(minutes, int | float) and isinstance(increment, int | float)
    if minutes <= 0:
        raise ClockRefused(N_("clock.minutes: expected more than 0 minutes"))
    return float(minutes), float(increment)

"""A decision's hard time limit, and the strength a host may ask of a player.

A host that must answer within a set time (the play server holds each batch of replies to a
steady beat, see ``legends.web.guards.Pacer``) gives a player a ``cap``: the seconds its
whole decision may take. The players read the :class:`Deadline` between small pieces of work
(one action in one imagined world, one search iteration), so the cap holds whatever the
position, give or take one such piece. ``seconds``, by contrast, is a budget the player fills
(as many worlds as fit), always after a minimum of work that no clock cuts short.

``strength`` (0 to 1, 1 by default) asks for a share of the player's usual work: fewer imagined
worlds or iterations, a shorter budget. A busy server asks less of each decision rather than
make people wait for a queue of them. At 1, and with no cap, a player plays exactly as it does
without these options: the same games for the same seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class Deadline:
    """When a decision started and when it must end (never, without a cap)."""

    def __init__(self, cap: float | None, clock: Clock = time.perf_counter):
        self.clock = clock
        self.start = clock()
        self.end = None if cap is None else self.start + cap

    def passed(self) -> bool:
        """Is the time up? Always ``False`` without a cap (and then the clock is not read)."""
        return self.end is not None and self.clock() >= self.end

    def within(self, share: float) -> Deadline:
        """A deadline ``share`` of the way from the start to this one's end (the same when
        there is no cap)."""
        part = Deadline(None, self.clock)
        part.start = self.start
        part.end = None if self.end is None else self.start + share * (self.end - self.start)
        return part


def stop_at(cap: Deadline | None) -> Callable[[], bool] | None:
    """``cap``'s check, for :func:`~legends.ai.heuristic.score_in_worlds`, or ``None`` when
    there is nothing to check (no deadline, or one without a cap)."""
    return None if cap is None or cap.end is None else cap.passed


def checked_strength(strength: float) -> float:
    """``strength``, refused unless it is above 0 and at most 1."""
    if not 0 < strength <= 1:
        raise ValueError(f"strength: expected more than 0 and at most 1, got {strength!r}")
    return strength


def scaled(count: int, strength: float, least: int = 1) -> int:
    """``count`` pieces of work at ``strength`` (at least ``least``; ``count`` itself at 1)."""
    return count if strength >= 1 else max(least, round(count * strength))

"""How hard each of the computer players' decisions may think: the server's thinking budget.

The thinkers (:mod:`.thinking`) can make as many decisions at once as there are thinker
processes (one, for a server that thinks in its own process). When more are asked for, the
others wait in a queue, and a person waits for the whole queue. So the budget counts the
decisions waiting or running, for each thinker and in all, and asks each new decision for a
share of the usual work instead (the players' ``strength``, :mod:`legends.ai.deadline`): with
``n`` decisions in line for one thinker, ``1/n`` of it, never less than :data:`LEAST`. The
queue then takes about as long as one decision at full strength, whatever its length.

Each decision also gets a ``cap``, the seconds it may think at most, so that the reply fits in
its game's beat (``guards.Pacer``): :data:`SHARE` of the beat, scaled by the strength,
and no more than what is left of the current batch's share, since several decisions of the
computer's may fall between two batches of messages (how many may depend on its hidden
pieces, so their sum must fit, not each one). The rest of the beat is for the trip to the
thinker and back, storing the action and building the messages. Without a beat (``0``:
answer at once) only the strength applies.

None of this reads the game: the strength and the cap depend on the server's load and the
clock alone, so they tell the computer nothing of the other seats' pieces.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

#: The share of a batch's beat the computer may spend thinking.
SHARE = 0.5
#: The least strength asked of a decision, however busy the server: the players' cheapest
#: decent play (the search player's one-move ranking with one world, see
#: ``legends.ai.search.SHALLOW``).
LEAST = 0.1


class Budget:
    """The decisions asked of ``size`` thinkers, and the options each new one is given."""

    def __init__(self, size: int, beat: float):
        self.size = max(1, size)
        self.beat = beat
        #: per thinker: the decisions sent to it that have not been answered yet
        self.pending = [0] * self.size

    @contextmanager
    def asking(self, thinker: int, left: float | None = None) -> Iterator[dict[str, float]]:
        """Count a decision for ``thinker`` while it is under way; yields the options to ask
        it with (see :meth:`options`)."""
        self.pending[thinker] += 1
        try:
            yield self.options(thinker, left)
        finally:
            self.pending[thinker] -= 1

    def strength(self, thinker: int) -> float:
        """The share of the usual work for a decision now in line for ``thinker`` (counted in
        :attr:`pending`): all of it while each thinker has at most one."""
        demand = max(self.pending[thinker], sum(self.pending) / self.size, 1)
        return max(LEAST, 1 / demand)

    def options(self, thinker: int, left: float | None = None) -> dict[str, float]:
        """``strength`` and, with a beat, ``cap`` for a decision in line for ``thinker``.
        ``left``: the seconds until the current batch of messages is due, if one is."""
        strength = self.strength(thinker)
        if self.beat <= 0:
            return {"strength": strength}
        cap = SHARE * self.beat * strength
        if left is not None:
            # What this batch's share has left, after the decisions made for it already.
            cap = min(cap, left - (1 - SHARE) * self.beat)
        return {"strength": strength, "cap": max(cap, SHARE * self.beat * LEAST)}

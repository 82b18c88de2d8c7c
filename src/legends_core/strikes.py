"""Strength compared outside an attack (Distance Strike), with a response window first.

The rulebook lets a player use an ability at any time, also during the opponent's turn. So a
power that compares two pieces' current strengths outside an attack does not decide at once:
:meth:`~.effects.Effects.strike` opens a ``"strike"`` response window (the striking player
first, then alternately until every player has passed in a row), and only then does
:class:`StrikeResolve` hand over to the power's continuation, if both pieces are still where
they were. Like every kernel window it is opened whatever the players hold, so its existence
tells nobody anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from .statevalues import Combat
from .tasks import CONTINUATIONS, Task, task

if TYPE_CHECKING:
    from .engine import Engine


@task("strike-resolve")
@attrs.frozen
class StrikeResolve(Task):
    """After the strike window: run ``then(game, data)`` if the strike still stands.

    ``attacker`` (on ``origin``, for ``player``) strikes ``defender`` on ``square``; ``data``
    gets both piece ids as ``"attacker"`` and ``"defender"``.
    """

    attacker: int
    defender: int
    square: int
    origin: int
    player: int
    then: str
    data: dict[str, Any] = attrs.field(factory=dict)

    def contest(self) -> Combat:
        return Combat(self.attacker, self.defender, self.square, self.origin, self.player)

    def run(self, g: Engine) -> None:
        if live(g, self.contest()):
            g.progress = g.turn  # a strike is an attack at a distance: progress
            CONTINUATIONS[self.then](g, {**self.data, "attacker": self.attacker,
                                         "defender": self.defender})


def live(g: Engine, c: Combat) -> bool:
    """Do both pieces still stand where they stood, the striker still on its side?"""
    return g.loc[c.attacker] == c.origin and g.same_side(g.ctrl[c.attacker], c.player) \
        and g.loc[c.defender] == c.square

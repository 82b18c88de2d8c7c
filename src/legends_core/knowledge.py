"""What one player may know at one moment (:class:`Knowledge`), for whoever acts for them.

The game builds it (:meth:`legends_core.Game.knowledge`); imagined worlds are drawn from it
(:mod:`legends_core.worlds`, which names it too, and explains what it holds and why).
"""

from __future__ import annotations

import attrs

from .actions import Action
from .engine import Engine
from .visibility import View


@attrs.frozen(eq=False)
class Knowledge:
    """Everything one player may know at one moment, in the form search needs.

    Programs acting for a player (computer players, opponents in research environments)
    receive this and nothing else.
    """

    #: Whose knowledge this is.
    player: str
    #: Their view of the game.
    view: View
    #: Their legal actions now (empty when another player is deciding).
    actions: tuple[Action, ...]
    #: The kind of their pending decision (``"main"``, ``"window"``, ``"ask"``,
    #: ``"setup-switch"`` ...), or ``None`` when they are not deciding.
    decision_kind: str | None
    _state: Engine = attrs.field(repr=False, alias="state")

    @property
    def deciding(self) -> bool:
        """Is this player the one to decide now?"""
        return self.decision_kind is not None

    @property
    def seat(self) -> int:
        """The player's seat number (an index into the game's players, as in worlds)."""
        return self._state.rules.players.index(self.player)

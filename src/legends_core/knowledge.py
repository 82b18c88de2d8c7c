"""What one player may know at one moment (:class:`Knowledge`), for whoever acts for them.

The game builds it (:meth:`legends_core.Game.knowledge`); imagined worlds are drawn from it
(:mod:`legends_core.worlds`, which names it too, and explains what it holds and why).
"""

from __future__ import annotations

from typing import Any

import attrs

from .actions import Action
from .engine import Engine
from .knowledge_record import knowledge_from_dict, knowledge_from_trusted_dict, knowledge_to_dict
from .registry import Catalogue
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

    def to_dict(self) -> dict[str, Any]:
        """This knowledge as plain JSON data, with a format and version, for a program that
        plays over a wire (a server sends it to a seat that asks; see
        :mod:`legends_core.knowledge_record`). It holds only what the knowledge holds: two
        games that differ only in what this player may not know give equal dicts."""
        return knowledge_to_dict(self.player, self.view, self.actions, self.decision_kind,
                                 self._state)

    @classmethod
    def from_dict(cls, data: Any, catalogue: Catalogue | None = None) -> Knowledge:
        """The knowledge :meth:`to_dict` wrote, checked field by field (``catalogue``: the
        pieces, by default those of the ruleset it names). Its view, actions and decision
        are the original's, and :func:`~legends_core.worlds.imagine` draws the same worlds
        from it: a computer player with the same seed chooses the same action.

        :raises legends_core.PositionError: the data is malformed; the message begins with
            the field's path (``view.turn``, ``state.pieces[3].number`` ...).
        """
        player, view, actions, kind, state = knowledge_from_dict(data, catalogue)
        return cls(player=player, view=view, actions=actions, decision_kind=kind, state=state)

    @classmethod
    def from_trusted_dict(cls, data: dict[str, Any], catalogue: Catalogue | None = None
                          ) -> Knowledge:
        """The knowledge :meth:`to_dict` wrote in a process of this same program, read without
        the checks :meth:`from_dict` makes of data from outside (a server's thinker
        processes read what their server made; see
        :func:`~legends_core.knowledge_record.knowledge_from_trusted_dict`). Never for data
        from a network, a file or another program: those go through :meth:`from_dict`."""
        player, view, actions, kind, state = knowledge_from_trusted_dict(data, catalogue)
        return cls(player=player, view=view, actions=actions, decision_kind=kind, state=state)

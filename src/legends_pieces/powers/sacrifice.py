"""Actions that destroy their own piece to make the opponent lose or hand over a piece."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Power
from legends_core.compiling import annotated_only, mypyc_attr

from .choices import an_opponent_destroys, an_opponent_gives

if TYPE_CHECKING:
    from legends_core.engine import Engine


@mypyc_attr(native_class=False)  # see TargetAction
class Sacrifice(Power):
    """Base: an action that destroys its own piece, then does :meth:`then` for its player."""

    watches = "step"  # see legends_core.changes

    label = "Action"

    def legends_offer_actions(self: Sacrifice | Any, game: Engine, piece: int) -> list[Action]:
        return [Action.power(game.name(game.loc[piece]), self.key)]

    def legends_perform(self: Sacrifice | Any, game: Engine, piece: int, action: Action) -> None:
        me = game.ctrl[piece]
        game.destroy([piece], cause=self.key)
        self.then(game, me)

    def then(self: Sacrifice | Any, game: Engine, player: int) -> None:
        """What happens after the piece is destroyed, for ``player`` (who used it)."""
        raise NotImplementedError


@attrs.frozen(repr=False)
@annotated_only
class SacrificeForceDestroy(Sacrifice):
    """Action: destroy this piece; the opponent chooses one of their pieces and destroys it."""

    key: str

    def describe(self: SacrificeForceDestroy | Any) -> str:
        return "Destroy this piece to make the opponent destroy one of their own pieces (their choice)."

    def then(self: SacrificeForceDestroy | Any, game: Engine, player: int) -> None:
        an_opponent_destroys(game, player)


@attrs.frozen(repr=False)
@annotated_only
class SacrificeForceGive(Sacrifice):
    """Action: destroy this piece; the opponent chooses one of their pieces and you take
    control of it."""

    key: str

    def describe(self: SacrificeForceGive | Any) -> str:
        return "Destroy this piece to make the opponent hand you one of their pieces (their choice)."

    def then(self: SacrificeForceGive | Any, game: Engine, player: int) -> None:
        an_opponent_gives(game, player)

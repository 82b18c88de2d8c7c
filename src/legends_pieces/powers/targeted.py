"""The common shape of an action aimed at one square: offer one action per target square,
then carry it out on the chosen one.

Subclasses give :meth:`TargetAction.targets` and :meth:`TargetAction.act`. Movement actions,
Distance Strike, Vision, Surround and many unique pieces are built on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from legends_core import Action, Power
from legends_core.compiling import mypyc_attr
from legends_core.moves import power_actions

if TYPE_CHECKING:
    from legends_core.engine import Engine


# A plain Python class when compiled (mypyc), like the attrs blocks: pieces' attrs classes
# subclass it and override its class attributes, which a native class would not see.
@mypyc_attr(native_class=False)
class TargetAction(Power):
    """Base: an action with one target square."""

    label = "Action"

    def targets(self: TargetAction | Any, game: Engine, piece: int) -> Iterable[int]:
        """The squares this action may be aimed at now."""
        raise NotImplementedError

    def act(self: TargetAction | Any, game: Engine, piece: int, square: int) -> None:
        """Carry out the action on ``square`` (the kernel has revealed ``piece``)."""
        raise NotImplementedError

    def legends_offer_actions(self: TargetAction | Any, game: Engine, piece: int) -> list[Action]:
        squares = self.targets(game, piece)
        if not squares:  # often none (a TerrainJump off its terrain): no call then
            return []
        return power_actions(game, piece, self.key, squares)

    def legends_perform(self: TargetAction | Any, game: Engine, piece: int, action: Action) -> None:
        self.act(game, piece, game.sq(action.targets[0]))


def move_or_attack(game: Engine, piece: int, square: int, how: str) -> None:
    """Move onto ``square``, attacking whatever enemy holds it."""
    if game.grid[square] >= 0:
        game.attack(piece, square, how)
    else:
        game.move_piece(piece, square, how)

"""#187 Marbas -- purple insectoid, strength 4."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import TargetAction, TerrainBonus, candidate_squares

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class SacrificeToReveal(TargetAction):
    """Action: destroy Marbas; one enemy piece of your choice is shown to everyone."""

    key = "marbas"
    watches = "looked"  # the enemies' rosters, and the squares of the pieces it names

    def describe(self) -> str:
        return "Destroy Marbas to reveal any one enemy piece on the board."

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        return [s for s in candidate_squares(game, game.ctrl[piece], whose="enemy")
                if not game.is_revealed(game.grid[s])]

    def act(self, game: Engine, piece: int, square: int) -> None:
        target = game.grid[square]
        game.destroy([piece], cause=self.key)
        game.reveal([target])


PIECE = piece(
    187, "Marbas", 4, type="insectoid", colour="purple",
    text=("Innate: +2 on mountain. Action: Marbas is revealed and destroyed so that one enemy "
          "piece anywhere on the board, of your choice, is revealed."),
    powers=[TerrainBonus("mountain", 2), SacrificeToReveal()],
    rulings=["Only enemy pieces not yet revealed to everyone are offered as targets: showing a "
             "known piece again would waste Marbas for nothing."],
)

"""#187 Marbas -- purple insectoid, strength 4."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

from ..powers import TerrainBonus

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class SacrificeToReveal(Power):
    """Action: destroy Marbas; one enemy piece of your choice is shown to everyone."""

    label = "Action"
    key = "marbas"

    def describe(self) -> str:
        return "Destroy Marbas to reveal any one enemy piece on the board."

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        me = game.ctrl[piece]
        src = game.name(game.loc[piece])
        for p in game.pieces():
            if game.is_enemy(p, me) and not game.is_revealed(p):
                yield Action.power(src, self.key, game.name(game.loc[p]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
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

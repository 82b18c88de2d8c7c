"""#38 Sir Gilbert -- gold paladin, strength 9."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import WhenCurseEnds, destroyed_matching, of, return_pieces

if TYPE_CHECKING:
    from legends_core.engine import Engine

#: Gold warriors of base strength 6 or less (magic and castles have no base strength).
SMALL_GOLD = of(colour="gold", base=(1, 2, 3, 4, 5, 6))


@attrs.frozen(repr=False)
class EndReturnGold(WhenCurseEnds):
    """When the curse ends: a destroyed gold piece of base strength 6 or less, from any
    destroyed area, is put on an empty town square under the curse's player."""

    def describe(self) -> str:
        return ("Once this curse is replaced, you put a destroyed gold piece of base strength 6 "
                "or less (from any destroyed area) on an empty town square.")

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        cands = [p for p in destroyed_matching(game, None, SMALL_GOLD) if p != curse]
        return_pieces(game, controller, cands, squares=game.board.of_terrain("town"), count=1,
                      optional=False)


PIECE = piece(
    38, "Sir Gilbert", 9, type="paladin", colour="gold",
    text=("Death Curse: no effect while it lasts. When a later curse replaces it, the player it "
          "works for takes a gold piece of base strength 6 or less from any destroyed area and "
          "sets it, under their control, on an empty town square."),
    powers=[EndReturnGold()],
    rulings=[
        "The return is compulsory when a piece qualifies and a town square is empty; with no "
        "such piece or no empty town square nothing happens.",
        "Pieces are taken from every destroyed area, not only the curse player's, since the "
        "text says any destroyed gold piece; the returned piece changes sides if need be.",
        "Magic and castle pieces have no base strength, so they never qualify; the piece now "
        "in the curse slot cannot return either.",
    ],
)

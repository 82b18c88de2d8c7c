"""#77 Armagged -- blue angel, strength 7."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import Power, hookimpl, piece

from ..powers import FLYING

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class RevealNeighboursAfterAttack(Power):
    """Innate: once Armagged has won an attack and stands on the attacked square, every piece
    touching that square is shown to all players."""

    label = "Innate"

    def describe(self) -> str:
        return "After winning an attack, every piece next to its new square is revealed."

    @hookimpl
    def legends_after_attack(self, game: Engine, square: int) -> None:
        game.reveal(game.adjacent_pieces(square))


PIECE = piece(
    77, "Armagged", 7, type="angel", colour="blue",
    text=("Innate: each time Armagged wins an attack, all pieces on the squares around it are "
          "shown to everyone. Action: Flying."),
    powers=[RevealNeighboursAfterAttack(), FLYING],
    rulings=[
        "Neighbours are counted from the square Armagged took, including diagonal ones, and "
        "Armagged's own pieces are shown too: the text reveals every adjacent piece.",
        "A tie, or a loss, is not a successful attack, so nothing is revealed then.",
    ],
)

"""#205 Delmikra -- blue spirit, strength 10 (convention piece)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import FLYING, WhenCurseEnds, an_opponent_gives

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class EndTakeTwo(WhenCurseEnds):
    """When the curse ends: the opponent picks two of their pieces and hands them over."""

    def describe(self) -> str:
        return ("Once this curse is replaced, the opponent picks two of their pieces and you "
                "take control of both.")

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        an_opponent_gives(game, controller, count=2)


PIECE = piece(
    205, "Delmikra", 10, type="spirit", colour="blue",
    text=("Action: Flying. Death Curse: no effect while it lasts. Once another curse takes its "
          "place, the opponent selects two pieces they control and both change to the side of "
          "Delmikra's player."),
    powers=[FLYING, EndTakeTwo()],
    rulings=["The castle may be handed over only when it is the last piece the opponent "
             "controls (the shared ruling on forced gifts)."],
)

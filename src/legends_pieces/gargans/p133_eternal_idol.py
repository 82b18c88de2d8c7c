"""#133 Eternal Idol -- silver magic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece

from ..powers import SPELL, STATIONARY, WhenCurseEnds, choose_square

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class IdolReturns(WhenCurseEnds):
    """When the curse ends, its player puts the Idol back on any empty square."""

    def describe(self) -> str:
        return "Once this curse is replaced, you put the Idol itself back on any empty square."

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        choose_square(game, controller, game.empty_squares(), _place_idol,
                      {"idol": curse, "player": controller},
                      about="choose an empty square for the Eternal Idol")


@continuation
def _place_idol(game: Engine, value: str, data: dict[str, Any]) -> None:
    idol, square = data["idol"], game.sq(value)
    if game.loc[idol] == -1 and game.is_empty(square):
        game.place(idol, square, data["player"])


PIECE = piece(
    133, "Eternal Idol", None, kind="magic", type="magic", colour="silver",
    text=("Stationary. Magic: when attacked it is destroyed along with its attacker. Death "
          "Curse: no effect while it lasts; once another curse replaces it, the Idol comes "
          "back onto an empty square picked by the player the curse worked for."),
    powers=[STATIONARY, SPELL, IdolReturns()],
    rulings=[
        "The Idol returns face up under the control of the curse's player, and it is not "
        "optional: the text says to place it.",
    ],
)

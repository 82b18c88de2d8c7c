"""#103 Kralc -- silver dragon, strength 10."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

from ..powers import FLYING

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class TownReveal(Power):
    """Action: pick an enemy piece standing on a town square; it is shown to everyone."""

    label = "Action"
    key = "kralc"

    def describe(self) -> str:
        return "Pick an enemy piece on a town square: it is turned face up for all to see."

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        me = game.ctrl[piece]
        src = game.name(game.loc[piece])
        for s in game.board.of_terrain("town"):
            q = game.grid[s]
            if q >= 0 and game.hostile(game.ctrl[q], me):
                yield Action.power(src, self.key, game.name(s))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        game.reveal([target])


PIECE = piece(
    103, "Kralc", 10, type="dragon", colour="silver",
    text=("Action: Flying. Action: Kralc shows itself and names a town square where an enemy "
          "piece stands; the owner of that piece must turn it face up."),
    powers=[FLYING, TownReveal()],
    rulings=[
        "The chosen piece is shown to every player, not only to Kralc's side: the text has the "
        "opponent reveal it, and a revealed piece is public.",
        "Any enemy piece on town may be named, even one already known: the text sets no limit.",
    ],
)

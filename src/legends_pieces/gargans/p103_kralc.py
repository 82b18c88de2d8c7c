"""#103 Kralc -- silver dragon, strength 10."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import FLYING, TargetAction, candidate_squares

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class TownReveal(TargetAction):
    """Action: pick an enemy piece standing on a town square; it is shown to everyone."""

    key = "kralc"
    watches = "looked"  # the town squares it reads

    def describe(self) -> str:
        return "Pick an enemy piece on a town square: it is turned face up for all to see."

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        return candidate_squares(game, game.ctrl[piece], squares=game.board.of_terrain("town"),
                                 whose="enemy")

    def act(self, game: Engine, piece: int, square: int) -> None:
        game.reveal([game.grid[square]])


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

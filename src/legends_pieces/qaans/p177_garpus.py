"""#177 Garpus -- purple worm, strength 8."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import TargetAction, of
from ..powers.movement import empty_among, pieces_printed

if TYPE_CHECKING:
    from legends_core.engine import Engine


CASTLE = of(kind="castle")


@attrs.frozen(repr=False)
class BurrowToCastle(TargetAction):
    """Action: show Garpus and its player's castle, then put Garpus on an empty square
    touching that castle."""

    key = "garpus"
    # Its player's castles, wherever they stand, and the squares around them: both read
    # through recording blocks, so the entry watches those alone (see legends_core.changes).
    watches = "looked"

    def describe(self) -> str:
        return ("Reveal Garpus and your castle; Garpus goes to any empty square touching the "
                "castle.")

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        around = {s for c in pieces_printed(game, game.ctrl[piece], CASTLE)
                  for s in game.board.adjacent(game.loc[c])}
        return empty_among(game, sorted(around))

    def act(self, game: Engine, piece: int, square: int) -> None:
        near = [c for c in game.castles_of(game.ctrl[piece])
                if square in game.board.adjacent(game.loc[c])]
        game.reveal(near[:1])
        game.move_piece(piece, square, self.key)


PIECE = piece(
    177, "Garpus", 8, type="worm", colour="purple",
    text=("Action: show both Garpus and your castle to everyone, then move Garpus onto any "
          "empty square touching the castle, however far away it was."),
    powers=[BurrowToCastle()],
    rulings=[
        "'Your castle' is the castle you control on the board; with none, the action is not "
        "offered.",
        "Garpus may use it while already next to the castle, to reach another square around it.",
        "In a team game a player may control two castles (a teammate's castle moved into their "
        "band): Garpus may go next to either, and shows the castle it goes next to (the first "
        "in square order, when the square touches both).",
    ],
)

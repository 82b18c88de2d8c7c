"""#177 Garpus -- purple worm, strength 8."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class BurrowToCastle(Power):
    """Action: show Garpus and its player's castle, then put Garpus on an empty square
    touching that castle."""

    label = "Action"
    key = "garpus"

    def describe(self) -> str:
        return ("Reveal Garpus and your castle; Garpus goes to any empty square touching the "
                "castle.")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        castle = game.castle_of(game.ctrl[piece])
        if castle < 0:
            return
        src = game.name(game.loc[piece])
        for s in game.board.adjacent(game.loc[castle]):
            if game.is_empty(s):
                yield Action.power(src, self.key, game.name(s))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        castle = game.castle_of(game.ctrl[piece])
        game.reveal([castle])
        game.move_piece(piece, game.sq(action.targets[0]), self.key)


PIECE = piece(
    177, "Garpus", 8, type="worm", colour="purple",
    text=("Action: show both Garpus and your castle to everyone, then move Garpus onto any "
          "empty square touching the castle, however far away it was."),
    powers=[BurrowToCastle()],
    rulings=[
        "'Your castle' is the castle you control on the board; with none, the action is not "
        "offered.",
        "Garpus may use it while already next to the castle, to reach another square around it.",
    ],
)

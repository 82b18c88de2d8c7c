"""#136 Ogre Fort -- silver castle."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

from ..powers import STATIONARY, of
from ..powers.movement import empty_among, pieces_printed

if TYPE_CHECKING:
    from legends_core.engine import Engine


OGRE = of(type="ogre")


@attrs.frozen(repr=False)
class CallOgre(Power):
    """Action: move one of your Ogres onto an empty mountain square touching the Fort; the
    Ogre is revealed."""

    label = "Action"
    key = "ogre-fort"
    # The squares around the Fort, and its player's Ogres wherever they stand: both read
    # through recording blocks, so the entry watches those alone (see legends_core.changes).
    watches = "looked"

    def describe(self) -> str:
        return ("Bring an Ogre you control onto an empty mountain square next to the Fort "
                "(the Ogre is revealed).")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        here = game.loc[piece]
        spots = [s for s in empty_among(game, game.board.adjacent(here))
                 if game.terrain(s) == "mountain"]
        if not spots:
            return
        src = game.name(here)
        for p in pieces_printed(game, game.ctrl[piece], OGRE):
            for s in spots:
                yield Action.power(src, self.key, game.name(game.loc[p]), game.name(s))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        ogre = game.from_ref(action.targets[0])
        game.move_piece(ogre, game.sq(action.targets[1]), self.key)
        game.reveal([ogre])


PIECE = piece(
    136, "Ogre Fort", None, kind="castle", type="castle", colour="silver",
    text=("Stationary. Action: reveal the Fort and pick an Ogre you control anywhere on the "
          "board; it is revealed and set on an empty mountain square touching the Fort."),
    powers=[STATIONARY, CallOgre()],
    rulings=[
        "The Ogre must already be on the board; one in a destroyed area cannot be called.",
    ],
)

"""#36 Saravannus -- gold wizard, strength 10."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece
from legends_core.board import TERRAINS

from ..powers import WhenCurseEnds

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class EndRevealChosenTerrain(WhenCurseEnds):
    """When the curse ends: its player names a terrain; every piece on it is revealed."""

    def describe(self) -> str:
        return ("Once this curse is replaced, you name a terrain and every piece standing on it "
                "is revealed.")

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        # Water never holds a piece; terrains missing from this board hold none either.
        choices = [t for t in TERRAINS if t != "water" and game.board.of_terrain(t)]
        game.ask(controller, "name a terrain: every piece standing on it will be revealed",
                 choices, _reveal_terrain)


@continuation
def _reveal_terrain(game: Engine, value: str, data: dict[str, Any]) -> None:
    pids = [game.grid[s] for s in game.board.of_terrain(value) if game.grid[s] >= 0]
    game.reveal(pids)


PIECE = piece(
    36, "Saravannus", 10, type="wizard", colour="gold",
    text=("Death Curse: no effect while it lasts. When a later curse replaces it, the player it "
          "works for names a terrain, and every piece standing on that terrain is revealed."),
    powers=[EndRevealChosenTerrain()],
    rulings=[
        "Any terrain found on the board may be named except water, which never holds a piece.",
        "The pieces are revealed to every player, pieces of both sides alike.",
    ],
)

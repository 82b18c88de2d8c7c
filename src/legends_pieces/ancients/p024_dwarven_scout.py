"""#24 Dwarven Scout -- green dwarf, strength 2."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece

from ..powers import WhenCurseEnds, candidates

if TYPE_CHECKING:
    from legends_core.engine import Engine

COUNT = 2


@attrs.frozen(repr=False)
class ScoutReport(WhenCurseEnds):
    """When the curse ends, its player picks two enemy pieces and they are revealed."""

    def describe(self) -> str:
        return "Once this curse is replaced, you pick two enemy pieces and both are revealed."

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        _ask(game, controller, COUNT)


def _ask(game: Engine, player: int, left: int) -> None:
    if left <= 0:
        return
    hidden = [game.ref(p) for p in candidates(game, player, whose="enemy")
              if not game.is_revealed(p)]
    game.ask(player, "choose an enemy piece to reveal", hidden, _chosen,
             {"player": player, "left": left})


@continuation
def _chosen(game: Engine, value: str, data: dict[str, Any]) -> None:
    game.reveal([game.from_ref(value)])
    _ask(game, data["player"], data["left"] - 1)


PIECE = piece(
    24, "Dwarven Scout", 2, type="dwarf", colour="green",
    text=("Death Curse: no effect while it lasts. When a later curse replaces it, the Scout's "
          "player names two enemy pieces on the board, and both are shown to everyone."),
    powers=[ScoutReport()],
    rulings=[
        "Only pieces not yet known to every player are offered; with fewer than two such "
        "pieces, fewer are revealed.",
    ],
)

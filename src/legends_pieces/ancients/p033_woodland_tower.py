"""#33 Woodland Tower -- green castle."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Power, continuation, hookimpl, piece

from ..powers import STATIONARY, of
from ..powers.movement import pieces_printed

if TYPE_CHECKING:
    from legends_core.engine import Engine


CASTLE = of(kind="castle")


def _hidden_castles(game: Engine, player: int) -> list[int]:
    """Opponents of ``player`` controlling a castle on the board that is not yet known to all.
    Their castles are found with :func:`pieces_printed` rather than ``castles_of``: the offer
    then watches where the castles stand, not every piece of the opponents."""
    return [foe for foe in game.opponents(player)
            if any(not game.is_revealed(c) for c in pieces_printed(game, foe, CASTLE))]


@attrs.frozen(repr=False)
class ExposeCastle(Power):
    """Action: reveal this castle; an opponent's castle is then revealed too."""

    label = "Action"
    key = "woodland-tower"
    # The enemy castles, wherever they are: the list of them records where those stand (and a
    # castle becoming known stamps its square); see legends_core.changes.
    watches = "looked"

    def describe(self) -> str:
        return "Show this castle to make an opponent show theirs."

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        if _hidden_castles(game, game.ctrl[piece]):
            yield Action.power(game.name(game.loc[piece]), self.key)

    @hookimpl
    def legends_perform(self, game: Engine, piece: int) -> None:
        me = game.ctrl[piece]
        foes = _hidden_castles(game, me)
        if len(foes) == 1:
            game.reveal(game.castles_of(foes[0]))
        else:
            game.ask(me, "choose the opponent who must show their castle",
                     [game.players[f] for f in foes], _expose)


@continuation
def _expose(game: Engine, value: str, data: dict[str, Any]) -> None:
    game.reveal(game.castles_of(game.player_index(value)))


PIECE = piece(
    33, "Woodland Tower", None, kind="castle", type="castle", colour="green",
    text="Stationary. Action: show the Tower to force an opponent to show their castle too.",
    powers=[STATIONARY, ExposeCastle()],
    rulings=[
        "Offered only while an opponent's castle is still hidden from someone: otherwise the "
        "action would change nothing.",
        "With several opponents (a team game) you pick which one shows their castle. 'Their "
        "castle' is every castle that opponent controls: two, when a teammate's castle was "
        "moved into their band, and none once theirs is destroyed (they cannot be picked "
        "then).",
    ],
)

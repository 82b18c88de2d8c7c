"""#72 Almaetis -- blue spirit, strength 9."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Power, continuation, hookimpl, piece

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class ForestPlacement(Power):
    """Action: destroy Almaetis; move one piece you control to any empty forest square."""

    label = "Action"
    key = "almaetis"
    watches = "looked"  # the forest squares and its player's roster it reads

    def describe(self) -> str:
        return ("Destroy Almaetis to move any piece you control onto any empty forest square; "
                "that piece is revealed.")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        me = game.ctrl[piece]
        on_forest = game.terrain(game.loc[piece]) == "forest"
        if (game.empty_squares("forest") or on_forest) and len(game.pieces(me)) > 1:
            yield Action.power(game.name(game.loc[piece]), self.key)

    @hookimpl
    def legends_perform(self, game: Engine, piece: int) -> None:
        me = game.ctrl[piece]
        game.destroy([piece], cause=self.key)
        choices = [game.ref(p) for p in game.pieces(me)]
        game.ask(me, "choose a piece of yours to move onto forest", choices, _which, {"player": me})


@continuation
def _which(game: Engine, value: str, data: dict[str, Any]) -> None:
    pid = game.from_ref(value)
    game.ask(data["player"], "choose the empty forest square",
             [game.name(s) for s in game.empty_squares("forest")], _where, {"piece": pid})


@continuation
def _where(game: Engine, value: str, data: dict[str, Any]) -> None:
    game.move_piece(data["piece"], game.sq(value), "almaetis")
    game.reveal([data["piece"]])


PIECE = piece(
    72, "Almaetis", 9, type="spirit", colour="blue",
    text=("Action: destroy Almaetis to move any one piece you control onto any empty forest "
          "square; that piece is revealed."),
    powers=[ForestPlacement()],
    rulings=[
        "Any piece you control may be moved, stationary pieces and the castle included: unlike "
        "Teleport and Fray, the text sets no limit.",
    ],
)

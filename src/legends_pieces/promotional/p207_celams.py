"""#207 Celams -- gold dragon, strength 10 (promotional piece, outside the rulebook's 206)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

from ..powers import FLYING

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class StrikeOverflyer(Power):
    """Ability: before the turn ends, reveal Celams to destroy an enemy piece that flew over
    her square this turn."""

    windows = frozenset({"end"})

    label = "Ability"
    key = "celams"

    def describe(self) -> str:
        return ("Before the turn ends, reveal Celams to destroy an enemy piece that flew over "
                "her this turn.")

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int, window: str) -> Iterator[Action]:
        if window != "end":
            return
        me = game.ctrl[piece]
        src = game.name(game.loc[piece])
        seen: set[int] = set()
        for flyer in game.flights_over(game.loc[piece]):
            if flyer in seen or game.loc[flyer] < 0 or not game.is_enemy(flyer, me):
                continue
            seen.add(flyer)
            yield Action.power(src, self.key, game.name(game.loc[flyer]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        # No separate reveal: the text only destroys the flyer, which then lies face up.
        game.destroy([game.piece_at(game.sq(action.targets[0]))], cause=self.key)


PIECE = piece(
    207, "Celams", 10, type="dragon", colour="gold",
    text=("Ability: when a piece has flown over Celams, reveal her to destroy that piece. "
          "Action: Flying."),
    powers=[StrikeOverflyer(), FLYING],
    rulings=[
        "The ability is used in the window before the turn of the flight ends, so the flyer "
        "has landed and everyone has seen it fly.",
        "Only enemy flyers count; a flyer that has since been destroyed or has left the board "
        "cannot be targeted.",
        "The flight must have passed over the square Celams stands on; she cannot have moved "
        "since, because the flight was the one action of that turn.",
    ],
    extra=True,
)

"""#111 Great Shaman -- silver giant, strength 7."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

from ..powers import destroyed_matching, of, return_pieces

if TYPE_CHECKING:
    from legends_core.engine import Engine

SILVER_MAGIC = of(colour="silver", kind="magic")


@attrs.frozen(repr=False)
class RaiseSilverMagic(Power):
    """Action: destroy the Shaman; then put as many destroyed silver magic pieces (from any
    destroyed area) as you like back on empty squares, under your control."""

    label = "Action"
    key = "great-shaman"
    # The offer reads the destroyed areas, which no recording block covers (so "looked" could
    # not watch them); they change only with a change on the board or of the epoch, which
    # "board" does watch (see legends_core.changes).
    watches = "board"

    def describe(self) -> str:
        return ("Destroy the Shaman, then bring back any number of destroyed silver magic "
                "pieces, from any destroyed area, onto empty squares of your choice.")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        # The text names no owner: see the ruling "Destroyed areas".
        if destroyed_matching(game, None, SILVER_MAGIC):
            yield Action.power(game.name(game.loc[piece]), self.key)

    @hookimpl
    def legends_perform(self, game: Engine, piece: int) -> None:
        me = game.ctrl[piece]
        game.destroy([piece], cause=self.key)
        return_pieces(game, me, destroyed_matching(game, None, SILVER_MAGIC), count=None)


PIECE = piece(
    111, "Great Shaman", 7, type="giant", colour="silver",
    text=("Action: reveal the Great Shaman and destroy him. Then, one at a time, you may put "
          "as many destroyed silver magic pieces as you wish, from any destroyed area, onto "
          "empty squares of your choice; they return face up under your control."),
    powers=[RaiseSilverMagic()],
    rulings=[
        "The text names no owner, so silver magic pieces may come from any destroyed area, "
        "like every return that names none; never the piece in the curse slot.",
        "The action is offered only when at least one such piece waits in a destroyed area; "
        "the square the Shaman leaves may receive one of them.",
        "You may stop at any point, even before placing the first piece.",
    ],
)

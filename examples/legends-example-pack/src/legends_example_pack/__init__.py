"""An example piece pack for legends: the Ember Drake (#301).

A pack is a module that implements the ``legends_piece_types`` hook and is named in the
``legends.pieces`` entry-point group of its package. Collector numbers and names must not clash
with any other installed pack (the catalogue refuses to load if they do).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import PieceType, Power, hookimpl, piece
from legends_pieces.powers import FLYING

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class FierceCharge(Power):
    """Innate: a bonus to strength while this piece is the one attacking."""

    amount: int = 2

    def describe(self) -> str:
        return f"{self.amount:+d} while it is the attacker."

    @hookimpl
    def legends_strength_modifier(self, game: Engine, piece: int) -> int:
        c = game.combat
        return self.amount if c is not None and c.attacker == piece else 0


EMBER_DRAKE = piece(
    301, "Ember Drake", 6, type="dragon", colour="red",
    text="Innate: +2 while the Drake is attacking. Action: Flying.",
    powers=[FierceCharge(), FLYING],
    rulings=["Only the attacker gets the bonus; when the Drake is attacked it fights at 6."],
)


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return [EMBER_DRAKE]

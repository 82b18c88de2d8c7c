"""An example plugin pack for legends: a piece, the Ember Drake (#301), and a ruleset, Barrage.

A piece pack is a module that implements the ``legends_piece_types`` hook and is named in the
``legends.pieces`` entry-point group of its package. Collector numbers and names must not clash
with any other installed pack (the catalogue refuses to load if they do).

A ruleset is a :class:`~legends_core.Ruleset` value returned by the ``legends_rulesets`` hook of
a module named in the ``legends.rulesets`` group. Barrage, a small variant of classic Stratego
(eight pieces a side), shows how little that takes: the classic ruleset with another army.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import PieceType, Power, Ruleset, hookimpl, piece
from legends_editions.classic import CLASSIC
from legends_editions.common.setup import StrategoSetup
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


#: Barrage's army, the same for both sides (the classic pieces, by name).
BARRAGE_ARMY = ("Flag", "Bomb", "Spy", "Scout", "Scout", "Miner", "General", "Marshal")

BARRAGE = attrs.evolve(
    CLASSIC,
    name="barrage",
    description="Barrage: classic Stratego with eight pieces a side (an example ruleset)",
    setup=StrategoSetup({"red": BARRAGE_ARMY, "blue": BARRAGE_ARMY}),
    composition={10: 1, 9: 1, 3: 1, 2: 2, 1: 1, "magic": 1, "castle": 1},
    packages=("legends_example_pack",),
)


@hookimpl
def legends_rulesets() -> list[Ruleset]:
    return [BARRAGE]

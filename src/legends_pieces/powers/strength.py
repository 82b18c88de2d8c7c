"""Innate strength modifiers: terrain, the opponent's colour or Flying, water nearby.

In an attack both pieces count on the attacked square (see the ruling "Strength in an
attack"), so a terrain bonus applies to an attacker moving onto that terrain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power
from legends_core.compiling import annotated_only
from legends_core.queries import beside_water
from legends_core.rulings import ruling

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Next to water during an attack",
           "\"While adjacent to a water space\" is judged from the attacked square during an "
           "attack, like terrain: the attack takes place there."),
)


# A factory's return is typed Any: see boosts._watches_reach.
def lowest_of_amount(power: Any) -> Any:
    """``Power.lowest_modifier`` of a modifier that adds ``amount`` or nothing."""
    return min(0, power.amount)


@attrs.frozen(repr=False)
@annotated_only
class TerrainBonus(Power):
    """Innate: ``amount`` (may be negative) on ``terrain`` squares."""

    terrain: str
    amount: int
    lowest_modifier: int | None = attrs.field(
        init=False, default=attrs.Factory(lowest_of_amount, takes_self=True))

    def describe(self: TerrainBonus | Any) -> str:
        return f"{self.amount:+d} on {self.terrain}."

    def legends_strength_modifier(self: TerrainBonus | Any, game: Engine, piece: int, square: int,
                                  opponent: int) -> int:
        return self.amount if square >= 0 and game.board.terrain[square] == self.terrain else 0


@attrs.frozen(repr=False)
@annotated_only
class VsColour(Power):
    """Innate: ``amount`` when fighting a piece of ``colour``."""

    colour: str
    amount: int
    lowest_modifier: int | None = attrs.field(
        init=False, default=attrs.Factory(lowest_of_amount, takes_self=True))

    def describe(self: VsColour | Any) -> str:
        return f"{self.amount:+d} against {self.colour} pieces."

    def legends_strength_modifier(self: VsColour | Any, game: Engine, piece: int, square: int,
                                  opponent: int) -> int:
        return self.amount if opponent >= 0 and game.types[opponent].colour == self.colour else 0


@attrs.frozen(repr=False)
@annotated_only
class VsKeyword(Power):
    """Innate: ``amount`` when fighting a piece that has ``keyword`` (e.g. Flying)."""

    keyword: str
    amount: int
    lowest_modifier: int | None = attrs.field(
        init=False, default=attrs.Factory(lowest_of_amount, takes_self=True))

    def describe(self: VsKeyword | Any) -> str:
        return f"{self.amount:+d} against pieces with {self.keyword.replace('_', ' ').title()}."

    def legends_strength_modifier(self: VsKeyword | Any, game: Engine, piece: int, square: int,
                                  opponent: int) -> int:
        return self.amount if opponent >= 0 and game.has_keyword(opponent, self.keyword) else 0


@attrs.frozen(repr=False)
@annotated_only
class NearWater(Power):
    """Innate: ``amount`` while next to a water square."""

    amount: int
    lowest_modifier: int | None = attrs.field(
        init=False, default=attrs.Factory(lowest_of_amount, takes_self=True))

    def describe(self: NearWater | Any) -> str:
        return f"{self.amount:+d} while next to water."

    def legends_strength_modifier(self: NearWater | Any, game: Engine, piece: int, square: int,
                                  opponent: int) -> int:
        return self.amount if square >= 0 and beside_water(game, square) else 0

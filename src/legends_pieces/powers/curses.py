"""Death curses: effects while in the curse slot, and "when this death curse ends".

A death curse works for the player who controlled its piece when it was destroyed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power
from legends_core.compiling import annotated_only
from legends_core.rulings import ruling

from .choices import destroyed_matching, return_pieces, reveal_then_destroy_one
from .match import Match, matches
from .strength import lowest_of_amount

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Molds from any destroyed area",
           "The mold death curses (#171 Bremmuk, #176 Oeroed, #182 Slud) bring back destroyed "
           "Mold pieces without naming an owner, so the molds may come from any destroyed "
           "area (never the curse slot), like every return that names none; they come back "
           "under the control of the curse's player."),
)


@attrs.frozen(repr=False)
@annotated_only
class CurseStrength(Power):
    """Death curse: every warrior matching ``who`` gets ``amount`` while the curse lasts."""

    amount: int
    who: Match
    lowest_modifier: int | None = attrs.field(
        init=False, default=attrs.Factory(lowest_of_amount, takes_self=True))
    label = "Death Curse"
    death_curse = True

    def describe(self: CurseStrength | Any) -> str:
        return f"While in effect, every {self.who.describe()} piece gets {self.amount:+d}."

    def legends_curse_modifier(self: CurseStrength | Any, game: Engine, curse: int, piece: int, square: int,
                               opponent: int) -> int:
        return self.amount if matches(self.who, game, piece) else 0


@attrs.frozen(repr=False)
@annotated_only
class CurseGrant(Power):
    """Death curse: every piece matching ``who`` gains ``keyword`` while the curse lasts."""

    keyword: str
    who: Match
    label = "Death Curse"
    death_curse = True

    def describe(self: CurseGrant | Any) -> str:
        kw = self.keyword.replace("_", " ").title()
        return f"While in effect, every {self.who.describe()} piece gains {kw}."

    def legends_curse_keywords(self: CurseGrant | Any, game: Engine, curse: int, piece: int) -> Iterable[str]:
        # Test the printed facts only: a Match on keywords here would ask this hook again.
        # (All the hook's arguments are taken, so the kernel calls this method directly.)
        return (self.keyword,) if matches(self.who, game, piece) else ()


@attrs.frozen(repr=False)
@annotated_only
class WhenCurseEnds(Power):
    """Base class: override :meth:`on_end` with the "when this death curse ends" text."""

    label = "Death Curse"
    death_curse = True

    def legends_curse_ends(self: WhenCurseEnds | Any, game: Engine, curse: int, controller: int) -> None:
        self.on_end(game, curse, controller)

    def on_end(self: WhenCurseEnds | Any, game: Engine, curse: int, controller: int) -> None:
        """Carry out the text when the curse ``curse`` ends (``controller`` controlled it)."""
        raise NotImplementedError


@attrs.frozen(repr=False)
@annotated_only
class EndRevealTerrain(WhenCurseEnds):
    """When the curse ends: reveal every piece on ``terrain``; its player then destroys one
    revealed non-stationary piece."""

    terrain: str = ""

    def describe(self: EndRevealTerrain | Any) -> str:
        return (f"Once this curse is replaced, every piece on {self.terrain} is revealed and you "
                f"destroy one revealed non-stationary piece.")

    def on_end(self: EndRevealTerrain | Any, game: Engine, curse: int, controller: int) -> None:
        pids = [game.grid[s] for s in game.board.of_terrain(self.terrain) if game.grid[s] >= 0]
        reveal_then_destroy_one(game, controller, pids)


@attrs.frozen(repr=False)
@annotated_only
class EndRevealNearWater(WhenCurseEnds):
    """When the curse ends: reveal every piece next to water; destroy one revealed
    non-stationary piece."""

    def describe(self: EndRevealNearWater | Any) -> str:
        return ("Once this curse is replaced, every piece next to water is revealed and you "
                "destroy one revealed non-stationary piece.")

    def on_end(self: EndRevealNearWater | Any, game: Engine, curse: int, controller: int) -> None:
        pids = [p for p in game.pieces() if game.board.next_to_water(game.loc[p])]
        reveal_then_destroy_one(game, controller, pids)


@attrs.frozen(repr=False)
@annotated_only
class EndReturnMolds(WhenCurseEnds):
    """When the curse ends: put destroyed Mold pieces (from any destroyed area) whose base
    strengths add up to at most ``budget`` on empty forest squares."""

    budget: int = 0

    def describe(self: EndReturnMolds | Any) -> str:
        return (f"Once this curse is replaced, you may bring back destroyed Mold pieces from any "
                f"destroyed area, base strengths totalling at most {self.budget}, onto empty "
                f"forest squares.")

    def on_end(self: EndReturnMolds | Any, game: Engine, curse: int, controller: int) -> None:
        # See the ruling "Molds from any destroyed area".
        cands = destroyed_matching(game, None, Match(type="mold"))
        return_pieces(game, controller, cands, squares=game.board.of_terrain("forest"),
                      count=None, budget=self.budget)

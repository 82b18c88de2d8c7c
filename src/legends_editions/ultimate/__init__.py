"""Ultimate Stratego: the Lightning version (``ultimate-lightning``) and the Campaign
(``ultimate-campaign``).

Lightning: 20 pieces a side placed anywhere on the four nearest ranks of the 10x10 board with
lakes; equal ranks, the attacker wins; cavalry Captains ride two squares; Scouts strike from
afar and survive Bombs; the Spy also beats a Spy; Bombs go after any fight; a piece reaching the
enemy's back row may rescue a captured piece (two a game). The Campaign adds a second army in
reserve per player, brought in one piece a turn (its Flag first, shown), a bonus piece after a
won attack, and two Flags to take.

One module per piece kind, each declaring ``KIND``.
"""

from __future__ import annotations

import attrs

from legends_core import PieceType, hookimpl
from legends_core.ruleset import Ruleset

from ..common import pieces
from ..common.edition import stratego_ruleset
from ..common.reserves import Reserves
from ..common.rules import AttackerWinsTies, FlagCapture, Rescue
from ..common.setup import StrategoSetup

KINDS = pieces.collect(__name__, __path__)
PIECES = pieces.types(KINDS)
ARMY = {seat: pieces.army(KINDS, seat) for seat in pieces.SEATS}
RESCUES = 2

LIGHTNING = stratego_ruleset(
    __name__, KINDS, name="ultimate-lightning",
    description="Ultimate Stratego, Lightning: 20 pieces a side, cavalry, long-range Scouts, "
                "attacker wins ties, rescues",
    group="legends.pieces.ultimate", rules=(FlagCapture(), AttackerWinsTies(), Rescue(RESCUES)))

CAMPAIGN = attrs.evolve(
    LIGHTNING,
    name="ultimate-campaign",
    description="Ultimate Stratego, Campaign: Lightning with a second army in reserve per "
                "player, brought in a piece a turn; take both enemy Flags",
    setup=StrategoSetup(ARMY, reserve=ARMY),
    composition=pieces.composition(KINDS, armies=2),
    rules=(FlagCapture(last_only=True), AttackerWinsTies(), Rescue(RESCUES),
           Reserves(flag_first=True, bonus=True)),
    castles=2,
    reserve=True,
    packages=(*LIGHTNING.packages, "legends_editions.common.reserves"),
)


@hookimpl
def legends_rulesets() -> list[Ruleset]:
    return [LIGHTNING, CAMPAIGN]


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return PIECES

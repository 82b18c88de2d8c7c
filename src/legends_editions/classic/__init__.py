"""Classic Stratego: 40 pieces a side on the 10x10 board with two lakes.

One module per piece kind, each declaring ``KIND``. This package is both the ``classic``
ruleset (entry-point group ``legends.rulesets``) and its piece pack (group
``legends.pieces.classic``).
"""

from __future__ import annotations

from legends_core import PieceType, hookimpl
from legends_core.ruleset import Ruleset

from ..common import pieces
from ..common.edition import stratego_ruleset
from ..common.rules import FlagCapture

KINDS = pieces.collect(__name__, __path__)
PIECES = pieces.types(KINDS)
ARMY = {seat: pieces.army(KINDS, seat) for seat in pieces.SEATS}

CLASSIC = stratego_ruleset(
    __name__, KINDS, name="classic",
    description="Classic Stratego: 10x10 board with two lakes, 40 ranked pieces a side, "
                "take the Flag",
    group="legends.pieces.classic", rules=(FlagCapture(),))


@hookimpl
def legends_rulesets() -> list[Ruleset]:
    return [CLASSIC]


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return PIECES

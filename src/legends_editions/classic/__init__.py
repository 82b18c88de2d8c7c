"""Classic Stratego: 40 pieces a side on the 10x10 board with two lakes.

One module per piece kind, each declaring ``KIND``. This package is both the ``classic``
ruleset (entry-point group ``legends.rulesets``) and its piece pack (group
``legends.pieces.classic``).
"""

from __future__ import annotations

from legends_core import PieceType, hookimpl
from legends_core.ruleset import Ruleset

from ..common import pieces
from ..common.board import classic_board
from ..common.rules import FlagCapture
from ..common.setup import StrategoSetup

KINDS = pieces.collect(__name__, __path__)
PIECES = pieces.types(KINDS)
ARMY = {seat: pieces.army(KINDS, seat) for seat in pieces.SEATS}

CLASSIC = Ruleset(
    name="classic",
    description="Classic Stratego: 10x10 board with two lakes, 40 ranked pieces a side, "
                "take the Flag",
    seats=pieces.SEATS,
    pieces="legends.pieces.classic",
    setup=StrategoSetup(ARMY),
    board=classic_board,
    composition=pieces.composition(KINDS),
    rules=(FlagCapture(),),
    windows=False,
    shuffle=False,
    switches=0,
    packages=("legends_editions.common.board", "legends_editions.common.pieces",
              "legends_editions.common.powers", "legends_editions.common.setup",
              "legends_editions.classic"),
)


@hookimpl
def legends_rulesets() -> list[Ruleset]:
    return [CLASSIC]


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return PIECES

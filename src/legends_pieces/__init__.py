"""legends_pieces: every Stratego Legends piece as a plugin.

One package per nation (``ancients`` green, ``valorians`` gold, ``celestia`` blue, ``gargans``
silver, ``manes`` red, ``qaans`` purple, ``promotional`` #205-#208), one module per piece named
``pNNN_name.py`` holding ``PIECE``. Shared power building blocks live in
:mod:`legends_pieces.powers`. This package is registered as the ``legends_pieces`` entry point
of the ``legends.pieces`` group.
"""

from __future__ import annotations

from legends_core import PieceType, Power, hookimpl

from . import ancients, celestia, gargans, manes, promotional, qaans, valorians
from .powers import KEYWORD_POWERS

NATIONS = {
    "ancients": ancients,
    "valorians": valorians,
    "celestia": celestia,
    "gargans": gargans,
    "manes": manes,
    "qaans": qaans,
    "promotional": promotional,
}


def all_pieces() -> list[PieceType]:
    return [p for nation in NATIONS.values() for p in nation.PIECES]


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return all_pieces()


@hookimpl
def legends_keyword_powers() -> list[Power]:
    return list(KEYWORD_POWERS)

"""The shape every Stratego edition's ruleset shares, made once.

Each edition package collects its piece kinds (one module per kind) and states only what
differs: its name, description, rule plugins and options. The 10x10 board with two lakes, the
placement setup, no response windows, no reshuffle and no switches are the same for all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from legends_core.ruleset import Ruleset

from . import pieces
from .board import classic_board
from .setup import StrategoSetup

#: The shared modules every edition's ruleset names (their rulings belong to it).
COMMON_PACKAGES = ("legends_editions.common.board", "legends_editions.common.pieces",
                   "legends_editions.common.powers", "legends_editions.common.rules",
                   "legends_editions.common.setup")


def stratego_ruleset(package: str, kinds: Any, *, name: str, description: str,
                     group: str, rules: Sequence[Any], **extra: Any) -> Ruleset:
    """A ruleset on the classic board for the piece kinds ``kinds`` collected in ``package``;
    ``extra`` gives any other :class:`~legends_core.ruleset.Ruleset` field (``options``, ...)."""
    army = {seat: pieces.army(kinds, seat) for seat in pieces.SEATS}
    return Ruleset(name=name, description=description, seats=pieces.SEATS, pieces=group,
                   setup=StrategoSetup(army), board=classic_board,
                   composition=pieces.composition(kinds), rules=tuple(rules), windows=False,
                   shuffle=False, switches=0, packages=(*COMMON_PACKAGES, package), army=army,
                   **extra)

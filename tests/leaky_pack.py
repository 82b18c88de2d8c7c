"""Deliberately leaky synthetic pieces: the leak fuzzer must catch them.

Numbers 940 and up. Each power breaks the hidden-information rule in one of the ways real
plugins have: a choice filtered by a hidden identity, and an event that names a hidden piece
to everyone without revealing it. ``CONTROL`` is a catalogue pool of plain kernel-pack pieces
with which the fuzzer must find nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs
from tests.kernel_pack import KEYWORD_POWERS, PIECES

from legends_core import hookimpl, load_packs, piece
from legends_core.events import Modified
from legends_pieces.powers.targeted import TargetAction

if TYPE_CHECKING:
    from legends_core.engine import Engine


def _enemies(game: Engine, piece: int) -> list[int]:
    me = game.ctrl[piece]
    return [game.loc[p] for p in game.iter_pieces()
            if game.loc[p] >= 0 and game.hostile(game.ctrl[p], me)]


@attrs.frozen(repr=False)
class Sniff(TargetAction):
    """LEAKY: aims at any enemy piece except castles, so its targets show where the castle
    is not."""

    key: str = "sniff"

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        return [s for s in _enemies(game, piece) if game.types[game.grid[s]].kind != "castle"]

    def act(self, game: Engine, piece: int, square: int) -> None:
        return None


@attrs.frozen(repr=False)
class Whisper(TargetAction):
    """LEAKY: tells everyone the identity of the enemy piece it aims at, in an event, while
    the piece stays hidden."""

    key: str = "whisper"

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        return _enemies(game, piece)

    def act(self, game: Engine, piece: int, square: int) -> None:
        target = game.grid[square]
        game.emit(Modified(game.name(square), game.types[target].number, game.rules.players, 0))


LEAKY = [
    piece(940, "Test Sniffer Beige", 5, type="soldier", colour="gold", text="Leaky.",
          powers=[Sniff()]),
    piece(941, "Test Sniffer Gray", 5, type="soldier", colour="silver", text="Leaky.",
          powers=[Sniff()]),
    piece(942, "Test Whisperer Beige", 4, type="soldier", colour="gold", text="Leaky.",
          powers=[Whisper()]),
    piece(943, "Test Whisperer Gray", 4, type="soldier", colour="silver", text="Leaky.",
          powers=[Whisper()]),
]


class _Pack:
    @hookimpl
    def legends_piece_types(self):  # type: ignore[no-untyped-def]
        return PIECES + LEAKY

    @hookimpl
    def legends_keyword_powers(self):  # type: ignore[no-untyped-def]
        return KEYWORD_POWERS


CATALOGUE = load_packs(entry_points=False, packs=[_Pack()])

#: Plain pieces only: warriors 910-929, the castles and the traps.
CONTROL = [*range(900, 905), *range(910, 930)]
#: The same, with the sniffers taking the strength 5 slots ...
SNIFFERS = [n for n in CONTROL if n not in (914, 924)] + [940, 941]
#: ... or the whisperers taking the strength 4 slots.
WHISPERERS = [n for n in CONTROL if n not in (913, 923)] + [942, 943]

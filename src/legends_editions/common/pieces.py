"""Piece kinds: one rank of an edition, as a piece type for each army.

An edition's piece module declares one :class:`Kind` (``KIND = kind(...)``): the red piece
type gets the number given, the blue one that number plus 100. Names are the ranks as printed;
an edition may give an army its own name for a rank (Narnia's Spring and Winter Magic).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Mapping, Sequence

import attrs

from legends_core import PieceType, Power, piece

SEATS = ("red", "blue")
#: The printed word for each slot's rank, for messages and docs.
RANK_WORDS = {"magic": "bomb", "castle": "flag"}


@attrs.frozen
class Kind:
    """One rank of an edition: how many each army has, and the piece type of each army."""

    count: int
    types: tuple[PieceType, ...]

    def of(self, seat: str) -> PieceType:
        for t in self.types:
            if t.army == seat:
                return t
        raise KeyError(seat)

    @property
    def slot(self) -> int | str:
        t = self.types[0]
        return t.strength if t.kind == "warrior" and t.strength is not None else t.kind


def kind(number: int, name: str, strength: int | None, *, count: int, text: str,
         powers: Sequence[Power] = (), kind: str | None = None,
         names: Mapping[str, str] | None = None, type: str | None = None) -> Kind:
    """A rank as a piece type for each army (red ``number``, blue ``number + 100``)."""
    types = []
    for i, seat in enumerate(SEATS):
        label = (names or {}).get(seat, name)
        types.append(piece(number + 100 * i, label, strength, type=type or name.lower(),
                           colour=seat, army=seat, text=text, powers=tuple(powers), kind=kind))
    return Kind(count, tuple(types))


def collect(package: str, path: Iterable[str]) -> list[Kind]:
    """The kinds of an edition package: every module of it that declares ``KIND``."""
    found = []
    for info in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        module = importlib.import_module(f"{package}.{info.name}")
        k = getattr(module, "KIND", None)
        if isinstance(k, Kind):
            found.append(k)
    return sorted(found, key=lambda k: k.types[0].number)


def army(kinds: Sequence[Kind], seat: str) -> tuple[str, ...]:
    """The standard army of ``seat``: each kind's name, as many times as it counts."""
    return tuple(k.of(seat).name for k in kinds for _ in range(k.count))


def composition(kinds: Sequence[Kind], armies: int = 1) -> dict[int | str, int]:
    """Pieces per slot (a warrior's rank, ``"magic"`` for bombs, ``"castle"`` for flags)."""
    out: dict[int | str, int] = {}
    for k in kinds:
        out[k.slot] = out.get(k.slot, 0) + k.count * armies
    return out


def types(kinds: Sequence[Kind]) -> list[PieceType]:
    return [t for k in kinds for t in k.types]

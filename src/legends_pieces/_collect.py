"""Find the piece modules of a nation package: every module named ``pNNN_name`` with a
``PIECE`` (and optionally ``EXTRA_PIECES``)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

from legends_core import PieceType


def collect(package: str, path: Iterable[str]) -> list[PieceType]:
    found: list[PieceType] = []
    for info in sorted(pkgutil.iter_modules(list(path)), key=lambda m: m.name):
        if not info.name.startswith("p"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        found.append(module.PIECE)
    return found

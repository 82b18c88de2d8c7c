"""Pictures for notebooks, and the text form of a view.

The kernel draws nothing itself: the programs built on it do. A package that can draw a
board registers a function under the ``legends.display`` entry-point group, and
``Game._repr_svg_`` and ``View._repr_svg_`` (what Jupyter shows) call the first one found.
The ``legends`` package registers its SVG renderer (:func:`legends.svg.board_svg`). Without
one, Jupyter falls back to the text form.

The text form (``str(view)``) is the kernel's own, from :mod:`legends_core.textboard`, which
hands it in here when it loads: it draws views, so it sits above them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

GROUP = "legends.display"


@cache
def renderer() -> Callable[..., str] | None:
    """The registered board renderer (called as ``render(view=..., last=..., catalogue=...)``),
    or ``None`` when no installed package provides one."""
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        try:
            fn = ep.load()
        except Exception:  # a broken renderer must not break the game
            continue
        if callable(fn):
            return fn
    return None


def svg(**kwargs: Any) -> str | None:
    """SVG source from the registered renderer, or ``None``."""
    fn = renderer()
    return None if fn is None else fn(**kwargs)


_TEXT: list[Callable[..., str]] = []


def text_form(fn: Callable[..., str]) -> Callable[..., str]:
    """Register ``fn`` (called as ``fn(view)``) as the text form of a view."""
    _TEXT[:] = [fn]
    return fn


def text(view: Any) -> str:
    """``view`` as plain text, from the registered text form."""
    return _TEXT[0](view)

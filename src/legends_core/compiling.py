"""What the optional compiled kernel needs in the source (mypyc; see the Speed page).

:func:`mypyc_attr` marks a class for mypyc, which reads it from ``mypy_extensions`` when it
compiles. The pure package needs neither: without ``mypy_extensions`` it does nothing.

The engine's classes (:class:`~legends_core.queries.Queries`,
:class:`~legends_core.effects.Effects`, :class:`~legends_core.engine.Engine`) carry
``@mypyc_attr(allow_interpreted_subclasses=True)``: :meth:`Engine.copy
<legends_core.engine.Engine.copy>` makes an engine without running ``__init__``, which a
compiled class allows only with that mark, and a class with the mark needs it on its bases
too.
"""

from __future__ import annotations

from collections.abc import Callable

try:
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*_: object, **__: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["mypyc_attr"]

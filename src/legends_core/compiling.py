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

import os
import sys
import warnings
from collections.abc import Callable, Iterable
from types import ModuleType

try:
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*_: object, **__: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["mypyc_attr", "stale_compiled", "warn_if_stale"]

#: The endings of a compiled module's file.
COMPILED_ENDINGS = (".so", ".pyd")


def stale_compiled(modules: Iterable[ModuleType]) -> list[str]:
    """The names of the compiled ``modules`` whose source was changed after they were built:
    an in-place build (``LEGENDS_COMPILE=1 pip install -e .``) leaves the compiled file next
    to the ``.py``, and Python imports it, not the newer source."""
    stale = []
    for module in modules:
        path = getattr(module, "__file__", None) or ""
        if not path.endswith(COMPILED_ENDINGS):
            continue
        source = os.path.join(os.path.dirname(path),
                              module.__name__.rpartition(".")[2] + ".py")
        try:
            if os.path.getmtime(source) > os.path.getmtime(path):
                stale.append(module.__name__)
        except OSError:  # no source beside it (an installed wheel): nothing to compare
            continue
    return stale


def warn_if_stale(package: str = "legends_core") -> None:
    """Warn if a module of ``package`` runs compiled from an older source (see
    :func:`stale_compiled`): the program would not run the code in the ``.py`` file."""
    prefix = package + "."
    stale = stale_compiled(m for name, m in list(sys.modules.items()) if name.startswith(prefix))
    if stale:
        warnings.warn(f"{', '.join(stale)}: compiled from an older source; Python runs the "
                      "compiled file, not the changed .py. Rebuild (LEGENDS_COMPILE=1 pip "
                      "install -e .) or delete the compiled files (find src -name '*.so' "
                      "-delete)", RuntimeWarning, stacklevel=2)

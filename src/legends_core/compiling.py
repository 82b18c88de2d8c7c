"""What the compiled kernel needs in the source, and the check that it runs its own source.

mypyc compiles the kernel (see the Speed page); Python must not run a compiled module built
from another source than the one beside it.

:func:`mypyc_attr` marks a class for mypyc, which reads it from ``mypy_extensions`` when it
compiles. The pure package needs neither: without ``mypy_extensions`` it does nothing.

The engine's classes (:class:`~legends_core.queries.Queries`,
:class:`~legends_core.effects.Effects`, :class:`~legends_core.engine.Engine`) carry
``@mypyc_attr(allow_interpreted_subclasses=True)``: :meth:`Engine.copy
<legends_core.engine.Engine.copy>` makes an engine without running ``__init__``, which a
compiled class allows only with that mark, and a class with the mark needs it on its bases
too.

**The record of the sources.** A build that compiles writes ``_compiled.json`` into each
package folder holding compiled modules (:func:`write_record`): the size and SHA-256 of each
compiled module's ``.py`` as it was when the build began, and whether the build was made in
the source tree (an editable install, ``setup.py build_ext --inplace``). File times cannot
tell: an installer writes a wheel's ``.py`` files after its ``.so`` files, or in any order.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*_: object, **__: object) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda cls: cls

__all__ = ["annotated_only", "compiled_modules", "mypyc_attr", "stale_compiled",
           "warn_if_stale"]

def annotated_only(cls: type) -> type:
    """Put under ``@attrs.frozen`` (or ``define``) on a class that mypyc compiles: leaves in
    the class's ``__annotations__`` only the names written with an annotation, as Python
    does, so that attrs makes the same fields compiled and pure.

    Compiled, a class body records every name it assigns in ``__annotations__`` (mypyc
    builds an attrs class as a plain Python class, and records the names for dataclasses):
    an unannotated class attribute (``key = "flying"``) would become a field. Such a name
    has the ``type`` object for annotation, as has an annotation that is not a plain class
    (``str | None``, a ``Literal``): a field with such an annotation takes its default
    through ``attrs.field(default=...)``, which keeps it. Pure, this changes nothing."""
    import attrs  # here: the build reads this module without the package's dependencies

    field = type(attrs.field())
    notes = cls.__dict__.get("__annotations__")
    if notes:
        for name, note in list(notes.items()):
            if note is type and name in cls.__dict__ and not isinstance(cls.__dict__[name],
                                                                          field):
                del notes[name]
    return cls


#: The endings of a compiled module's file.
COMPILED_ENDINGS = (".so", ".pyd")

#: The record's file name, in the package folder beside the compiled modules.
RECORD = "_compiled.json"


def digest(path: str) -> str:
    """The SHA-256 of a file, in hex."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def source_entry(path: str) -> dict[str, Any]:
    """What the record keeps of one source: its size and hash, and its modification time (in
    the source tree only a changed time makes the check hash the file again)."""
    st = os.stat(path)
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": digest(path)}


def write_record(folder: str, sources: dict[str, dict[str, Any]], in_place: bool) -> None:
    """Write the record of a package's compiled modules (short name -> :func:`source_entry`)
    into ``folder``; ``in_place``: the build sits in the source tree, whose ``.py`` files a
    developer edits."""
    with open(os.path.join(folder, RECORD), "w") as f:
        json.dump({"format": 1, "in_place": in_place, "modules": sources}, f, indent=1,
                  sort_keys=True)
        f.write("\n")


def read_record(folder: str) -> dict[str, Any] | None:
    """The record in ``folder``, or None when there is none (or it cannot be read)."""
    try:
        with open(os.path.join(folder, RECORD)) as f:
            record = json.load(f)
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and record.get("format") == 1 else None


def is_compiled(module: ModuleType) -> bool:
    return (getattr(module, "__file__", None) or "").endswith(COMPILED_ENDINGS)


def unchanged(source: str, entry: dict[str, Any], in_place: bool) -> bool:
    """Whether ``source`` is the file the record's ``entry`` describes. Installed (not
    ``in_place``): its size, no hashing (the check runs on every import, and an installed
    ``.py`` is the one its compiled file was built from unless someone edits it). In the
    source tree: the size, then the hash unless the file's time is the recorded one."""
    try:
        st = os.stat(source)
    except OSError:  # no source beside the compiled file: nothing to compare
        return True
    if st.st_size != entry.get("size"):
        return False
    if not in_place or st.st_mtime_ns == entry.get("mtime_ns"):
        return True
    try:
        return digest(source) == entry.get("sha256")
    except OSError:
        return True


def stale_compiled(modules: Iterable[ModuleType]) -> tuple[list[str], bool]:
    """The names of the compiled ``modules`` whose ``.py`` is not the source they were built
    from, and whether any of those was built in the source tree (then the advice is to
    rebuild, else to reinstall). A compiled module without a record says nothing."""
    stale: list[str] = []
    in_place = False
    records: dict[str, dict[str, Any] | None] = {}
    for module in modules:
        if not is_compiled(module):
            continue
        folder = os.path.dirname(module.__file__ or "")
        if folder not in records:
            records[folder] = read_record(folder)
        record = records[folder]
        if record is None:
            continue
        short = module.__name__.rpartition(".")[2]
        entry = record.get("modules", {}).get(short)
        if entry is None or not unchanged(os.path.join(folder, short + ".py"), entry,
                                          bool(record.get("in_place"))):
            stale.append(module.__name__)
            in_place = in_place or bool(record.get("in_place"))
    return stale, in_place


def _modules_of(package: str) -> list[ModuleType]:
    prefix = package + "."
    return [m for name, m in list(sys.modules.items()) if name.startswith(prefix)]


def compiled_modules(package: str = "legends_core") -> list[str]:
    """The names of the loaded modules of ``package`` that run compiled (mypyc): empty when
    the installed kernel is pure Python. ``legends --version`` says which it is."""
    return sorted(m.__name__ for m in _modules_of(package) if is_compiled(m))


def warn_if_stale(package: str = "legends_core") -> None:
    """Warn (a ``RuntimeWarning``) if a compiled module of ``package`` was built from another
    version of its ``.py``: Python runs the compiled file, not the code in the ``.py``. Silent
    for a pure package, and for an installed one as its installer left it."""
    loaded = _modules_of(package)
    if not any(is_compiled(m) for m in loaded):
        return
    stale, in_place = stale_compiled(loaded)
    if not stale:
        return
    if in_place:
        advice = ("Rebuild (LEGENDS_COMPILE=1 pip install -e .) or delete the compiled files "
                  "(find src -name '*.so' -delete)")
    else:
        advice = ("Reinstall the package (pip install --force-reinstall --no-deps, with the "
                  "wheel or source you installed from)")
    warnings.warn(f"{', '.join(stale)}: compiled from another version of the source; Python "
                  f"runs the compiled files, not the .py files. {advice}", RuntimeWarning,
                  stacklevel=2)

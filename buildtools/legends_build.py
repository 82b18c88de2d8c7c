"""The build backend: setuptools, asking for mypy too when ``LEGENDS_COMPILE=1`` asks for the
compiled kernel (see ``setup.py`` and the Speed page of the docs).

A plain ``pip install .`` or ``pip install -e .`` is unchanged: pure Python, no C compiler.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook not redefined here)

#: What compiling needs: mypyc (the version checked with scripts/check_compiled.py), and the
#: dependencies whose types it compiles against (attrs' classes are typed by attrs itself).
COMPILE_REQUIRES = ["mypy>=2.4,<3", "attrs>=23.1", "pluggy>=1.5"]

#: The kernel modules compiled, chosen by profiling random self-play (docs/speed.rst). Left
#: out: game (a compiled Game cannot be weakly referenced and loses its documentation),
#: actions (compiled, a malformed Action raises a bare TypeError before its own checks run),
#: board (attrs fields in a class body do not compile).
COMPILED = ("moves", "engine", "effects", "queries", "flow", "changes", "combat")


def compiling() -> bool:
    """Whether this build compiles the kernel's hot modules (``LEGENDS_COMPILE=1``)."""
    return os.environ.get("LEGENDS_COMPILE", "0") not in ("", "0")


# setuptools finds its extra requirements by running setup.py, which needs mypy already when
# compiling; setup.py asks for nothing else, so COMPILE_REQUIRES is all a compiled build needs.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        return list(COMPILE_REQUIRES)
    return _setuptools.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if compiling():
        return list(COMPILE_REQUIRES)
    return _setuptools.get_requires_for_build_editable(config_settings)

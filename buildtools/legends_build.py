"""The build backend: setuptools, asking for mypy too when ``LEGENDS_COMPILE=1`` asks for the
compiled kernel (see ``setup.py`` and the Speed page of the docs).

A plain ``pip install .`` or ``pip install -e .`` is unchanged: pure Python, no C compiler.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
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
#: statevalues holds the state's plain values (Rules, Combat, Outcome), compiled with the
#: engine that defined them before.
COMPILED = ("moves", "engine", "effects", "queries", "flow", "changes", "combat", "statevalues")

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def kernel_layers(pyproject: Path = PYPROJECT) -> list[list[str]]:
    """The kernel's layers as declared in pyproject.toml (the import-linter contract over
    ``legends_core``), bottom first, each a list of module names."""
    config = tomllib.loads(pyproject.read_text())["tool"]["importlinter"]["contracts"]
    contract = next(c for c in config if c.get("containers") == ["legends_core"]
                    and c["type"] == "layers")
    return [[m.strip() for m in line.replace(":", "|").split("|")]
            for line in reversed(contract["layers"])]


def compiled_in_order(pyproject: Path = PYPROJECT) -> list[str]:
    """The modules of :data:`COMPILED`, bottom layer first, as the kernel's layers declare
    them (a module that imports another comes after it); names outside the kernel's layers
    keep their order, after the kernel's."""
    rank = {m: i for i, line in enumerate(kernel_layers(pyproject)) for m in line}
    kernel = sorted((m for m in COMPILED if m in rank), key=lambda m: (rank[m], m))
    return kernel + [m for m in COMPILED if m not in rank]


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

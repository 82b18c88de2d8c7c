"""Everything about the package is in pyproject.toml; this only adds the optional compiled
kernel: with ``LEGENDS_COMPILE=1``, mypyc compiles the modules in ``COMPILED`` to C extensions
(see the Speed page of the docs). Without it the package is pure Python.
"""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).parent / "buildtools"))
from legends_build import compiling  # noqa: E402

#: The kernel modules compiled, chosen by profiling random self-play (docs/speed.rst). Left
#: out: game (a compiled Game cannot be weakly referenced and loses its documentation),
#: actions (compiled, a malformed Action raises a bare TypeError before its own checks run),
#: board (attrs fields in a class body do not compile).
COMPILED = ("moves", "engine", "effects", "queries", "flow", "changes", "combat")


def ext_modules() -> list:
    if not compiling():
        return []
    from mypyc.build import mypycify

    return mypycify([f"src/legends_core/{name}.py" for name in COMPILED],
                    group_name="legends_core")


setup(ext_modules=ext_modules())

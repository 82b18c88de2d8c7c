"""Everything about the package is in pyproject.toml; this only adds the optional compiled
kernel: with ``LEGENDS_COMPILE=1``, mypyc compiles the kernel modules listed in
``buildtools/legends_build.py`` (``COMPILED``, in the order of the kernel's layers declared in
pyproject.toml) to C extensions (see the Speed page of the
docs). Without it the package is pure Python.
"""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).parent / "buildtools"))
from legends_build import compiled_in_order, compiling  # noqa: E402


def ext_modules() -> list:
    if not compiling():
        return []
    from mypyc.build import mypycify

    return mypycify([f"src/legends_core/{name}.py" for name in compiled_in_order()],
                    group_name="legends_core")


setup(ext_modules=ext_modules())

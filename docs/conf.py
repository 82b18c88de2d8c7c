"""Sphinx configuration for the legends documentation."""

import os
import sys

sys.path.insert(0, os.path.abspath("_ext"))


def _example_pack() -> None:
    """Make the example pack (``examples/legends-example-pack``) known to this build when it is
    not installed, so that ``pip install -e '.[docs]'`` is all the docs need: its module from
    the source tree, and its entry points (read from its ``pyproject.toml``) in a throwaway
    distribution folder that :mod:`importlib.metadata` finds on ``sys.path``. An installed pack
    is left as it is."""
    import atexit
    import importlib.util
    import tempfile
    import tomllib

    if importlib.util.find_spec("legends_example_pack") is not None:
        return
    root = os.path.abspath(os.path.join("..", "examples", "legends-example-pack"))
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    folder = tempfile.TemporaryDirectory(prefix="legends-docs-")
    atexit.register(folder.cleanup)
    info = os.path.join(folder.name, "legends_example_pack-0.dist-info")
    os.mkdir(info)
    with open(os.path.join(info, "METADATA"), "w") as f:
        f.write(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    with open(os.path.join(info, "entry_points.txt"), "w") as f:
        for group, names in project["entry-points"].items():
            f.write(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in names.items()))
    sys.path[:0] = [os.path.join(root, "src"), folder.name]


_example_pack()


def _pure_kernel() -> None:
    """Document the pure kernel even where the compiled one (``LEGENDS_COMPILE=1``, see the
    Speed page) is installed: mypyc's modules keep no docstrings, so a ``legends_core``
    module found as a C extension is imported from the ``.py`` file beside it instead."""
    import importlib.abc
    import importlib.machinery
    import importlib.util

    class PureKernel(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] != "legends_core":
                return None
            spec = importlib.machinery.PathFinder.find_spec(name, path)
            origin = spec.origin if spec is not None else None
            if origin is None or not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
                return spec
            source = os.path.join(os.path.dirname(origin), name.rpartition(".")[2] + ".py")
            return importlib.util.spec_from_file_location(name, source)

    sys.meta_path.insert(0, PureKernel())


_pure_kernel()

project = "legends"
author = "the legends team"
copyright = "2026, the legends team"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "legends_docs",
]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["legends.css"]
autodoc_member_order = "bysource"
# Type hints in the reference, as descriptions of each parameter and return value.
autodoc_typehints = "description"
autodoc_typehints_description_target = "all"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
# Every cross-reference must resolve (the build runs with -n -W) ...
nitpicky = True
# ... except to the standard library and third-party packages, whose inventories the build
# does not download (it runs offline).
# Annotations such as ``type[T]`` would also match attributes named ``type`` (PieceType.type):
# the builtin is meant, so ambiguous matches are not reported.
suppress_warnings = ["ref.python"]
nitpick_ignore = [
    # Type variables and type aliases named in signatures: nothing to link to.
    ("py:class", "_F"),
    ("py:class", "legends_core.tasks.T"),
    ("py:class", "legends.web.writer.T"),
    ("py:class", "Test"),
    ("py:class", "Whose"),
    ("py:class", "Clock"),
    ("py:class", "Sleep"),
]
nitpick_ignore_regex = [
    (r"py:.*", r"(collections|typing|random|secrets|pluggy|attrs?|starlette|datetime|re|json"
               r"|sqlite3|types|argparse|pathlib|contextlib|enum|concurrent|io|os|abc|hashlib"
               r"|asyncio|anyio|uvicorn|rich|importlib|numpy|gymnasium|pettingzoo|pyspiel|ray)"
               r"(\..*)?"),
]
doctest_global_setup = """
from legends_core import Game, Action
"""

"""Sphinx configuration for the legends documentation."""

import os
import sys

sys.path.insert(0, os.path.abspath("_ext"))

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

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
autodoc_typehints = "none"
nitpicky = False
doctest_global_setup = """
from legends_core import Game, Action
"""

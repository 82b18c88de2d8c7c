"""An in-place compiled build (``.so`` beside the ``.py``) older than its source is found and
reported: Python would import the compiled file and run the old code."""

from __future__ import annotations

import os
import sys
import types

import pytest

from legends_core.compiling import stale_compiled, warn_if_stale


def module_at(tmp_path, name: str, compiled: bool, source_age: float, built_age: float):
    """A module ``fake.NAME`` whose file is a ``.so`` (``compiled``) or the ``.py``, with the
    source and the build last changed ``source_age`` and ``built_age`` seconds ago."""
    source = tmp_path / f"{name}.py"
    built = tmp_path / f"{name}.cpython-311-x86_64-linux-gnu.so"
    source.write_text("x = 1\n")
    built.write_bytes(b"")
    now = 1_800_000_000
    os.utime(source, (now - source_age, now - source_age))
    os.utime(built, (now - built_age, now - built_age))
    module = types.ModuleType(f"fake.{name}")
    module.__file__ = str(built if compiled else source)
    return module


def test_a_source_changed_after_the_build_is_stale(tmp_path):
    modules = [module_at(tmp_path, "moves", True, source_age=10, built_age=100),
               module_at(tmp_path, "engine", True, source_age=100, built_age=10),
               module_at(tmp_path, "game", False, source_age=10, built_age=100)]
    assert stale_compiled(modules) == ["fake.moves"]


def test_an_installed_build_without_sources_is_not_judged(tmp_path):
    module = module_at(tmp_path, "moves", True, source_age=10, built_age=100)
    (tmp_path / "moves.py").unlink()
    assert stale_compiled([module]) == []


def test_a_stale_module_of_the_package_is_warned_about(tmp_path, monkeypatch):
    stale = module_at(tmp_path, "flow", True, source_age=10, built_age=100)
    monkeypatch.setitem(sys.modules, "fakepkg.flow", types.ModuleType("fakepkg.flow"))
    sys.modules["fakepkg.flow"].__file__ = stale.__file__
    with pytest.warns(RuntimeWarning, match=r"fakepkg\.flow: compiled from an older source"):
        warn_if_stale("fakepkg")

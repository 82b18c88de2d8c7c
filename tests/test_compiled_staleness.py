"""A compiled module built from another version of its ``.py`` is found by the record of the
sources the build wrote (sizes and hashes, not file times), and reported with advice that fits
the install; an installed wheel, however its installer left the file times, stays silent and
is not hashed on import."""

from __future__ import annotations

import os
import sys
import types
import warnings

import pytest

from legends_core import compiling
from legends_core.compiling import compiled_modules, stale_compiled, warn_if_stale

SOURCE = "def f(x: int) -> int:\n    return x + 1\n"


def built(tmp_path, names=("moves", "engine"), in_place=True, package="fakepkg"):
    """A package folder with compiled ``names`` (``.so`` beside each ``.py``) and the build's
    record of their sources; returns the modules, registered in ``sys.modules`` by the
    caller's monkeypatch (see :func:`register`)."""
    modules = []
    sources = {}
    for name in names:
        source = tmp_path / f"{name}.py"
        source.write_text(SOURCE)
        sources[name] = compiling.source_entry(str(source))
        (tmp_path / f"{name}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
        module = types.ModuleType(f"{package}.{name}")
        module.__file__ = str(tmp_path / f"{name}.cpython-311-x86_64-linux-gnu.so")
        modules.append(module)
    compiling.write_record(str(tmp_path), sources, in_place=in_place)
    return modules


def register(monkeypatch, modules):
    for module in modules:
        monkeypatch.setitem(sys.modules, module.__name__, module)


def later(path, seconds=100):
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + seconds * 10**9))


def test_an_unchanged_in_place_build_is_fresh_even_when_the_files_are_touched(tmp_path):
    modules = built(tmp_path)
    later(tmp_path / "moves.py")  # a checkout that rewrote the same text
    assert stale_compiled(modules) == ([], False)


def test_an_edit_of_the_same_size_is_found_by_its_hash(tmp_path):
    modules = built(tmp_path)
    (tmp_path / "engine.py").write_text(SOURCE.replace("+ 1", "- 1"))
    later(tmp_path / "engine.py")
    assert stale_compiled(modules) == (["fakepkg.engine"], True)


def test_an_edit_that_changes_the_size_is_found_without_hashing(tmp_path, monkeypatch):
    modules = built(tmp_path)
    (tmp_path / "moves.py").write_text(SOURCE + "# more\n")
    monkeypatch.setattr(compiling, "digest", lambda path: pytest.fail("hashed " + path))
    assert stale_compiled(modules) == (["fakepkg.moves"], True)


def test_an_in_place_build_changed_since_warns_and_says_to_rebuild(tmp_path, monkeypatch):
    modules = built(tmp_path)
    register(monkeypatch, modules)
    (tmp_path / "moves.py").write_text(SOURCE.replace("x + 1", "x + 2"))
    later(tmp_path / "moves.py")
    with pytest.warns(RuntimeWarning) as caught:
        warn_if_stale("fakepkg")
    message = str(caught[0].message)
    assert message.startswith("fakepkg.moves: compiled from another version of the source")
    assert "fakepkg.engine" not in message
    assert "LEGENDS_COMPILE=1 pip install -e ." in message and "Reinstall" not in message


def test_an_unchanged_in_place_build_is_silent(tmp_path, monkeypatch):
    register(monkeypatch, built(tmp_path))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warn_if_stale("fakepkg")


def test_an_installed_wheel_with_rewritten_file_times_is_silent_and_not_hashed(tmp_path,
                                                                               monkeypatch):
    modules = built(tmp_path, in_place=False)
    register(monkeypatch, modules)
    for name in ("moves", "engine"):  # the installer wrote each .py after its .so
        later(tmp_path / f"{name}.py", seconds=3600)
        os.utime(tmp_path / f"{name}.cpython-311-x86_64-linux-gnu.so", ns=(0, 0))
    monkeypatch.setattr(compiling, "digest", lambda path: pytest.fail("hashed " + path))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warn_if_stale("fakepkg")
    assert stale_compiled(modules) == ([], False)


def test_an_installed_source_edited_afterwards_warns_and_says_to_reinstall(tmp_path,
                                                                         monkeypatch):
    modules = built(tmp_path, in_place=False)
    register(monkeypatch, modules)
    (tmp_path / "engine.py").write_text(SOURCE + "print('patched')\n")
    with pytest.warns(RuntimeWarning, match=r"^fakepkg\.engine: compiled from another") as caught:
        warn_if_stale("fakepkg")
    assert "Reinstall" in str(caught[0].message)
    assert "pip install -e" not in str(caught[0].message)


def test_a_compiled_module_the_record_does_not_name_is_stale(tmp_path):
    modules = built(tmp_path)
    stranger = types.ModuleType("fakepkg.combat")
    stranger.__file__ = str(tmp_path / "combat.cpython-311-x86_64-linux-gnu.so")
    assert stale_compiled([*modules, stranger]) == (["fakepkg.combat"], True)


def test_without_a_record_nothing_is_judged(tmp_path):
    modules = built(tmp_path)
    (tmp_path / compiling.RECORD).unlink()
    (tmp_path / "moves.py").write_text("changed = True\n")
    assert stale_compiled(modules) == ([], False)


def test_a_pure_package_reads_no_record(tmp_path, monkeypatch):
    module = types.ModuleType("fakepkg.moves")
    module.__file__ = str(tmp_path / "moves.py")
    register(monkeypatch, [module])
    monkeypatch.setattr(compiling, "read_record", lambda folder: pytest.fail("read a record"))
    warn_if_stale("fakepkg")
    assert compiled_modules("fakepkg") == []


def test_compiled_modules_names_those_running_compiled(tmp_path, monkeypatch):
    modules = built(tmp_path)
    pure = types.ModuleType("fakepkg.game")
    pure.__file__ = str(tmp_path / "game.py")
    register(monkeypatch, [*modules, pure])
    assert compiled_modules("fakepkg") == ["fakepkg.engine", "fakepkg.moves"]


def test_the_record_keeps_size_time_and_hash(tmp_path):
    built(tmp_path, names=("moves",))
    record = compiling.read_record(str(tmp_path))
    entry = record["modules"]["moves"]
    assert record["in_place"] is True
    assert entry["size"] == len(SOURCE.encode())
    assert entry["sha256"] == compiling.digest(str(tmp_path / "moves.py"))
    assert entry["mtime_ns"] == os.stat(tmp_path / "moves.py").st_mtime_ns
    (tmp_path / compiling.RECORD).write_text("not json")
    assert compiling.read_record(str(tmp_path)) is None

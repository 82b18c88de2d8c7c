"""The optional compiled kernel's build (see the Speed page): asked for by ``LEGENDS_COMPILE=1``
only, and what it compiles. The compiled kernel itself is compared with the pure one by
``scripts/check_compiled.py`` (a long run, not part of CI)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def backend(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "buildtools"))
    import legends_build

    return legends_build


@pytest.mark.parametrize("value, compiles", [(None, False), ("", False), ("0", False),
                                             ("1", True)])
def test_only_legends_compile_asks_for_mypy(backend, monkeypatch, value, compiles):
    # setuptools' own answer (it runs setup.py) stands in as a marker here.
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel", lambda cs: ["plain"])
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_editable",
                        lambda cs: ["plain"])
    if value is None:
        monkeypatch.delenv("LEGENDS_COMPILE", raising=False)
    else:
        monkeypatch.setenv("LEGENDS_COMPILE", value)
    assert backend.compiling() is compiles
    for hook in (backend.get_requires_for_build_wheel, backend.get_requires_for_build_editable):
        wanted = hook()
        if compiles:
            assert any(r.startswith("mypy") for r in wanted)
            assert {"attrs", "pluggy"} <= {r.split(">")[0] for r in wanted}
        else:
            assert wanted == ["plain"]


def test_the_compiled_modules_are_kernel_modules_and_leave_out_what_must_stay_pure(backend):
    for name in backend.COMPILED:
        assert (ROOT / "src" / "legends_core" / f"{name}.py").is_file(), name
    # game: weak references and the documented Game; actions: Action's own errors on bad
    # fields; board: attrs fields (see COMPILED's comment).
    assert not {"game", "actions", "board"} & set(backend.COMPILED)


def test_the_class_mark_does_nothing_without_mypy(monkeypatch):
    monkeypatch.setitem(sys.modules, "mypy_extensions", None)  # as if not installed
    spec = importlib.util.spec_from_file_location(
        "compiling_without_mypy", ROOT / "src" / "legends_core" / "compiling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class Marked:
        pass

    assert module.mypyc_attr(allow_interpreted_subclasses=True)(Marked) is Marked

"""The optional compiled kernel's build (see the Speed page): asked for by ``LEGENDS_COMPILE=1``
only, and what it compiles; and the build itself: ``scripts/check_compiled.py`` compiles the
kernel, plays the same games with it and with the pure one, and runs the kernel's tests against
it (the full comparison, with more games and every test, is a long run kept out of CI)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
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


#: The tests run against the compiled kernel here: bad input (a compiled ``Action`` must keep
#: its own errors), the offer cache and the kernel's building blocks, the kernel's rules.
KERNEL_TESTS = ("tests/test_hostile_input.py", "tests/test_offer_cache.py",
                "tests/test_kernel_building_blocks.py", "tests/test_kernel_rules.py")


BUILT_IN = {"legends", "classic", "narnia-1", "narnia-2", "ultimate-campaign",
            "ultimate-lightning"}


def test_the_compiled_kernel_plays_the_same_games_and_passes_the_kernel_tests():
    # Needs mypyc (the dev extra) and a C compiler (scripts/install-test-deps.sh); about a
    # minute, most of it compiling.
    proc = subprocess.run(
        [sys.executable, "scripts/check_compiled.py", "--games", "3", "--tests", "--",
         "-p", "no:cacheprovider", *KERNEL_TESTS],
        cwd=ROOT, capture_output=True, text=True, timeout=540)
    report = proc.stdout[-6000:] + proc.stderr[-3000:]
    assert proc.returncode == 0, report
    compared = [line for line in proc.stdout.splitlines() if " games, " in line]
    # Every edition the package itself holds (installed packs may add more); the rulesets
    # this process knows are no guide, as other tests register packs of their own.
    assert {line.split()[0] for line in compared} >= BUILT_IN, report
    assert all("identical" in line for line in compared), report
    ran = re.search(r"(\d+) passed", proc.stdout)
    assert ran and int(ran.group(1)) > 100 and "failed" not in proc.stdout, report

"""The optional compiled kernel's build (see the Speed page): asked for by ``LEGENDS_COMPILE=1``
only, and what it compiles; and the build itself: ``scripts/check_compiled.py`` compiles the
kernel, plays the same games with it and with the pure one, and runs the kernel's tests against
it (the full comparison, with more games and every test, is a long run kept out of CI)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
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


def fake_setuptools(backend, monkeypatch):
    """setuptools' own answers, as a marker; records the kind of build setup.py would see."""
    seen = []

    def plain(config_settings=None):
        seen.append(backend.kind)
        return ["plain"]

    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_wheel", plain)
    monkeypatch.setattr(backend._setuptools, "get_requires_for_build_editable", plain)
    return seen


@pytest.mark.parametrize("kind, setting, toolchain, compiles, forced", [
    ("wheel", None, "", True, False),  # a normal install where a compiler is found
    ("wheel", "", "", True, False),
    ("wheel", None, "no C compiler (gcc not found)", False, False),
    ("wheel", "0", "", False, False),
    ("wheel", "1", "no C compiler (gcc not found)", True, True),  # asked for: fails, if so
    ("editable", None, "", False, False),
    ("editable", "1", "", True, True),
    ("editable", "off", "", False, False),
    ("metadata", "1", "", False, False),  # pip asking for metadata never compiles
])
def test_the_decision(backend, kind, setting, toolchain, compiles, forced):
    env = {} if setting is None else {"LEGENDS_COMPILE": setting}
    decision = backend.decide(kind, env, toolchain=lambda: toolchain)
    assert (decision.compile, decision.forced) == (compiles, forced)
    if kind != "metadata" and not compiles:
        assert decision.why  # the one line says why
        if toolchain and setting is None:
            assert decision.why == toolchain
    assert "pure Python" in backend.pure_line(decision.why)


def test_an_unknown_setting_is_refused(backend):
    with pytest.raises(SystemExit, match="LEGENDS_COMPILE=maybe"):
        backend.decide("wheel", {"LEGENDS_COMPILE": "maybe"}, toolchain=lambda: "")


@pytest.mark.parametrize("setting, found, wheel_needs_mypy, editable_needs_mypy", [
    (None, True, True, False),
    (None, False, False, False),
    ("1", False, True, True),
    ("0", True, False, False),
])
def test_mypy_is_asked_for_only_by_a_build_that_compiles(backend, monkeypatch, setting, found,
                                                         wheel_needs_mypy,
                                                         editable_needs_mypy):
    seen = fake_setuptools(backend, monkeypatch)
    monkeypatch.setattr(backend, "missing_toolchain", lambda: "" if found else "no compiler")
    if setting is None:
        monkeypatch.delenv("LEGENDS_COMPILE", raising=False)
    else:
        monkeypatch.setenv("LEGENDS_COMPILE", setting)
    for hook, needs in ((backend.get_requires_for_build_wheel, wheel_needs_mypy),
                        (backend.get_requires_for_build_editable, editable_needs_mypy)):
        wanted = hook()
        assert wanted[0] == "plain"
        if needs:
            assert any(r.startswith("mypy") for r in wanted)
            assert {"attrs", "pluggy"} <= {r.split(">")[0] for r in wanted}
        else:
            assert wanted == ["plain"]
    # setup.py, run by setuptools to find its requirements, must not compile then
    assert seen == ["metadata", "metadata"] and backend.kind == "wheel"


def test_every_hook_that_runs_setup_py_says_which_kind_of_build(backend, monkeypatch):
    # A hook left to setuptools would run setup.py as a wheel's build: compiling (minutes)
    # where only the requirements, the metadata or the sources are asked for.
    seen = {}
    for hook in backend.HOOKS:
        monkeypatch.setattr(backend._setuptools, hook,
                            lambda *a, _hook=hook, **k: seen.setdefault(_hook, backend.kind) and [])
    monkeypatch.setattr(backend, "missing_toolchain", lambda: "no compiler")
    for hook in backend.HOOKS:
        getattr(backend, hook)(*(["out"] if hook.startswith(("build", "prepare")) else []))
    assert seen == {hook: ("wheel" if hook == "build_wheel" else
                           "editable" if hook == "build_editable" else "metadata")
                    for hook in backend.HOOKS}


def test_the_toolchain_look(backend, monkeypatch, tmp_path):
    monkeypatch.delenv("CC", raising=False)
    monkeypatch.setattr(backend.shutil, "which", lambda name: None)
    assert backend.missing_toolchain().startswith("no C compiler")
    monkeypatch.setattr(backend.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(backend.sysconfig, "get_paths", lambda: {"include": str(tmp_path)})
    assert backend.missing_toolchain() == f"no Python headers (Python.h not in {tmp_path})"
    (tmp_path / "Python.h").write_text("")
    assert backend.missing_toolchain() == ""


#: Builds a copy of the project as for a wheel (setup.py's ``build``, which a wheel's build
#: runs; the real wheel is scripts/build-wheel's), in a process where a compiler is taken to
#: be there; ``FAKE`` then stands in for mypyc (None: mypyc cannot be imported).
BUILD = """
import runpy, sys, types
sys.path.insert(0, "buildtools")
import legends_build
legends_build.missing_toolchain = lambda: ""
FAKE
TRAIN
sys.argv = ["setup.py", "-q", "build", "--build-lib", sys.argv[1]]
runpy.run_path("setup.py", run_name="__main__")
"""

FAKE_MYPYC = """
from setuptools import Extension
fake = types.ModuleType("mypyc.build")
fake.mypycify = lambda paths, group_name: [Extension("legends_core.fake_ext", ["fake_ext.c"])]
sys.modules["mypyc"] = types.ModuleType("mypyc")
sys.modules["mypyc.build"] = fake
"""

C_SOURCES = {
    # a C error: the compile fails, and the build must fall back to pure Python
    "broken": "this is not C;\n",
    "fine": "#include <Python.h>\nstatic struct PyModuleDef d = {PyModuleDef_HEAD_INIT, "
            "\"fake_ext\", 0, -1, 0};\nPyMODINIT_FUNC PyInit_fake_ext(void) "
            "{ return PyModule_Create(&d); }\n",
}


def project_copy(into: Path) -> None:
    for name in ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, into / name)
    shutil.copytree(ROOT / "buildtools", into / "buildtools",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "src", into / "src", ignore=shutil.ignore_patterns(
        "__pycache__", "*.so", "*.egg-info", "_compiled.json"))


@pytest.mark.parametrize("mypyc", ["missing", "broken", "fine"])
def test_a_build_falls_back_to_pure_python_with_one_line(backend, tmp_path, mypyc):
    project = tmp_path / "project"
    project.mkdir()
    project_copy(project)
    if mypyc == "missing":
        fake = 'sys.modules["mypyc"] = None; sys.modules["mypyc.build"] = None'
    else:
        fake = FAKE_MYPYC
        (project / "fake_ext.c").write_text(C_SOURCES[mypyc].encode().decode("unicode_escape"))
    env = {k: v for k, v in os.environ.items() if k != "LEGENDS_COMPILE"}
    lib = tmp_path / "lib"
    env["LEGENDS_PGO"] = "0"  # the profile-guided build: see the test after this one
    proc = subprocess.run([sys.executable, "-c", BUILD.replace("FAKE", fake).replace("TRAIN", ""),
                           str(lib)], cwd=project, env=env, capture_output=True, text=True,
                          timeout=300)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-5000:]
    lines = [line for line in output.splitlines() if line.startswith("legends: ")]
    names = [p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.is_file()]
    record_file = lib / "legends_core" / "_compiled.json"
    record = json.loads(record_file.read_text()) if record_file.exists() else None
    built = [n for n in names if n.endswith(".so")]
    if mypyc == "fine":  # compiled: the extension and the record of the sources
        assert lines == [] and built == [n for n in built if n.startswith("legends_core/fake_ext")]
        assert built and record is not None and record["in_place"] is False
        # one record per package: the kernel's modules, and the pieces' shared blocks
        for package, folder in (("legends_core", record_file.parent),
                                ("legends_pieces.powers", lib / "legends_pieces" / "powers")):
            modules = json.loads((folder / "_compiled.json").read_text())["modules"]
            assert set(modules) == {n.rpartition(".")[2] for n in backend.COMPILED
                                    if n.rpartition(".")[0] == package}
        assert "targeted" in modules
        source = (ROOT / "src" / "legends_core" / "moves.py").read_bytes()
        assert record["modules"]["moves"]["sha256"] == hashlib.sha256(source).hexdigest()
        return
    assert len(lines) == 1, output[-5000:]
    why = {"missing": "mypyc cannot be imported", "broken": "compiling failed"}[mypyc]
    assert lines[0].startswith("legends: building the pure Python kernel") and why in lines[0]
    assert built == [] and record is None
    assert not (lib / "legends_pieces" / "powers" / "_compiled.json").exists()
    assert "legends_core/moves.py" in names


#: Stands in for the training games: records the folder they were given and what it held,
#: then answers as told ("" when they ran).
FAKE_TRAIN = """
import json, os
report = sys.argv[1] + "-trained.json"
def train(lib):
    with open(report, "w") as f:
        json.dump({"lib": lib, "moves": os.path.exists(os.path.join(lib, "legends_core", "moves.py")),
                   "built": sorted(n for n in os.listdir(os.path.join(lib, "legends_core"))
                                   if n.endswith(".so"))}, f)
    return ANSWER
legends_build.train = train
legends_build.compiler_family = lambda env=None, version=None: "gcc"
"""


@pytest.mark.parametrize("answer", ["", "the training games failed (boom)"])
def test_a_profile_guided_build_trains_on_the_built_package(backend, tmp_path, answer):
    # Compiled twice around the training games (given the package as built, the extension
    # in it); if they fail, the kernel is compiled once more without them, with one line.
    project = tmp_path / "project"
    project.mkdir()
    project_copy(project)
    (project / "fake_ext.c").write_text(
        C_SOURCES["fine"].encode().decode("unicode_escape"))
    env = {k: v for k, v in os.environ.items() if k not in ("LEGENDS_COMPILE", "LEGENDS_PGO")}
    lib = tmp_path / "lib"
    script = BUILD.replace("FAKE", FAKE_MYPYC).replace(
        "TRAIN", FAKE_TRAIN.replace("ANSWER", repr(answer)))
    proc = subprocess.run([sys.executable, "-c", script, str(lib)], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output[-5000:]
    lines = [line for line in output.splitlines() if line.startswith("legends: ")]
    assert lines == ([backend.pgo_line(answer)] if answer else []), output[-5000:]
    trained = json.loads((tmp_path / "lib-trained.json").read_text())
    assert trained["lib"] == str(lib) and trained["moves"]  # build_py had filled it
    assert trained["built"] and all(n.startswith("fake_ext") for n in trained["built"])
    assert [p.name for p in (lib / "legends_core").glob("fake_ext*.so")]
    assert (lib / "legends_core" / "_compiled.json").exists()
    assert not list(lib.parent.rglob("*.gcda"))  # the counts are thrown away once used


@pytest.mark.parametrize("kind, family, setting, profile, says", [
    ("wheel", "gcc", None, True, False),  # a normal install compiled by GCC
    ("wheel", "gcc", "1", True, False),
    ("wheel", "gcc", "0", False, False),
    ("wheel", "clang", None, False, True),  # clang: compiled, without a profile, one line
    ("wheel", "", None, False, True),
    ("editable", "gcc", None, False, False),  # rebuilt often: asked for, or not at all
    ("editable", "gcc", "yes", True, False),
    ("editable", "clang", "1", False, True),
])
def test_the_profile_decision(backend, kind, family, setting, profile, says):
    env = {} if setting is None else {"LEGENDS_PGO": setting}
    decision = backend.decide_pgo(kind, family, env)
    assert decision.profile == profile and bool(decision.why) == says


def test_an_unknown_profile_setting_is_refused(backend):
    with pytest.raises(SystemExit, match="LEGENDS_PGO=maybe"):
        backend.decide_pgo("wheel", "gcc", {"LEGENDS_PGO": "maybe"})


@pytest.mark.parametrize("text, family", [
    ("gcc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.",
     "gcc"),
    ("cc (Debian 12.2.0-14) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.", "gcc"),
    ("gcc (GCC) 12.2.1 20221121 (Red Hat 12.2.1-7)", "gcc"),  # manylinux_2_28
    ("Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu", "clang"),
    ("Apple clang version 15.0.0 (clang-1500.1.0.2.5)", "clang"),
    ("icx (Intel(R) oneAPI DPC++/C++ Compiler) 2024.0.0", ""),
    ("", ""),
])
def test_the_compiler_family(backend, text, family):
    asked = []

    def version(compiler):
        asked.append(compiler)
        return text.replace("\\n", "\n")

    assert backend.compiler_family({"CC": "mycc -pthread"}, version) == family
    assert asked == ["mycc"]


def test_a_compiler_that_does_not_answer_is_no_family(backend):
    def version(compiler):
        raise FileNotFoundError(compiler)

    assert backend.compiler_family({"CC": "nowhere-cc"}, version) == ""


def test_the_flags_every_compiled_build_gets(backend):
    assert backend.fast_flags("gcc", "linux") == ["-fno-plt", "-fno-semantic-interposition"]
    assert backend.fast_flags("clang", "linux") == ["-fno-plt", "-fno-semantic-interposition"]
    assert backend.fast_flags("clang", "darwin") == []
    assert backend.fast_flags("", "linux") == []


@pytest.fixture
def training(monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "legends_training", ROOT / "buildtools" / "legends_training.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_games_find_the_editions_before_the_package_is_installed(training,
                                                                               tmp_path):
    import importlib.metadata
    import tomllib

    training.stand_in_distribution(tmp_path)
    (dist,) = importlib.metadata.distributions(path=[str(tmp_path)])
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    found = {(ep.group, ep.name, ep.value) for ep in dist.entry_points}
    assert found == {(group, name, value) for group, names in declared.items()
                     for name, value in names.items()}
    assert ("legends.rulesets", "classic", "legends_editions.classic") in found


def test_the_training_games_play_every_row_of_the_plan():
    proc = subprocess.run([sys.executable, str(ROOT / "buildtools" / "legends_training.py"),
                           str(ROOT / "src"), "--scale=0.02"], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "legends", "legends x4", "classic", "ultimate-lightning", "ultimate-campaign",
        "narnia-1", "narnia-2"]
    assert all(int(line.split(", ")[1].split()[0]) > 0 for line in lines)  # turns were played


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
#: its own errors), the offer cache and the kernel's building blocks, the kernel's rules, the
#: pieces' compiled blocks with a plugin built on them, and the compiled list of legal actions
#: (indexed by any integer type, as it was in Python).
KERNEL_TESTS = ("tests/test_hostile_input.py", "tests/test_offer_cache.py",
                "tests/test_kernel_building_blocks.py", "tests/test_kernel_rules.py",
                "tests/test_compiled_blocks.py", "tests/test_legal_actions.py")


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
    # the record of the sources, in place: silent as built, a warning once moves.py is edited
    assert "stale check: as expected" in proc.stdout, report
    compared = [line for line in proc.stdout.splitlines() if " games, " in line]
    # Every edition the package itself holds (installed packs may add more); the rulesets
    # this process knows are no guide, as other tests register packs of their own.
    assert {line.split()[0] for line in compared} >= BUILT_IN, report
    assert all("identical" in line for line in compared), report
    ran = re.search(r"(\d+) passed", proc.stdout)
    assert ran and int(ran.group(1)) > 100 and "failed" not in proc.stdout, report

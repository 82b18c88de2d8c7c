"""The build backend: setuptools, plus the compiled kernel (mypyc) where it can be built.

When the kernel is compiled (see the Speed page of the docs):

* a normal install (``pip install .``, building a wheel) compiles it when a C compiler and
  Python's headers are there, and otherwise builds pure Python, printing one line saying why;
  a compile that fails falls back to pure Python the same way;
* an editable install (``pip install -e .``) stays pure Python, so that edits to the source
  take effect at once;
* ``LEGENDS_COMPILE=1`` compiles any install and fails if it cannot (release wheels must not
  come out pure by accident); ``LEGENDS_COMPILE=0`` builds pure Python.

mypy (mypyc) is asked for only by a build that compiles (:func:`get_requires_for_build_wheel`).
The functions here decide; ``setup.py`` builds what they decide.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook not redefined here)

#: What compiling needs: mypyc (the version checked with scripts/check_compiled.py), and the
#: dependencies whose types it compiles against (attrs' classes are typed by attrs itself).
COMPILE_REQUIRES = ["mypy>=2.4,<3", "attrs>=23.1", "pluggy>=1.5"]

#: The modules compiled, as dotted names under ``src`` (add one here to compile it), chosen by
#: profiling random self-play (docs/speed.rst). Left out of the kernel: game (a compiled Game
#: cannot be weakly referenced and loses its documentation), actions (compiled, a malformed
#: Action raises a bare TypeError before its own checks run), board (attrs fields in a class
#: body do not compile). Each package with a compiled module gets a record of their sources
#: (``_compiled.json``, see ``legends_core.compiling``).
COMPILED = (
    "legends_core.moves",
    "legends_core.engine",
    "legends_core.effects",
    "legends_core.queries",
    "legends_core.flow",
    "legends_core.changes",
    "legends_core.combat",
    # the state's plain values (Rules, Combat, Outcome), compiled with the engine that held them
    "legends_core.statevalues",
    # the piece types' hook tables (Behaviour), whose fields the moves read at every decision
    "legends_core.behaviours",
    # the lazy list of legal actions, asked for its length and an item at every decision
    "legends_core.legal_actions",
    # The shared building blocks of the pieces' powers (all but the package's __init__, which
    # only gathers names). Their classes are plain Python classes with compiled methods (mypyc
    # makes attrs classes so; TargetAction and StepAction say so), which the pieces subclass;
    # their hook methods carry no @hookimpl mark (see legends_core.registry.compiled_hooks).
    *(f"legends_pieces.powers.{m}" for m in (
        "match", "knowledge", "targeted", "movement", "ranged", "strength", "boosts", "turns",
        "keywords", "choices", "combat", "curses", "magic", "sacrifice")),
)

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def kernel_layers(pyproject: Path = PYPROJECT) -> list[list[str]]:
    """The kernel's layers as declared in pyproject.toml (the import-linter contract over
    ``legends_core``), bottom first, each a list of module names."""
    config = tomllib.loads(pyproject.read_text())["tool"]["importlinter"]["contracts"]
    contract = next(c for c in config if c.get("containers") == ["legends_core"]
                    and c["type"] == "layers")
    return [[m.strip() for m in line.replace(":", "|").split("|")]
            for line in reversed(contract["layers"])]


def compiled_in_order(pyproject: Path = PYPROJECT) -> list[str]:
    """The modules of :data:`COMPILED`, bottom layer first, as the kernel's layers declare
    them (a module that imports another comes after it); names outside the kernel's layers
    keep their order, after the kernel's."""
    rank = {"legends_core." + m: i for i, line in enumerate(kernel_layers(pyproject))
            for m in line}
    kernel = sorted((m for m in COMPILED if m in rank), key=lambda m: (rank[m], m))
    return kernel + [m for m in COMPILED if m not in rank]

#: What ``LEGENDS_COMPILE`` may say: compile (and fail if that is impossible), or do not.
ON = ("1", "yes", "true", "on")
OFF = ("0", "no", "false", "off")


class Decision(NamedTuple):
    """Whether a build compiles; ``forced``: asked for by ``LEGENDS_COMPILE=1`` (a failure is
    then an error, not a fall-back); ``why``: the reason a build stays pure."""

    compile: bool
    forced: bool = False
    why: str = ""


def missing_toolchain() -> str:
    """Why a C extension cannot be built here ("" when a C compiler and ``Python.h`` are
    found): the cheap look the decision needs; a compile that fails anyway falls back too."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} not found)"
    include = sysconfig.get_paths().get("include") or ""
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers (Python.h not in {include or 'any include folder'})"
    return ""


def decide(kind: str, env: Mapping[str, str] | None = None,
           toolchain: Callable[[], str] | None = None) -> Decision:
    """Whether a build of ``kind`` compiles: ``"wheel"`` (a normal install or a wheel),
    ``"editable"`` (``pip install -e``) or ``"metadata"`` (pip asking for the package's
    metadata or requirements: never compiles, the build that follows decides)."""
    setting = (os.environ if env is None else env).get("LEGENDS_COMPILE", "").strip().lower()
    if setting and setting not in ON + OFF:
        raise SystemExit(f"LEGENDS_COMPILE={setting}: use 1 to compile the kernel, 0 for pure "
                         "Python, or leave it unset (compiled where a C compiler is found)")
    if kind == "metadata":
        return Decision(False)
    if setting in OFF:
        return Decision(False, why="LEGENDS_COMPILE=0")
    if setting in ON:
        return Decision(True, forced=True)
    if kind == "editable":
        return Decision(False, why="an editable install (LEGENDS_COMPILE=1 compiles it)")
    missing = (toolchain or missing_toolchain)()
    if missing:
        return Decision(False, why=missing)
    return Decision(True)


def pure_line(why: str) -> str:
    """The one line a build that stays pure prints."""
    return f"legends: building the pure Python kernel, not the compiled one: {why}"


# -- How the compiled kernel is compiled ------------------------------------------------------
#
# Two things measured to make the compiled kernel faster without a change to its code (random
# self-play, docs/speed.rst "Compiled the way CPython is"): calls into Python itself made
# without the procedure linkage table, and profile-guided optimisation (PGO), which CPython's
# own releases use: compile once to count, play random games, compile again with the counts.


def compiler_family(env: Mapping[str, str] | None = None,
                    version: Callable[[str], str] | None = None) -> str:
    """``"gcc"``, ``"clang"`` or ``""`` (another or none): the family of the C compiler the
    build will use (``CC``, or the one Python was built with), from its ``--version``."""
    compiler = ((os.environ if env is None else env).get("CC")
                or sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        text = (version or _version_text)(compiler)
    except (OSError, subprocess.SubprocessError):
        return ""
    first = text.strip().splitlines()[0].lower() if text.strip() else ""
    if "clang" in first:
        return "clang"
    if "gcc" in first or "free software foundation" in text.lower():
        return "gcc"
    return ""


def _version_text(compiler: str) -> str:
    return subprocess.run([compiler, "--version"], capture_output=True, text=True,
                          timeout=60).stdout


def fast_flags(family: str, platform: str = sys.platform) -> list[str]:
    """Compiler flags every compiled build gets. On Linux, GCC and clang call into Python's
    shared library through its global offset table rather than the procedure linkage table
    (``-fno-plt``), and assume the kernel's own functions are not replaced when the library
    is loaded (``-fno-semantic-interposition``): a compiled turn makes thousands of calls into
    Python, and these flags made random self-play some 2% faster."""
    if platform.startswith("linux") and family in ("gcc", "clang"):
        return ["-fno-plt", "-fno-semantic-interposition"]
    return []


class PGODecision(NamedTuple):
    """Whether a compiled build is optimised with a profile of random games (``profile``);
    ``why``: the reason it is not, for the one line the build prints (empty when it need not
    say: the user turned it off, or the build is an editable one)."""

    profile: bool
    why: str = ""


def decide_pgo(kind: str, family: str, env: Mapping[str, str] | None = None) -> PGODecision:
    """Whether a compiled build of ``kind`` (as for :func:`decide`) compiled by a compiler of
    ``family`` is profile-guided. ``LEGENDS_PGO=0`` turns it off, ``LEGENDS_PGO=1`` asks for
    it (also for an editable install, which otherwise goes without: it is rebuilt often, and
    profiling doubles the compile). GCC only: clang's profiles need a tool of its own."""
    setting = (os.environ if env is None else env).get("LEGENDS_PGO", "").strip().lower()
    if setting and setting not in ON + OFF:
        raise SystemExit(f"LEGENDS_PGO={setting}: use 1 to optimise the compiled kernel with a "
                         "profile of random games, 0 not to, or leave it unset (on for a "
                         "normal install)")
    if setting in OFF:
        return PGODecision(False)
    if setting not in ON and kind == "editable":
        return PGODecision(False)
    if family != "gcc":
        return PGODecision(False, f"profile-guided optimisation needs GCC "
                                  f"(the compiler is {family or 'another'})")
    return PGODecision(True)


def pgo_line(why: str) -> str:
    """The one line a compiled build that goes without its profile prints."""
    return f"legends: compiled without profile-guided optimisation: {why}"


#: The training run: random games of every built-in edition (buildtools/legends_training.py).
TRAINING = Path(__file__).resolve().parent / "legends_training.py"


def train(lib: str, timeout: float = 900) -> str:
    """Play the training games on the kernel just built into ``lib`` (instrumented, its
    counts written as it exits); ``""`` when they ran, else why not."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (lib, os.environ.get("PYTHONPATH"))))}
    try:
        proc = subprocess.run([sys.executable, str(TRAINING), lib], env=env, timeout=timeout,
                              capture_output=True, text=True)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"the training games did not run ({exc})"
    if proc.returncode:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return f"the training games failed ({last})"
    return ""


#: The PEP 517 hooks, each redefined below to tell setup.py which kind of build it runs in.
HOOKS = ("get_requires_for_build_wheel", "get_requires_for_build_editable",
         "get_requires_for_build_sdist", "prepare_metadata_for_build_wheel",
         "prepare_metadata_for_build_editable", "build_wheel", "build_editable", "build_sdist")

#: The kind of build under way, set by the hooks below for setup.py (which setuptools runs in
#: this process); a setup.py run by hand (``setup.py build_ext``) builds as for a wheel.
kind = "wheel"


@contextmanager
def _building(what: str) -> Iterator[None]:
    global kind
    before, kind = kind, what
    try:
        yield
    finally:
        kind = before


# setuptools finds its extra requirements by running setup.py, in the "metadata" kind so that
# it does not compile; a build that will compile adds what compiling needs.
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _building("metadata"):
        plain = _setuptools.get_requires_for_build_wheel(config_settings)
    return plain + (list(COMPILE_REQUIRES) if decide("wheel").compile else [])


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _building("metadata"):
        plain = _setuptools.get_requires_for_build_editable(config_settings)
    return plain + (list(COMPILE_REQUIRES) if decide("editable").compile else [])


def prepare_metadata_for_build_wheel(metadata_directory: str,
                                     config_settings: dict[str, Any] | None = None) -> str:
    with _building("metadata"):
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: dict[str, Any] | None = None) -> str:
    with _building("metadata"):
        return _setuptools.prepare_metadata_for_build_editable(metadata_directory,
                                                               config_settings)


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    with _building("wheel"):
        return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    with _building("editable"):
        return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    with _building("metadata"):
        return _setuptools.get_requires_for_build_sdist(config_settings)


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    with _building("metadata"):  # an sdist holds sources only
        return _setuptools.build_sdist(sdist_directory, config_settings)


def say(line: str) -> None:
    """Print one line of the build's own (pip shows it with ``-v``)."""
    print(line, file=sys.stderr, flush=True)

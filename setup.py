"""Everything about the package is in pyproject.toml; this adds the compiled kernel: mypyc
compiles the modules listed in ``buildtools/legends_build.py`` (``COMPILED``, in the order of
the kernel's layers declared in pyproject.toml) to C extensions
when that module decides so (a normal install where a C compiler is found, or
``LEGENDS_COMPILE=1``; see the Speed page of the docs). Otherwise, or when compiling fails
without ``LEGENDS_COMPILE=1``, the package is pure Python and the build says why in one line.
"""

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "buildtools"))
import legends_build  # noqa: E402  (the backend itself when setuptools runs this file)


def kernel_module(name: str):
    """A module of ``src/legends_core`` loaded on its own (the build does not import the
    package, which needs its dependencies)."""
    spec = importlib.util.spec_from_file_location(f"_build_{name}",
                                                  ROOT / "src" / "legends_core" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def source(name: str) -> str:
    return os.path.join("src", *name.split(".")) + ".py"


def compiled_build() -> tuple[list, dict]:
    """The extensions to build and the commands that build them, or none (pure Python)."""
    decision = legends_build.decide(legends_build.kind)
    if not decision.compile:
        if legends_build.kind != "metadata":
            legends_build.say(legends_build.pure_line(decision.why))
        return [], {}
    compiling = kernel_module("compiling")
    # The record of the sources is taken before compiling: an edit made during the build
    # makes the build stale, not the record wrong.
    records: dict[str, dict] = {}
    for name in legends_build.COMPILED:
        package, _, short = name.rpartition(".")
        records.setdefault(package, {})[short] = compiling.source_entry(source(name))
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        if decision.forced:
            raise
        legends_build.say(legends_build.pure_line(
            f"mypyc cannot be imported ({exc}; install mypy, or set LEGENDS_COMPILE=0)"))
        return [], {}
    try:
        extensions = mypycify([source(name) for name in legends_build.compiled_in_order()],
                              group_name="legends_core")
    except (Exception, SystemExit) as exc:  # mypyc reports type errors by exiting
        if decision.forced:
            raise
        legends_build.say(legends_build.pure_line(f"mypyc failed ({exc!r})"))
        return [], {}
    return extensions, {"build_ext": build_ext_with_record(compiling, records, decision.forced)}


def build_ext_with_record(compiling, records: dict, forced: bool) -> type:
    class BuildExt(build_ext):
        """Builds the extensions, then writes each package's record of the sources (see
        ``legends_core.compiling``); a compile that fails leaves no extension behind and
        the package pure, unless ``LEGENDS_COMPILE=1`` asked for it."""

        def run(self) -> None:
            in_place = self.inplace
            try:
                super().run()
            except Exception as exc:  # compiler or linker errors, in distutils' many kinds
                if forced:
                    raise
                for ext in self.extensions:  # the whole group or none: shims need the library
                    built = os.path.join(self.build_lib,
                                         self.get_ext_filename(self.get_ext_fullname(ext.name)))
                    if os.path.exists(built):
                        os.remove(built)
                legends_build.say(legends_build.pure_line(f"compiling failed ({exc})"))
                return
            build_py = self.get_finalized_command("build_py")
            for package, sources in records.items():
                folder = os.path.join(self.build_lib, *package.split("."))
                os.makedirs(folder, exist_ok=True)
                compiling.write_record(folder, sources, in_place=False)
                if in_place:
                    compiling.write_record(build_py.get_package_dir(package), sources,
                                           in_place=True)

    return BuildExt


extensions, commands = compiled_build()
setup(ext_modules=extensions, cmdclass=commands)

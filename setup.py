"""Everything about the package is in pyproject.toml; this adds the compiled kernel: mypyc
compiles the modules listed in ``buildtools/legends_build.py`` (``COMPILED``, in the order of
the kernel's layers declared in pyproject.toml) to C extensions
when that module decides so (a normal install where a C compiler is found, or
``LEGENDS_COMPILE=1``; see the Speed page of the docs). Otherwise, or when compiling fails
without ``LEGENDS_COMPILE=1``, the package is pure Python and the build says why in one line.
"""

import importlib.util
import os
import shutil
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
        the package pure, unless ``LEGENDS_COMPILE=1`` asked for it.

        A profile-guided build (``legends_build.decide_pgo``) compiles twice: instrumented,
        then, after the training games have run on that build, with their counts. If the
        games or the second compile fail, the kernel is compiled once more without them,
        and the build says so in one line."""

        def run(self) -> None:
            # What each compile starts from: the compiler option as given, mypyc's own flags.
            self.compiler_option = self.compiler
            self.given_args = {id(ext): (list(ext.extra_compile_args or ()),
                                         list(ext.extra_link_args or ()))
                               for ext in self.extensions}
            family = legends_build.compiler_family()
            flags = legends_build.fast_flags(family)
            pgo = legends_build.decide_pgo(legends_build.kind, family)
            if not pgo.profile and pgo.why:
                legends_build.say(legends_build.pgo_line(pgo.why))
            profile = os.path.abspath(os.path.join(self.build_temp, "legends-profile"))
            if pgo.profile:
                shutil.rmtree(profile, ignore_errors=True)
                generate = f"-fprofile-generate={profile}"
                built = self.compile_with(flags + [generate], [generate], forced)
            else:
                built = self.compile_with(flags, [], forced)
            if not built:
                return
            self.write_records()
            if not pgo.profile:
                return
            why = legends_build.train(self.lib_folder())
            if not why:
                use = [f"-fprofile-use={profile}", "-fprofile-correction",
                       "-fprofile-partial-training", "-Wno-missing-profile"]
                try:
                    self.compile_with(flags + use, [], True, force=True)
                except Exception as exc:  # the kernel built without its profile then
                    why = f"the profiled compile failed ({exc})"
            if why:
                legends_build.say(legends_build.pgo_line(why))
                if not self.compile_with(flags, [], forced, force=True):
                    self.write_records(drop=True)
            shutil.rmtree(profile, ignore_errors=True)

        def compile_with(self, compile_args: list[str], link_args: list[str], forced: bool,
                         force: bool = False) -> bool:
            """Build every extension with these extra arguments (rebuilding when ``force``);
            ``False`` when the compile failed and the package was left pure."""
            for ext in self.extensions:
                given_compile, given_link = self.given_args[id(ext)]
                ext.extra_compile_args = given_compile + compile_args
                ext.extra_link_args = given_link + link_args
            self.force = self.force or force
            self.compiler = self.compiler_option  # run() replaces the option by the compiler
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
                return False
            return True

        def lib_folder(self) -> str:
            """Where the built package can be imported from: the source folder for a build
            in place, else the build's own folder (build_py has filled it already)."""
            if self.inplace:
                package = self.get_finalized_command("build_py").get_package_dir("legends_core")
                return os.path.abspath(os.path.dirname(package))
            return os.path.abspath(self.build_lib)

        def write_records(self, drop: bool = False) -> None:
            """Write each package's record of the sources (``drop``: remove them, the
            package having come out pure after all)."""
            build_py = self.get_finalized_command("build_py")
            for package, sources in records.items():
                folders = [os.path.join(self.build_lib, *package.split("."))]
                if self.inplace:
                    folders.append(build_py.get_package_dir(package))
                for folder, in_place in zip(folders, (False, True)):
                    if drop:
                        path = os.path.join(folder, compiling.RECORD)
                        if os.path.exists(path):
                            os.remove(path)
                        continue
                    os.makedirs(folder, exist_ok=True)
                    compiling.write_record(folder, sources, in_place=in_place)

    return BuildExt


extensions, commands = compiled_build()
setup(ext_modules=extensions, cmdclass=commands)

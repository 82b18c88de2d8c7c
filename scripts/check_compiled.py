"""Check the compiled kernel against the pure one (a long run, not part of CI).

Builds the modules ``setup.py`` compiles with mypyc (``LEGENDS_COMPILE=1``) in a temporary
copy of ``src``, then:

1. checks that the build is silent on import, and warns (advising a rebuild) once a compiled
   module's ``.py`` is edited (the record of the sources, ``legends_core.compiling``);
2. plays the same random games in every installed ruleset with the pure package (this
   checkout's ``src``) and with the compiled copy, each in its own process, and compares
   what they wrote byte for byte: every game's full record, each seat's player record and
   final view, and the legal actions at every decision. As both play the same games, it also
   prints the CPU time each spent listing and applying actions, and the speed-up;
3. runs the test suite against the compiled copy (``--tests``, with pytest's arguments after
   ``--``).

Needs mypy (the ``dev`` extra) and a C compiler. Usage:

    python scripts/check_compiled.py [--games 20] [--rules all|NAME] [--keep DIR] [--no-pgo]
                                     [--tests [-- PYTEST ARGS]]

The build is the one a normal install makes: profile-guided where GCC compiles it
(``LEGENDS_PGO``, see the Speed page); ``--no-pgo`` compiles once, without the profile.

Exits non-zero when a game differs, the check of an edited source goes wrong, or the tests
fail.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(into: Path, pgo: bool = True) -> Path:
    """A copy of ``src`` with the compiled modules built in place, as a normal install
    builds them (profile-guided unless ``pgo`` is false); returns its ``src``."""
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, into / name)
    shutil.copytree(ROOT / "buildtools", into / "buildtools")
    shutil.copytree(ROOT / "src", into / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info",
                                                  "_compiled.json"))
    started = time.monotonic()
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=into,
                   check=True, env={**os.environ, "LEGENDS_COMPILE": "1",
                                    "LEGENDS_PGO": "1" if pgo else "0"})
    print(f"built ({'profile-guided' if pgo else 'without a profile'}) in "
          f"{time.monotonic() - started:.0f} s", flush=True)
    return into / "src"


def import_warnings(src: Path, package: str = "legends_core") -> str:
    """What importing ``package`` from ``src`` prints (warnings shown)."""
    return subprocess.run([sys.executable, "-W", "always", "-c", f"import {package}"],
                          env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True,
                          text=True, check=True).stderr


def check_stale_warning(src: Path, module: str = "legends_core.moves",
                        package: str = "legends_core") -> bool:
    """The in-place build imports silently; an edit to a compiled module's source (the same
    size, so only the hash can tell) makes the import of its ``package`` warn and advise a
    rebuild; undone, the import is silent again."""
    source = src.joinpath(*module.split(".")).with_suffix(".py")
    text = source.read_text()
    quiet = import_warnings(src, package)
    changed = text.replace("def ", "def  ", 1)[:-1] if text.endswith("\n") else text + " "
    source.write_text(changed)
    try:
        warned = import_warnings(src, package)
    finally:
        source.write_text(text)
    again = import_warnings(src, package)
    ok = (not quiet.strip() and f"{module}: compiled from another version" in warned
          and "pip install -e ." in warned and not again.strip())
    print(f"stale check: {'as expected' if ok else 'WRONG'} (silent when built, warns when "
          f"{source.name} is edited, silent when undone)", flush=True)
    if not ok:
        print(f"  built: {quiet!r}\n  edited: {warned!r}\n  undone: {again!r}", flush=True)
    return ok


def play(rules: str, games: int) -> None:
    """Worker: play ``games`` random games of ``rules`` and print one line per game."""
    import legends_core.moves
    import legends_pieces.powers.targeted
    from legends_core import Game

    print(json.dumps({"compiled": not legends_core.moves.__file__.endswith(".py"),
                      "blocks": not legends_pieces.powers.targeted.__file__.endswith(".py")}))
    edition = {} if rules == "legends" else {"rules": rules}
    cpu = 0.0
    for i in range(games):
        # Half the games with auto-pass, half asking every player in every window.
        game = Game.new(seed=i, salt=f"{i:032x}", turn_limit=600, auto_pass=i % 2 == 0,
                        **edition)
        rng = random.Random(i)
        offered = hashlib.sha256()
        while not game.is_over:
            t = time.process_time()
            actions = game.legal_actions()
            cpu += time.process_time() - t
            offered.update(" | ".join(map(str, actions)).encode() + b"\n")
            t = time.process_time()
            game.apply(actions[rng.randrange(len(actions))], player=game.current_player)
            cpu += time.process_time() - t
        seats = game.players
        out = {"record": game.record(), "offered": offered.hexdigest(),
               "players": {s: game.record(s) for s in seats},
               "views": {s: game.view(s).to_dict() for s in seats}}
        print(json.dumps(out, sort_keys=True, default=str))
    print(json.dumps({"cpu": cpu}))


def run_games(src: Path, rules: str, games: int) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, __file__, "--worker", rules, "--games", str(games)],
                         env=env, check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def compare(compiled: Path, editions: list[str], games: int) -> bool:
    ok = True
    for rules in editions:
        pure = run_games(ROOT / "src", rules, games)
        fast = run_games(compiled, rules, games)
        assert json.loads(pure[0]) == {"compiled": False, "blocks": False}, \
            "the pure run imported compiled code"
        assert json.loads(fast[0]) == {"compiled": True, "blocks": True}, \
            "the compiled run imported pure code (the kernel, or the blocks of legends_pieces)"
        differ = [i for i, (a, b) in enumerate(zip(pure[1:-1], fast[1:-1], strict=True))
                  if a != b]
        size = sum(len(line) for line in pure[1:-1])
        slow, quick = json.loads(pure[-1])["cpu"], json.loads(fast[-1])["cpu"]
        print(f"{rules:<20} {games} games, {size:,} bytes: "
              f"{'identical' if not differ else f'DIFFERENT in games {differ}'}; CPU time "
              f"pure {slow:.2f} s, compiled {quick:.2f} s: {slow / quick:.2f} times faster",
              flush=True)
        ok = ok and not differ
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per ruleset")
    ap.add_argument("--rules", default="all", help="a ruleset, or 'all'")
    ap.add_argument("--keep", help="build into this new directory and keep it (else a temporary "
                    "one); DIR/src is then what side_by_side.py --compiled measures")
    ap.add_argument("--tests", action="store_true", help="also run the tests against the build")
    ap.add_argument("--no-pgo", dest="pgo", action="store_false",
                    help="compile once, without the profile of random games a normal install "
                    "uses (quicker; LEGENDS_PGO=0)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    args = ap.parse_args()
    if args.worker:
        play(args.worker, args.games)
        return
    if args.rules == "all":
        sys.path.insert(0, str(ROOT / "src"))
        from legends_core import rulesets

        editions = list(rulesets())
    else:
        editions = [args.rules]
    with tempfile.TemporaryDirectory(prefix="legends-compiled-") as tmp:
        where = Path(args.keep) if args.keep else Path(tmp)
        if args.keep and where.exists() and any(where.iterdir()):
            sys.exit(f"--keep {where}: not empty (a build there could be stale)")
        where.mkdir(parents=True, exist_ok=True)
        compiled = build(where, args.pgo)
        ok = check_stale_warning(compiled)
        ok = check_stale_warning(compiled, "legends_pieces.powers.targeted",
                                 "legends_pieces.powers") and ok
        ok = compare(compiled, editions, args.games) and ok
        if args.tests:
            env = {**os.environ, "PYTHONPATH": str(compiled)}
            where = subprocess.run([sys.executable, "-c", "import legends_core.moves as m; "
                                    "print(m.__file__)"], cwd=ROOT, env=env, check=True,
                                   capture_output=True, text=True).stdout.strip()
            assert not where.endswith(".py"), f"the tests would import the pure kernel: {where}"
            print(f"tests against {where} ...", flush=True)
            tests = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                                    *(args.pytest_args or ["-q"])], cwd=ROOT, env=env)
            ok = ok and tests.returncode == 0
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

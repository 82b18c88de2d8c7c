"""The two layers: the programs in ``legends`` reach a game only through the kernel's public,
player-side API.

import-linter checks the imports (contracts in pyproject.toml; ``lint-imports`` also runs in
.ci/run). These tests check the rest: that every kernel module is classified as public or
internal, that the contracts hold, and that no program reaches past the API by attribute
(the game's engine, a knowledge's state) or uses the referee's full picture outside the
tools named for it.
"""

import ast
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import legends_core

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "src" / "legends"

#: Kernel modules the programs may import (besides the package itself).
PUBLIC = {
    "actions", "armies", "battleboards", "board", "campaign", "display", "endings", "errors",
    "events", "fairness", "piecetype", "records", "registry", "ruleset", "rulings", "safejson",
    "setupline", "teams", "textboard", "worlds",
}

#: Attributes that lead into the referee's state: no program may touch them.
PAST_THE_API = {"engine", "_engine", "_state", "_start", "_played", "_record"}

#: The programs that host games or are referee tools, and so may use the referee's full
#: picture (``view(None)``, ``record()``, ``to_position()``): hosts keep the full game to
#: resume it and to send each seat its share; the others are named in the docs.
REFEREE_TOOLS = {
    "web/rooms.py", "web/app.py", "web/thinking.py", "envs/match.py", "envs/openspiel.py",
    "simulate.py",
    # the host's spectator stream, rebuilt from the record, and the end's reveal
    "web/watching.py",
    # the archive of ended games: served only once a game is over (409 before)
    "web/archive.py",
    "cli/game_cmd.py", "cli/play_cmd.py", "cli/replay_cmd.py", "cli/verify_cmd.py",
    "cli/campaign_cmd.py",
}


def contracts():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_every_kernel_module_is_public_or_internal():
    forbidden = next(c for c in contracts() if c["type"] == "forbidden")["forbidden_modules"]
    internal = {m.split(".", 1)[1] for m in forbidden if m.startswith("legends_core.")}
    modules = {m.name for m in pkgutil.iter_modules(legends_core.__path__)}
    assert not PUBLIC & internal
    assert modules == PUBLIC | internal, "classify each new kernel module in pyproject.toml"


def test_the_import_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.fail("import-linter is not installed: pip install -e '.[dev]'")
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "0 broken" in done.stdout


def reaches(source: str, name: str) -> list[str]:
    """What in ``source`` (the module ``name`` of the programs) reaches past the API."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in PAST_THE_API:
            found.append(f"{name}:{node.lineno}: .{node.attr}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and name not in REFEREE_TOOLS:
            attr, args = node.func.attr, node.args
            referee = (attr in ("record", "to_position") and not args and not node.keywords) \
                or (attr == "view" and args and isinstance(args[0], ast.Constant)
                    and args[0].value is None)
            if referee:
                found.append(f"{name}:{node.lineno}: the referee's {attr}()")
        if name.startswith("ai/") and isinstance(node, ast.Name) and node.id == "Game":
            found.append(f"{name}:{node.lineno}: a computer player names Game")
    return found


def test_no_program_reaches_past_the_player_side_api():
    found = []
    for path in sorted(PROGRAMS.rglob("*.py")):
        name = path.relative_to(PROGRAMS).as_posix()
        found += reaches(path.read_text(), name)
    assert found == []


def test_the_check_catches_a_program_that_peeks():
    peeking = ("def choose(game: Game):\n"
               "    hidden = game.engine.types\n"
               "    return game.view(None)\n")
    assert len(reaches(peeking, "ai/peek.py")) == 3  # Game, .engine and view(None)
    assert reaches("k._state.memo\n", "envs/x.py") == ["envs/x.py:1: ._state"]
    assert reaches("game.record()\n", "simulate.py") == []  # a named referee tool

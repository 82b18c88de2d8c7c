"""The training run of the profile-guided build (``legends_build.train``).

Plays seeded random games of every built-in edition, and a team game, on the kernel just
built with ``-fprofile-generate``: what the compiler then learns (which branches are taken,
which functions are hot) is what random self-play, search playouts and research
environments do most. The games are seeded, so the same sources always give the same
profile. About five seconds on the instrumented build.

Usage: python buildtools/legends_training.py LIB  (LIB: where the package was built; it is
put first on the path). The package is not installed yet, so its entry points (the
editions, the pieces) are read from pyproject.toml into a stand-in distribution first.
"""

from __future__ import annotations

import random
import sys
import tempfile
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"

#: (ruleset, Game.new's extra arguments, games): Stratego Legends weighs most, as it has the
#: most code (206 pieces); "team" is Stratego Legends for four seats.
PLAN: tuple[tuple[str, dict[str, object], int], ...] = (
    ("legends", {}, 100),
    ("legends", {"players": 4}, 40),
    ("classic", {"rules": "classic"}, 12),
    ("ultimate-lightning", {"rules": "ultimate-lightning"}, 8),
    ("ultimate-campaign", {"rules": "ultimate-campaign"}, 4),
    ("narnia-1", {"rules": "narnia-1"}, 8),
    ("narnia-2", {"rules": "narnia-2"}, 8),
)


def stand_in_distribution(into: Path, pyproject: Path = PYPROJECT) -> Path:
    """Write a distribution's metadata holding the project's entry points into ``into``
    (a folder to put on the path), so that the editions and piece packs are found before the
    package is installed. Returns the metadata folder."""
    project = tomllib.loads(pyproject.read_text())["project"]
    meta = into / f"{project['name']}_training-0.dist-info"
    meta.mkdir(parents=True, exist_ok=True)
    (meta / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}-training\nVersion: 0\n")
    lines = []
    for group, names in project.get("entry-points", {}).items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {target}" for name, target in names.items()]
        lines.append("")
    (meta / "entry_points.txt").write_text("\n".join(lines))
    return meta


def play(scale: float = 1.0) -> list[str]:
    """Play the plan (``scale`` times as many games, at least one each); a line per row."""
    from legends_core import Game

    rng = random.Random(2026)
    report = []
    for name, extra, games in PLAN:
        n, turns = max(1, round(games * scale)), 0
        for seed in range(n):
            game = Game.new(seed=seed, turn_limit=3000, auto_pass=True, **extra)  # type: ignore[arg-type]
            while not game.is_over:
                actions = game.legal_actions()
                game.apply(actions[rng.randrange(len(actions))])
            turns += game.turn - 1
        report.append(f"{name}{' x' + str(extra['players']) if 'players' in extra else ''}: "
                      f"{n} games, {turns} turns")
    return report


def main(argv: list[str]) -> None:
    scale = 1.0
    if len(argv) > 2 and argv[2].startswith("--scale="):
        scale = float(argv[2].split("=", 1)[1])
    sys.path.insert(0, argv[1])
    with tempfile.TemporaryDirectory() as folder:
        if not entry_points(group="legends.rulesets"):
            stand_in_distribution(Path(folder))
            sys.path.append(folder)
        for line in play(scale):
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv)

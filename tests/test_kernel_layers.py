"""The kernel reads from the bottom up: its layers, declared once in pyproject.toml, hold for
every import (those inside functions and under ``TYPE_CHECKING`` too), no import circle is
left, the compiled build takes its order from the same declaration, and what the lower
modules no longer import is handed to them by name.

import-linter checks the contracts in CI (``lint-imports``; ``tests/test_layers.py`` runs it);
these tests read the same declaration with grimp, so a failure names the import to remove.
"""

import ast
import importlib.util
import pkgutil
import tomllib
from pathlib import Path

import grimp
import pytest

import legends_core
from legends_core import (
    Game,
    combat,
    curses,
    display,
    editions,
    flow,
    ruleset,
    setup,
    strikes,
    tasks,
    textboard,
)

ROOT = Path(__file__).resolve().parent.parent
KERNEL = Path(legends_core.__file__).parent


def kernel_contract():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in contracts["contracts"] if c.get("containers") == ["legends_core"]
                and c["type"] == "layers")


def layers_bottom_first():
    return [[m.strip() for m in line.split("|")] for line in reversed(kernel_contract()["layers"])]


@pytest.fixture(scope="module")
def imports():
    """Every import between kernel modules: (importer, imported) -> the lines doing it."""
    graph = grimp.build_graph("legends_core", cache_dir=None)
    found = {}
    for importer in graph.modules:
        if not importer.startswith("legends_core."):
            continue
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported.startswith("legends_core."):
                lines = [d["line_number"] for d in
                         graph.get_import_details(importer=importer, imported=imported)]
                found[importer.split(".", 1)[1], imported.split(".", 1)[1]] = lines
    return found


def kernel_modules():
    return {m.name for m in pkgutil.iter_modules(legends_core.__path__)}


def test_the_contract_places_every_kernel_module_once_and_makes_no_exceptions():
    contract = kernel_contract()
    assert contract["exhaustive"] is True
    assert "ignore_imports" not in contract
    placed = [m for line in layers_bottom_first() for m in line]
    assert len(placed) == len(set(placed)), "a module is placed twice"
    assert set(placed) == kernel_modules(), "place each new kernel module in a layer"


def test_every_import_goes_down_the_layers(imports):
    rank = {m: i for i, line in enumerate(layers_bottom_first()) for m in line}
    wrong = [f"{a} -> {b} (line {', '.join(map(str, lines))})"
             for (a, b), lines in sorted(imports.items()) if rank[a] <= rank[b]]
    assert not wrong, "imports that do not go down the declared layers:\n" + "\n".join(wrong)


def test_no_import_circle_among_the_kernels_modules(imports):
    edges = {m: set() for m in kernel_modules()}
    for a, b in imports:
        edges[a].add(b)
    done, path = set(), []

    def visit(m):
        if m in path:
            return path[path.index(m):] + [m]
        if m in done:
            return None
        path.append(m)
        for n in sorted(edges[m]):
            circle = visit(n)
            if circle:
                return circle
        path.pop()
        done.add(m)
        return None

    for m in sorted(edges):
        circle = visit(m)
        assert circle is None, "import circle: " + " -> ".join(circle)


def test_each_module_says_what_it_holds_in_its_first_line():
    for path in sorted(KERNEL.glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text()))
        assert doc, f"{path.name} has no docstring"
        first = doc.splitlines()[0]
        assert first.endswith("."), f"{path.name}: the first line is not a whole sentence"
        assert len(first) <= 100, f"{path.name}: the first line runs on"


def load_build_backend():
    spec = importlib.util.spec_from_file_location(
        "legends_build_under_test", ROOT / "buildtools" / "legends_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_compiled_build_takes_its_order_from_the_layers(imports):
    backend = load_build_backend()
    assert backend.kernel_layers() == layers_bottom_first()
    assert sorted(backend.compiled_in_order()) == sorted(backend.COMPILED)
    # The kernel's compiled modules, by their names in the layers (legends_core.X -> X).
    order = [m.removeprefix("legends_core.") for m in backend.compiled_in_order()
             if m.startswith("legends_core.")]
    for i, module in enumerate(order):
        for later in order[i + 1:]:
            assert (module, later) not in imports, f"{module} imports {later}, compiled later"
    rank = {m: i for i, line in enumerate(layers_bottom_first()) for m in line}
    assert [rank[m] for m in order] == sorted(rank[m] for m in order)


def test_the_compiled_order_follows_a_changed_declaration(tmp_path):
    # The order is read, not kept by hand: turn the layers upside down and it turns too.
    text = (ROOT / "pyproject.toml").read_text()
    layers = kernel_contract()["layers"]
    flipped = text
    for line in layers:
        flipped = flipped.replace(f'"{line}",', f'"@@{line}@@",')
    for old, new in zip(layers, layers[::-1], strict=True):
        flipped = flipped.replace(f'"@@{old}@@",', f'"{new}",')
    (tmp_path / "pyproject.toml").write_text(flipped)
    backend = load_build_backend()
    assert backend.kernel_layers(tmp_path / "pyproject.toml") == layers_bottom_first()[::-1]
    flipped_order = backend.compiled_in_order(tmp_path / "pyproject.toml")
    kernel = [m for m in backend.compiled_in_order() if m.startswith("legends_core.")]
    assert flipped_order[:len(kernel)] == kernel[::-1]
    # the modules outside the kernel (the pieces' shared blocks) keep their order, after it
    assert flipped_order[len(kernel):] == [m for m in backend.COMPILED
                                           if not m.startswith("legends_core.")]


def test_procedures_the_state_schedules_are_found_by_name():
    # effects.py schedules these without importing the modules of play that define them.
    assert type(tasks.new_task("attack", 1, 2, 3, "move", 0)) is combat.Attack
    assert tasks.new_task("attack", 1, 2, 3, "move", 0) == combat.Attack(1, 2, 3, "move", 0)
    resolve = tasks.new_task("strike-resolve", 1, 2, 3, 4, 0, "m:f", {})
    assert resolve == strikes.StrikeResolve(1, 2, 3, 4, 0, "m:f", {})
    assert tasks.new_task("curse-arrive", 5, 1) == curses.CurseArrive(5, 1)
    assert tasks.new_task("window", "strike", 1, 0) is flow.window("strike", 1, 0)


def test_what_the_lower_modules_are_handed_is_the_real_thing():
    assert ruleset.get_ruleset("legends") is setup.LEGENDS
    assert editions.lookups() == (ruleset.rulesets, ruleset.get_ruleset, ruleset.catalogue_for)
    game = Game.new(seed=3)
    view = game.view("beige")
    assert str(view) == textboard.board(view)
    assert display.text(view) == textboard.board(view)

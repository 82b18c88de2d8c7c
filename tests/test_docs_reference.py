"""The API reference: every public name, the decision kinds, every event type with its fields,
every power's key on its piece's page, and a clean nitpicky build (``sphinx -n -W``)."""

from __future__ import annotations

import html
import inspect
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import legends_core
from legends_core import catalogue, catalogue_for, rulesets
from legends_core.events import EVENT_TYPES
from legends_core.tasks import TASK_TYPES

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import legends_docs  # noqa: E402

#: Members left out of the reference on purpose (the engine's internal bookkeeping).
INTERNAL = {"legends_core.Engine.restore", "legends_core.Engine.ability_pieces"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Build the HTML docs with every reference checked; the folder they are in."""
    out = tmp_path_factory.mktemp("docs")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q",
                           "-b", "html", str(DOCS), str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def inventory(built):
    """The names the build documents."""
    from sphinx.util.inventory import InventoryFile

    with open(built / "objects.inv", "rb") as fh:
        inv = InventoryFile.load(fh, "", lambda base, uri: uri)
    return {name for entries in inv.values() for name in entries}


def test_the_build_is_clean_and_documents_every_public_name_and_member(inventory):
    missing = []
    for name in legends_core.__all__:
        obj = getattr(legends_core, name)
        paths = {f"legends_core.{name}"}
        if hasattr(obj, "__qualname__") and hasattr(obj, "__module__"):
            paths.add(f"{obj.__module__}.{obj.__qualname__}")
        if not isinstance(obj, type | type(len)) and not callable(obj):
            paths.add(f"legends_core.armies.{name}")  # the data tables
            paths.add(f"legends_core.actions.{name}")
        if not paths & inventory:
            missing.append(name)
            continue
        if inspect.isclass(obj):
            for member in vars(obj):
                full = {f"{p}.{member}" for p in paths}
                if not member.startswith("_") and not full & inventory and not full & INTERNAL:
                    missing.append(f"{name}.{member}")
    assert not missing


@pytest.mark.parametrize("name", ["legal_actions", "is_over", "winner", "result", "headers",
                                  "decision_kind", "apply", "view", "events_for"])
def test_the_game_api_a_frontend_needs_is_documented(inventory, name):
    assert f"legends_core.Game.{name}" in inventory


def test_view_fields_action_constructors_and_every_event_class(inventory):
    for f in attrs.fields(legends_core.View):
        assert f"legends_core.View.{f.name}" in inventory
    for f in attrs.fields(legends_core.visibility.PieceView):
        assert f"legends_core.visibility.PieceView.{f.name}" in inventory
    for factory in ("move", "power", "choose", "swap", "pass_", "from_str", "from_dict"):
        assert f"legends_core.Action.{factory}" in inventory
    for cls in EVENT_TYPES.values():
        assert f"{cls.__module__}.{cls.__name__}" in inventory
        for f in attrs.fields(cls):
            assert f"{cls.__module__}.{cls.__name__}.{f.name}" in inventory


def _signatures(page: Path) -> dict[str, str]:
    """Each documented object's signature line on a built page, as plain text."""
    found = {}
    for ident, body in re.findall(r'<dt class="sig sig-object py" id="([\w.]+)">(.*?)</dt>',
                                  page.read_text(encoding="utf-8"), re.S):
        found[ident] = html.unescape(" ".join(re.sub(r"<[^>]+>", "", body).split()))
    return found


def test_attrs_signatures_show_public_fields_and_their_defaults(built):
    sigs = _signatures(built / "api.html")
    view = sigs["legends_core.View"]
    assert "(player, board, pieces," in view
    assert "commitment=None, rules='legends', reserve={}, winners=(), teams={})" in view
    assert "turn_limit=None, no_progress_limit=None" in sigs["legends_core.Rules"]
    # attrs' generated __init__ as read from its source: internals, never for readers.
    for text in sigs.values():
        assert "attr_dict" not in text and "NOTHING" not in text, text


def test_every_event_type_is_listed_with_its_fields():
    page = legends_docs.events_page()
    for kind, cls in EVENT_TYPES.items():
        row = page[page.index(f"``{kind}``"):]
        row = row[:row.index("* - ", 5)] if "* - " in row[5:] else row
        assert cls.__name__ in row and cls.audience in row
        for f in attrs.fields(cls):
            assert f"``{f.name}: " in row, (kind, f.name)


def test_every_decision_kind_is_listed():
    page = legends_docs.decisions_page()
    for rs in rulesets():
        catalogue_for(rs)  # every edition's decisions are registered
    kinds = [n for n, cls in TASK_TYPES.items() if cls.decision]
    assert {"main", "window", "ask", "setup-shuffle", "setup-switch"} <= set(kinds)
    for name in kinds:
        assert f"* - ``{name}``" in page


def test_every_power_key_is_on_its_pieces_page():
    for t in catalogue().values():
        block = legends_docs._piece_block(t)
        for p in t.powers:
            if p.key:
                assert f"``{p.key}``" in block, (t.number, p.key)
    for name in legends_docs.EDITIONS:
        page = legends_docs.edition_page(name)
        for t in catalogue_for(name).values():
            if t.name in page:
                for p in t.powers:
                    if p.key:
                        assert f"``{p.key}``" in page, (name, t.name, p.key)

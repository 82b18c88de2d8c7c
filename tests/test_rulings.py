"""Rulings live in one place: ``piece(..., rulings=[...])`` or a module's ``RULINGS``.

These tests find every module of the kernel and of the pieces package on disk (not through the
collector they check), and check that the rulings page shows every declared ruling, that no
comment or docstring holds ruling text of its own, and that each ruling is non-empty and said
once. The last section tests rulings that used to sit in comments without a test.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import re
import tokenize
from pathlib import Path

import pytest

from legends_core import PieceType, Ruling, all_rulings, rulesets, ruling
from legends_core.rulings import ruleset_rulings
from legends_core.testing import options, play, position

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGES = ("legends_core", "legends_pieces", "legends_editions")
# The collector's own module explains the convention, so it has to use the words.
MACHINERY = SRC / "legends_core" / "rulings.py"


def _files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (SRC / pkg).rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> list:
    return [importlib.import_module(_module_name(p)) for p in _files()
            if p.stem != "__main__"]


def _docs_extension():
    spec = importlib.util.spec_from_file_location(
        "legends_docs_for_tests", ROOT / "docs" / "_ext" / "legends_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def collected() -> list[Ruling]:
    """Every ruling: Stratego Legends' and those of the other editions, each once."""
    found = {(r.source, r.topic, r.text): r for r in all_rulings()}
    for name in rulesets():
        for r in ruleset_rulings(name):
            found.setdefault((r.source, r.topic, r.text), r)
    return list(found.values())


def _key(r: Ruling) -> tuple[str, str]:
    return r.topic, r.text


# -- every declared ruling reaches the page ------------------------------------------------

def test_every_module_ruling_is_collected_and_on_the_page(collected):
    page = _docs_extension().rulings_page(collected)
    on_page = {_key(r) for r in collected}
    declared = 0
    for module in _modules():
        for r in getattr(module, "RULINGS", ()):
            assert isinstance(r, Ruling), f"{module.__name__}.RULINGS: use ruling(topic, text)"
            assert _key(r) in on_page, f"{module.__name__}: {r.topic!r} is not collected"
            assert r.text in page and r.topic in page
            declared += 1
    assert declared >= 20  # the kernel's and the shared blocks' rulings were found


def test_every_piece_ruling_is_collected_and_on_the_page(collected):
    page = _docs_extension().rulings_page(collected)
    by_piece = {(r.piece, r.text) for r in collected if r.piece is not None}
    pieces = 0
    for module in _modules():
        types = [v for v in vars(module).values() if isinstance(v, PieceType)]
        types += list(getattr(module, "EXTRA_PIECES", ()))
        for t in types:
            pieces += 1
            for text in t.rulings:
                assert (t.number, text) in by_piece, f"#{t.number}: {text!r} is not collected"
                assert text in page
    assert pieces >= 208


def test_the_page_is_generated_not_written_by_hand():
    # A ruling written straight into rulings.rst would bypass the declarations: the page
    # holds prose and the generated include only, no list of its own.
    text = (ROOT / "docs" / "rulings.rst").read_text(encoding="utf-8")
    assert ".. include:: generated/rulings.rst" in text
    assert not [line for line in text.splitlines() if re.match(r"\s*[*+-]\s", line)]


# -- nothing ruling-like outside the declarations ------------------------------------------

# A reference to a declared ruling: see the ruling "<topic>".
REFERENCE = re.compile(r'see\s+the\s+ruling\s+"([^"]+)"', re.IGNORECASE)
RULING_WORDS = re.compile(
    r"\bruling\b|\bruled\b|\bwe rule\b|\bour reading\b|^\s*rulings?\s*[(:]",
    re.IGNORECASE | re.MULTILINE)


def _prose(path: Path) -> list[tuple[int, str]]:
    """Comments and docstrings of a source file, with their line numbers."""
    source = path.read_text(encoding="utf-8")
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            found.append((tok.start[0], tok.string))
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                found.append((body[0].lineno, body[0].value.value))
    return found


def _stray(text: str, topics: set[str]) -> list[str]:
    """Ruling words in ``text`` that are not part of a reference to a declared topic."""
    problems = []

    def check(m: re.Match[str]) -> str:
        if " ".join(m.group(1).split()).casefold() not in topics:
            problems.append(f"reference to an undeclared ruling: {m.group(0)!r}")
        return ""

    rest = REFERENCE.sub(check, text)
    problems += [f"ruling text outside the declarations: {m.group(0)!r}"
                 for m in RULING_WORDS.finditer(rest)]
    return problems


def test_no_ruling_in_comments_or_docstrings(collected):
    topics = {r.topic.casefold() for r in collected if r.piece is None}
    problems = []
    for path in _files():
        if path == MACHINERY:
            continue
        for line, text in _prose(path):
            problems += [f"{path.relative_to(ROOT)}:{line}: {p}" for p in _stray(text, topics)]
    assert problems == []


def test_the_convention_check_catches_what_it_should():
    topics = {"castles in forced choices"}
    assert _stray('Castles are spared (see the ruling "Castles in forced choices").', topics) == []
    assert _stray('see the ruling "Castles in\n    forced choices"', topics) == []
    assert _stray("Ruling (#39, #107): extra turns chain.", topics)
    assert _stray("# Ruling: the text sets no limit.", topics)
    assert _stray("Rulings: castles are spared.", topics)
    assert _stray("We ruled that castles are spared.", topics)
    assert _stray("Our reading: castles are spared.", topics)
    assert _stray('see the ruling "Castles are never spared"', topics)


# -- each ruling non-empty and said once ---------------------------------------------------

def test_rulings_are_non_empty_and_unique(collected):
    for r in collected:
        assert r.topic.strip() and len(r.text.split()) >= 5, r
        assert r.source, r
    texts = [r.text for r in collected]
    assert len(texts) == len(set(texts)), [t for t in texts if texts.count(t) > 1]
    topics = [r.topic.casefold() for r in collected if r.piece is None]
    assert len(topics) == len(set(topics)), [t for t in topics if topics.count(t) > 1]


def test_ruling_normalises_whitespace():
    r = ruling("  A   topic ", "Some\n     reading with   reasons.")
    assert (r.topic, r.text) == ("A topic", "Some reading with reasons.")


def test_kernel_and_block_rulings_say_where_they_are_declared(collected):
    sources = {r.source for r in collected if r.piece is None}
    assert {"legends_core.effects", "legends_core.setup",
            "legends_pieces.powers.choices", "legends_pieces.powers.knowledge"} <= sources
    assert all(r.kernel == r.source.startswith("legends_core.") for r in collected)


# -- rulings that sat in comments, with their tests ----------------------------------------

def test_defender_lost_during_the_attack_window_counts_as_a_won_attack():
    # See the ruling "An attacked piece lost during the attack". Gray's Gnarak (#127)
    # attacks a Wood Elf (2); gray's Fire Wall takes the Elf to 0 in the attack window.
    game = position({"d5": 127, "d4": 23, "c4": 168, "h1": 11, "a8": 157}, active="gray")
    play(game, "d5-d4", "c4 fire-wall d4", "pass", "pass")
    assert game.piece_at("d4").name == "Gnarak" and game.piece_at("d5") is None
    # Gnarak's power after a successful attack runs: beige throws it to an empty square.
    assert game.current_player == "beige" and "choose a1" in options(game)


def test_granted_movement_is_not_offered_for_a_stationary_piece():
    # See the ruling "Granted actions and stationary pieces": Oppolifnas (#137) may lend
    # Flying to the Hades Giant next to it, not to the Rancid Castle or the Fire Wall.
    game = position({"d5": 137, "e5": 169, "c5": 168, "d6": 184, "a1": 11}, active="gray")
    assert [o for o in options(game) if "oppolifnas" in o] == ["d5 oppolifnas d6"]


def test_mold_curses_take_molds_from_any_destroyed_area():
    # See the ruling "Molds from any destroyed area": Smerdim lies in beige's area.
    forests = {"a1": "forest", "b1": "forest", "c1": "forest"}
    game = position({"d3": 44, "d4": 195, "h1": 11, "h8": 184}, terrain=forests,
                    curse=(171, "gray"), destroyed={"beige": [185], "gray": [194]})
    play(game, "d3-d4", "pass", "pass")
    assert game.current_player == "gray"
    assert sorted(options(game)) == ["choose beige:0", "choose done", "choose gray:0"]

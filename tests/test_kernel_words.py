"""The kernel's questions and reasons for an ending reach a person in their language: each has
a template in ``legends.kernel_words`` (so the catalogues hold it), found both by reading the
sources and by playing every edition."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from legends.i18n import language
from legends.kernel_words import ENDINGS, QUESTIONS, ending, question, template_of
from legends.wording import prompt, reason
from legends_core import Game, rulesets

SRC = Path(__file__).resolve().parent.parent / "src"


def _texts(node: ast.expr) -> list[str]:
    """The sentences an expression words: a string literal, an f-string with its values as
    ``{name}`` placeholders, and the sums of those (with either branch of a conditional)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in _texts(node.left) for b in _texts(node.right)]
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    text = _text(node)
    return [] if text is None else [text]


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            else:
                names = re.findall(r"[A-Za-z_]\w*", ast.unparse(v.value))  # type: ignore[attr-defined]
                parts.append("{" + (names[-1] if names else "x") + "}")
        return "".join(parts)
    return None


def asked_in_the_sources() -> set[str]:
    """Every question the kernel, the pieces and the editions word: the text given to
    ``ask(player, text, ...)``, a ``prompt`` of a decision, the default ``about`` of a shared
    power, and every ending's reason given to ``end_game``."""
    found: set[str] = set()
    for pkg in ("legends_core", "legends_pieces", "legends_editions"):
        for path in (SRC / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                texts: list[ast.expr] = []
                if isinstance(node, ast.Call):
                    name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                    if name in ("ask", "end_game") and len(node.args) >= 2:
                        texts.append(node.args[1])
                elif isinstance(node, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "prompt" for t in node.targets):
                    texts.append(node.value)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    args = node.args.args + node.args.kwonlyargs
                    defaults = ([None] * (len(node.args.args) - len(node.args.defaults))
                                + list(node.args.defaults) + list(node.args.kw_defaults))
                    texts.extend(d for a, d in zip(args, defaults, strict=True)
                                 if a.arg == "about" and d is not None)
                found.update(text for t in texts for text in _texts(t) if " " in text)
    return found


def test_every_question_and_reason_in_the_sources_has_a_template():
    found = asked_in_the_sources()
    assert len(found) > 30  # the scan finds them (it would pass vacuously otherwise)
    missing = sorted(t for t in found if template_of(t, QUESTIONS + ENDINGS) is None)
    assert not missing, f"add these to legends.kernel_words: {missing}"


@pytest.mark.parametrize("rules", sorted(rulesets()))
def test_every_question_and_ending_met_in_play_is_translated(rules):
    seen_questions: set[str] = set()
    seen_reasons: set[str] = set()
    for seed in range(3):
        game = Game.new(rules=rules, seed=seed) if rules == "legends" else Game.new(
            rules=rules, seed=seed, setup=False)
        rng = random.Random(seed)
        while not game.is_over and game.turn < 400:
            if game.decision:
                seen_questions.add(game.decision)
            game.apply(rng.choice(list(game.legal_actions())))
        if game.is_over:
            seen_reasons.add(game.reason)
    assert seen_questions
    legends = rules == "legends"
    with language("de"):
        for q in seen_questions:
            shown = prompt(q, legends)
            assert shown and shown != q, f"{rules}: {q!r} is not translated"
        for r in seen_reasons:
            shown = reason(r, legends)
            assert shown != r, f"{rules}: the ending {r!r} is not translated"


def test_a_question_keeps_its_square_and_an_ending_its_numbers():
    with language("de"):
        assert question("choose a piece to move to c4") == "wähle eine Figur, die nach c4 zieht"
        assert ending("the same position for the 3rd time") == "dieselbe Stellung zum 3. Mal"
        assert ending("turn limit of 200 reached") == "Zuggrenze von 200 erreicht"
        assert ending("beige cannot move or act") == "beige kann weder ziehen noch handeln"
        # A plugin's own question, unknown here, is shown as the plugin words it.
        assert question("pick a colour for the dragon") == "pick a colour for the dragon"
    with language("nl"):
        assert ending("gray lost on time") == "gray verloor op tijd"
    # English is the kernel's own words, untouched.
    assert question("choose a piece to move to c4") == "choose a piece to move to c4"
    assert ending("the same position for the 3rd time") == "the same position for the 3rd time"

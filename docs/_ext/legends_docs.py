"""Build-time pages made from the code itself, so the docs cannot drift from it.

* ``generated/pieces-<nation>.rst``: every piece of each nation (facts, rules text, powers,
  rulings), read from the installed plugins.
* ``generated/rulings.rst``: every ruling, by piece, plus the general rulings written in the
  shared building blocks' module docs.
* ``_static/diagrams/*.svg``: board pictures drawn with :func:`legends_core.svg.board_svg`.
"""

from __future__ import annotations

import importlib
import inspect
import os

from legends_core import catalogue
from legends_core.svg import board_svg
from legends_core.testing import position

NATIONS = [
    ("ancients", "The Ancients (green)", "green"),
    ("valorians", "The Valorians (gold)", "gold"),
    ("celestia", "The Celestia (blue)", "blue"),
    ("gargans", "The Gargans (silver)", "silver"),
    ("manes", "The Manes (red)", "red"),
    ("qaans", "The Qa'ans (purple)", "purple"),
]
GENERAL_RULING_MODULES = [
    "legends_pieces.powers.knowledge",
    "legends_pieces.powers.choices",
    "legends_pieces.powers.ranged",
    "legends_pieces.powers.strength",
    "legends_pieces.powers.boosts",
    "legends_pieces.powers.magic",
    "legends_pieces.powers.movement",
    "legends_pieces.powers.turns",
    "legends_core.setup",
]


def _title(text: str, ch: str) -> str:
    return f"{text}\n{ch * len(text)}\n"


def _piece_block(t) -> str:  # type: ignore[no-untyped-def]
    s = "no strength" if t.strength is None else f"strength **{t.strength}**"
    lines = [f".. _piece-{t.number}:\n", _title(f"#{t.number} {t.name}", "-")]
    lines.append(f"*{t.kind}* -- {s} -- {t.colour} {t.type} -- {t.army} army"
                 + (" -- *extra, outside the 206*" if t.extra else "") + "\n")
    lines.append(t.text + "\n")
    for p in t.powers:
        key = f" (``{p.key}``)" if p.key else ""
        lines.append(f"* **{p.label}**{key}: {p.describe()}")
    lines.append("")
    if t.rulings:
        lines.append("Rulings:\n")
        for r in t.rulings:
            lines.append(f"* {r}")
        lines.append("")
    return "\n".join(lines) + "\n"


def write_pages(app) -> None:  # type: ignore[no-untyped-def]
    root = app.srcdir
    gen = os.path.join(root, "generated")
    os.makedirs(gen, exist_ok=True)
    cat = catalogue()
    for module, title, colour in NATIONS:
        pieces = [t for t in cat.values() if t.colour == colour and t.number <= 204]
        body = [_title(title, "="), f"{len(pieces)} pieces, each a module of "
                f"``legends_pieces.{module}``.\n"]
        body += [_piece_block(t) for t in pieces]
        _write(os.path.join(gen, f"pieces-{module}.rst"), "\n".join(body))
    promo = [t for t in cat.values() if 205 <= t.number <= 208]
    body = [_title("Convention and promotional pieces", "="),
            "#205 and #206 were convention pieces and belong to the rulebook's 206; "
            "#207 and #208 are later extras.\n"]
    body += [_piece_block(t) for t in promo]
    _write(os.path.join(gen, "pieces-promotional.rst"), "\n".join(body))
    others = [t for t in cat.values() if t.number > 208]
    body = [_title("Pieces from other installed packs", "=")]
    body += [_piece_block(t) for t in others] or ["None installed.\n"]
    _write(os.path.join(gen, "pieces-other.rst"), "\n".join(body))

    rulings = [_title("Rulings by piece", "-")]
    for t in cat.values():
        for r in t.rulings:
            rulings.append(f"* **#{t.number} {t.name}**: {r}")
    general = [_title("General rulings", "-")]
    for name in GENERAL_RULING_MODULES:
        for doc in _docstrings(importlib.import_module(name)):
            for para in doc.split("\n\n"):
                if para.strip().startswith("Ruling"):
                    general.append("* " + " ".join(para.split()))
    _write(os.path.join(gen, "rulings.rst"), "\n".join(general) + "\n\n" + "\n".join(rulings) + "\n")

    diagrams = os.path.join(root, "_static", "diagrams")
    os.makedirs(diagrams, exist_ok=True)
    from legends_core import Game

    board = Game.new(seed=1, boards=["1A", "2B", "3C", "4D"], setup=False)
    _write(os.path.join(diagrams, "setup.svg"), board_svg(view=board.view(None)))
    _write(os.path.join(diagrams, "setup-beige.svg"), board_svg(view=board.view("beige")))
    fly = position({"b4": 10, "c4": 8, "d4": 160, "f4": 141, "h8": 157},
                   terrain={"e4": "water"})
    _write(os.path.join(diagrams, "flying.svg"),
           board_svg(view=fly.view(None), last=fly.parse_action("b4 flying g4")))
    example = position({"d3": 37, "d4": 160, "b6": 146, "c6": 44, "f5": 8, "e4": 11, "f4": 11,
                        "g4": 11, "f6": 151, "g6": 118, "h8": 157},
                       terrain={"d4": "desert", "b6": "forest", "c6": "forest", "a6": "forest",
                                "f5": "marsh"}, curse=(22, "beige"))
    _write(os.path.join(diagrams, "complex-attack.svg"), board_svg(view=example.view(None)))


def _docstrings(module) -> list[str]:  # type: ignore[no-untyped-def]
    """The module's docstring, then those of the classes it defines (the shared blocks), in
    the order they are written: block rulings live in either."""
    docs = [module.__doc__ or ""]
    for obj in vars(module).values():
        if inspect.isclass(obj) and obj.__module__ == module.__name__:
            docs.append(inspect.cleandoc(obj.__doc__ or ""))
    return docs


def _write(path: str, text: str) -> None:
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != text:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True}

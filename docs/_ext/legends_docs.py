"""Build-time pages made from the code itself, so the docs cannot drift from it.

* ``generated/pieces-<nation>.rst``: every piece of each nation (facts, rules text, powers,
  rulings), read from the installed plugins.
* ``generated/rulings.rst``: every ruling, as :func:`legends_core.rulings.all_rulings` collects
  them: the kernel's, the shared building blocks', then each piece's own.
* ``_static/diagrams/*.svg``: board pictures drawn with :func:`legends_core.svg.board_svg`.
"""

from __future__ import annotations

import os

from legends_core import Ruling, all_rulings, catalogue
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

    _write(os.path.join(gen, "rulings.rst"), rulings_page(all_rulings(cat)))

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


def rulings_page(rulings: list[Ruling]) -> str:
    """The body of the rulings page: kernel rulings, rulings of shared building blocks (by
    module), then each piece's own (linked to the piece)."""
    def lead(r: Ruling) -> str:
        topic = r.topic[0].upper() + r.topic[1:]
        return f"**{topic}{'' if topic[-1] in '.?!' else '.'}**"

    kernel = [r for r in rulings if r.piece is None and r.kernel]
    blocks = [r for r in rulings if r.piece is None and not r.kernel]
    pieces = [r for r in rulings if r.piece is not None]
    out = [_title("Kernel rulings", "-")]
    out += [f"* {lead(r)} {r.text} (``{r.source}``)" for r in kernel]
    out += ["", _title("Rulings of shared building blocks", "-")]
    out += [f"* {lead(r)} {r.text} (``{r.source}``)" for r in blocks]
    out += ["", _title("Rulings by piece", "-")]
    out += [f"* :ref:`{r.source} <piece-{r.piece}>`: {r.text}" for r in pieces]
    return "\n".join(out) + "\n"


def _write(path: str, text: str) -> None:
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != text:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True}

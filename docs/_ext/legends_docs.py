"""Build-time pages made from the code itself, so the docs cannot drift from it.

* ``generated/pieces-<nation>.rst``: every piece of each nation (facts, rules text, powers,
  rulings), read from the installed plugins.
* ``generated/rulings.rst``: every ruling, as :func:`legends_core.rulings.all_rulings` collects
  them: the kernel's, the shared building blocks', then each piece's own.
* ``generated/edition-<name>.rst``: each other edition's pieces and rulings
  (:func:`legends_core.rulings.ruleset_rulings`).
* ``generated/events.inc`` and ``generated/decisions.inc`` (included by the API page): every event type (its ``kind``,
  audience and fields) and every kind of decision, from the registries the engine itself uses
  (with every installed edition loaded, so theirs are listed too).
* ``_static/diagrams/*.svg``: board pictures drawn with :func:`legends.svg.board_svg`.

It also writes the signatures of attrs classes from their public fields (see
:func:`attrs_signature`).
"""

from __future__ import annotations

import os
from collections import Counter

from legends_core import Ruling, all_rulings, catalogue, catalogue_for, get_ruleset
from legends_core.rulings import ruleset_rulings
from legends.svg import board_svg
from legends_core.testing import position, stratego

EDITIONS = ["classic", "narnia-1", "narnia-2", "ultimate-lightning", "ultimate-campaign"]

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
    _write(os.path.join(gen, "events.inc"), events_page())
    _write(os.path.join(gen, "decisions.inc"), decisions_page())

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
    team = Game.new(players=4, seed=1, setup=False)
    _write(os.path.join(diagrams, "team-4.svg"), board_svg(view=team.view("beige-1")))
    write_editions(gen, diagrams)


def write_editions(gen: str, diagrams: str) -> None:
    """Each other edition's generated part (pieces, rulings) and its diagrams."""
    from legends_core import Game

    for name in EDITIONS:
        _write(os.path.join(gen, f"edition-{name}.rst"), edition_page(name))
        game = Game.new(rules=name, seed=1, setup=False)
        _write(os.path.join(diagrams, f"{name}-setup.svg"), board_svg(view=game.view("red")))
    scout = stratego("classic", {"b2": "Scout", "e3": "Major", "a1": "Flag"},
                     {"b7": "Captain", "j10": "Flag"})
    _write(os.path.join(diagrams, "classic-scout.svg"),
           board_svg(view=scout.view(None), last=scout.parse_action("b2 scout b7")))
    ride = stratego("ultimate-lightning", {"e3": "Captain", "a1": "Flag"},
                    {"f4": "Corporal", "j10": "Flag"})
    _write(os.path.join(diagrams, "ultimate-cavalry.svg"),
           board_svg(view=ride.view(None), last=ride.parse_action("e3 cavalry f4")))


def edition_page(name: str) -> str:
    """The pieces (each army's names, rank, how many, rules text, powers) and the rulings."""
    rs = get_ruleset(name)
    cat = catalogue_for(rs)
    armies = getattr(rs.setup, "armies", {})
    counts = {seat: Counter(armies.get(seat, ())) for seat in rs.seats}
    out = [_title("Pieces", "-"),
           f"Each army's pieces, from ``legends_editions`` (entry-point group ``{rs.pieces}``):\n"]
    red = sorted((t for t in cat.values() if t.army == rs.seats[0]), key=lambda t: t.number)
    for t in red:
        if not counts[rs.seats[0]][t.name]:
            continue
        blue = next((b for b in cat.values() if b.number == t.number + 100), None)
        names = t.name if blue is None or blue.name == t.name else f"{t.name} / {blue.name}"
        rank = "no rank" if t.strength is None else f"rank {t.strength}"
        keys = "".join(f" {p.label} (``{p.key}``): {p.describe()}" for p in t.powers if p.key)
        out.append(f"* **{names}** ({rank}, {counts[rs.seats[0]][t.name]} a side): {t.text}"
                   + (f" --{keys}" if keys else ""))
    out += ["", _title("Rulings", "-"),
            "Where our sources leave a question open, this is the reading the engine follows "
            "(the kernel's rulings on the :doc:`../rulings` page hold as well).\n"]
    for r in ruleset_rulings(name):
        topic = r.topic[0].upper() + r.topic[1:]
        out.append(f"* **{topic}.** {r.text} (``{r.source}``)")
    return "\n".join(out) + "\n"


def _load_everything() -> None:
    """Import every installed edition, so that their event and task types are registered."""
    from legends_core import rulesets

    for name in rulesets():
        catalogue_for(name)


def _type_text(annotation: object) -> str:
    return str(annotation).replace("typing.", "").replace("<class '", "").replace("'>", "")


def events_page() -> str:
    """A table of every event type (kind, class, audience, fields), then each class."""
    import attrs

    from legends_core.events import EVENT_TYPES

    _load_everything()
    rows = []
    for kind, cls in EVENT_TYPES.items():
        fields = ", ".join(f"``{f.name}: {_type_text(f.type)}``" for f in attrs.fields(cls))
        rows.append((f"``{kind}``", f":class:`~{cls.__module__}.{cls.__name__}`",
                     f"``{cls.audience}``", fields))
    out = [_list_table(("kind", "class", "audience", "fields"), rows), ""]
    for cls in EVENT_TYPES.values():
        out += [f".. autoclass:: {cls.__module__}.{cls.__name__}", "   :members:",
                "   :undoc-members:", "   :exclude-members: kind, audience", ""]
    return "\n".join(out) + "\n"


def decisions_page() -> str:
    """A table of every kind of decision (``Game.decision_kind``), then each class."""
    from legends_core.tasks import TASK_TYPES

    _load_everything()
    rows = []
    kinds = [(n, c) for n, c in TASK_TYPES.items() if c.decision]
    for name, cls in kinds:
        doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        prompt = f"*{cls.prompt}*" if cls.prompt else "(its own words)"
        rows.append((f"``{name}``", f":class:`~{cls.__module__}.{cls.__name__}`", prompt, doc))
    out = [_list_table(("kind", "class", "prompt", "what is decided"), rows), ""]
    for _, cls in kinds:
        out += [f".. autoclass:: {cls.__module__}.{cls.__name__}", "   :members: options",
                ""]
    return "\n".join(out) + "\n"


def _list_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in (header, *rows):
        out.append(f"   * - {row[0]}")
        out += [f"     - {cell}" for cell in row[1:]]
    return "\n".join(out)


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


def attrs_signature(app, what, name, obj, options, signature, return_annotation):  # type: ignore[no-untyped-def]
    """The signature of an attrs class as a reader calls it: its public ``__init__`` fields
    with their defaults as values. (Read from the source, as ``autodoc_preserve_defaults``
    does, attrs' generated ``__init__`` shows its internals: ``attr_dict['x'].default`` and
    ``NOTHING`` for a factory.)"""
    import attrs

    if what not in ("class", "exception") or not attrs.has(obj):
        return None
    parts, star = [], False
    for f in attrs.fields(obj):
        if not f.init or (f.alias.startswith("_") and f.default is not attrs.NOTHING):
            continue
        if f.kw_only and not star:
            parts.append("*")
            star = True
        if f.default is attrs.NOTHING:
            parts.append(f.alias)
        elif isinstance(f.default, attrs.Factory):
            made = "..." if f.default.takes_self else repr(f.default.factory())
            parts.append(f"{f.alias}={made}")
        else:
            parts.append(f"{f.alias}={f.default!r}")
    return f"({', '.join(parts)})", return_annotation


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("builder-inited", write_pages)
    app.connect("autodoc-process-signature", attrs_signature)
    return {"version": "1", "parallel_read_safe": True}

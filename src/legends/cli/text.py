"""Drawing a player's view as text for the terminal, in colour where the terminal has it.

Text is built as segments ``(text, style)``; :class:`Terminal` prints them with colours through
`rich <https://rich.readthedocs.io>`_ when it is installed (the ``cli`` extra) and the output is
a terminal that shows colour, and as plain text otherwise (``NO_COLOR`` is respected).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from typing import IO, Any

from legends_core import PieceView, View
from legends_core.board import file_name
from legends_core.events import Event, describe
from legends_core.registry import Catalogue

from ..svg import grid, split_square

Segment = tuple[str, str]

_LETTER = {"desert": "D", "forest": "F", "marsh": "M", "mountain": "N", "plains": "P",
           "town": "T", "water": "W"}
_TERRAIN = {letter: name for name, letter in _LETTER.items()}
TERRAIN_STYLE = {"D": "yellow", "F": "green", "M": "cyan", "N": "bright_black", "P": "",
                 "T": "magenta", "W": "blue"}
MINE, THEIRS, HIDDEN = "bold", "bold red", "dim"


class Terminal:
    """Where the commands print: coloured through rich when possible, plain otherwise.

    :param colour: ``None`` to decide by the output (a terminal with colour), ``True`` or
        ``False`` to force.
    """

    def __init__(self, file: IO[str] | None = None, colour: bool | None = None):
        self.file = file
        self.console: Any = None
        if colour is False:
            return
        try:
            from rich.console import Console
        except ImportError:  # the 'cli' extra is not installed: plain text
            return
        console = Console(file=file or sys.stdout, highlight=False, markup=False, emoji=False,
                          soft_wrap=True, force_terminal=True if colour else None)
        if colour or (console.is_terminal and console.color_system is not None):
            self.console = console

    def line(self, segments: str | Iterable[Segment] = "") -> None:
        if isinstance(segments, str):
            segments = [(segments, "")]
        if self.console is not None:
            from rich.text import Text

            self.console.print(Text.assemble(*((t, s) for t, s in segments)))
        else:
            print("".join(t for t, _ in segments), file=self.file or sys.stdout)

    def lines(self, rows: Iterable[str | Iterable[Segment]]) -> None:
        for row in rows:
            self.line(row)


# -- labels ------------------------------------------------------------------------------
def _mark(p: PieceView) -> str:
    mark = {"magic": "*", "castle": "#"}.get(p.kind or "", "")
    if not mark:
        s = p.strength or 0
        mark = "X" if s == 10 else str(s)
    return mark


def _abbreviations(name: str) -> Iterable[str]:
    """Three-letter abbreviations of ``name``, most natural first."""
    words = re.findall(r"[A-Za-z0-9]+", name) or ["X"]
    first = words[0]
    letters = "".join(words)
    yield letters[:3]
    if len(words) > 1:
        yield first[:2] + words[1][0]
        yield first[0] + words[1][:2]
    if len(words) > 2:
        yield first[0] + words[1][0] + words[2][0]
    for i in range(1, len(letters)):
        for j in range(i + 1, len(letters)):
            yield letters[0] + letters[i] + letters[j]


def labels(view: View) -> dict[str, str]:
    """A four-character label for each piece the viewer knows, by square: three letters of
    its name and its strength (``*`` magic, ``#`` castle, ``X`` for 10), different for
    different pieces in view (two of one kind share theirs), ``????`` for hidden pieces."""
    names = sorted({p.name for p in view.pieces if p.number is not None and p.name})
    taken: dict[str, str] = {}  # label stem -> name
    stem_of: dict[str, str] = {}
    for name in names:
        for stem in _abbreviations(name):
            stem = stem.ljust(3)[:3].capitalize()
            if stem not in taken:
                break
        else:  # pragma: no cover - every name of two letters or more has many stems
            stem = f"{name[:2]}{len(taken) % 10}"
        taken[stem] = name
        stem_of[name] = stem
    return {p.square: ("????" if p.number is None else stem_of[p.name or ""] + _mark(p))
            for p in view.pieces}


def label(p: PieceView) -> str:
    """A piece's label on its own (see :func:`labels` for labels unique within a view)."""
    return "????" if p.number is None else ((p.name or "")[:3] + _mark(p)).ljust(4)


def tag(controller: str) -> str:
    """A controller in a cell: ``b`` for beige, ``b2`` for beige-2 (a team game's seat)."""
    return controller[0] + (controller.rsplit("-", 1)[1] if "-" in controller else "")


def _terrain(v: View) -> dict[str, str]:
    """Each square's terrain letter (files past ``z`` on a team game's wide board)."""
    height = v.board["height"]
    return {f"{file_name(f)}{height - r}": letter
            for r, row in enumerate(v.board["rows"]) for f, letter in enumerate(row)}


# -- the board ---------------------------------------------------------------------------
def board_lines(v: View, seat: str | None = None) -> list[list[Segment]]:
    """The board as ``seat`` sees it (``seat``'s side at the bottom; the view's own player's
    by default), a legend, and the curse slot and destroyed areas, as segments."""
    squares = grid(v, seat)
    terrain = _terrain(v)
    by_square = {p.square: p for p in v.pieces}
    marks = labels(v)
    me = v.player if seat is None else seat
    # Pieces of one's team are one's own colour: teammates play them as they cross bands.
    mine = next((seats for seats in v.teams.values() if me in seats), (me,))
    wide = max((len(tag(p.controller)) for p in v.pieces), default=1)  # 2 in team games
    cell = 7 + wide
    cols = list(zip(*squares, strict=True))
    files = [_axis(col) for col in cols]
    lines: list[list[Segment]] = [[("    " + "".join(f"{name:^{cell}}" for name in files), "")]]
    for row in squares:
        line: list[Segment] = [(f"{_axis(row):>2}  ", "")]
        for sq in row:
            letter = terrain[sq]
            if letter == "W":
                line.append(("~" * (cell - 1) + " ", TERRAIN_STYLE["W"]))
                continue
            line.append((letter, TERRAIN_STYLE.get(letter, "")))
            p = by_square.get(sq)
            if p is None:
                line.append((" " * (cell - 1), ""))
                continue
            style = HIDDEN if p.number is None else MINE if p.controller in mine else THEIRS
            line.append((f"{tag(p.controller):<{wide}}:{marks[sq]}", style))
            line.append((" ", ""))
        lines.append(line)
    present = sorted({terrain[sq] for sq in terrain})
    legend = ", ".join(f"{x} {_TERRAIN[x]}" for x in present if x != "W")
    lines.append([(f"    (terrain: {legend}{', ~ water' if 'W' in present else ''}; "
                   f"{'/'.join(tag(s) + ':' for s in v.destroyed)} controller; ???? hidden; "
                   "'info SQUARE' for a piece)", "dim")])
    curse = "none" if v.curse is None else f"#{v.curse}{'' if v.curse_active else ' (arriving)'}"
    lines.append([(f"    curse: {curse}   destroyed: " + "; ".join(
        f"{k} {len(x)}" for k, x in v.destroyed.items()), "")])
    return lines


def _axis(squares: Iterable[str]) -> str:
    """The coordinate a row or column of squares shares (file letters or a rank number)."""
    spots = [split_square(s) for s in squares]
    files = {f for f, _ in spots}
    return file_name(next(iter(files))) if len(files) == 1 else str(spots[0][1] + 1)


def board_text(v: View, seat: str | None = None) -> str:
    """The board as plain text (see :func:`board_lines`)."""
    return "\n".join("".join(t for t, _ in line) for line in board_lines(v, seat))


def key_lines(v: View) -> list[str]:
    """What each label on the board stands for."""
    marks = labels(v)
    seen: dict[str, str] = {}
    for p in sorted(v.pieces, key=lambda p: (p.name or "", p.number or 0)):
        if p.number is not None:
            seen.setdefault(marks[p.square], f"{p.name} (#{p.number})")
    items = [f"{k} {name}" for k, name in sorted(seen.items())]
    return ["    " + "   ".join(f"{x:<30}" for x in items[i:i + 3]).rstrip()
            for i in range(0, len(items), 3)]


def info_lines(v: View, square: str, catalogue: Catalogue) -> list[str]:
    """What ``v``'s player may know about ``square``: its terrain, and the piece on it (its
    facts, text, powers and rulings when they know it; what is visible of it otherwise)."""
    square = square.strip().lower()
    terrain = {sq: _TERRAIN.get(letter, "plains") for sq, letter in _terrain(v).items()}
    if square not in terrain:
        return [f"no square {square[:10]!r} on this board"]
    p = v.piece_on(square)
    head = f"{square} ({terrain[square]})"
    if p is None:
        return [f"{head}: empty"]
    status = ", ".join(x for x in ("revealed to all" if p.revealed else "",
                                   "has moved" if p.moved else "never moved") if x)
    if p.number is None:
        return [f"{head}: a hidden piece of {p.controller}'s ({status})"]
    t = catalogue[p.number] if p.number in catalogue else None
    strength = "" if p.strength is None else f", strength {p.strength}"
    if p.current is not None and p.strength is not None and p.current != p.strength:
        strength += f" (now {p.current})"
    out = [f"{head}: {p.name} (#{p.number}), {p.controller}'s{strength}; {p.colour} {p.type} "
           f"({p.kind}; {status})"]
    for where, kind, value in v.effects:
        if where == square:
            out.append(f"  in force until the end of the turn: {kind} {value}")
    if t is not None:
        out.append(f"  {t.text}")
        out.extend(f"  - {pw.label}{f' [{pw.key}]' if pw.key else ''}: {pw.describe()}"
                   for pw in t.powers)
        out.extend(f"  Ruling: {r}" for r in t.rulings)
    return out


def event_lines(events: list[Event], names: Mapping[int, str]) -> list[str]:
    return [describe(e, dict(names)) for e in events]

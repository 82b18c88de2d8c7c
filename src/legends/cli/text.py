"""Drawing a player's view as text for the terminal, in colour where the terminal has it.

Text is built as segments ``(text, style)``; :class:`Terminal` prints them with colours through
`rich <https://rich.readthedocs.io>`_ when it is installed (the ``cli`` extra) and the output is
a terminal that shows colour, and as plain text otherwise (``NO_COLOR`` is respected).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import IO, Any

from legends_core import PieceView, View
from legends_core.board import file_name
from legends_core.errors import LegendsError
from legends_core.events import Event, keyword_name
from legends_core.registry import Catalogue
from legends_core.ruleset import catalogue_for

from ..i18n import _
from ..svg import grid, split_square
from ..wording import colour_name, is_legends, kind_name, line, piece_lines, terrain_name

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
#: What the strength mark of a label shows in place of a number, by piece kind.
KIND_MARK = {"magic": "*", "castle": "#"}
TEN = "X"  # strength 10: one character keeps every label four wide
_MINOR = {"of", "the", "a", "an"}  # words that give no letter of their own to a stem


def _mark(p: PieceView) -> str:
    mark = KIND_MARK.get(p.kind or "", "")
    if not mark:
        s = p.strength or 0
        mark = TEN if s == 10 else str(s)
    return mark


def _abbreviations(name: str) -> Iterable[str]:
    """Three-letter abbreviations of ``name``, most natural first."""
    words = re.findall(r"[A-Za-z0-9]+", name.replace("'", "")) or ["X"]
    first = words[0]
    letters = "".join(words)
    yield letters[:3]
    major = [first, *(w for w in words[1:] if w.lower() not in _MINOR)]
    if len(major) > 1:
        yield first[:2] + major[1][0]
        yield first[0] + major[1][:2]
    if len(major) > 2:
        yield first[0] + major[1][0] + major[2][0]
    for i in range(1, len(letters)):
        for j in range(i + 1, len(letters)):
            yield letters[0] + letters[i] + letters[j]


def _stem(text: str) -> str:
    return text.ljust(3)[:3].capitalize()


def _assign(names: Iterable[str], taken: dict[str, str]) -> dict[str, str]:
    """Give each of ``names`` (in order) the first free stem, recording it in ``taken``.

    Names of several words that begin alike ("Spirit of Sea", "Spirit of Wrath") all take
    their words' initials ('Sps', 'Spw'), rather than the first of them the letters they share.
    """
    names = list(names)
    openings = [_stem(next(iter(_abbreviations(n)))) for n in names]
    shared = {x for x in openings if openings.count(x) > 1}
    stem_of: dict[str, str] = {}
    for name, opening in zip(names, openings, strict=True):
        words = len(re.findall(r"[A-Za-z0-9]+", name.replace("'", "")))
        for stem in _abbreviations(name):
            stem = _stem(stem)
            if stem == opening and opening in shared and words > 1:
                continue
            if stem not in taken:
                break
        else:  # pragma: no cover - every name of two letters or more has many stems
            stem = f"{name[:2]}{len(taken) % 10}"
        taken[stem] = name
        stem_of[name] = stem
    return stem_of


@lru_cache(maxsize=32)
def _stems(names: tuple[str, ...]) -> dict[str, str]:
    return _assign(names, {})


def stems(catalogue: Mapping[int, Any]) -> dict[str, str]:
    """The three-letter stem of every piece name in ``catalogue`` (name -> stem), different
    for different names. They depend on the catalogue alone, so a piece keeps its label for
    a whole game, whichever pieces are in view (and a label tells nothing of hidden ones)."""
    return dict(_stems(tuple(sorted({t.name for t in catalogue.values()}))))


def _catalogue(v: View, catalogue: Mapping[int, Any] | None) -> Mapping[int, Any]:
    """``catalogue``, or the view's ruleset's own when none is given."""
    if catalogue is not None:
        return catalogue
    try:
        return catalogue_for(v.rules)
    except LegendsError:  # a ruleset that is not installed here: the names in view will do
        return {}


def labels(view: View, catalogue: Mapping[int, Any] | None = None) -> dict[str, str]:
    """A four-character label for each piece the viewer knows, by square: three letters of
    its name and its strength (``*`` magic, ``#`` castle, ``X`` for 10), different for
    different pieces (two of one kind share theirs), ``????`` for hidden pieces.

    The letters come from ``catalogue`` (the game's; the view's ruleset's by default, see
    :func:`stems`), so they stay the same all game long.
    """
    stem_of = stems(_catalogue(view, catalogue))
    extra = sorted({p.name for p in view.pieces if p.number is not None and p.name}
                   - stem_of.keys())
    if extra:  # pieces from outside the catalogue given
        stem_of.update(_assign(extra, {stem: name for name, stem in stem_of.items()}))
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
#: What the ``~`` squares are called, by ruleset (water elsewhere).
_IMPASSABLE = {"narnia-1": "Boulders", "narnia-2": "Boulders"}


def _seats(v: View) -> list[str]:
    """Every seat of the view's game, in seat order."""
    return list(v.destroyed) or [s for team in v.teams.values() for s in team]


def _kind_names(cat: Mapping[int, Any], kind: str) -> str | None:
    """The names of the pieces of one kind when there are a few (an edition's Bomb, Flag or
    two Magics), else ``None``."""
    found = sorted({t.name for t in cat.values() if t.kind == kind})
    return " or ".join(found) if 0 < len(found) <= 3 else None


def _marks(v: View, cat: Mapping[int, Any]) -> list[tuple[str, str, str | None]]:
    """Each mark with its meaning in full and in short (``None``: not under the board), in
    the edition's words: terrain, magic, castles and the curse slot are Stratego Legends';
    the other editions have lakes, ranks, Bombs and Flags."""
    present = {letter for row in v.board["rows"] for letter in row}
    legends = is_legends(v.rules)
    out: list[tuple[str, str, str | None]] = [
        (x, terrain_name(_TERRAIN[x]), terrain_name(_TERRAIN[x])) for x in sorted(present)
        if legends and x != "W" and x in _TERRAIN]
    if not legends and "P" in present:  # the board's letter for a square that is not a lake
        out.append(("P", _("land"), _("land")))
    if "W" in present:
        water = terrain_name(_IMPASSABLE.get(v.rules, "water" if legends else "lake"))
        out.append(("~", water, water))
    out.extend((f"{tag(seat)}:", _("{seat}'s piece (its controller)").format(seat=seat), seat)
               for seat in _seats(v))
    if legends:
        out.append(("Abc5", _("a piece: three letters of its name (listed below), then its "
                              "strength"), _("name and strength")))
    else:
        out.append(("Abc5", _("a piece: three letters of its name (listed below), then its "
                              "rank"), _("name and rank")))
    kinds = {t.kind for t in cat.values()}
    if any(t.strength == 10 for t in cat.values()):
        out.append((TEN, _("strength 10") if legends else _("rank 10"), "10"))
    for kind in ("magic", "castle"):
        if kind not in kinds:
            continue
        names = _kind_names(cat, kind)
        if legends:
            what = (_("{names} (a magic piece, no strength)") if kind == "magic"
                    else _("{names} (a castle, no strength)")) if names else (
                _("a magic piece (no strength)") if kind == "magic"
                else _("a castle (no strength)"))
        else:  # a Bomb or a Flag is what it is; no ranks
            what = (_("{names} (no rank)") if names else _("a piece without a rank"))
        out.append((KIND_MARK[kind], what.format(names=names), names or kind_name(kind)))
    if v.player in _seats(v):
        out.append(("????", _("a piece you have not been shown"), _("hidden")))
        out.append(("colours", _("bold: your side's pieces; red: the other side's; dim: hidden "
                                 "(in a terminal that shows colour)"), None))
    if _has_curses(v, cat):
        out.append(("curse:", _("the piece in the curse slot (collector number), '(arriving)' "
                                "until it takes effect"), None))
    out.append((_lost(v) + ":", _("how many pieces each army has lost"), None))
    return out


def _lost(v: View) -> str:
    """What the other editions call the pieces an army has lost."""
    return _("destroyed") if is_legends(v.rules) else _("captured")


def marks(v: View, catalogue: Mapping[int, Any] | None = None) -> list[tuple[str, str]]:
    """Every mark :func:`board_lines` can show in ``v``'s game, with what it means: the
    terrain of this board, each seat's tag, how a label is made, hidden pieces, the colours
    and the line under the board. The marks for pieces without a strength follow the
    catalogue (the game's; the view's ruleset's by default): ``*`` is a Bomb in classic
    Stratego and a magic piece in Stratego Legends."""
    return [(mark, meaning) for mark, meaning, _short in _marks(v, _catalogue(v, catalogue))]


def _has_curses(v: View, cat: Mapping[int, Any]) -> bool:
    return v.curse is not None or any(getattr(t, "has_death_curse", False)
                                      for t in cat.values())


def board_lines(v: View, seat: str | None = None,
                catalogue: Mapping[int, Any] | None = None, *,
                commands: bool = False) -> list[list[Segment]]:
    """The board as ``seat`` sees it (``seat``'s side at the bottom; the view's own player's
    by default), what its marks mean, and the curse slot and destroyed areas, as segments.

    ``catalogue`` is the game's, which makes the labels (see :func:`labels`); the view's
    ruleset's by default. ``commands`` adds the ``key`` and ``info`` commands of ``legends
    play`` to the legend.
    """
    cat = _catalogue(v, catalogue)
    squares = grid(v, seat)
    terrain = _terrain(v)
    by_square = {p.square: p for p in v.pieces}
    names = labels(v, cat)
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
            line.append((f"{tag(p.controller):<{wide}}:{names[sq]}", style))
            line.append((" ", ""))
        lines.append(line)
    items = [f"{mark} {short}" for mark, _meaning, short in _marks(v, cat) if short]
    if commands:
        items.append("'key' for more, 'info SQUARE' for a piece")
    width = max(80, len("".join(t for t, _ in lines[0])))
    lines.extend([(text, "dim")] for text in _pack(items, width))
    tail = [f"{_lost(v)}: {'; '.join(f'{k} {len(x)}' for k, x in v.destroyed.items())}"]
    if _has_curses(v, cat):
        curse = ("none" if v.curse is None
                 else f"#{v.curse}{'' if v.curse_active else ' (arriving)'}")
        tail.insert(0, f"curse: {curse}")
    lines.append([("    " + "   ".join(tail), "")])
    return lines


def _pack(items: list[str], width: int) -> list[str]:
    """``(item, item, ...)`` in lines of at most ``width`` characters (an item longer than
    that on its own line), broken between items only."""
    lines, line = [], "    ("
    for i, item in enumerate(items):
        text = item + (")" if i == len(items) - 1 else ",")
        if len(line) + 1 + len(text) > width and line.strip() not in ("", "("):
            lines.append(line)
            line = "     " + text
        else:
            line += ("" if line.endswith("(") else " ") + text
    return [*lines, line]


def _axis(squares: Iterable[str]) -> str:
    """The coordinate a row or column of squares shares (file letters or a rank number)."""
    spots = [split_square(s) for s in squares]
    files = {f for f, _ in spots}
    return file_name(next(iter(files))) if len(files) == 1 else str(spots[0][1] + 1)


def board_text(v: View, seat: str | None = None,
               catalogue: Mapping[int, Any] | None = None) -> str:
    """The board as plain text (see :func:`board_lines`)."""
    return "\n".join("".join(t for t, _ in line) for line in board_lines(v, seat, catalogue))


def key_lines(v: View, catalogue: Mapping[int, Any] | None = None) -> list[str]:
    """What every mark on the board means (see :func:`marks`), then what each piece's label
    stands for."""
    cat = _catalogue(v, catalogue)
    out = [f"    {mark:<11}{meaning}" for mark, meaning in marks(v, cat)]
    names = labels(v, cat)
    seen: dict[str, str] = {}
    legends = is_legends(v.rules)  # the other editions print no numbers on their pieces
    for p in sorted(v.pieces, key=lambda p: (p.name or "", p.number or 0)):
        if p.number is not None:
            seen.setdefault(names[p.square], f"{p.name} (#{p.number})" if legends else str(p.name))
    items = [f"{k} {name}" for k, name in sorted(seen.items())]
    return out + ["    " + "   ".join(f"{x:<30}" for x in items[i:i + 3]).rstrip()
                  for i in range(0, len(items), 3)]


def info_lines(v: View, square: str, catalogue: Catalogue) -> list[str]:
    """What ``v``'s player may know about ``square``: its terrain (in Stratego Legends; a
    lake or not elsewhere), and the piece on it (its facts, text and rulings when they know
    it; what is visible of it otherwise)."""
    square = square.strip().lower()
    letters = _terrain(v)
    if square not in letters:
        return [_("no square {square} on this board").format(square=repr(square[:10]))]
    legends = is_legends(v.rules)
    if legends:
        head = f"{square} ({terrain_name(_TERRAIN.get(letters[square], 'plains'))})"
    elif letters[square] == "W":
        head = f"{square} ({terrain_name(_IMPASSABLE.get(v.rules, 'lake'))})"
    else:
        head = square
    p = v.piece_on(square)
    if p is None:
        return [_("{square}: empty").format(square=head)]
    status = ", ".join(x for x in (_("revealed to all") if p.revealed else "",
                                   _("has moved") if p.moved else _("never moved")) if x)
    if p.number is None:
        return [_("{square}: a hidden piece of {seat}'s ({status})").format(
            square=head, seat=p.controller, status=status)]
    t = catalogue[p.number] if p.number in catalogue else None
    if p.strength is None:
        strength = ""
    elif p.current is not None and p.current != p.strength:
        strength = (_(", strength {base} (now {now})") if legends
                    else _(", rank {base} (now {now})")).format(base=p.strength, now=p.current)
    else:
        strength = (_(", strength {base}") if legends else _(", rank {base}")).format(
            base=p.strength)
    if legends:
        out = [_("{square}: {piece} (#{number}), {seat}'s{strength}; {colour} {type} "
                 "({kind}; {status})").format(
            square=head, piece=p.name, number=p.number, seat=p.controller, strength=strength,
            colour=colour_name(str(p.colour)), type=p.type, kind=kind_name(str(p.kind)),
            status=status)]
    else:  # no numbers, colours or kinds a player of the other editions ever sees
        out = [_("{square}: {piece}, {seat}'s{strength} ({status})").format(
            square=head, piece=p.name, seat=p.controller, strength=strength, status=status)]
    for where, kind, value in v.effects:
        if where != square:
            continue
        if kind == "modify" or isinstance(value, int):
            effect = f"{value:+d}" if isinstance(value, int) else str(value)
        else:
            effect = keyword_name(str(value))
        out.append("  " + _("in force until the end of the turn: {effect}").format(
            effect=effect))
    if t is not None:  # its text once (legends.wording.piece_lines), then its rulings
        out.extend(piece_lines(t, legends)[2:])
    return out


def event_lines(events: list[Event], names: Mapping[int, str], rules: str = "legends") -> list[str]:
    """The events as lines, in the words of the edition ``rules``."""
    legends = is_legends(rules)
    return [line(e.to_dict(), names, legends) for e in events]

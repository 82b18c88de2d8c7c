"""Drawing a player's view as text for the terminal, in colour where the terminal has it.

Text is built as segments ``(text, style)``; :class:`Terminal` prints them with colours through
`rich <https://rich.readthedocs.io>`_ when it is installed (the ``cli`` extra) and the output is
a terminal that shows colour, and as plain text otherwise (``NO_COLOR`` is respected).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from typing import IO, Any

from legends_core import View
from legends_core.events import Event, keyword_name
from legends_core.registry import Catalogue
from legends_core.textboard import (  # noqa: F401 - label, stems: this module's API too
    KIND_MARK,
    TEN,
    board_rows,
    catalogue_of,
    label,
    labels,
    stems,
    tag,
    terrain,
)

from ..i18n import _
from ..wording import colour_name, is_legends, kind_name, line, piece_lines, terrain_name

Segment = tuple[str, str]

_LETTER = {"desert": "D", "forest": "F", "marsh": "M", "mountain": "N", "plains": "P",
           "town": "T", "water": "W"}
_TERRAIN = {letter: name for name, letter in _LETTER.items()}
TERRAIN_STYLE = {"D": "yellow", "F": "green", "M": "cyan", "N": "bright_black", "P": "",
                 "T": "magenta", "W": "blue"}
MINE, THEIRS, HIDDEN = "bold", "bold red", "dim"
_STYLE = {"mine": MINE, "theirs": THEIRS, "hidden": HIDDEN}  # by the kernel's roles


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
# The labels, the layout and the cells are the kernel's text board (legends_core.textboard),
# which print(view) draws in plain text; here they get colours, a key and the edition's words.
_catalogue = catalogue_of  # the game's catalogue, or the view's ruleset's
_terrain = terrain  # each square's terrain letter


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
    if not 0 < len(found) <= 3:
        return None
    if len(found) == 1:
        return found[0]
    return _("{names} or {last}").format(names=", ".join(found[:-1]), last=found[-1])


def _marks(v: View, cat: Mapping[int, Any]) -> list[tuple[str, str, str | None]]:
    """Each mark with its meaning in full and in short (``None``: not under the board), in
    the edition's words: terrain, magic, castles and the curse slot are Stratego Legends';
    the other editions have lakes, ranks, Bombs and Flags."""
    present = {letter for row in v.board["rows"] for letter in row}
    legends = is_legends(v.rules)
    out: list[tuple[str, str, str | None]] = [
        (x, terrain_name(_TERRAIN[x]), terrain_name(_TERRAIN[x])) for x in sorted(present)
        if legends and x != "W" and x in _TERRAIN]
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

    The board itself is the kernel's (:func:`legends_core.textboard.board_rows`), coloured
    here. ``catalogue`` is the game's, which makes the labels (see :func:`labels`); the
    view's ruleset's by default. ``commands`` adds the ``key`` and ``info`` commands of
    ``legends play`` to the legend.
    """
    cat = _catalogue(v, catalogue)
    lines: list[list[Segment]] = [[(text, _STYLE.get(role, TERRAIN_STYLE.get(role, "")))
                                   for text, role in row]
                                  for row in board_rows(v, seat, cat)]
    items = [f"{mark} {short}" for mark, _m, short in _marks(v, cat) if short]
    if commands:
        items.append(_("'key' for more, 'info SQUARE' for a piece"))
    width = max(80, len("".join(t for t, _s in lines[0])))
    lines.extend([(text, "dim")] for text in _pack(items, width))
    lost = "; ".join(f"{k} {len(x)}" for k, x in v.destroyed.items())
    tail = [f"{_lost(v)}: {lost}"]
    if _has_curses(v, cat):
        curse = (_("none") if v.curse is None else f"#{v.curse}" if v.curse_active
                 else _("#{number} (arriving)").format(number=v.curse))
        tail.insert(0, _("curse: {piece}").format(piece=curse))
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


def board_text(v: View, seat: str | None = None,
               catalogue: Mapping[int, Any] | None = None) -> str:
    """The board as plain text (see :func:`board_lines`)."""
    return "\n".join("".join(t for t, _s in line) for line in board_lines(v, seat, catalogue))


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

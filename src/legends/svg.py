"""Pictures of the board as SVG text.

:func:`board_svg` is pure and keyword-only: it draws one :class:`~legends_core.visibility.View`
(a player's knowledge, or the referee's with ``game.view(None)``) and returns the SVG source.
Pieces the viewer does not know are drawn as blank backs. The board is turned so that the
viewer's own side is at the bottom, the last action gets an arrow, and a panel beside the board
names the pieces in the curse slot and the destroyed areas and explains the terrain colours.

Shapes drawn many times (terrain squares, piece bodies, blank backs) are defined once in
``<defs>`` and placed with ``<use>``, which keeps a frame small. Every square and every piece
carries ``data-square`` (and a piece the viewer knows, ``data-number``), so a web page can make
the picture clickable without knowing how it was drawn.

:class:`legends_core.Game` and :class:`~legends_core.visibility.View` show themselves with this
picture in Jupyter (``_repr_svg_``), as python-chess boards do.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING

from legends_core import PieceView, View
from legends_core.actions import Action
from legends_core.board import file_name
from legends_core.ruleset import ALIASES, DEFAULT
from legends_core.teams import side_of
from legends_core.textboard import grid as grid  # the text boards lay squares out alike
from legends_core.textboard import orientation_for, placer, split_square

from .i18n import _
from .wording import terrain_name, turn_label

if TYPE_CHECKING:
    from legends_core.registry import Catalogue

TERRAIN_COLOURS = {
    "plains": "#d8e4a0",
    "forest": "#4f8a43",
    "marsh": "#7c9c8a",
    "mountain": "#a39585",
    "town": "#cfa56e",
    "desert": "#ecd98f",
    "water": "#4a90d9",
}
_FROM_LETTER = {"D": "desert", "F": "forest", "M": "marsh", "N": "mountain", "P": "plains",
                "T": "town", "W": "water"}
SIDE_COLOURS = {"beige": "#f3e6c4", "gray": "#9c9c9c", "red": "#e8b4ae", "blue": "#aec4e8"}
PIECE_COLOURS = {"gold": "#c9a227", "green": "#2e8b3c", "blue": "#2f6fc0",
                 "silver": "#d0d4d8", "red": "#b8322a", "purple": "#7a3e9d"}
#: Colour of the last action's arrow and outlines.
LAST_COLOUR = "#e5322d"
#: Quarter turns a picture may be drawn at (the edge of the board nearest the viewer).
ORIENTATIONS = (0, 90, 180, 270)
#: Files in one player's band of a team game (lines are drawn between the bands).
BAND = 8
_SQUARE = re.compile(r"([a-z]{1,2})(\d{1,2})")


def wrap(text: str, width: int, lines: int = 3) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of about ``width`` characters
    (a word longer than a line is cut; the last line ends in an ellipsis when text is left)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        while len(word) > width:  # a very long word is cut rather than overflowing the square
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: width - 1].rstrip() + "\u2026"
    return out


#: Words left out of a short name ("Knight of the Rose" -> "KniRo").
_SMALL_WORDS = frozenset({"of", "the", "a", "an", "and", "de", "du", "la", "le"})


def short_name(name: str, width: int = 5) -> str:
    """A piece name cut to ``width`` letters, legible where the whole name would not be: one
    word's first letters, marked as cut ("Marshal" -> "Mars."), else the first word's three and the next
    word's two ("Psychic Devourer" -> "PsyDe")."""
    words = [w for w in re.split(r"[\s\-]+", name) if w and w.lower() not in _SMALL_WORDS]
    if not words:
        return ""
    if len(words) == 1:
        # A cut word is marked as cut: "Marsh" would read as a word of its own.
        word = words[0]
        return word if len(word) <= width else word[: width - 1] + "."
    return (words[0][: width - 2] + words[1][:2].capitalize())[:width]


def _mark(p: PieceView) -> str:
    return {"magic": "\u2605", "castle": "\u265c"}.get(p.kind or "", str(p.strength))


def board_svg(*, view: View, last: Action | None = None, size: float = 56,
              panel: bool = True, coordinates: bool = True,
              orientation: str | int | None = None, legend: bool = True,
              catalogue: Catalogue | None = None,
              names: Mapping[int, str] | None = None, legends: bool | None = None) -> str:
    """Render ``view`` as SVG source.

    :param view: what to draw (from :meth:`legends_core.Game.view`).
    :param last: an action to show: an arrow from its piece to each square it went to or
        aimed at, and an outline on those squares.
    :param size: the side of one square in pixels.
    :param panel: draw the turn, the curse slot and the destroyed areas (by name) beside the
        board.
    :param coordinates: label files and ranks.
    :param orientation: whose side is at the bottom: a player's name, or an angle of 0, 90,
        180 or 270 degrees (see :func:`orientation_for`). By default the view's own player's
        (the first player's for the referee).
    :param legend: explain the terrain colours (in the panel) for the terrains on this board.
    :param catalogue: where to look up the names of pieces in the curse slot and the
        destroyed areas (those are public); the installed catalogue by default.
    :param names: collector number to name, instead of a catalogue.
    :param legends: word the panel and the pieces' tooltips for Stratego Legends (its curse
        slot, its collector numbers); ``False``: the other editions' terms (lost pieces by
        name, no curse slot unless one is in use, no numbers). By default, as the view's
        edition has it.
    """
    if legends is None:
        legends = ALIASES.get(view.rules, view.rules) == DEFAULT
    width, height = view.board["width"], view.board["height"]
    rows = view.board["rows"]
    angle = orientation_for(view, orientation)
    cols, nrows = (width, height) if angle in (0, 180) else (height, width)
    place = placer(width, height, angle)
    margin = size * 0.5 if coordinates else 0.0
    panel_w = size * 4.2 if panel else 0.0
    total_w = margin + cols * size + panel_w
    board_h = nrows * size + margin
    if names is None and panel:
        names = _catalogue_names(catalogue, _public_numbers(view))
    panel_lines = _panel_lines(view, names or {}, legends) if panel else []
    terrains = sorted({_FROM_LETTER.get(ch, "plains") for row in rows for ch in row},
                      key=list(TERRAIN_COLOURS).index)
    legend_h = (len(terrains) + 1) * size * 0.32 if panel and legend else 0.0
    total_h = max(board_h, (len(panel_lines) + 1) * size * 0.32 + legend_h + size * 0.2)

    spots = _spots(width, height, angle, size, margin)

    def xy(square: str) -> tuple[float, float]:
        spot = spots.get(square)
        if spot is None:
            c, r = place(*split_square(square))
            return margin + c * size, r * size
        return spot

    pad = size * 0.1
    body = size - 2 * pad
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" height="{total_h:.0f}" '
           f'viewBox="0 0 {total_w:.0f} {total_h:.0f}" font-family="sans-serif" '
           f'data-orientation="{angle}">',
           f"<defs><style>.m{{font-size:{_n(size * 0.28)}px;text-anchor:middle;font-weight:bold}}"
           f".n{{font-size:{_n(size * 0.13)}px;text-anchor:middle}}"
           f".c{{font-size:{_n(size * 0.25)}px;text-anchor:middle}}"
           f".t{{font-size:{_n(size * 0.2)}px}}.h{{font-weight:bold}}"
           f".s{{font-size:{_n(size * 0.14)}px;text-anchor:middle}}"
           # A piece's short name, for a page to show in place of the whole name where the
           # board is drawn small (a phone): hidden in the picture itself.
           f".a{{display:none;font-size:{_n(size * 0.3)}px;text-anchor:middle}}</style>"]
    for t in terrains:
        out.append(f'<rect id="t-{t}" width="{size}" height="{size}" fill="{TERRAIN_COLOURS[t]}" '
                   f'stroke="#555" stroke-width="0.5"/>')
    for seat in sorted({p.controller for p in view.pieces}):
        out.append(_body(seat, size))
    for colour in sorted({p.colour for p in view.pieces if p.colour}):
        out.append(f'<rect id="b-{colour}" x="{pad:.1f}" y="{pad:.1f}" width="{body:.1f}" '
                   f'height="{size * 0.13:.1f}" fill="{PIECE_COLOURS.get(colour, "#888")}"/>')
    out.append(f'<marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" '
               f'markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
               f'fill="{LAST_COLOUR}"/></marker></defs>')

    out.append(_ground(tuple(rows), width, height, angle, size, margin, coordinates))
    if any(len(seats) > 1 for seats in view.teams.values()):
        out.extend(_band_lines(width, xy, size, cols, nrows, margin))
    for p in view.pieces:
        x, y = xy(p.square)
        out.append(_piece(p, x, y, size, legends))
    if last is not None:
        out.append(_last(last, xy, size))
    if panel:
        px = margin + cols * size + size * 0.3
        step = size * 0.32
        font = size * 0.2
        # Grouped so a page can lay them out elsewhere (under the board on a narrow screen).
        out.append('<g class="panel">')
        for i, line in enumerate(panel_lines):
            cls = "t" if line.startswith("  ") else "t h"
            out.append(f'<text x="{_n(px)}" y="{_n((i + 1) * step)}" class="{cls}">'
                       f'{escape(line)}</text>')
        out.append("</g>")
        if legend:
            y0 = (len(panel_lines) + 1) * step + size * 0.1
            heading = _("Terrain") if legends else _("Board")
            out.append(f'<g class="legend"><text x="{_n(px)}" y="{_n(y0)}" class="t h">'
                       f'{escape(heading)}</text>')
            for i, t in enumerate(terrains, 1):
                ty = y0 + i * step
                out.append(f'<rect x="{px:.1f}" y="{ty - font:.1f}" width="{font * 1.2:.1f}" '
                           f'height="{font:.1f}" fill="{TERRAIN_COLOURS[t]}" stroke="#555" '
                           f'stroke-width="0.5"/><text x="{_n(px + font * 1.6)}" y="{_n(ty)}" '
                           f'class="t legend">{escape(_legend_word(t, legends, view.rules))}</text>')
            out.append("</g>")
    out.append("</svg>")
    return "".join(out)


#: The other editions' words for the two grounds they have (no terrain there).
_PLAIN_GROUND = {"plains": "land", "water": "lake"}


def _legend_word(terrain: str, legends: bool, rules: str) -> str:
    """A terrain as the legend names it: Stratego Legends' terrain names; land and lakes
    (Narnia's boulders) in the other editions."""
    if legends:
        return terrain_name(terrain)
    if terrain == "water" and rules.startswith("narnia"):
        return terrain_name("boulders")
    return terrain_name(_PLAIN_GROUND.get(terrain, terrain))


# A server draws the same board for every seat after every action: the squares' places, the
# ground and each piece's picture are drawn once and kept.
@functools.lru_cache(maxsize=64)
def _spots(width: int, height: int, angle: int, size: float,
           margin: float) -> dict[str, tuple[float, float]]:
    """Where each square's top left corner is in the picture."""
    place = placer(width, height, angle)
    out = {}
    for f in range(width):
        for r in range(height):
            c, row = place(f, r)
            out[f"{file_name(f)}{r + 1}"] = (margin + c * size, row * size)
    return out


@functools.lru_cache(maxsize=64)
def _ground(rows: tuple[str, ...], width: int, height: int, angle: int, size: float,
            margin: float, coordinates: bool) -> str:
    """The terrain of every square and the file and rank labels."""
    spots = _spots(width, height, angle, size, margin)
    nrows = height if angle in (0, 180) else width
    out = []
    for r, row in enumerate(rows):
        rank = height - r
        for f, letter in enumerate(row):
            terrain = _FROM_LETTER.get(letter, "plains")
            sq = f"{file_name(f)}{rank}"
            x, y = spots[sq]
            out.append(f'<use href="#t-{terrain}" x="{_n(x)}" y="{_n(y)}" data-square="{sq}"/>')
    if coordinates:
        for f in range(width):
            x, y = spots[f"{file_name(f)}1"]
            if angle in (0, 180):
                out.append(_label(x + size / 2, nrows * size + margin * 0.7, file_name(f), size))
            else:
                out.append(_label(margin * 0.5, y + size * 0.6, file_name(f), size))
        for r in range(height):
            x, y = spots[f"a{r + 1}"]
            if angle in (0, 180):
                out.append(_label(margin * 0.5, y + size * 0.6, str(r + 1), size))
            else:
                out.append(_label(x + size / 2, nrows * size + margin * 0.7, str(r + 1), size))
    return "".join(out)


def _n(v: float) -> str:
    """A coordinate in as few characters as it takes (frames are sent often)."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _label(x: float, y: float, text: str, size: float) -> str:
    return f'<text x="{_n(x)}" y="{_n(y)}" class="c">{text}</text>'


def _body(seat: str, size: float) -> str:
    """The shared body of ``seat``'s pieces: its side's colour, and in a team game the
    player's number in a corner (so blank backs show whose they are too)."""
    pad = size * 0.1
    body = size - 2 * pad
    fill = SIDE_COLOURS.get(side_of(seat), "#dddddd")
    rect = (f'x="{pad:.1f}" y="{pad:.1f}" width="{body:.1f}" height="{body:.1f}" '
            f'rx="{size * 0.12:.1f}" fill="{fill}" stroke="#333" stroke-width="1.2"')
    number = seat.rsplit("-", 1)[1] if "-" in seat and seat[-1].isdigit() else ""
    if not number:
        return f'<rect id="p-{escape(seat)}" {rect}/>'
    # Top right, under the colour band: clear of the strength and the name below it.
    return (f'<g id="p-{escape(seat)}"><rect {rect}/><text x="{_n(size - pad * 1.5)}" '
            f'y="{_n(size * 0.36)}" class="s seat">{escape(number)}</text></g>')


def _band_lines(width: int, xy, size: float, cols: int, nrows: int, margin: float) -> list[str]:
    """Lines between the players' bands of :data:`BAND` files in a team game, however the
    picture is turned."""
    out = []
    for f in range(BAND, width, BAND):
        (x0, y0), (x1, y1) = xy(f"{file_name(f - 1)}1"), xy(f"{file_name(f)}1")
        if y0 == y1:  # files run across the picture: a vertical line
            x = max(x0, x1)
            out.append(f'<line x1="{_n(x)}" y1="0" x2="{_n(x)}" y2="{_n(nrows * size)}" '
                       f'stroke="#222" stroke-width="3" class="band"/>')
        else:
            y = max(y0, y1)
            out.append(f'<line x1="{_n(margin)}" y1="{_n(y)}" x2="{_n(margin + cols * size)}" '
                       f'y2="{_n(y)}" stroke="#222" stroke-width="3" class="band"/>')
    return out


@functools.lru_cache(maxsize=4096)
def _piece(p: PieceView, x: float, y: float, size: float, legends: bool = True) -> str:
    side = escape(p.controller)
    if p.number is None:  # a blank back: the viewer does not know this piece
        return (f'<use href="#p-{side}" x="{_n(x)}" y="{_n(y)}" data-square="{p.square}" '
                f'class="piece hidden"/>')
    where = f'transform="translate({_n(x)},{_n(y)})" data-square="{p.square}"'
    number = f" (#{p.number})" if legends else ""
    parts = [f'<g class="piece" {where} data-number="{p.number}"><title>{escape(p.name or "")}'
             f'{number}</title><use href="#p-{side}"/>']
    if p.colour:
        parts.append(f'<use href="#b-{p.colour}"/>')
    mark = _mark(p)
    if p.current is not None and p.strength is not None and p.current != p.strength:
        mark += f"\u2192{p.current}"  # an effect in force: base strength, then current
    parts.append(f'<text x="{_n(size / 2)}" y="{_n(size * 0.47)}" class="m">{escape(mark)}</text>')
    lines = wrap(p.name or "", 11)
    if lines:
        mid = _n(size / 2)
        more = "".join(f'<tspan x="{mid}" dy="{_n(size * 0.137)}">{escape(line)}</tspan>'
                       for line in lines[1:])
        parts.append(f'<text x="{mid}" y="{_n(size * 0.64)}" class="n">{escape(lines[0])}{more}'
                     f'</text>')
        parts.append(f'<text x="{mid}" y="{_n(size * 0.84)}" class="a">{escape(short_name(p.name or ""))}'
                     f'</text>')
    parts.append("</g>")
    return "".join(parts)


def _last(action: Action, xy, size: float) -> str:
    """Outlines of the squares the last action touched and a thin arrow between them: both let
    clicks through to the squares under them, and the arrow stops at the edge of the square it
    points to, so the strength and name of the piece standing there stay readable."""
    squares = [s for s in (action.src, action.dst, *action.targets) if _on_board(s)]
    out = []
    for sq in dict.fromkeys(squares):
        x, y = xy(sq)
        out.append(f'<rect x="{x + 1.5:.1f}" y="{y + 1.5:.1f}" width="{size - 3:.1f}" '
                   f'height="{size - 3:.1f}" fill="none" stroke="{LAST_COLOUR}" stroke-width="3" '
                   f'pointer-events="none" class="last"/>')
    if _on_board(action.src):
        x0, y0 = xy(action.src)
        for sq in dict.fromkeys(s for s in (action.dst, *action.targets) if _on_board(s)):
            if sq == action.src:
                continue
            x1, y1 = xy(sq)
            dx, dy = x1 - x0, y1 - y0
            length = max((dx * dx + dy * dy) ** 0.5, 1.0)
            ux, uy = dx / length, dy / length
            # From beside the label of the square it left to the edge of the square it reached.
            start, end = size * 0.28, size * 0.46
            if length < start + end + size * 0.1:
                start = max(length - end - size * 0.1, 0.0)
            out.append(f'<line x1="{x0 + size / 2 + ux * start:.1f}" '
                       f'y1="{y0 + size / 2 + uy * start:.1f}" '
                       f'x2="{x1 + size / 2 - ux * end:.1f}" y2="{y1 + size / 2 - uy * end:.1f}" '
                       f'stroke="{LAST_COLOUR}" stroke-width="{size * 0.06:.1f}" '
                       f'stroke-opacity="0.7" stroke-linecap="round" pointer-events="none" '
                       f'marker-end="url(#arrow)" class="arrow"/>')
    return "".join(out)


def _on_board(square: str) -> bool:
    return _SQUARE.fullmatch(square) is not None


def _public_numbers(view: View) -> set[int]:
    numbers = {n for area in view.destroyed.values() for n in area if n is not None}
    numbers.update(view.curse_queue)
    if view.curse is not None:
        numbers.add(view.curse)
    return numbers


def _catalogue_names(catalogue: Catalogue | None, numbers: Iterable[int]) -> dict[int, str]:
    numbers = list(numbers)
    if not numbers:
        return {}
    if catalogue is None:
        from legends_core.registry import default_catalogue

        catalogue = default_catalogue()
    return {n: catalogue[n].name for n in numbers if n in catalogue}


def _panel_lines(view: View, names: Mapping[int, str], legends: bool = True) -> list[str]:
    def name(n: int | None) -> str:
        if n is None:
            return _("a hidden piece")  # a captured piece its owner's opponent never saw
        if not legends:
            return names.get(n, _("a piece"))
        return f"{names[n]} (#{n})" if n in names else f"#{n}"

    lines = [_("{turn}: {seat} to play").format(turn=turn_label(view.turn), seat=view.active)]
    if view.over:
        w = view.winner  # a team game is won by a side: named with its seats
        won = f"{side_of(w)} ({', '.join(view.winners)})" if w and len(view.winners) > 1 else w
        lines.append(_("Winner: {winner}").format(winner=won or _("nobody")))
    if view.curse is None:
        if legends:
            lines.append(_("Curse slot: empty"))
    else:
        lines.append(_("Curse slot:") if view.curse_active else _("Curse slot: (arriving)"))
        lines.append("  " + name(view.curse))
    for n in view.curse_queue:
        lines.append("  " + _("waiting: {piece}").format(piece=name(n)))
    for side, numbers in view.destroyed.items():
        lost = (_("{seat} destroyed ({count}):") if legends
                else _("{seat} lost ({count}):")).format(seat=side, count=len(numbers))
        lines.append(lost)
        lines.extend("  " + name(n) for n in numbers)
    return lines

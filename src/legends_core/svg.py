"""Pictures of the board as SVG text.

:func:`board_svg` is pure and keyword-only: it draws one :class:`~legends_core.visibility.View`
(a player's knowledge, or the referee's with ``game.view(None)``) and returns the SVG source.
Pieces the viewer does not know are drawn as blank backs.
"""

from __future__ import annotations

from html import escape

from .actions import Action
from .board import file_index, file_name
from .teams import side_of
from .visibility import PieceView, View

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


def _piece(p: PieceView, x: float, y: float, size: float) -> str:
    fill = SIDE_COLOURS.get(side_of(p.controller), "#dddddd")
    pad = size * 0.1
    out = [f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{size - 2 * pad:.1f}" '
           f'height="{size - 2 * pad:.1f}" rx="{size * 0.12:.1f}" fill="{fill}" '
           f'stroke="#333" stroke-width="1.2"/>']
    if "-" in p.controller:  # a team game: which player of the side controls it
        out.append(f'<text x="{x + size - pad * 1.6:.1f}" y="{y + size - pad * 1.5:.1f}" '
                   f'font-size="{size * 0.16:.1f}" text-anchor="middle" '
                   f'font-family="sans-serif">{escape(p.controller.rsplit("-", 1)[1])}</text>')
    if p.number is None:
        return "".join(out)  # a blank back: the viewer does not know this piece
    band = PIECE_COLOURS.get(p.colour or "", "#888")
    out.append(f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{size - 2 * pad:.1f}" '
               f'height="{size * 0.14:.1f}" fill="{band}"/>')
    mark = {"magic": "\u2605", "castle": "\u265c"}.get(p.kind or "", str(p.strength))
    out.append(f'<text x="{x + size / 2:.1f}" y="{y + size * 0.58:.1f}" font-size="{size * 0.34:.1f}" '
               f'text-anchor="middle" font-family="sans-serif" font-weight="bold">{escape(mark)}</text>')
    short = escape((p.name or "")[:9])
    out.append(f'<text x="{x + size / 2:.1f}" y="{y + size * 0.82:.1f}" font-size="{size * 0.15:.1f}" '
               f'text-anchor="middle" font-family="sans-serif">{short}</text>')
    return "".join(out)


def _panel_lines(view: View) -> list[str]:
    """The text beside the board: the turn, the winner, the curse slot, destroyed areas."""
    lines = [f"Turn {view.turn}: {view.active} to play"]
    if view.over:
        w = view.winner
        lines.append(f"Winner: {side_of(w) if w and len(view.winners) > 1 else w or 'nobody'}")
    curse = "empty" if view.curse is None else f"#{view.curse}" + ("" if view.curse_active else " (arriving)")
    lines.append(f"Curse slot: {curse}")
    for side, numbers in view.destroyed.items():
        lines.append(f"{side} destroyed ({len(numbers)}):")
        shown = ", ".join("?" if n is None else f"#{n}" for n in numbers)  # None: hidden
        while shown:
            lines.append("  " + shown[:26])
            shown = shown[26:]
    return lines


def board_svg(*, view: View, last: Action | None = None, size: float = 56,
              panel: bool = True, coordinates: bool = True) -> str:
    """Render ``view`` as SVG source.

    :param view: what to draw (from :meth:`legends_core.Game.view`).
    :param last: an action to highlight (its squares get an outline).
    :param size: the side of one square in pixels.
    :param panel: draw the curse slot and the destroyed areas beside the board.
    :param coordinates: label files and ranks.
    """
    width, height = view.board["width"], view.board["height"]
    rows = view.board["rows"]
    margin = size * 0.5 if coordinates else 0.0
    panel_w = size * 4 if panel else 0.0
    lines = _panel_lines(view) if panel else []
    total_w = margin + width * size + panel_w
    total_h = max(margin + height * size, (len(lines) + 1) * size * 0.32)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" height="{total_h:.0f}" '
           f'viewBox="0 0 {total_w:.0f} {total_h:.0f}">']

    def xy(square: str) -> tuple[float, float]:
        k = 2 if square[1].isalpha() else 1
        f, r = file_index(square[:k]), int(square[k:]) - 1
        return margin + f * size, (height - 1 - r) * size

    for r, row in enumerate(rows):
        for f, letter in enumerate(row):
            terrain = _FROM_LETTER.get(letter, "plains")
            x, y = margin + f * size, r * size
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" '
                       f'fill="{TERRAIN_COLOURS[terrain]}" stroke="#555" stroke-width="0.5">'
                       f'<title>{file_name(f)}{height - r} {terrain}</title></rect>')
    if coordinates:
        for f in range(width):
            out.append(f'<text x="{margin + (f + 0.5) * size:.1f}" y="{height * size + margin * 0.7:.1f}" '
                       f'font-size="{size * 0.25:.1f}" text-anchor="middle" '
                       f'font-family="sans-serif">{file_name(f)}</text>')
        for r in range(height):
            out.append(f'<text x="{margin * 0.5:.1f}" y="{(height - r - 0.4) * size:.1f}" '
                       f'font-size="{size * 0.25:.1f}" text-anchor="middle" '
                       f'font-family="sans-serif">{r + 1}</text>')
    if any(len(seats) > 1 for seats in view.teams.values()):
        # A team game: a line between the players' bands of eight files.
        for f in range(8, width, 8):
            out.append(f'<line x1="{margin + f * size:.1f}" y1="0" x2="{margin + f * size:.1f}" '
                       f'y2="{height * size:.1f}" stroke="#222" stroke-width="3"/>')
    for p in view.pieces:
        x, y = xy(p.square)
        out.append(_piece(p, x, y, size))
    if last is not None:
        for sq in (last.src, last.dst, *last.targets):
            if sq:
                x, y = xy(sq)
                out.append(f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{size - 2}" '
                           f'height="{size - 2}" fill="none" stroke="#e5322d" stroke-width="3"/>')
    if panel:
        px = margin + width * size + size * 0.3
        for i, line in enumerate(lines):
            out.append(f'<text x="{px:.1f}" y="{(i + 1) * size * 0.32:.1f}" font-size="{size * 0.2:.1f}" '
                       f'font-family="sans-serif">{escape(line)}</text>')
    out.append("</svg>")
    return "".join(out)

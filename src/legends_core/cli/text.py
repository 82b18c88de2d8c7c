"""Drawing a player's view as text for the terminal."""

from __future__ import annotations

from ..board import file_name
from ..events import Event, describe
from ..visibility import PieceView, View

_LETTER = {"desert": "D", "forest": "F", "marsh": "M", "mountain": "N", "plains": "P",
           "town": "T", "water": "W"}


def label(p: PieceView) -> str:
    """Four characters: a name abbreviation and the strength, or ``????`` when hidden."""
    if p.number is None:
        return "????"
    mark = {"magic": "*", "castle": "#"}.get(p.kind or "", "")
    if not mark:
        s = p.strength or 0
        mark = "X" if s == 10 else str(s)
    return ((p.name or "")[:3] + mark).ljust(4)


def tag(controller: str) -> str:
    """A controller in a cell: ``b`` for beige, ``b2`` for beige-2 (a team game's seat)."""
    return controller[0] + (controller.rsplit("-", 1)[1] if "-" in controller else "")


def board_text(v: View) -> str:
    rows = v.board["rows"]
    width, height = v.board["width"], v.board["height"]
    by_square = {p.square: p for p in v.pieces}
    wide = max((len(tag(p.controller)) for p in v.pieces), default=1)  # 2 in team games
    cell = 7 + wide
    header = "    " + "".join(f"{file_name(f):^{cell}}" for f in range(width))
    lines = [header]
    for r, row in enumerate(rows):
        rank = height - r
        cells = []
        for f, letter in enumerate(row):
            sq = f"{file_name(f)}{rank}"
            if letter == "W":
                cells.append("~" * (cell - 1) + " ")
                continue
            p = by_square.get(sq)
            body = " " * (cell - 2) if p is None else f"{tag(p.controller):<{wide}}:{label(p)}"
            cells.append(f"{letter}{body} ")
        lines.append(f"{rank:>2}  " + "".join(cells))
    who = "b1:/g2:" if wide > 1 else "b:/g:"
    lines.append("    (terrain: D desert F forest M marsh N mountain P plains T town ~ water;"
                 f" {who} controller; ???? hidden)")
    curse = "none" if v.curse is None else f"#{v.curse}{'' if v.curse_active else ' (arriving)'}"
    lines.append(f"    curse: {curse}   destroyed: " + "; ".join(
        f"{k} {len(x)}" for k, x in v.destroyed.items()))
    return "\n".join(lines)


def event_lines(events: list[Event], names: dict[int, str]) -> list[str]:
    return [describe(e, names) for e in events]

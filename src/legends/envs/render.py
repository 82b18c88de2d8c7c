"""Pictures of a view for the environments' ``render()``: text, SVG and an RGB array.

All three draw a :class:`~legends_core.visibility.View`: pass the referee's
(``game.view(None)``) to watch everything, or a player's to see only what they know.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from legends_core import View
from legends_core.board import file_index

from ..cli.text import board_text
from ..svg import PIECE_COLOURS, SIDE_COLOURS, TERRAIN_COLOURS, board_svg

_LETTERS = {"D": "desert", "F": "forest", "M": "marsh", "N": "mountain", "P": "plains",
            "T": "town", "W": "water"}
#: Colours of seats with no colour of their own in :data:`legends.svg.SIDE_COLOURS`.
_SEAT_FALLBACK = ("#e8d8b0", "#8c8c8c", "#c06050", "#5070c0")


def text(view: View) -> str:
    return board_text(view)


def svg(view: View) -> str:
    return board_svg(view=view)


def in_mode(view: View, mode: str | None) -> Any:
    """``view`` drawn for an environment's ``render_mode``: ``"human"`` prints the text and
    gives ``None``, ``"ansi"`` the text, ``"svg"`` SVG source, ``"rgb_array"`` an image."""
    if mode is None:
        return None
    if mode == "human":
        print(text(view))
        return None
    if mode == "ansi":
        return text(view)
    if mode == "svg":
        return svg(view)
    return rgb(view)


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def rgb(view: View, cell: int = 32) -> np.ndarray:
    """An ``(height*cell, width*cell, 3)`` ``uint8`` picture: terrain, each piece a square in
    its controller's colour with a band in the piece's own colour when the viewer knows it,
    and a dark dot on pieces that have moved. Rank 1 is at the bottom, as the first player
    sees the board."""
    width, height = view.board["width"], view.board["height"]
    img = np.zeros((height * cell, width * cell, 3), dtype=np.uint8)
    for r, row in enumerate(view.board["rows"]):  # top rank first
        for f, ch in enumerate(row):
            img[r * cell:(r + 1) * cell, f * cell:(f + 1) * cell] = _rgb(
                TERRAIN_COLOURS[_LETTERS[ch.upper()]])
    seats = list(view.destroyed)
    pad, band = max(1, cell // 8), max(1, cell // 5)
    for p in view.pieces:
        letters = p.square.rstrip("0123456789")
        f, rank = file_index(letters), int(p.square[len(letters):])
        y, x = (height - rank) * cell, f * cell
        seat = seats.index(p.controller) if p.controller in seats else 0
        fill = SIDE_COLOURS.get(p.controller, _SEAT_FALLBACK[seat % len(_SEAT_FALLBACK)])
        img[y + pad:y + cell - pad, x + pad:x + cell - pad] = _rgb(fill)
        if p.colour is not None:
            img[y + pad:y + pad + band, x + pad:x + cell - pad] = _rgb(
                PIECE_COLOURS.get(p.colour, "#888888"))
        if p.moved:
            c = cell // 2
            img[y + c - 2:y + c + 2, x + c - 2:x + c + 2] = (40, 40, 40)
    return img

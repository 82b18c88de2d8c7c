"""The board as plain text, as ``print(board)`` draws a chess board in python-chess.

``str(game)`` is the referee's picture (every piece), ``str(view)`` one seat's (its own side
at the bottom, pieces it has not been shown as ``????``)::

    beige's view, turn 1, beige to decide
           a       b       c      ...
     8  ~~~~~~~ Mg:???? Pg:???? ...
    ...
     1  Mb:Hok5 Fb:Dws2 Nb:Lea7 ...
    curse: none   destroyed: beige 0; gray 0

Each square is its terrain letter (``P`` plains, ``F`` forest, ``M`` marsh, ``N`` mountain,
``T`` town, ``D`` desert; ``~`` water or Narnia's boulders), then the piece on it: its
controller's initial (``b2`` for a team game's ``beige-2``), a colon, and a four-character
label, three letters of its name and its strength or rank (``*`` magic or Bomb, ``#`` castle
or Flag, ``X`` for 10). The labels come from the game's catalogue alone, so a piece keeps its label all
game and a label says nothing about pieces out of sight.

The drawing is made of segments ``(text, role)`` (:func:`board_rows`) so that a program can
colour it (the command line does, by role); :func:`board` joins them into plain text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .board import file_index, file_name
from .display import text_form
from .errors import LegendsError
from .teams import side_of

if TYPE_CHECKING:
    from .visibility import PieceView, View

#: A piece of the drawing and what it is: a terrain letter (``"P"``, ``"F"``, ... ``"W"``
#: for water), ``"mine"`` (a piece of the drawing seat's side), ``"theirs"``, ``"hidden"``
#: (a piece the seat has not been shown) or ``""`` (coordinates, spaces).
Segment = tuple[str, str]

#: What the strength mark of a label shows in place of a number, by piece kind.
KIND_MARK = {"magic": "*", "castle": "#"}
TEN = "X"  # strength 10: one character keeps every label four wide
HIDDEN_LABEL = "????"
_MINOR = {"of", "the", "a", "an"}  # words that give no letter of their own to a stem
_SQUARE = re.compile(r"([a-z]{1,2})(\d{1,2})")


# -- squares and how the board is turned ---------------------------------------------------
def split_square(square: str) -> tuple[int, int]:
    """``'b3'`` -> ``(1, 2)``, ``'aa10'`` -> ``(26, 9)``: file and rank indexes from 0 (a
    team game's wide board has files past ``z``)."""
    m = _SQUARE.fullmatch(square)
    if not m:
        raise ValueError(f"{square[:10]!r} is not a square name like 'a1'")
    return file_index(m.group(1)), int(m.group(2)) - 1


def orientation_for(view: View, seat: str | int | None = None) -> int:
    """The quarter turn (0, 90, 180 or 270 degrees) that puts ``seat``'s side at the bottom.

    ``seat`` is a player's name (default: the view's own player) or an angle. A seat's side is
    its starting region on the board; a seat without one faces the board as the first player
    does when it is the first seat, and from the other end otherwise.
    """
    if isinstance(seat, int):
        if seat % 90:
            raise ValueError(f"orientation must be a multiple of 90 degrees, not {seat}")
        return seat % 360
    who = view.player if seat is None else seat
    regions = view.board.get("regions", {})
    # A team game's seat sits along its side's edge with its teammates: the picture is turned
    # by the regions of the whole side (one seat's band alone lies off to one end).
    mates = next((seats for seats in view.teams.values() if who in seats), (who,))
    region = [sq for mate in mates for sq in regions.get(mate, ())]
    if region:
        width, height = view.board["width"], view.board["height"]
        spots = [split_square(s) for s in region]
        fx = sum(f for f, _ in spots) / len(spots) - (width - 1) / 2
        ry = sum(r for _, r in spots) / len(spots) - (height - 1) / 2
        if abs(ry) >= abs(fx):
            return 0 if ry <= 0 else 180
        return 90 if fx < 0 else 270
    seats = list(regions) or list(view.destroyed)
    if not seats or who not in seats:
        return 0
    return 0 if side_of(who) == side_of(seats[0]) else 180


def placer(width: int, height: int, angle: int) -> Any:
    """A function from a square's (file, rank) to its (column, row) in the picture."""
    if angle == 0:
        return lambda f, r: (f, height - 1 - r)
    if angle == 180:
        return lambda f, r: (width - 1 - f, r)
    if angle == 90:   # file a (the first player's left-hand edge) nearest the viewer
        return lambda f, r: (height - 1 - r, width - 1 - f)
    return lambda f, r: (r, f)  # 270: the last file (their right-hand edge) nearest the viewer


def grid(view: View, orientation: str | int | None = None) -> list[list[str]]:
    """The squares as a picture lays them out for ``orientation`` (see
    :func:`orientation_for`): rows from the top, each from the left."""
    width, height = view.board["width"], view.board["height"]
    angle = orientation_for(view, orientation)
    cols, rows = (width, height) if angle in (0, 180) else (height, width)
    place = placer(width, height, angle)
    out = [[""] * cols for _ in range(rows)]
    for f in range(width):
        for r in range(height):
            c, row = place(f, r)
            out[row][c] = f"{file_name(f)}{r + 1}"
    return out


def terrain(view: View) -> dict[str, str]:
    """Each square's terrain letter (files past ``z`` on a team game's wide board)."""
    height = view.board["height"]
    return {f"{file_name(f)}{height - r}": letter
            for r, row in enumerate(view.board["rows"]) for f, letter in enumerate(row)}


# -- labels --------------------------------------------------------------------------------
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


def catalogue_of(view: View, catalogue: Mapping[int, Any] | None = None) -> Mapping[int, Any]:
    """``catalogue``, or the view's ruleset's own when none is given."""
    if catalogue is not None:
        return catalogue
    from .ruleset import catalogue_for

    try:
        return catalogue_for(view.rules)
    except LegendsError:  # a ruleset that is not installed here: the names in view will do
        return {}


def labels(view: View, catalogue: Mapping[int, Any] | None = None) -> dict[str, str]:
    """A four-character label for each piece the viewer knows, by square: three letters of
    its name and its strength (``*`` magic, ``#`` castle, ``X`` for 10), different for
    different pieces (two of one kind share theirs), ``????`` for hidden pieces.

    The letters come from ``catalogue`` (the game's; the view's ruleset's by default, see
    :func:`stems`), so they stay the same all game long.
    """
    stem_of = stems(catalogue_of(view, catalogue))
    extra = sorted({p.name for p in view.pieces if p.number is not None and p.name}
                   - stem_of.keys())
    if extra:  # pieces from outside the catalogue given
        stem_of.update(_assign(extra, {stem: name for name, stem in stem_of.items()}))
    return {p.square: (HIDDEN_LABEL if p.number is None else stem_of[p.name or ""] + _mark(p))
            for p in view.pieces}


def label(p: PieceView) -> str:
    """A piece's label on its own (see :func:`labels` for labels unique within a view)."""
    return HIDDEN_LABEL if p.number is None else ((p.name or "")[:3] + _mark(p)).ljust(4)


def tag(controller: str) -> str:
    """A controller in a cell: ``b`` for beige, ``b2`` for beige-2 (a team game's seat)."""
    return controller[0] + (controller.rsplit("-", 1)[1] if "-" in controller else "")


# -- the drawing ---------------------------------------------------------------------------
def _axis(squares: Iterable[str]) -> str:
    """The coordinate a row or column of squares shares (file letters or a rank number)."""
    spots = [split_square(s) for s in squares]
    files = {f for f, _ in spots}
    return file_name(next(iter(files))) if len(files) == 1 else str(spots[0][1] + 1)


def board_rows(view: View, seat: str | None = None,
               catalogue: Mapping[int, Any] | None = None) -> list[list[tuple[str, str]]]:
    """The board as ``seat`` sees it (``seat``'s side at the bottom; the view's own player's
    by default), as rows of segments: the file letters, then one row per rank from the top.

    ``catalogue`` is the game's, which makes the labels (see :func:`labels`); the view's
    ruleset's by default.
    """
    cat = catalogue_of(view, catalogue)
    squares = grid(view, seat)
    letters = terrain(view)
    # Only Stratego Legends has terrain: the others' squares have no terrain letter, and
    # their lakes are drawn as water.
    lettered = _is_legends(view.rules)
    by_square = {p.square: p for p in view.pieces}
    names = labels(view, cat)
    me = view.player if seat is None else seat
    # Pieces of one's team are one's own: teammates play them as they cross bands.
    mine = next((seats for seats in view.teams.values() if me in seats), (me,))
    wide = max((len(tag(p.controller)) for p in view.pieces), default=1)  # 2 in team games
    cell = 6 + wide + lettered
    files = [_axis(col) for col in zip(*squares, strict=True)]
    rows: list[list[Segment]] = [[("    " + "".join(f"{name:^{cell}}" for name in files), "")]]
    for row in squares:
        line: list[Segment] = [(f"{_axis(row):>2}  ", "")]
        for sq in row:
            letter = letters[sq]
            if letter == "W":
                line.append(("~" * (cell - 1) + " ", "W"))
                continue
            if lettered:
                line.append((letter, letter))
            p = by_square.get(sq)
            if p is None:
                line.append((" " * (cell - lettered), ""))
                continue
            role = "hidden" if p.number is None else "mine" if p.controller in mine else "theirs"
            line.append((f"{tag(p.controller):<{wide}}:{names[sq]}", role))
            line.append((" ", ""))
        rows.append(line)
    return rows


def plain(rows: Iterable[Iterable[tuple[str, str]]]) -> str:
    """Rows of segments as plain text, trailing spaces dropped."""
    return "\n".join("".join(t for t, _ in row).rstrip() for row in rows)


def _is_legends(rules: str) -> bool:
    from .ruleset import ALIASES, DEFAULT

    return ALIASES.get(rules, rules) == DEFAULT


def status(view: View) -> str:
    """One line: whose picture it is, the turn, and who decides (or how the game ended)."""
    if not view.over:
        state = f"{view.to_move} to decide"
    elif view.winner:
        state = f"won by {' and '.join(view.winners) or view.winner}"
    else:
        state = f"over: {view.reason}"
    return f"{view.player}'s view, turn {view.turn}, {state}"


def tally(view: View) -> str:
    """One line: the curse slot (Stratego Legends) and how many pieces each army has lost,
    in the edition's own words (destroyed in Stratego Legends, captured elsewhere)."""
    legends = _is_legends(view.rules)
    lost = "; ".join(f"{seat} {len(x)}" for seat, x in view.destroyed.items())
    parts = [f"{'destroyed' if legends else 'captured'}: {lost}"]
    if legends:
        curse = ("none" if view.curse is None
                 else f"#{view.curse}{'' if view.curse_active else ' (arriving)'}")
        parts.insert(0, f"curse: {curse}")
    return "   ".join(parts)


@text_form  # str(view): the view hands its drawing to this module (see legends_core.display)
def board(view: View, seat: str | None = None,
          catalogue: Mapping[int, Any] | None = None) -> str:
    """``view`` as plain text: a status line, the board (see :func:`board_rows`) and a line
    of losses. What ``str(game)`` and ``str(view)`` print."""
    return "\n".join([status(view), plain(board_rows(view, seat, catalogue)), tally(view)])

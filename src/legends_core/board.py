"""Board geometry and terrain.

A :class:`Board` is an immutable grid of terrain. Squares are integers ``0 .. width*height-1``
numbered rank by rank from the first player's back row (``a1`` is 0, ``b1`` is 1, ...). Their
names follow chess: files ``a``, ``b``, ... from left to right as the first player sees the
board, ranks ``1``, ``2``, ... from that player's back row. Boards wider than 26 files (the
8-player team game is 32 wide) go on with ``aa``, ``ab``, ... after ``z``. Size and terrain are data: the
8x8 Stratego Legends board is built from four 4x4 battle boards by :func:`from_battle_boards`,
but any rectangle (10x10 with lakes, say) works the same way.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from .actions import Action
from .battleboards import BATTLE_BOARDS, TERRAIN_LETTERS
from .errors import PositionError

TERRAINS: tuple[str, ...] = ("plains", "forest", "marsh", "mountain", "town", "desert", "water")
WATER = "water"
_TERRAIN_SET = frozenset(TERRAINS)

#: Direction vectors (file delta, rank delta). The first four are orthogonal, the last four
#: diagonal. "North" points away from the first player, towards higher ranks.
ORTHOGONAL: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[tuple[int, int], ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
DIRECTIONS = ORTHOGONAL + DIAGONAL

_SQUARE_RE = re.compile(r"^([a-z]{1,2})([1-9][0-9]?)$")
#: The widest board: files ``a`` .. ``z``, then ``aa`` .. ``az``.
MAX_WIDTH = 52


def file_name(f: int) -> str:
    """The letters of file index ``f``: ``0`` -> ``'a'``, ``25`` -> ``'z'``, ``26`` -> ``'aa'``."""
    return chr(97 + f) if f < 26 else "a" + chr(97 + f - 26)


def file_index(letters: str) -> int:
    """Inverse of :func:`file_name` (``-1`` for letters no board uses)."""
    if len(letters) == 1:
        return ord(letters) - 97
    if len(letters) == 2 and letters[0] == "a":
        return 26 + ord(letters[1]) - 97
    return -1


def square_name(f: int, r: int) -> str:
    """The name of the square on file index ``f`` and rank index ``r`` (from 0)."""
    return f"{file_name(f)}{r + 1}"


@functools.lru_cache(maxsize=32)
def _geometry(width: int, height: int) -> dict[str, Any]:
    """The tables that depend only on the board's size (shared by every terrain of that size)."""
    n = width * height
    rays: list[tuple[tuple[int, ...], ...]] = []
    near: list[tuple[int, ...]] = []
    ortho: list[tuple[int, ...]] = []
    diag: list[tuple[int, ...]] = []
    within2: list[tuple[int, ...]] = []
    for sq in range(n):
        f, r = sq % width, sq // width
        sq_rays = []
        for df, dr in DIRECTIONS:
            ray = []
            ff, rr = f + df, r + dr
            while 0 <= ff < width and 0 <= rr < height:
                ray.append(rr * width + ff)
                ff += df
                rr += dr
            sq_rays.append(tuple(ray))
        rays.append(tuple(sq_rays))
        ortho.append(tuple(ray[0] for ray in sq_rays[:4] if ray))
        diag.append(tuple(ray[0] for ray in sq_rays[4:] if ray))
        near.append(tuple(sorted(ortho[-1] + diag[-1])))
        within2.append(
            tuple(
                rr * width + ff
                for rr in range(max(0, r - 2), min(height, r + 3))
                for ff in range(max(0, f - 2), min(width, f + 3))
                if (ff, rr) != (f, r)
            )
        )
    names = tuple(square_name(sq % width, sq // width) for sq in range(n))
    return {
        # Square name -> number (every board of this size reads names the same way).
        "index": {name: sq for sq, name in enumerate(names)},
        "rays": tuple(rays),
        # Each square's one-step moves, built once: (target, the move action).
        "steps": tuple(tuple((t, Action("move", names[sq], names[t])) for t in ortho[sq])
                       for sq in range(n)),
        "adjacent": tuple(near),
        "orthogonal": tuple(ortho),
        "diagonal": tuple(diag),
        "within2": tuple(within2),
        "names": names,
    }


@functools.lru_cache(maxsize=128)
def _tables(width: int, height: int, terrain: tuple[str, ...]) -> dict[str, Any]:
    """Geometry tables of a terrain grid, under the names of the Board's attributes that hold
    them (``_land`` ...); boards with the same terrain share them (a game loads many positions
    on few boards), and the cache is bounded whatever positions come in."""
    n = width * height
    # A board is built for every game dealt new battle boards, so this stays cheap: only the
    # (few) water squares, found by C code, and their neighbours are marked, instead of every
    # square asked about its own (the squares of each terrain wait until they are asked for:
    # see Board.of_terrain).
    land = [True] * n
    wet = [False] * n
    near = _geometry(width, height)["adjacent"]
    for sq in _indices(terrain, WATER):
        land[sq] = False
        for x in near[sq]:
            wet[x] = True
    tables = dict(_geometry_attributes(width, height))
    tables["_land"] = tuple(land)
    tables["_water_adjacent"] = tuple(wet)
    return tables


def _indices(items: tuple[str, ...], value: str) -> list[int]:
    """Where ``value`` stands in ``items``, in order."""
    out: list[int] = []
    i = -1
    try:
        while True:
            i = items.index(value, i + 1)
            out.append(i)
    except ValueError:
        return out


def _squares_by_terrain(terrain: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """The squares of each terrain, in board order."""
    squares: dict[str, list[int]] = {t: [] for t in TERRAINS}
    for sq, t in enumerate(terrain):
        squares[t].append(sq)
    return {t: tuple(sqs) for t, sqs in squares.items()}


@functools.lru_cache(maxsize=32)
def _geometry_attributes(width: int, height: int) -> dict[str, Any]:
    """:func:`_geometry` under the names of the Board's attributes that hold its tables."""
    return {"_" + name: value for name, value in _geometry(width, height).items()}


@attrs.frozen(repr=False, slots=False)
class Board:
    """An immutable rectangle of terrain squares.

    ``terrain`` lists each square's terrain name in square order (rank 1 first). ``regions``
    names the squares each army sets up on. ``layout`` records the battle boards it was built
    from, if any, so a position can say so.
    """

    width: int
    height: int
    terrain: tuple[str, ...]
    regions: dict[str, tuple[int, ...]] = attrs.field(factory=dict, eq=False, hash=False)
    layout: tuple[str, ...] = ()
    # Tables computed once from the terrain (not part of the value).
    _land: tuple[bool, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _rays: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _adjacent: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _orthogonal: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _steps: tuple[tuple[tuple[int, Action], ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _diagonal: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _within2: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _water_adjacent: tuple[bool, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _by_terrain: dict[str, tuple[int, ...]] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _names: tuple[str, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _index: dict[str, int] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _check_size(self.width, self.height)
        if len(self.terrain) != self.width * self.height:
            raise PositionError(
                f"board terrain has {len(self.terrain)} squares, expected {self.width * self.height}"
            )
        try:
            known = _TERRAIN_SET.issuperset(self.terrain)
        except TypeError:  # something unhashable among them
            known = False
        if not known:
            t = next(t for t in self.terrain if t not in TERRAINS)
            raise PositionError(f"unknown terrain {t!r}")
        # Flattened attributes for speed: these are read on every move generation. Set in
        # one step (the class keeps its attributes in __dict__; frozen only stops setattr).
        self.__dict__.update(_tables(self.width, self.height, self.terrain))

    def __repr__(self) -> str:
        what = "+".join(self.layout) if self.layout else "custom"
        return f"<Board {self.width}x{self.height} {what}>"

    # -- geometry -----------------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of squares."""
        return self.width * self.height

    def squares(self) -> range:
        """Every square, as numbers."""
        return range(self.width * self.height)

    def name(self, square: int) -> str:
        """``0`` -> ``'a1'``."""
        return self._names[square]

    def parse_square(self, text: str) -> int:
        """``'a1'`` -> ``0``; raises :class:`ValueError` naming the bad text."""
        sq = self._index.get(text)
        if sq is not None:
            return sq
        return _parse_square(text, self.width, self.height)

    def file_of(self, square: int) -> int:
        """The file (column) of ``square``, from 0."""
        return square % self.width

    def rank_of(self, square: int) -> int:
        """Rank index from 0 (rank 1)."""
        return square // self.width

    def is_land(self, square: int) -> bool:
        """Is ``square`` land (not water)?"""
        return self._land[square]

    def terrain_of(self, square: int) -> str:
        """The terrain of ``square``."""
        return self.terrain[square]

    def adjacent(self, square: int) -> tuple[int, ...]:
        """The up to 8 squares touching ``square`` (diagonals included)."""
        return self._adjacent[square]

    def orthogonal(self, square: int) -> tuple[int, ...]:
        """The squares next to ``square`` in a straight line."""
        return self._orthogonal[square]

    def diagonal(self, square: int) -> tuple[int, ...]:
        """The squares diagonally next to ``square``."""
        return self._diagonal[square]

    def ray(self, square: int, direction: int) -> tuple[int, ...]:
        """Squares outward from ``square`` in ``DIRECTIONS[direction]``, nearest first."""
        return self._rays[square][direction]

    def within_two(self, square: int) -> tuple[int, ...]:
        """Squares up to two steps away in any combination of directions."""
        return self._within2[square]

    def next_to_water(self, square: int) -> bool:
        """Does ``square`` touch water (orthogonally or diagonally)?"""
        return self._water_adjacent[square]

    def of_terrain(self, terrain: str) -> tuple[int, ...]:
        """Every square of ``terrain``."""
        try:
            table = self._by_terrain
        except AttributeError:  # worked out when first asked: few games ever ask
            table = self.__dict__["_by_terrain"] = _squares_by_terrain(self.terrain)
        return table.get(terrain, ())

    def distance(self, a: int, b: int) -> int:
        """King-move distance between two squares."""
        w = self.width
        return max(abs(a % w - b % w), abs(a // w - b // w))

    # -- serialisation -----------------------------------------------------------------
    def rows(self) -> list[str]:
        """Terrain letters, top rank first, as the first player sees the board."""
        letter = {v: k for k, v in TERRAIN_LETTERS.items()}
        return [
            "".join(letter[self.terrain[r * self.width + f]] for f in range(self.width))
            for r in reversed(range(self.height))
        ]

    def to_dict(self) -> dict[str, object]:
        """The board as JSON-friendly data (read back by :meth:`from_dict`)."""
        return {
            "width": self.width,
            "height": self.height,
            "rows": self.rows(),
            "regions": {k: [self.name(s) for s in v] for k, v in self.regions.items()},
            "layout": list(self.layout),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Board:
        """A board from :meth:`to_dict`'s data.

        :raises PositionError: the data is not a board.
        """
        try:
            rows = list(data["rows"])  # type: ignore[call-overload]
            width = int(data.get("width", len(rows[0])))  # type: ignore[call-overload]
            height = int(data.get("height", len(rows)))  # type: ignore[call-overload]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise PositionError(f"board: 'rows' must be a list of terrain strings ({exc})") from None
        return from_rows(rows, width=width, height=height,
                         regions=data.get("regions") or {},  # type: ignore[arg-type]
                         layout=tuple(data.get("layout") or ()))  # type: ignore[arg-type]


#: Terrain letters in either case.
_LETTERS = {**TERRAIN_LETTERS, **{k.lower(): v for k, v in TERRAIN_LETTERS.items()}}


def from_rows(rows: Sequence[str], *, width: int | None = None, height: int | None = None,
              regions: Mapping[str, Iterable[str]] | None = None,
              layout: tuple[str, ...] = ()) -> Board:
    """Build a board from terrain letters, top rank first (as the first player sees it)."""
    rows = [str(r) for r in rows]
    height = height or len(rows)
    width = width or (len(rows[0]) if rows else 0)
    if len(rows) != height or any(len(r) != width for r in rows):
        raise PositionError(f"board: 'rows' must be {height} strings of {width} terrain letters")
    terrain = _terrain(rows)
    parsed: dict[str, tuple[int, ...]] = {}
    if regions:
        _check_size(width, height)  # before the table of names of that size
        index = _geometry(width, height)["index"]
        for army, names in regions.items():
            try:
                parsed[army] = tuple(index[n] if n in index else _parse_square(n, width, height)
                                     for n in names)
            except ValueError as exc:
                raise PositionError(f"board: regions.{army}: {exc}") from None
    return Board(width, height, terrain, parsed, layout)


def _check_size(width: int, height: int) -> None:
    if not (1 <= width <= MAX_WIDTH and 1 <= height <= 99):
        raise PositionError(f"board size {width}x{height} is out of range")


def _terrain(rows: Sequence[str]) -> tuple[str, ...]:
    """The terrain of each square, in square order, from rows of letters (top rank first)."""
    terrain: list[str] = []
    for r in reversed(rows):
        for ch in r:
            t = _LETTERS.get(ch)
            if t is None:
                raise PositionError(f"board: unknown terrain letter {ch!r} (use one of DFMNPTW)")
            terrain.append(t)
    return tuple(terrain)


def _parse_square(text: object, width: int, height: int) -> int:
    """A square name on a ``width`` x ``height`` board in any case or with spaces round it
    (what :meth:`Board.parse_square` does with a name not spelt as the board spells it)."""
    m = _SQUARE_RE.match(text.strip().lower()) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"{text!r} is not a square name like 'a1'")
    f, r = file_index(m.group(1)), int(m.group(2)) - 1
    if not (0 <= f < width and 0 <= r < height):
        raise ValueError(f"square {text!r} is off this {width}x{height} board")
    return r * width + f


def rotate_layout(rows: Sequence[str], quarter_turns: int) -> tuple[str, ...]:
    """Rotate a square battle-board layout clockwise by ``quarter_turns`` * 90 degrees."""
    grid = [list(r) for r in rows]
    for _ in range(quarter_turns % 4):
        grid = [list(col) for col in zip(*grid[::-1], strict=True)]
    return tuple("".join(r) for r in grid)


def parse_board_id(text: str) -> tuple[str, int]:
    """``'3B'`` -> ``('3B', 0)``; ``'3B@90'`` -> ``('3B', 1)`` (rotated 90 degrees clockwise)."""
    base, _, rot = str(text).upper().partition("@")
    if base not in BATTLE_BOARDS:
        raise ValueError(f"unknown battle board {text!r}: use ids 1A..7D, optionally '@90'")
    if rot and rot not in ("0", "90", "180", "270"):
        raise ValueError(f"battle board {text!r}: rotation must be 90, 180 or 270")
    return base, (int(rot) // 90 if rot else 0)


def from_battle_boards(ids: Sequence[str], armies: Sequence[str] = ("beige", "gray")) -> Board:
    """The board from battle boards: 8x8 from four for two players, and for a team game of
    ``2k`` players ``8k`` files wide from ``4k``.

    ``armies`` are the seats in pairs: the first of each pair sits on the first side, the
    second directly across (``("beige", "gray")``, or ``("beige-1", "gray-1", "beige-2",
    "gray-2")``). Each pair has a block of 8 files, the first pair's at the first player's
    left. ``ids`` gives two boards per seat, in seat order: the first seat of a pair has its
    two boards left to right as that player sees them; the second seat has its two left to
    right as *that* player sees them from the far side. Each board lies upright for the
    player behind it, so the far side's boards appear turned half-way round on the first
    player's map. Each seat's region (where it sets up) is its two boards.

    Boards are immutable, so each layout is built once per process and shared.
    """
    return _build_from_battle_boards(tuple(ids), tuple(armies))


@functools.lru_cache(maxsize=512)
def _build_from_battle_boards(ids: tuple[str, ...], armies: tuple[str, ...]) -> Board:
    if len(armies) < 2 or len(armies) % 2:
        raise ValueError(f"battle boards are laid out for seats in pairs, not {len(armies)} seats")
    if len(ids) != 2 * len(armies):
        what = "a two-player board" if len(armies) == 2 else f"a {len(armies)}-player board"
        raise ValueError(f"{what} needs {2 * len(armies)} battle boards, got {len(ids)}")
    parsed = [parse_board_id(i) for i in ids]
    # Each rank of the board is made of one rank of two battle boards per pair of seats:
    # ranks 1-4 of the first seat's two boards (left, right), ranks 5-8 of the second seat's
    # (its right board is on the first player's left, both turned half-way round).
    pieces = [_ranks(bid, rot, slot % 4 >= 2) for slot, (bid, rot) in enumerate(parsed)]
    terrain: list[str] = []
    for rank in range(8):
        for block in range(0, len(pieces), 4):
            if rank < 4:
                terrain += pieces[block][rank]
                terrain += pieces[block + 1][rank]
            else:
                terrain += pieces[block + 3][rank - 4]
                terrain += pieces[block + 2][rank - 4]
    labels = tuple(f"{b}@{rot * 90}" if rot else b for b, rot in parsed)
    # Random games deal new boards every game: the regions are read from a table kept per
    # seating instead of from their names.
    return Board(4 * len(armies), 8, tuple(terrain), dict(_seat_squares(armies)), labels)


@functools.cache
def _ranks(bid: str, rot: int, far: bool) -> tuple[tuple[str, ...], ...]:
    """The terrain of battle board ``bid`` turned ``rot`` quarter turns, as it lies on the
    board: four ranks of four squares, lowest rank first, files left to right as the first
    player sees them. A board of the first side has its printed top row nearest the middle
    (rank 4); one of the far side is seen from across the table, turned 180 degrees, its
    printed top row on rank 5 (28 boards, 4 turns, 2 sides: a small table)."""
    rows = _layout(bid, rot)
    if far:
        return tuple(tuple(TERRAIN_LETTERS[ch] for ch in reversed(row)) for row in rows)
    return tuple(tuple(TERRAIN_LETTERS[ch] for ch in row) for row in reversed(rows))


@functools.cache
def _layout(bid: str, rot: int) -> tuple[str, ...]:
    """Battle board ``bid`` turned ``rot`` quarter turns (28 boards, 4 ways: a small table)."""
    return rotate_layout(BATTLE_BOARDS[bid], rot)


@functools.lru_cache(maxsize=64)
def _seat_squares(armies: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """:func:`seat_regions` as square numbers (on the board ``4 * len(armies)`` files wide)."""
    index = _geometry(4 * len(armies), 8)["index"]
    return {army: tuple(index[n] for n in names)
            for army, names in _seat_regions(armies).items()}


def seat_regions(armies: Sequence[str]) -> dict[str, list[str]]:
    """Where each seat sets up on a board of battle boards (see :func:`from_battle_boards`):
    the first seat of each pair on ranks 1-4 of its block of 8 files, the second on 5-8."""
    return {army: list(names) for army, names in _seat_regions(tuple(armies)).items()}


@functools.lru_cache(maxsize=64)
def _seat_regions(armies: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    regions = {}
    for i, army in enumerate(armies):
        left = 8 * (i // 2)
        ranks = range(4) if i % 2 == 0 else range(4, 8)
        regions[army] = tuple(square_name(f, r) for r in ranks for f in range(left, left + 8))
    return regions


def draw_battle_boards(rng: random.Random, count: int = 4) -> list[str]:
    """Shuffle the 28 boards and deal ``count`` of them (as the setup rules do)."""
    ids = list(_BOARD_IDS)
    shuffle(rng, ids)
    return ids[:count]


_BOARD_IDS = tuple(sorted(BATTLE_BOARDS))
#: ``(i + 1).bit_length()`` for each ``i`` of a list of the usual length.
_BITS = tuple((i + 1).bit_length() for i in range(64))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same draws from ``rng``, in the same order, and the same
    result, at half the cost (a game's start shuffles some 90 times; this leaves out the two
    calls of Python code per draw that :meth:`random.Random.shuffle` makes). Any other kind
    of generator shuffles its own way."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    bits = _BITS if len(items) <= len(_BITS) else [(i + 1).bit_length() for i in range(len(items))]
    for i in range(len(items) - 1, 0, -1):
        # random.Random._randbelow(i + 1): as many bits as i + 1 has, until one is <= i.
        k = bits[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]

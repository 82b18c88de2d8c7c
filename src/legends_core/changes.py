"""What changed where: the bookkeeping behind the main decision's cache.

A piece's offers (its standard moves and its actions) depend on a few squares around it and
on some game-wide state. Rather than list every piece's offers afresh at every decision, the
engine keeps them (``Engine.offers``) and throws an entry away only when something it
depends on has changed.

The board is covered by overlapping *areas*. Each kernel change to a square (a piece arriving
or leaving, changing controller, becoming known) stamps every area holding that square with a
fresh clock value, with one exception: a change to *who* stands there (becoming known, a
strength or a keyword until the end of the turn) does not stamp the standard-move areas of
the squares next to it, as no standard move depends on it (see ``"moves"`` below and
:func:`areas`); a change to game-wide state (effects until the end of the turn, the curse,
a power's memory, the piece types of an imagined world) moves the *epoch* instead. An entry
computed at clock ``t`` in the current epoch is still good while no area it watches carries a
stamp later than ``t``. The areas are each square alone, each square with the squares
orthogonally next to it, and the whole board; the reaches between (below) watch the one-square
areas of their squares, which costs a check more but a change far less (see :func:`areas`).

A power says which areas its offers depend on with :attr:`~legends_core.Power.watches`:

``"own"``
    the piece's square alone (a stationary piece's standard moves: it has none, whatever
    stands around it);
``"moves"``
    the piece itself, and whether a piece stands on each square orthogonally next to it and
    who controls it, but not who it is nor who knows it (the kernel's standard moves);
``"step"``
    the piece's square and the squares orthogonally next to it;
``"adjacent"``
    the piece's square and the eight squares around it;
``"near"``
    every square within two king steps of the piece;
``"lines"``
    the rank and the file through the piece's square;
``"diagonals"``
    both diagonals through the piece's square;
``"board"``
    any square on the board;
``"looked"``
    exactly the squares the power's offers looked at through the kernel's recording building
    blocks (``legends_core.moves.line_targets``, ``legends_core.moves.leaps``,
    ``legends_core.moves.two_steps``, :meth:`~legends_core.queries.Queries.empty_squares`).

A ``"looked"`` entry may also watch a player's *roster*: which pieces that player controls
on the board and what they are. A list of candidates drawn from the whole board
(:func:`~legends_core.queries.nameable`, :meth:`~legends_core.queries.Queries.pieces`) records
the roster of each player whose pieces it looked through and the square of each piece it
returned: a strength boost for "a Giant of yours anywhere" then depends on where its player's
Giants stand, not on every move of every piece. The roster of a player is stamped when a piece
comes under their control on the board (placed there, or taken over) or gains a keyword; a
piece of theirs that moves, leaves or changes otherwise stamps its square, which the entry
watches when the piece was one of those returned. Its area id follows the board's areas
(``roster``).

A ``"looked"`` entry is exact where a fixed reach is broad: a run along a file depends on the
squares it passed over and the piece that stopped it, not on the rest of the file. While such a
piece's offers are worked out, the engine holds a list (``Engine.looked``) that those building
blocks append every square they read to; each square becomes a one-square area of the entry
(:meth:`Areas.exact`), beside the areas of its fixed reaches (always ``"moves"`` for the
standard moves, or ``"own"`` for a piece printed stationary). A square both looked at and inside a fixed reach is watched twice: a change there
stamps the entry either way, and leaving it in costs less than taking it out. Squares of water are not listed: terrain never changes, and a run or a
leap treats a lake the same whatever is there.

The areas depend only on the board's width and height, so boards of one size share them.
"""

from __future__ import annotations

import functools

from .actions import Action


class Offers:
    """An entry of the cache (``Engine.offers``, filled by ``legends_core.moves.piece_options``):
    a piece's standard moves and actions (``actions``) as worked out on ``square`` at
    ``clock`` in ``epoch``, good while none of the ``areas`` it watches has changed since; the
    once-limits of its powers (``limits``: power key to ``"turn"`` or ``"game"``) are applied
    each time the entry is used. Never changed once made (copies of a game share entries).

    A class of its own rather than a tuple: compiled, each field is read straight from the
    object, where every read of a tuple typed field by field checks the whole tuple."""

    __slots__ = ("square", "epoch", "clock", "areas", "actions", "limits")

    def __init__(self, square: int, epoch: int, clock: int, areas: tuple[int, ...],
                 actions: tuple[Action, ...], limits: dict[str, str]) -> None:
        self.square = square
        self.epoch = epoch
        self.clock = clock
        self.areas = areas
        self.actions = actions
        self.limits = limits


def no_offers(pieces: int) -> list[Offers | None]:
    """An empty ``Engine.offers`` for a game of ``pieces`` pieces: a slot for each piece's
    moves and actions, then one for its abilities (reached at ``-1 - pid``)."""
    return [None] * (2 * pieces)


#: The reaches a power may declare: the fixed ones from narrowest to widest, then the squares
#: the offers looked at (no fixed area: see :meth:`Areas.exact`).
REACHES: tuple[str, ...] = ("own", "moves", "step", "adjacent", "near", "lines", "diagonals",
                           "board", "looked")


class Areas:
    """The areas of a ``width`` x ``height`` board (one per board size: identity is equality).

    ``touches[sq]`` lists the areas holding square ``sq`` (what a change there stamps);
    ``marks[sq]`` those a change to who stands there stamps (its own area, its own
    standard-move area and the board's: not the standard-move areas of its neighbours);
    ``watch[reach][sq]`` lists the areas a power of that reach on ``sq`` depends on;
    ``combined`` keeps, for each set of reaches asked about, what :meth:`watched` answers on
    every square (a few sets per game, asked at every decision). Area ``sq`` holds square
    ``sq`` alone. Its fields are never set again once made (``combined`` only fills).

    A plain class, not an attrs one, as :class:`Offers`: compiled, its fields are read
    straight from the object (the moves read ``combined`` at every decision).
    """

    __slots__ = ("width", "height", "count", "touches", "marks", "watch", "combined")

    def __init__(self, width: int, height: int, count: int,
                 touches: tuple[tuple[int, ...], ...],
                 marks: tuple[tuple[int, ...], ...],
                 watch: dict[str, tuple[tuple[int, ...], ...]],
                 combined: dict[frozenset[str], tuple[tuple[int, ...], ...]]) -> None:
        self.width = width
        self.height = height
        self.count = count
        self.touches = touches
        self.marks = marks
        self.watch = watch
        self.combined = combined

    def __repr__(self) -> str:
        return f"<Areas {self.width}x{self.height}: {self.count}>"

    def watched(self, reaches: frozenset[str], square: int) -> tuple[int, ...]:
        """The areas a piece on ``square`` with powers of these ``reaches`` depends on."""
        table = self.combined.get(reaches)
        if table is None:
            table = self.combined[reaches] = tuple(
                _watched(self, reaches, sq) for sq in range(self.width * self.height))
        return table[square]

    def exact(self, reaches: frozenset[str], square: int, looked: list[int]) -> tuple[int, ...]:
        """The areas a piece on ``square`` depends on when its powers of ``reaches`` looked at
        the squares ``looked``: those of :meth:`watched`, and the one-square area of each
        looked square (whose id is the square's own number). A square looked at twice, or
        also covered by a fixed reach, is watched twice: cheaper than sorting it out."""
        return self.watched(reaches, square) + tuple(looked)


def roster(areas: Areas, player: int) -> int:
    """The id of ``player``'s roster area (see above): one per player after the board's
    areas, so an engine's ``changed`` holds ``areas.count`` plus one per player."""
    return areas.count + player


def _watched(areas: Areas, reaches: frozenset[str], square: int) -> tuple[int, ...]:
    if "board" in reaches:
        return areas.watch["board"][square]
    out: list[int] = []
    for reach in REACHES:
        if reach in reaches:
            out.extend(areas.watch[reach][square])
    return tuple(out)


@functools.lru_cache(maxsize=32)
def areas(width: int, height: int) -> Areas:
    """The areas of a board of this size (built once per size)."""
    n = width * height
    # Area ids: one-square areas [0, n) (a looked square is its own area), step areas
    # [n, 2n), then the whole board. The wider reaches ("adjacent", "near", "lines",
    # "diagonals") have no areas of their own: they watch their squares' one-square areas.
    # A change stamps every area holding its square, and the wider areas were stamped far
    # more often than an entry watching one was checked (random games of Stratego Legends:
    # some 75 such stamps a turn against two checks). A square now stamps its own area, up
    # to five step areas and the board's, where it stamped some 36 areas.
    step0 = n
    board = 2 * n

    def orthogonal(sq: int) -> list[int]:
        f, r = sq % width, sq // width
        return [rr * width + ff for ff, rr in ((f, r + 1), (f + 1, r), (f, r - 1), (f - 1, r))
                if 0 <= ff < width and 0 <= rr < height]

    def within(sq: int, k: int) -> tuple[int, ...]:
        f, r = sq % width, sq // width
        return tuple(rr * width + ff for rr in range(max(0, r - k), min(height, r + k + 1))
                     for ff in range(max(0, f - k), min(width, f + k + 1)))

    def lines(sq: int) -> tuple[int, ...]:
        f, r = sq % width, sq // width
        return (*range(r * width, (r + 1) * width),
                *(s for s in range(f, n, width) if s != sq))

    def diagonals(sq: int) -> tuple[int, ...]:
        f, r = sq % width, sq // width
        # The square itself, then each of the four ways out of it to the board's edge.
        out = [sq]
        for df, dr in ((1, 1), (-1, -1), (1, -1), (-1, 1)):
            ff, rr = f + df, r + dr
            while 0 <= ff < width and 0 <= rr < height:
                out.append(rr * width + ff)
                ff, rr = ff + df, rr + dr
        return tuple(out)

    touches = tuple(tuple([sq] + [step0 + s for s in [sq, *orthogonal(sq)]] + [board])
                    for sq in range(n))
    # Who stands on a square (known to whom, how strong, with which keywords) matters to the
    # standard moves of that piece alone: random games renewed some 0.3 entries a turn that
    # came out the same when a neighbour was revealed or boosted.
    marks = tuple((sq, step0 + sq, board) for sq in range(n))
    watch = {
        "own": tuple((sq,) for sq in range(n)),
        "moves": tuple((step0 + sq,) for sq in range(n)),
        "step": tuple((sq, *orthogonal(sq)) for sq in range(n)),
        "adjacent": tuple(within(sq, 1) for sq in range(n)),
        "near": tuple(within(sq, 2) for sq in range(n)),
        "lines": tuple(lines(sq) for sq in range(n)),
        "diagonals": tuple(diagonals(sq) for sq in range(n)),
        "board": tuple((board,) for _ in range(n)),
        "looked": tuple(() for _ in range(n)),
    }
    return Areas(width, height, board + 1, touches, marks, watch, {})

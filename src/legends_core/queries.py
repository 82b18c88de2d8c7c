"""Read-only questions powers ask of the game (mixed into :class:`~.engine.Engine`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from .compiling import mypyc_attr
from .piecetype import PieceType
from .rulings import ruling

if TYPE_CHECKING:
    from .actions import Action
    from .board import Board
    from .changes import Areas
    from .registry import Behaviour, Catalogue
    from .ruleset import RuleBehaviour
    from .statevalues import Combat, Rules
    from .tasks import Task

RULINGS = (
    ruling("Strength in an attack",
           "Both pieces' strengths count on the attacked square, where the attack takes place: "
           "an attacker moving onto a terrain that favours it gets the bonus there, and the "
           "defender keeps the bonus of the square it holds."),
)

class CurseGift:
    """What a death curse gives one piece: ``keywords``, and their behaviours (``lent``) as
    the catalogue ``lent_by`` lends them (``None`` until a catalogue is asked)."""

    def __init__(self, keywords: frozenset[str]):
        self.keywords = keywords
        self.lent_by: Catalogue | None = None
        self.lent: tuple[Behaviour, ...] = ()


#: What a death curse gives, by the curse's behaviour, then the piece's type, then (two
#: lists) who controls the curse and who controls the piece: all the answer may depend on
#: (see ``legends_curse_keywords``). Nested, so that a question hashes two objects by
#: identity where one table keyed by the four built and hashed a tuple each time (several
#: times a decision under a curse). Emptied at these sizes. (Final: compiled, read from a C
#: variable.)
_CURSED: Final[dict[Behaviour, dict[PieceType, list[list[CurseGift | None]]]]] = {}
CURSES_MAX = 256
CURSED_TYPES_MAX = 4096


def _cursed_kept(b: Behaviour, t: PieceType, curse_ctrl: int, ctrl: int) -> CurseGift | None:
    """The gift kept for the curse of behaviour ``b`` on a piece of type ``t``, or ``None``
    when not worked out yet."""
    by_type = _CURSED.get(b)
    if by_type is None:
        return None
    rows = by_type.get(t)
    if rows is None or not 0 <= curse_ctrl < len(rows):
        return None
    row = rows[curse_ctrl]
    return row[ctrl] if 0 <= ctrl < len(row) else None


def _keep_cursed(b: Behaviour, t: PieceType, curse_ctrl: int, ctrl: int,
                 gift: CurseGift) -> None:
    """Keep ``gift`` for :func:`_cursed_kept`."""
    if curse_ctrl < 0 or ctrl < 0:
        return  # no seat: not kept
    by_type = _CURSED.get(b)
    if by_type is None:
        if len(_CURSED) >= CURSES_MAX:
            _CURSED.clear()
        by_type = _CURSED[b] = {}
    rows = by_type.get(t)
    if rows is None:
        if len(by_type) >= CURSED_TYPES_MAX:
            by_type.clear()
        rows = by_type[t] = []
    while len(rows) <= curse_ctrl:
        rows.append([])
    row = rows[curse_ctrl]
    while len(row) <= ctrl:
        row.append(None)
    row[ctrl] = gift


def curse_gift(g: Queries, pid: int) -> CurseGift:
    """What the death curse in effect gives ``pid`` (there must be one: ``g.curse`` set and
    ``g.curse_on``), asked of the curse once per piece type and pair of controllers."""
    c = g.curse
    b = g.beh[c]
    # Who controls the curse and the piece go in too, for a text that names either.
    t, cc, ctrl = g.types[pid], g.curse_ctrl, g.ctrl[pid]
    gift = _cursed_kept(b, t, cc, ctrl)
    if gift is None:
        found: set[str] = set()
        for f in b.curse_keywords:
            found.update(f(g, c, pid))
        gift = CurseGift(frozenset(found))
        _keep_cursed(b, t, cc, ctrl, gift)
    return gift


DESTROYED = -1
CURSE = -2
CURSE_QUEUE = -3
RESERVE = -4


@mypyc_attr(allow_interpreted_subclasses=True)  # see legends_core.compiling
class Queries:
    """What is true now, as methods of the game a power receives (the
    :class:`~legends_core.engine.Engine`); none of them changes anything."""

    # Provided by Engine.
    board: Board
    #: The board's tables read at every decision, held here too: compiled code reads its own
    #: attributes directly, a plain object's through a dictionary.
    land: tuple[bool, ...]
    steps: tuple[tuple[tuple[int, Action], ...], ...]
    #: The board's squares touching each square, within two of it, and beside water.
    adj: tuple[tuple[int, ...], ...]
    within2: tuple[tuple[int, ...], ...]
    wet: tuple[bool, ...]
    #: The board's rays from each square (0-3 orthogonal, 4-7 diagonal), and its squares
    #: orthogonally next to each: the runs, leaps and two-step moves read them.
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    ortho: tuple[tuple[int, ...], ...]
    sq_names: tuple[str, ...]
    #: Square names to squares (the board's own table): actions name their squares.
    sq_index: dict[str, int]
    rules: Rules
    seats: tuple[str, ...]  # rules.players
    teams: tuple[int, ...]  # rules.teams
    catalogue: Catalogue
    types: list[PieceType]
    beh: list[Behaviour]
    owner: list[int]
    ctrl: list[int]
    loc: list[int]
    known: list[int]
    grid: list[int]
    dead: list[list[int]]
    curse: int
    curse_on: bool
    curse_ctrl: int
    tstr: dict[int, int]
    tkw: dict[int, frozenset[str]]
    used_turn: set[tuple[int, str]]
    used_game: set[tuple[int, str]]
    memo: dict[tuple[int, str], Any]
    combat: Combat | None
    stack: list[Task]
    active: int
    flown: list[tuple[int, tuple[int, ...]]]
    moved: set[int]
    all_mask: int
    rs: RuleBehaviour
    zone: dict[int, tuple[int, ...]] | None
    team_mask: tuple[int, ...]
    looked: list[int] | None
    areas: Areas

    # -- players -----------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.seats

    def player_index(self, name: object) -> int:
        # ``object``: a program may pass anything (a compiled str parameter would reject a
        # non-string with a bare TypeError instead of this ValueError).
        try:
            return self.seats.index(name)
        except ValueError:
            raise ValueError(f"no player named {name!r}") from None

    def opponents(self, player: int) -> tuple[int, ...]:
        """Players on other teams, in seating order."""
        teams = self.teams
        return tuple(i for i in range(len(teams)) if teams[i] != teams[player])

    def opponent(self, player: int) -> int:
        """The opponent of a two-player game.

        :raises ValueError: ``player`` has several opponents (a team game): a power must let
            its player pick one (``legends_pieces.powers.choose_opponent``).
        """
        foes = self.opponents(player)
        if len(foes) != 1:
            raise ValueError(f"{self.seats[player]} has {len(foes)} opponents: say which")
        return foes[0]

    def next_player(self, player: int) -> int:
        return (player + 1) % len(self.seats)

    def hostile(self, a: int, b: int) -> bool:
        """Are players ``a`` and ``b`` on different teams?"""
        teams = self.teams
        return teams[a] != teams[b]

    def same_side(self, a: int, b: int) -> bool:
        """Are players ``a`` and ``b`` on one team (or the same player)?"""
        teams = self.teams
        return teams[a] == teams[b]

    def teammates(self, player: int) -> tuple[int, ...]:
        """The other players of ``player``'s team, in seating order (none in a two-player
        game)."""
        teams = self.teams
        return tuple(i for i in range(len(teams)) if i != player and teams[i] == teams[player])

    def castles_left(self, player: int) -> int:
        """How many castles ``player``'s side still holds: castles of its armies on the board
        and under its control (a team game ends when one side has none)."""
        teams, team = self.teams, self.teams[player]
        owner, ctrl, types = self.owner, self.ctrl, self.types
        return sum(1 for p in self.grid if p >= 0 and types[p].kind == "castle"
                   and teams[owner[p]] == team and teams[ctrl[p]] == team)

    # -- pieces ------------------------------------------------------------------------
    def type_of(self, pid: int) -> PieceType:
        return self.types[pid]

    def name_of(self, pid: int) -> str:
        return self.types[pid].name

    def square_of(self, pid: int) -> int:
        """The piece's square, or a negative value when it is off the board."""
        return self.loc[pid]

    def on_board(self, pid: int) -> bool:
        return self.loc[pid] >= 0

    def piece_at(self, square: int) -> int:
        """The piece on ``square`` or ``-1``."""
        return self.grid[square]

    def controller(self, pid: int) -> int:
        return self.ctrl[pid]

    def owner_of(self, pid: int) -> int:
        return self.owner[pid]

    def is_enemy(self, pid: int, player: int) -> bool:
        """Is piece ``pid`` controlled by an opponent of ``player``?"""
        return self.hostile(self.ctrl[pid], player)

    def pieces(self, player: int | None = None) -> list[int]:
        """Pieces on the board, in square order, optionally only those ``player`` controls.
        For a ``"looked"`` entry it records the rosters it looked through and the squares
        of the pieces it returns (see :mod:`legends_core.changes`)."""
        grid = self.grid
        if player is None:
            out = [p for p in grid if p >= 0]
        else:
            ctrl = self.ctrl
            out = [p for p in grid if p >= 0 and ctrl[p] == player]
        looked = self.looked
        if looked is not None:
            _record_roster(self, looked, 0 if player is None else player,
                           "any" if player is None else "own", out)
        return out

    def destroyed(self, player: int) -> list[int]:
        """Pieces in ``player``'s destroyed area, in the order they arrived."""
        return list(self.dead[player])

    def all_destroyed(self) -> list[int]:
        return [p for area in self.dead for p in area]

    def reserve(self, player: int) -> list[int]:
        """Pieces waiting in ``player``'s reserve (off the board, known to that player), by id."""
        loc, owner = self.loc, self.owner
        return [p for p in range(len(loc)) if loc[p] == RESERVE and owner[p] == player]

    def setup_area(self, player: int) -> tuple[int, ...]:
        """The squares ``player`` sets up on (their region of the board)."""
        return self.board.regions.get(self.seats[player], ())

    def curse_piece(self) -> int:
        """The piece in the curse slot (``-1`` if none). See ``curse_on``."""
        return self.curse

    # The type's facts are read from its behaviour's copies (see Behaviour.type_kind).
    def base_strength(self, pid: int) -> int | None:
        return self.beh[pid].type_strength

    def is_warrior(self, pid: int) -> bool:
        return self.beh[pid].type_kind == "warrior"

    def is_magic(self, pid: int) -> bool:
        return self.beh[pid].type_kind == "magic"

    def is_castle(self, pid: int) -> bool:
        return self.beh[pid].type_kind == "castle"

    def castle_of(self, player: int) -> int:
        """The castle ``player`` controls on the board, or ``-1`` (the first in square order
        when a team game has put two in their band: see :meth:`castles_of`)."""
        for p in self.pieces(player):
            if self.types[p].kind == "castle":
                return p
        return -1

    def castles_of(self, player: int) -> list[int]:
        """Every castle ``player`` controls on the board, in square order."""
        return [p for p in self.pieces(player) if self.types[p].kind == "castle"]

    # -- keywords and strength ---------------------------------------------------------
    def has_keyword(self, pid: int, keyword: str) -> bool:
        """Printed, granted until the end of the turn, or given by the curse in effect."""
        if keyword in self.beh[pid].type_keywords:
            return True
        if self.tkw:
            granted = self.tkw.get(pid)
            if granted is not None and keyword in granted:
                return True
        c = self.curse
        if c >= 0 and self.curse_on:
            b = self.beh[c]
            if b.curse_keywords and self.loc[pid] >= 0:
                # Under a curse the kernel asks this of most pieces at every decision.
                return keyword in curse_gift(self, pid).keywords
        return False

    def keywords_of(self, pid: int) -> frozenset[str]:
        """Printed, granted until the end of the turn, or given by the curse in effect (the
        printed set itself when there is nothing else: no set is built)."""
        kws = self.beh[pid].type_keywords
        if self.tkw:
            granted = self.tkw.get(pid)
            if granted:
                kws = kws | granted
        c = self.curse
        if c >= 0 and self.curse_on and self.loc[pid] >= 0:
            cursed = self.cursed_keywords(pid)
            if cursed:
                kws = kws | cursed
        return kws

    def cursed_keywords(self, pid: int) -> frozenset[str]:
        """The keywords the death curse in effect gives ``pid`` (none without one), asked of
        the curse once per piece type and controllers (see :func:`curse_gift`)."""
        c = self.curse
        if c < 0 or not self.curse_on:
            return frozenset()
        return curse_gift(self, pid).keywords

    def is_stationary(self, pid: int) -> bool:
        return self.has_keyword(pid, "stationary")

    def strength(self, pid: int) -> int | None:
        """Current strength (``None`` for magic and castles).

        During an attack the two pieces' strengths count on the attacked square and against
        each other; otherwise on the piece's own square.
        """
        c = self.combat
        if c is not None:
            if pid == c.attacker:
                return self.strength_at(pid, c.square, c.defender)
            if pid == c.defender:
                return self.strength_at(pid, c.square, c.attacker)
        return self.strength_at(pid, self.loc[pid], -1)

    def strength_at(self, pid: int, square: int, opponent: int = -1) -> int | None:
        # Effects.settle reads the printed strength itself when none of the three sources
        # below can change it: a new source of strength must be added to its test too.
        b = self.beh[pid]
        s = b.type_strength
        if s is None:
            return None
        for f in b.strength:
            s += f(self, pid, square, opponent)
        c = self.curse
        if c >= 0 and self.curse_on:
            for f in self.beh[c].curse_modifier:
                s += f(self, c, pid, square, opponent)
        return s + self.tstr.get(pid, 0)

    # -- board -------------------------------------------------------------------------
    def terrain(self, square: int) -> str:
        return self.board.terrain[square]

    def has_reserve(self, player: int) -> bool:
        """Is any piece waiting in ``player``'s reserve? (Asked at every decision of an
        edition with reserves: no list is built.)"""
        loc, owner = self.loc, self.owner
        for p in range(len(loc)):
            if loc[p] == RESERVE and owner[p] == player:
                return True
        return False

    def any_empty(self, squares: Iterable[int]) -> bool:
        """Is any of ``squares`` land and unoccupied?"""
        grid, land = self.grid, self.land
        for s in squares:
            if grid[s] < 0 and land[s]:
                return True
        return False

    def is_empty(self, square: int) -> bool:
        """Land and unoccupied."""
        return self.grid[square] < 0 and self.land[square]

    def empty_squares(self, terrain: str | None = None) -> list[int]:
        """The empty land squares (of ``terrain``, if given), in square order. It records the
        squares it reads for a ``"looked"`` entry (see :mod:`legends_core.changes`): a power
        that moves to an empty square of one terrain watches only that terrain's squares."""
        squares: Iterable[int] = self.board.of_terrain(terrain) if terrain else self.board.squares()
        land, grid = self.land, self.grid  # the table, not a call per square
        looked = self.looked
        if looked is not None:
            looked.extend(squares)
        return [s for s in squares if grid[s] < 0 and land[s]]

    def adjacent_pieces(self, square: int, player: int | None = None) -> list[int]:
        out = []
        for s in adjacent_squares(self, square):
            p = self.grid[s]
            if p >= 0 and (player is None or self.ctrl[p] == player):
                out.append(p)
        return out

    def adjacent_enemies(self, square: int, player: int) -> list[int]:
        out = []
        for s in adjacent_squares(self, square):
            p = self.grid[s]
            if p >= 0 and self.hostile(self.ctrl[p], player):
                out.append(p)
        return out

    def forward(self, player: int) -> int:
        """Rank direction towards the far side for ``player`` (+1 for the first seat)."""
        return 1 if self.teams[player] == self.teams[0] else -1

    # -- knowledge ---------------------------------------------------------------------
    def knows(self, player: int, pid: int) -> bool:
        return bool(self.known[pid] >> player & 1)

    def is_revealed(self, pid: int) -> bool:
        """Known to every player."""
        return self.known[pid] == self.all_mask

    # -- per-piece memory and limits ---------------------------------------------------
    def used(self, pid: int, key: str, per: str = "turn") -> bool:
        return (pid, key) in (self.used_turn if per == "turn" else self.used_game)

    def recall(self, pid: int, key: str, default: Any = None) -> Any:
        return self.memo.get((pid, key), default)

    def flights_over(self, square: int) -> list[int]:
        """Pieces that flew over ``square`` this turn."""
        return [flyer for flyer, over in self.flown if square in over]

    def in_combat(self, pid: int) -> bool:
        """Is ``pid`` one of the two pieces of the attack, or of the strike, under way?"""
        c = self.combat
        if c is None:
            c = self.strike_under_way()
        return c is not None and (pid == c.attacker or pid == c.defender)

    def strike_under_way(self) -> Combat | None:
        """The strike (a strength comparison outside an attack, see
        :meth:`~.effects.Effects.strike`) waiting for its window to close, if any."""
        for t in reversed(self.stack):
            if t.name == "strike-resolve":
                return t.contest()  # type: ignore[attr-defined]
        return None

    # -- naming ------------------------------------------------------------------------
    def sq(self, name: str) -> int:
        # The board's own spelling read from its table (a field, where parse_square is a
        # call into the board's Python class); any other text as the board parses it.
        sq = self.sq_index.get(name)
        return sq if sq is not None else self.board.parse_square(name)

    def name(self, square: int) -> str:
        return self.sq_names[square]

    def ref(self, pid: int) -> str:
        """A public handle for a piece: its square, ``"beige:2"`` in a destroyed area, or
        ``"curse"``."""
        loc = self.loc[pid]
        if loc >= 0:
            return self.sq_names[loc]
        if loc == DESTROYED:
            o = self.owner[pid]
            return f"{self.seats[o]}:{self.dead[o].index(pid)}"
        if loc == CURSE:
            return "curse"
        if loc == RESERVE:
            # No index: the order of a hidden reserve would tell what its pieces are.
            return f"{self.seats[self.owner[pid]]}:reserve"
        return f"curse-queue:{self.curse_queue_index(pid)}"

    def curse_queue_index(self, pid: int) -> int:
        return list(self.curse_queue).index(pid)  # type: ignore[attr-defined]

    def from_ref(self, ref: str) -> int:
        """Inverse of :meth:`ref`; raises ``ValueError``."""
        if ref == "curse":
            if self.curse < 0:
                raise ValueError("the curse slot is empty")
            return self.curse
        if ":" in ref:
            who, _, idx = ref.partition(":")
            try:
                return self.dead[self.player_index(who)][int(idx)]
            except (ValueError, IndexError):
                raise ValueError(f"no destroyed piece {ref!r}") from None
        p = self.grid[self.board.parse_square(ref)]
        if p < 0:
            raise ValueError(f"no piece on {ref}")
        return p

    def iter_pieces(self) -> Iterator[int]:
        return iter(range(len(self.types)))


def adjacent_squares(g: Queries, square: int) -> tuple[int, ...]:
    """The up to 8 squares touching ``square`` (``g.board.adjacent(square)``): the board's
    table, held by the game, read here; compiled, a field read where a call into the board
    (a plain Python class) runs a Python frame and reading its table a look-up. Several
    powers' offers ask it at every decision."""
    return g.adj[square]


def within_two_squares(g: Queries, square: int) -> tuple[int, ...]:
    """``g.board.within_two(square)``, read as :func:`adjacent_squares` reads its table."""
    return g.within2[square]


def beside_water(g: Queries, square: int) -> bool:
    """``g.board.next_to_water(square)``, read as :func:`adjacent_squares` reads its table."""
    return g.wet[square]


def nameable(g: Queries, chooser: int, squares: Iterable[int] | None, whose: str,
             match: Callable[[Any, int], bool] | None,
             by_type: dict[Any, bool] | None = None) -> list[int]:
    """The pieces ``chooser`` could name: on ``squares`` (in that order; every square when
    ``None``), controlled by anyone (``whose="any"``), by ``chooser`` (``"own"``) or by an
    opponent (``"enemy"``), and meeting ``match`` as far as ``chooser`` can tell (a piece
    hidden from them always could). The loop behind ``legends_pieces.powers.candidates``,
    compiled in the compiled build.

    ``by_type``, for a ``match`` that looks only at what is printed on a piece, keeps its
    answers by piece type (``g.types[piece]``), so it is asked once per type; ``match``
    is then a :class:`~legends_pieces.powers.match.Match`-like test of what a piece is (its
    printed facts and keywords).

    For a ``"looked"`` entry (see :mod:`legends_core.changes`) it records the ``squares``
    given; over the whole board, the rosters of the players whose pieces it looked through
    and the squares of the pieces it returns (with an arbitrary ``match``, of every piece it
    asked)."""
    grid, ctrl = g.grid, g.ctrl
    looked = g.looked
    # What stands on the squares (-1: nobody), then one pass over them: plugins ask this
    # several times a decision.
    cells: list[int]
    if squares is None:
        cells = grid
    else:
        # Read twice below. Typed as ints: compiled, each square is then read as a number,
        # not looked up in the grid through the generic protocol.
        seq: Sequence[int] = squares if isinstance(squares, (list, tuple)) else list(squares)
        if looked is not None:
            looked.extend(seq)
        cells = [grid[s] for s in seq]
    # One pass: the pieces of ``whose`` (nameable_squares repeats this test for its
    # squares-only case), each kept if ``chooser`` cannot tell it fails ``match``.
    mode = 0 if whose == "own" else 1 if whose == "enemy" else 2
    teams = g.teams
    team = teams[chooser]
    known, bit, types = g.known, 1 << chooser, g.types
    # With an arbitrary ``match``, a whole-board list records every piece it asked.
    asked: list[int] | None = (
        [] if looked is not None and squares is None and by_type is None and match is not None
        else None)
    out: list[int] = []
    for p in cells:
        if p < 0:
            continue
        if mode == 0:
            if ctrl[p] != chooser:
                continue
        elif mode == 1 and teams[ctrl[p]] == team:
            continue
        if asked is not None:
            asked.append(p)
        if match is not None and known[p] & bit:
            if by_type is None:
                if not match(g, p):
                    continue
            else:
                t = types[p]
                ok = by_type.get(t)
                if ok is None:
                    ok = by_type[t] = bool(match(g, p))
                if not ok:
                    continue
        out.append(p)
    if looked is not None and squares is None:
        _record_roster(g, looked, chooser, whose, out if asked is None else asked)
    return out


def nameable_squares(g: Queries, chooser: int, squares: Iterable[int] | None, whose: str,
                     match: Callable[[Any, int], bool] | None,
                     by_type: dict[Any, bool] | None = None) -> list[int]:
    """The squares of the pieces :func:`nameable` gives, in its order (the targets of an
    action aimed at one of them)."""
    if match is None and squares is not None:
        # Targets near a piece with no test of what they are (Distance Strike, Vision ...),
        # asked at most decisions: the squares themselves, in one pass (1.4% of a pure turn
        # over the general path below). The ``whose`` test repeats nameable's: change both;
        # tests/test_offer_shortcuts.py holds them equal.
        seq: Sequence[int] = squares if isinstance(squares, (list, tuple)) else list(squares)
        looked = g.looked
        if looked is not None:
            looked.extend(seq)
        grid, ctrl = g.grid, g.ctrl
        out: list[int] = []
        if whose == "own":
            for s in seq:
                p = grid[s]
                if p >= 0 and ctrl[p] == chooser:
                    out.append(s)
        elif whose == "enemy":
            teams = g.teams
            team = teams[chooser]
            for s in seq:
                p = grid[s]
                if p >= 0 and teams[ctrl[p]] != team:
                    out.append(s)
        else:
            for s in seq:
                if grid[s] >= 0:
                    out.append(s)
        return out
    loc = g.loc
    return [loc[p] for p in nameable(g, chooser, squares, whose, match, by_type)]


def _record_roster(g: Queries, looked: list[int], chooser: int, whose: str,
                   found: list[int]) -> None:
    """For a ``"looked"`` entry: the rosters of the players ``chooser``'s ``whose`` covers,
    and the squares of the pieces ``found`` (see :mod:`legends_core.changes`)."""
    first = g.areas.count
    if whose == "own":
        looked.append(first + chooser)
    else:
        teams = g.teams
        team = teams[chooser]
        for player in range(len(teams)):
            if whose == "any" or teams[player] != team:
                looked.append(first + player)
    loc = g.loc
    for p in found:
        looked.append(loc[p])

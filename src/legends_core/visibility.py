"""What each player may see: the single place where hidden information is projected.

Every outgoing channel goes through here: :func:`view` (a player's picture of the game, with
their own pending decision and its options), :func:`event_for` (an event as one player sees
it), :func:`position_for` (a saved game meant for one player) and :func:`player_record` (a
game record meant for one player). The principle (see the "Information model" page of the
docs): what a player receives is a function only of what that player may know.

* A piece's identity is shown to a player only if that player knows it (their own pieces,
  revealed pieces, pieces they were allowed to look at).
* Another player's pending decision shows only as whose turn it is to decide: no prompt, no
  options, and no trace of how many private steps it took.
* Effects in force on a piece (a boost, a lent keyword) are shown only to the players who know
  that piece, since the effect would narrow down what it is.
* Events are projected by the audience their type declares; undeclared types reach nobody.

Besides the seats (and the referee, ``None``, who sees everything) there is one more observer of
the same projection: :data:`~legends_core.SPECTATOR`, someone watching who holds no seat. A
spectator knows only what every seat knows: a piece shown to one seat alone stays hidden from
them.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, cast

import attrs

from .endings import Ending
from .events import ACTOR, KNOWERS, KNOWERS_ONLY, PUBLIC, Event
from .repetition import board_hash, one_way_count
from .teams import side_of, team_table, winning_seats

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .engine import Engine

#: The reserved name of an observer who holds no seat (someone watching a game): accepted
#: wherever a seat's name asks for a projection (:meth:`legends_core.Game.view`,
#: :meth:`legends_core.Game.events_for`). No ruleset may name a seat this.
SPECTATOR = "spectator"


@attrs.frozen
class PieceView:
    """A piece as one player sees it. ``number`` and the fields after it are ``None`` when
    the viewer does not know what the piece is."""

    #: Where it stands.
    square: str
    #: The seat that controls it now.
    controller: str
    #: The seat whose army it belongs to.
    owner: str
    #: Is it known to every player?
    revealed: bool
    #: The seats that know what it is.
    known_to: tuple[str, ...]
    #: Has it moved this game (pieces that moved cannot be castles or stationary)?
    moved: bool
    #: Its collector number, or ``None`` when the viewer does not know it.
    number: int | None
    #: Its name.
    name: str | None = None
    #: ``"warrior"``, ``"magic"`` or ``"castle"``.
    kind: str | None = None
    #: Its base (printed) strength.
    strength: int | None = None
    #: Its strength now, with the effects in force.
    current: int | None = None
    #: Its colour (its nation in Stratego Legends, its side in other editions).
    colour: str | None = None
    #: Its creature type (``"elf"``, ``"dragon"`` ...).
    type: str | None = None


@attrs.frozen
class View:
    """Everything one player may know about the game, and nothing else.

    ``destroyed`` lists each army's destroyed pieces in order; a piece the viewer may not know
    (a variant that keeps captured pieces hidden) shows as ``None``.
    """

    #: Whose view this is (``"referee"`` for the full one).
    player: str
    #: The board as :meth:`Board.to_dict <legends_core.board.Board.to_dict>` gives it:
    #: ``width``, ``height``, ``rows`` of terrain letters (top rank first), ``regions``, ``layout``.
    #: Every view of the same board shares this one dict: read it, never change it (to change a
    #: copy, take :meth:`to_dict`, which hands out fresh ones).
    board: dict[str, Any]
    #: Every piece on the board, as this player sees it.
    pieces: tuple[PieceView, ...]
    #: Each seat's destroyed area, in order (collector numbers).
    destroyed: dict[str, tuple[int | None, ...]]
    #: The piece in the curse slot (collector number), or ``None``.
    curse: int | None
    #: Is that curse in effect (rather than arriving)?
    curse_active: bool
    #: Who controls the curse in the slot.
    curse_controller: str | None
    #: Death curses waiting for the slot.
    curse_queue: tuple[int, ...]
    #: The turn under way.
    turn: int
    #: Whose turn it is.
    active: str
    #: Who must decide now (``None`` once the game is over); any seat may know this.
    to_move: str | None
    #: The pending decision in words, for the deciding player only (else ``None``).
    decision: str | None
    #: The legal actions as notation, for the deciding player only (else empty).
    options: tuple[str, ...]
    #: Effects until the end of the turn on pieces this player knows: (square, kind, value).
    effects: tuple[tuple[str, str, Any], ...]
    #: Has the game ended?
    over: bool
    #: The winner, once there is one.
    winner: str | None
    #: Why the game ended (empty while it goes on).
    reason: str
    #: The salted SHA-256 digest of the hidden setup, once play has begun (see
    #: :mod:`legends_core.fairness`); the same for every player.
    commitment: str | None = None
    #: The ruleset (see :mod:`legends_core.ruleset`).
    rules: str = "legends"
    #: Each seat's pieces waiting off the board (``None`` where the viewer does not know one).
    reserve: dict[str, tuple[int | None, ...]] = attrs.field(factory=dict)
    #: Every seat of the winning side (a team game's winners are a whole team).
    winners: tuple[str, ...] = ()
    #: The sides and their seats (see :attr:`legends_core.Game.teams`); shared by every view of
    #: the game, like :attr:`board`: read it, never change it.
    teams: dict[str, tuple[str, ...]] = attrs.field(factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-friendly data (what a server sends to that player): what
        :func:`attrs.asdict` gives, tuples as lists, built directly because a server builds
        one for every seat after every action."""
        out = {name: _plain(getattr(self, name)) if name != "pieces" else None
               for name in _VIEW_FIELDS}
        pieces = out["pieces"] = []
        for p in self.pieces:
            d = dict(zip(_PIECE_FIELDS, _piece_values(p), strict=True))
            d["known_to"] = list(d["known_to"])  # the only field that is not a plain value
            pieces.append(d)
        return out

    def _repr_svg_(self) -> str | None:
        """The view as SVG, turned for its player (Jupyter shows a view this way), when a
        renderer is installed (see :mod:`legends_core.display`)."""
        from .display import svg

        return svg(view=self)

    def __str__(self) -> str:
        """The board as this player sees it, in plain text (their side at the bottom, pieces
        they have not been shown as ``????``; see :mod:`legends_core.textboard`)."""
        from .display import text

        return text(self)

    def __repr__(self) -> str:
        if not self.over:
            state = f"{self.to_move} to decide"
        else:
            state = f"won by {self.winner}" if self.winner else f"over: {self.reason}"
        return f"<View of {self.player}, turn {self.turn}, {state}>"

    def piece_on(self, square: str) -> PieceView | None:
        """The piece on ``square`` as this view shows it, or ``None``."""
        for p in self.pieces:
            if p.square == square:
                return p
        return None


_VIEW_FIELDS = tuple(f.name for f in attrs.fields(View))
_PIECE_FIELDS = tuple(f.name for f in attrs.fields(PieceView))
_piece_values = operator.attrgetter(*_PIECE_FIELDS)


def _plain(value: Any) -> Any:
    """``value`` with every tuple and list turned into a new list and every dict copied, as
    :func:`attrs.asdict` turns the values of a view's fields (other than ``pieces``, which
    alone holds attrs instances)."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _knowing(g: Engine, player: int | str | None) -> tuple[int, int]:
    """``(bits, need)``: the observer knows a piece when ``known & bits >= need``. A seat
    needs its own bit, a spectator every seat's (what all were shown), the referee any."""
    if player is None:
        return g.all_mask, 1
    if player == SPECTATOR:
        return g.all_mask, g.all_mask
    if isinstance(player, str):
        raise ValueError(f"no observer {player!r}")
    return 1 << player, 1 << player


#: Switch for the caches of :func:`view` (the board's description, pieces as seen): on in
#: play; tests turn it off to check that a cached view equals one built afresh.
CACHING = True

#: Each board's description (a board never changes), by identity: ``id -> (board, dict)``.
_BOARDS: dict[int, tuple[Any, dict[str, Any]]] = {}
#: Pieces as seen, by board and seats (which name the squares and seats), then by what a piece
#: is made of: a piece that did not change between two views (most of them, at every step) is
#: not built again. A piece type compares (and hashes) by identity, and a key holds its type,
#: so an entry never outlives it; bounded like the kernel's caches. Beside them, each
#: observer's last pieces with what they were made of (see :func:`_pieces`).
_PIECES: dict[tuple[Any, ...], tuple[Any, dict[tuple[Any, ...], PieceView],
                                     dict[tuple[int, int], tuple[list[Any], tuple[PieceView, ...]]]]] = {}
_PIECES_BOUND = 1 << 15


def _piece_cache(g: Engine) -> tuple[dict[tuple[Any, ...], PieceView],
                                     dict[tuple[int, int], tuple[list[Any], tuple[PieceView, ...]]]] | None:
    """The caches of pieces as seen for ``g``'s board and seats: by what each piece is made
    of, and each observer's last pieces (``None``: caching is off)."""
    if not CACHING:
        return None
    board = g.board
    outer = (g.rules.players, id(board))
    hit = _PIECES.get(outer)
    if hit is None or hit[0] is not board or len(hit[1]) >= _PIECES_BOUND:
        if len(_PIECES) >= 16:
            _PIECES.clear()
        hit = _PIECES[outer] = (board, {}, {})
    return hit[1], hit[2]


#: The notation of recent option lists, by identity: ``id -> (list, texts)``. The engine keeps
#: a decision's options in one list until the state changes, and a window asks every seat.
_TEXTS: dict[int, tuple[list[Any], tuple[str, ...]]] = {}
#: The notation of single actions, by identity: ``id -> (action, text)`` (actions are frozen).
_ACTION_TEXTS: dict[int, tuple[Any, str]] = {}


def _option_texts(opts: list[Any]) -> tuple[str, ...]:
    """The notation of each option, in order."""
    if not CACHING:
        return tuple(str(a) for a in opts)
    hit = _TEXTS.get(id(opts))
    if hit is not None and hit[0] is opts and len(hit[1]) == len(opts):
        return hit[1]
    if len(_TEXTS) >= 64:
        _TEXTS.clear()
    if len(opts) > 256:  # the setup's switches: new actions each time, not worth keeping
        texts = tuple(str(a) for a in opts)
        _TEXTS[id(opts)] = (opts, texts)
        return texts
    if len(_ACTION_TEXTS) >= _PIECES_BOUND:
        _ACTION_TEXTS.clear()
    out: list[str] = []
    for a in opts:
        # The kernel keeps each piece's offered actions between decisions: the same objects.
        one = _ACTION_TEXTS.get(id(a))
        if one is None or one[0] is not a:
            one = _ACTION_TEXTS[id(a)] = (a, str(a))
        out.append(one[1])
    texts = tuple(out)
    _TEXTS[id(opts)] = (opts, texts)
    return texts


#: Each ruleset's sides, by identity of the game's rules: ``id -> (rules, table)``.
_TEAMS: dict[int, tuple[Any, dict[str, tuple[str, ...]]]] = {}


def _teams(rules: Any) -> dict[str, tuple[str, ...]]:
    """:func:`~legends_core.teams.team_table` of ``rules``, shared by every view of a game
    (read, never changed, as the board's description)."""
    if not CACHING:
        return team_table(rules)
    hit = _TEAMS.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_TEAMS) >= 64:
            _TEAMS.clear()
        hit = _TEAMS[id(rules)] = (rules, team_table(rules))
    return hit[1]


def _board_dict(board: Any) -> dict[str, Any]:
    """``board.to_dict()``, built once per board and shared by every view of it (a view's
    ``board`` is read, never changed: :meth:`View.to_dict` hands out fresh copies)."""
    if not CACHING:
        return board.to_dict()
    hit = _BOARDS.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_BOARDS) >= 64:
            _BOARDS.clear()
        hit = _BOARDS[id(board)] = (board, board.to_dict())
    return hit[1]


def _pieces(g: Engine, bit: int, need: int) -> tuple[PieceView, ...]:
    """Every piece on the board as the observer knowing by ``(bit, need)`` sees it, in square
    order. What each piece is made of (square, controller, owner, what the viewer knows of it,
    whether it moved, and for a piece they know its type and strength now) is listed first;
    when the list equals the one of this observer's previous view (a window, a turn's start),
    that view's tuple is the answer, else each piece comes from the cache by what it is made
    of (see :data:`_PIECES`)."""
    grid, known, ctrl, owners, types = g.grid, g.known, g.ctrl, g.owner, g.types
    moved_set, strength = g.moved, g.strength
    made: list[tuple[Any, ...]] = []
    for sq, pid in enumerate(grid):
        if pid < 0:
            continue
        mask = known[pid]
        if mask & bit >= need:
            made.append((sq, ctrl[pid], owners[pid], mask, pid in moved_set, types[pid],
                         strength(pid)))
        else:
            made.append((sq, ctrl[pid], owners[pid], mask, pid in moved_set))
    caches = _piece_cache(g)
    if caches is None:
        return tuple(_piece_view(g, m) for m in made)
    by_value, last = caches
    seen = last.get((bit, need))
    if seen is not None and seen[0] == made:
        return seen[1]
    out = []
    for m in made:
        pv = by_value.get(m)
        if pv is None:
            pv = by_value[m] = _piece_view(g, m)
        out.append(pv)
    pieces = tuple(out)
    if len(last) >= 64:
        last.clear()
    last[(bit, need)] = (made, pieces)
    return pieces


def _piece_view(g: Engine, made: tuple[Any, ...]) -> PieceView:
    """A piece as seen, from what :func:`_pieces` lists it is made of."""
    names = g.rules.players
    sq, c, o, mask, moved = made[:5]
    square, controller, owner = g.board._names[sq], names[c], names[o]
    revealed, known_to = mask == g.all_mask, g.seen(g.grid[sq])
    if len(made) > 5:
        t = made[5]
        return PieceView(square, controller, owner, revealed, known_to, moved, t.number,
                         t.name, t.kind, t.strength, made[6], t.colour, t.type)
    return PieceView(square, controller, owner, revealed, known_to, moved, None)


def view(g: Engine, player: int | str | None) -> View:
    """Project the game for ``player``: a seat's index, :data:`~legends_core.SPECTATOR`, or
    ``None`` (the referee, who sees everything)."""
    names = g.rules.players
    bit, need = _knowing(g, player)
    pieces = _pieces(g, bit, need)
    pending = g.pending
    to_move = names[pending.player] if pending is not None else None
    options: tuple[str, ...] = ()
    decision: str | None = None
    if pending is not None and (player is None or pending.player == player):
        # Only the deciding player (and the referee) learn what is being decided: whether a
        # question is put at all may depend on what that player holds.
        options = _option_texts(g.options())
        decision = pending.describe(g)
    effects = tuple(
        (g.board.name(g.loc[pid]), kind, value) for pid, kind, value, _ in g.temps
        if g.loc[pid] >= 0 and g.known[pid] & bit >= need
    )
    return View(
        player="referee" if player is None else player if isinstance(player, str)
        else names[player],
        board=_board_dict(g.board),
        pieces=pieces,
        destroyed=_destroyed(g, bit, need),
        curse=g.types[g.curse].number if g.curse >= 0 else None,
        curse_active=g.curse_on,
        curse_controller=names[g.curse_ctrl] if g.curse >= 0 else None,
        curse_queue=tuple(g.types[p].number for p in g.curse_queue),
        turn=g.turn,
        active=names[g.active],
        to_move=to_move,
        decision=decision,
        options=options,
        effects=effects,
        over=g.over,
        winner=names[g.winner] if g.winner is not None else None,
        reason=g.reason,
        commitment=g.commitment,
        rules=g.rules.name,
        reserve=_reserve(g, bit, need),
        winners=() if g.winner is None else winning_seats(g.rules, g.winner),
        teams=_teams(g.rules),
    )


def _destroyed(g: Engine, bit: int, need: int) -> dict[str, tuple[int | None, ...]]:
    """Each seat's destroyed area as the observer knowing by ``(bit, need)`` sees it."""
    names, types, known = g.rules.players, g.types, g.known
    return {names[i]: tuple([types[p].number if known[p] & bit >= need else None
                             for p in area]) for i, area in enumerate(g.dead)}


def _reserve(g: Engine, bit: int, need: int) -> dict[str, tuple[int | None, ...]]:
    if not g.rs.ruleset.reserve:
        return {}
    names = g.rules.players
    return {names[i]: tuple(g.types[p].number if g.known[p] & bit >= need else None
                            for p in g.reserve(i)) for i in range(len(names))}


def event_for(event: Event, player: str, seats: Sequence[str] = ()) -> Event | None:
    """The event as ``player`` sees it, or ``None`` when it is not for them.

    Follows the audience the event's type declares (:data:`legends_core.events.AUDIENCES`);
    a type that declares none is for the referee only. For :data:`~legends_core.SPECTATOR`,
    ``seats`` must name every seat of the game: a spectator knows a piece only when all of
    them do.
    """
    audience = type(event).audience
    if player == SPECTATOR and not seats:
        raise ValueError("a spectator's events need the game's seats")
    if audience == PUBLIC:
        if getattr(event, "secret", False) and getattr(event, "player", None) != player:
            return attrs.evolve(event, targets=())  # type: ignore[misc]
        return event
    if audience == KNOWERS:
        if event.piece is not None and not _in(player, event.seen, seats):  # type: ignore[attr-defined]
            return attrs.evolve(event, piece=None)  # type: ignore[misc]
        return event
    if audience == KNOWERS_ONLY:
        return event if _in(player, event.seen, seats) else None  # type: ignore[attr-defined]
    if audience == ACTOR:
        return event if player == event.player or event.public else None  # type: ignore[attr-defined]
    return None


def _in(player: str, seen: Sequence[str], seats: Sequence[str]) -> bool:
    """Is ``player`` among those who know (a spectator: is every seat)?"""
    if player == SPECTATOR:
        return all(s in seen for s in seats)
    return player in seen


def events_for(events: list[Event], player: str, seats: Sequence[str] = ()) -> list[Event]:
    """The events ``player`` may receive, as they may see them (others left out); ``seats``
    as for :func:`event_for`."""
    out = []
    for e in events:
        seen = event_for(e, player, seats)
        if seen is not None:
            out.append(seen)
    return out


def position_for(g: Engine, player: int) -> dict[str, Any]:
    """A saved game meant for one player: their :func:`view`, as JSON-friendly data.

    It holds no piece ids and no pending internal steps, only what :func:`view` shows, so it
    cannot be loaded back as a game (hidden pieces have no identity in it).
    """
    return {"format": "stratego-legends-view", "version": 1, **view(g, player).to_dict()}


def knowledge_state(g: Engine, player: int) -> Engine:
    """A copy of the game holding only what ``player`` may know, for imagining worlds.

    This is the projection that search players start from (see :mod:`legends_core.worlds`):

    * every piece ``player`` does not know gets a stand-in identity (the same for every hidden
      piece of an army, whatever it really is), to be drawn afresh by
      :func:`legends_core.worlds.imagine`;
    * a power's memory is kept only for pieces ``player``'s side controls (the other side's
      memory can hold a private guess or a secret target);
    * effects in force and powers used are kept only on pieces ``player`` knows (as the view
      shows them);
    * pending steps are kept when they are the kernel's own public steps, or questions and
      follow-ups of ``player``'s side; another side's private question, and follow-ups a
      power of theirs scheduled, are left out;
    * the seed and the commitment's salt are blanked, and the positions counted toward a
      repetition draw are left out.
    """
    w = g.copy()
    bit = 1 << player
    known = g.known
    hidden = [pid for pid in range(len(g.types)) if not known[pid] & bit]
    if hidden:
        w.types = list(g.types)
        w.beh = list(g.beh)
        cat = g.catalogue
        stand_ins: dict[int, Any] = {}  # one per army
        for pid in hidden:
            owner = g.owner[pid]
            stand_in = stand_ins.get(owner)
            if stand_in is None:
                stand_in = stand_ins[owner] = _stand_in(g, owner)
            w.types[pid] = stand_in
            w.beh[pid] = cat.behaviour(stand_in.number)
    ours = g.team_mask[player]
    w.memo = {k: v for k, v in g.memo.items() if ours >> g.ctrl[k[0]] & 1 and known[k[0]] & bit}
    w.temps = [t for t in g.temps if known[t[0]] & bit]
    w.tstr, w.tkw = {}, {}
    for pid, kind, value, _ in w.temps:
        if kind == "strength":
            w.tstr[pid] = w.tstr.get(pid, 0) + value
        elif kind == "keyword":
            w.tkw[pid] = w.tkw.get(pid, frozenset()) | {value}
    w.used_turn = {u for u in g.used_turn if known[u[0]] & bit}
    w.used_game = {u for u in g.used_game if known[u[0]] & bit}
    w.stack = [t for t in g.stack if _step_known(g, t, player)]
    _relabel(w, _public_labels(g, [pid for pid in range(len(g.types))
                                   if not ours >> g.owner[pid] & 1]))
    w.seed = 0
    w.salt = "0" * 32
    # The positions counted for repetition hold the real pieces on their squares: the world
    # starts its own count here (a search does not foresee a repetition draw).
    w.reps, w.reps_own, w.reps_from = {}, True, -1
    # What the engine keeps up to date as it goes, worked out from the projection alone (the
    # real game's count includes powers the player does not know were used).
    w.zob, w.kc = board_hash(w), one_way_count(w)
    w.events = []
    w._opts = None
    w._abl = None
    w.forget_offers()
    w.shift()
    return w


def _public_labels(g: Engine, hidden: list[int]) -> dict[int, int]:
    """New ids for the other sides' pieces, in an order made from public facts alone (where
    each stands, its place in a destroyed area or the curse queue, whose reserve holds it).

    Which id a piece has is the kernel's business, and can depend on what a hidden piece is
    (a reserve piece named when it is brought in, say): the same pieces must get the same
    ids whatever the hidden ones really are."""
    place: dict[int, tuple[int, ...]] = {}
    for i, area in enumerate(g.dead):
        for n, pid in enumerate(area):
            place[pid] = (1, i, n)
    for n, pid in enumerate(g.curse_queue):
        place[pid] = (3, n)
    if g.curse >= 0:
        place[g.curse] = (2,)
    rank: dict[int, int] = {}

    def key(pid: int) -> tuple[int, ...]:
        if g.loc[pid] >= 0:
            return (0, g.loc[pid])
        if pid in place:
            return place[pid]
        # Off the board elsewhere (a reserve): pieces of one owner there look alike.
        n = rank[g.owner[pid]] = rank.get(g.owner[pid], -1) + 1
        return (4, g.owner[pid], g.loc[pid], n)

    ordered = sorted(hidden, key=key)
    return {old: new for old, new in zip(ordered, sorted(hidden), strict=True) if old != new}


#: Fields of the kernel's steps, and keys of powers' follow-up data, that hold piece ids.
PIECE_FIELDS = frozenset({"attacker", "defender", "piece", "doomed", "target", "cands",
                          "pieces"})
#: ... but a step's ``target`` is a seat (the army a setup shuffle is about), never a piece:
#: relabelled as one, a team game's knowledge state named an army that is not there.
_STEP_PIECE_FIELDS = PIECE_FIELDS - {"target"}


def _relabel(w: Engine, m: dict[int, int]) -> None:
    """Give the pieces of ``w`` the ids ``m`` names (a permutation; others keep theirs)."""
    if not m:
        return

    def to(pid: Any) -> Any:
        return m.get(pid, pid) if isinstance(pid, int) and not isinstance(pid, bool) else pid

    for name in ("types", "beh", "owner", "ctrl", "loc", "known"):
        old = getattr(w, name)
        new = list(old)
        for a, b in m.items():
            new[b] = old[a]
        setattr(w, name, new)
    w.grid = [to(p) if p >= 0 else p for p in w.grid]
    w.dead = [[to(p) for p in area] for area in w.dead]
    w.curse = to(w.curse) if w.curse >= 0 else w.curse
    w.curse_queue = [to(p) for p in w.curse_queue]
    w.temps = [(to(t[0]), t[1], t[2], to(t[3]) if t[3] >= 0 else t[3]) for t in w.temps]
    w.tstr = {to(k): v for k, v in w.tstr.items()}
    w.tkw = {to(k): v for k, v in w.tkw.items()}
    w.used_turn = {(to(p), k) for p, k in w.used_turn}
    w.used_game = {(to(p), k) for p, k in w.used_game}
    w.memo = {(to(p), k): v for (p, k), v in w.memo.items()}
    w.moved = {to(p) for p in w.moved}
    w.flown = [(to(p), over) for p, over in w.flown]
    w.bf = [None if r is None else (to(r[0]), *r[1:]) for r in w.bf]
    if w.combat is not None:
        w.combat = w.combat._replace(attacker=to(w.combat.attacker),
                                     defender=to(w.combat.defender))

    def fix(v: Any) -> Any:
        return tuple(to(x) for x in v) if isinstance(v, tuple) else to(v)

    stack = []
    for t in w.stack:
        changes = {f.name: fix(getattr(t, f.name)) for f in attrs.fields(cast(Any, type(t)))
                   if f.name in _STEP_PIECE_FIELDS}
        data = getattr(t, "data", None)
        if isinstance(data, dict) and PIECE_FIELDS & data.keys():
            changes["data"] = {k: fix(v) if k in PIECE_FIELDS else v for k, v in data.items()}
        stack.append(attrs.evolve(cast(Any, t), **changes) if changes else t)
    w.stack = stack


def _stand_in(g: Engine, owner: int) -> Any:
    """The identity every hidden piece of ``owner``'s army wears in a knowledge state: the
    first piece of the army's smallest warrior slot (or any of its pieces)."""
    army = army_of(g.rules.players[owner], g.catalogue)
    comp = g.rs.ruleset.composition
    for slot in sorted(k for k in comp if isinstance(k, int)) + ["magic", "castle"]:
        pool = g.catalogue.slot_pool(army, slot)
        if pool:
            return pool[0]
    return next(iter(t for _, t in g.catalogue.items()))


def army_of(seat: str, catalogue: Any) -> str:
    """The army a seat brings: its side's (``"beige-2"`` brings the beige army)."""
    return side_of(seat)


#: The kernel's own steps: plain public structure of the turn (what is under way is shown to
#: every player by events), so they stay in a knowledge state.
PUBLIC_STEPS = frozenset({
    "turn-start", "main-check", "main", "rules-turn-end", "window", "turn-end",
    "attack", "attack-reveal", "attack-resolve", "replacement", "attack-kill",
    "attack-finish", "berserk-check", "berserk", "curse-arrive", "curse-activate",
    "strike-resolve", "setup-shuffle", "setup-switch",
})


def _step_known(g: Engine, task: Any, player: int) -> bool:
    if task.name in PUBLIC_STEPS:
        return True
    if task.name == "ask":
        return bool(task.public) or g.same_side(task.player, player)
    if task.name == "later":
        return _follow_up_of(g, task.data, player)
    return False


def _follow_up_of(g: Engine, data: Any, player: int) -> bool:
    """Does a power's follow-up belong to ``player``'s side (its data names a seat of theirs
    as the player or caster, or a piece of theirs they know)?"""
    if not isinstance(data, dict):
        return False
    seats = len(g.rules.players)
    for key in ("player", "caster"):
        seat = data.get(key)
        if isinstance(seat, int) and 0 <= seat < seats:
            return g.same_side(seat, player)
    piece = data.get("piece")
    return isinstance(piece, int) and 0 <= piece < len(g.ctrl) \
        and g.same_side(g.ctrl[piece], player) and bool(g.known[piece] & (1 << player))


PLAYER_RECORD_FORMAT = "stratego-legends-player-record"


def player_record(start: Any, actions: list[str], player: str) -> dict[str, Any]:
    """A game record meant for one player, made by replaying ``actions`` on ``start`` (a
    :class:`legends_core.Game` at the record's beginning).

    It holds the player's view at the start, then a log of two kinds of entry: the player's
    own decisions (``{"action": ...}``) and the events they were shown (``{"events": [...]}``),
    every run of events merged into one entry whatever decisions produced them. So the log
    tells neither how many private steps the others took nor whether another player was asked
    at all (auto-pass answers a window inside the same step). Also the commitment. No seed, no
    salt, no hidden identity.
    """
    log: list[dict[str, Any]] = []
    first = view(start.engine, start.engine.player_index(player)).to_dict()
    for text in actions:
        ending = Ending.parse(text)  # a resignation, a loss on time or a draw: see endings
        actor = start.current_player if ending is None else ending.seat
        events = start.apply(text) if ending is None else start.end(ending)
        seen = [e.to_dict() for e in events_for(events, player)]
        if actor == player:
            log.append({"action": text})
        if seen:
            if log and "events" in log[-1]:
                log[-1]["events"].extend(seen)
            else:
                log.append({"events": seen})
    return {"format": PLAYER_RECORD_FORMAT, "version": 1, "player": player,
            "commitment": start.commitment, "start": first, "log": log}

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from .events import ACTOR, KNOWERS, KNOWERS_ONLY, PUBLIC, Event
from .teams import team_table, winning_seats

if TYPE_CHECKING:
    from .engine import Engine


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
    #: The sides and their seats (see :attr:`legends_core.Game.teams`).
    teams: dict[str, tuple[str, ...]] = attrs.field(factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-friendly data (what a server sends to that player)."""
        return attrs.asdict(self)

    def _repr_svg_(self) -> str | None:
        """The view as SVG, turned for its player (Jupyter shows a view this way), when a
        renderer is installed (see :mod:`legends_core.display`)."""
        from .display import svg

        return svg(view=self)

    def piece_on(self, square: str) -> PieceView | None:
        """The piece on ``square`` as this view shows it, or ``None``."""
        for p in self.pieces:
            if p.square == square:
                return p
        return None


def view(g: Engine, player: int | None) -> View:
    """Project the game for ``player`` (``None``: the referee, who sees everything)."""
    names = g.rules.players
    bit = g.all_mask if player is None else 1 << player
    pieces = []
    for sq in range(len(g.grid)):
        pid = g.grid[sq]
        if pid < 0:
            continue
        mask = g.known[pid]
        square, controller, owner = g.board.name(sq), names[g.ctrl[pid]], names[g.owner[pid]]
        revealed, known_to, moved = mask == g.all_mask, g.seen(pid), pid in g.moved
        if mask & bit:
            t = g.types[pid]
            pieces.append(PieceView(square, controller, owner, revealed, known_to, moved,
                                    t.number, t.name, t.kind, t.strength, g.strength(pid),
                                    t.colour, t.type))
        else:
            pieces.append(PieceView(square, controller, owner, revealed, known_to, moved, None))
    pending = g.pending
    to_move = names[pending.player] if pending is not None else None
    options: tuple[str, ...] = ()
    decision: str | None = None
    if pending is not None and (player is None or pending.player == player):
        # Only the deciding player (and the referee) learn what is being decided: whether a
        # question is put at all may depend on what that player holds.
        options = tuple(str(a) for a in g.options())
        decision = pending.describe(g)
    effects = tuple(
        (g.board.name(g.loc[pid]), kind, value) for pid, kind, value, _ in g.temps
        if g.loc[pid] >= 0 and g.known[pid] & bit
    )
    return View(
        player="referee" if player is None else names[player],
        board=g.board.to_dict(),
        pieces=tuple(pieces),
        destroyed={names[i]: tuple(g.types[p].number if g.known[p] & bit else None
                                   for p in area) for i, area in enumerate(g.dead)},
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
        reserve=_reserve(g, bit),
        winners=() if g.winner is None else winning_seats(g.rules, g.winner),
        teams=team_table(g.rules),
    )


def _reserve(g: Engine, bit: int) -> dict[str, tuple[int | None, ...]]:
    if not g.rs.ruleset.reserve:
        return {}
    names = g.rules.players
    return {names[i]: tuple(g.types[p].number if g.known[p] & bit else None
                            for p in g.reserve(i)) for i in range(len(names))}


def event_for(event: Event, player: str) -> Event | None:
    """The event as ``player`` sees it, or ``None`` when it is not for them.

    Follows the audience the event's type declares (:data:`legends_core.events.AUDIENCES`);
    a type that declares none is for the referee only.
    """
    audience = type(event).audience
    if audience == PUBLIC:
        if getattr(event, "secret", False) and getattr(event, "player", None) != player:
            return attrs.evolve(event, targets=())  # type: ignore[misc]
        return event
    if audience == KNOWERS:
        if player not in event.seen and event.piece is not None:  # type: ignore[attr-defined]
            return attrs.evolve(event, piece=None)  # type: ignore[misc]
        return event
    if audience == KNOWERS_ONLY:
        return event if player in event.seen else None  # type: ignore[attr-defined]
    if audience == ACTOR:
        return event if player == event.player or event.public else None  # type: ignore[attr-defined]
    return None


def events_for(events: list[Event], player: str) -> list[Event]:
    """The events ``player`` may receive, as they may see them (others left out)."""
    out = []
    for e in events:
        seen = event_for(e, player)
        if seen is not None:
            out.append(seen)
    return out


def position_for(g: Engine, player: int) -> dict[str, Any]:
    """A saved game meant for one player: their :func:`view`, as JSON-friendly data.

    It holds no piece ids and no pending internal steps, only what :func:`view` shows, so it
    cannot be loaded back as a game (hidden pieces have no identity in it).
    """
    return {"format": "stratego-legends-view", "version": 1, **view(g, player).to_dict()}


def determinize(g: Engine, player: int, rng: Any) -> Engine:
    """A copy of the game in which every piece ``player`` does not know is given a plausible
    identity drawn at random, keeping only what ``player`` knows.

    The other sides' army make-up follows the ruleset's composition (Stratego Legends: one
    castle, five magic pieces, one 10, one 9, three each of 8 to 2, one 1), less the pieces
    ``player`` already knows. A piece that has moved is never made a castle or a stationary
    piece. Search players use this to imagine the hidden pieces without looking at them.
    """
    composition = g.rs.ruleset.composition
    d = g.copy()
    d.types = list(g.types)
    d.beh = list(g.beh)
    cat = g.catalogue
    bit = 1 << player
    by_side: dict[int, list[int]] = {}
    for pid in range(len(g.types)):
        if not g.known[pid] & bit:
            by_side.setdefault(g.owner[pid], []).append(pid)
    for owner, hidden in by_side.items():
        army = g.types[hidden[0]].army
        slots: dict[Any, int] = dict(composition)
        for pid in range(len(g.types)):
            if g.owner[pid] == owner and g.known[pid] & bit:
                t = g.types[pid]
                k = t.strength if t.kind == "warrior" else t.kind
                slots[k] = slots.get(k, 0) - 1
        bag = [k for k, n in slots.items() for _ in range(max(0, n))]
        while len(bag) < len(hidden):
            bag.append(rng.choice([k for k in composition if isinstance(k, int)]))
        rng.shuffle(bag)
        # Castles and stationary magic only where a piece has never moved.
        still = [p for p in hidden if p not in g.moved and g.loc[p] >= 0]
        moving = [p for p in hidden if p not in still]
        fixed = [k for k in bag if k in ("castle", "magic")]
        free = [k for k in bag if k not in ("castle", "magic")]
        rng.shuffle(still)
        order = still + moving
        assigned = fixed[: len(still)] + free + fixed[len(still):]
        for pid, k in zip(order, assigned, strict=False):
            choices: Any = cat.slot_pool(army, k)
            if pid in g.moved:
                choices = [t for t in choices if "stationary" not in t.keywords] or choices
            if not choices:
                continue
            t = rng.choice(choices)
            d.types[pid] = t
            d.beh[pid] = cat.behaviour(t.number)
    d._opts = None
    d._abl = None  # the imagined types may offer other abilities
    d.offers = {}  # and other actions
    d.shift()
    return d


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
        actor = start.current_player
        seen = [e.to_dict() for e in events_for(start.apply(text), player)]
        if actor == player:
            log.append({"action": text})
        if seen:
            if log and "events" in log[-1]:
                log[-1]["events"].extend(seen)
            else:
                log.append({"events": seen})
    return {"format": PLAYER_RECORD_FORMAT, "version": 1, "player": player,
            "commitment": start.commitment, "start": first, "log": log}

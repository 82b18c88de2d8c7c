"""The engine: the complete mutable state of one game, and the loop that runs its tasks.

Everything that can change during a game lives in an :class:`Engine`: where each piece is, who
controls it, who knows what it is, the curse slot, effects until the end of the turn,
once-per-turn counters, the pending steps. Plugins hold no state, so :meth:`Engine.copy` is a
complete snapshot (used for undo, for exception safety and by search players).

Powers receive the engine as ``game`` and use the methods of :class:`~.queries.Queries`
(what is true now) and :class:`~.effects.Effects` (change it). Pieces are ints ("piece ids");
squares are ints; players are ints (indices into ``rules.players``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, Final

from .actions import Action
from .board import Board
from .changes import Areas, Offers, areas, no_offers
from .compiling import mypyc_attr
from .effects import Effects, chose_event
from .errors import IllegalActionError
from .events import Event
from .piecetype import PieceType
from .registry import Behaviour, Catalogue
from .ruleset import RuleBehaviour, behaviour
from .rulings import ruling
from .statevalues import (
    CURSE,
    CURSE_QUEUE,
    DESTROYED,
    NO_PROGRESS_LIMIT,
    REPETITION_LIMIT,
    RESERVE,
    Combat,
    Outcome,
    Rules,
)
from .tasks import Task
from .teams import team_masks, zones

#: With auto-pass, settle the seats of a response window that can only pass in one step
#: (``Window.settle``) rather than one loop round each. The events are the same either way;
#: the switch is here so that a test can play the same games both ways and compare them.
SETTLE_AT_ONCE = True
# The plain values of the state, named here too (they were defined here before).
__all__ = ["CURSE", "CURSE_QUEUE", "DESTROYED", "NO_PROGRESS_LIMIT", "REPETITION_LIMIT",
           "RESERVE", "Combat", "Engine", "Outcome", "Rules"]

RULINGS = (
    ruling("Games without a winner",
           "The rulebook has no rule for a draw. ``turn_limit`` is our addition, for automated "
           "play: a game that reaches it ends with no winner."),
    ruling("Games that stop making progress",
           "The rulebook has no rule for a draw, and two players can shuffle pieces back and "
           "forth for ever. So that every game ends, ``no_progress_limit`` (200 turns unless "
           "turned off) ends a game with no winner when that many turns in a row have passed "
           "without progress. Progress is anything that cannot be undone by moving: an attack "
           "(even one a power stops before strengths are compared), a strength comparison at a "
           "distance, a piece leaving the board by any means (an attack, a power, a death "
           "curse), or a piece coming onto the board from off it (a reserve piece, a piece "
           "brought back). These are all public events, so every player can count the turns "
           "themselves. Reveals and moves do not count: a player could repeat them forever. "
           "The count restarts at the turn of the last progress; 200 turns is 100 for each "
           "side in a two-player game, well above the longest quiet stretch we measured "
           "between computer players that try to win (the rules page gives the numbers)."),
)

#: Every attribute of an Engine (its slots; what restore() copies).
_STATE = (
    "board", "land", "steps", "adj", "within2", "wet", "rays", "ortho", "sq_names", "sq_index",
    "rules", "seats",
    "teams", "catalogue", "types", "beh", "owner",
    "ctrl", "loc", "known", "grid", "dead",
    "curse", "curse_on", "curse_ctrl", "curse_queue",
    "temps", "tstr", "tkw", "used_turn", "used_game", "memo",
    "turn", "progress", "active", "extra", "bf", "flown", "moved", "stack", "combat",
    "winner", "over", "reason", "seed", "shuffles", "salt", "commitment",
    "dirty", "dirty_all", "events", "_sched", "_first", "_seen_cache", "all_mask", "_opts",
    "_abl", "rs", "zone", "team_mask", "areas", "changed", "clock", "epoch", "offers",
    "looked",
    "reps", "reps_own", "reps_from", "zob", "kc",
)


#: What the task loop needs of a task class: whether it is a decision, whether it is a
#: response window, its ``run`` and ``answer`` functions, and a window's ``settle`` (``None``
#: for other tasks). Read from the class once: compiled, reading a class attribute through a
#: task (a Python class's instance) takes the generic attribute path, and calling its method
#: looks the method up each time. (Final: compiled, the table is then read from a C variable
#: rather than the module's dict.)
TaskClass = tuple[bool, bool, Callable[..., Any], Callable[..., Any], Any]
_TASK_CLASSES: Final[dict[type, TaskClass]] = {}


def task_class(tp: type[Task]) -> TaskClass:
    """What the loop needs of the task class ``tp`` (see :data:`_TASK_CLASSES`)."""
    known = _TASK_CLASSES.get(tp)
    if known is None:
        window = tp.name == "window"
        known = _TASK_CLASSES[tp] = (bool(tp.decision), window, tp.run, tp.answer,
                                     getattr(tp, "settle", None) if window else None)
    return known


def _push_reversed(stack: list[Task], tasks: list[Task]) -> None:
    """``stack.extend(reversed(tasks))``, without building an iterator for the usual single
    task (``tasks`` is a step's own list, no longer used, so it may be turned round)."""
    if len(tasks) == 1:
        stack.append(tasks[0])
    else:
        tasks.reverse()
        stack.extend(tasks)


@mypyc_attr(allow_interpreted_subclasses=True)  # see legends_core.compiling
class Engine(Effects):
    """Mutable game state plus the task loop. Build through :class:`legends_core.Game`."""

    __slots__ = _STATE

    board: Board
    land: tuple[bool, ...]
    steps: tuple[tuple[tuple[int, Action], ...], ...]
    adj: tuple[tuple[int, ...], ...]
    within2: tuple[tuple[int, ...], ...]
    wet: tuple[bool, ...]
    sq_names: tuple[str, ...]
    sq_index: dict[str, int]
    rules: Rules
    #: ``rules.players`` and ``rules.teams``, asked at nearly every step: compiled, these
    #: fields are read directly, a Rules field (an attrs class) through a look-up. Copies
    #: taken once, like ``zone`` and ``team_mask``: ``rules`` may be replaced during a game
    #: (a search turning auto-pass off, a test changing a limit) only by rules with the same
    #: players and teams.
    seats: tuple[str, ...]
    teams: tuple[int, ...]
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
    curse_queue: list[int]
    temps: list[tuple[int, str, Any, int]]
    tstr: dict[int, int]
    tkw: dict[int, frozenset[str]]
    used_turn: set[tuple[int, str]]
    used_game: set[tuple[int, str]]
    memo: dict[tuple[int, str], Any]
    turn: int
    #: The last turn with progress (an attack, a piece leaving or entering the board; 0 before
    #: the first turn): what ``rules.no_progress_limit`` counts from.
    progress: int
    active: int
    extra: list[int]
    bf: list[tuple[int, int, int, int] | None]
    flown: list[tuple[int, tuple[int, ...]]]
    moved: set[int]
    stack: list[Task]
    combat: Combat | None
    winner: int | None
    over: bool
    reason: str
    seed: int
    shuffles: int
    salt: str
    commitment: str | None
    dirty: set[int]
    dirty_all: bool
    events: list[Event]
    _sched: list[Task] | None
    _first: list[Task] | None
    _seen_cache: dict[int, tuple[str, ...]]
    all_mask: int
    _opts: list[Action] | None
    _abl: dict[str, tuple[int, ...]] | None
    rs: RuleBehaviour
    zone: dict[int, tuple[int, ...]] | None
    team_mask: tuple[int, ...]
    areas: Areas
    changed: list[int]
    clock: int
    epoch: int
    #: The kept offers (see :mod:`legends_core.changes`): a piece's moves and actions at its
    #: id, its main-decision abilities at ``-1 - id`` (the list holds two slots a piece, so
    #: that negative index lands in the second half). A list, not a dict: the hot loop
    #: indexes it rather than calling ``get``.
    offers: list[Offers | None]
    #: While a piece's offers are worked out for a ``"looked"`` entry: the squares the
    #: recording building blocks read (see :mod:`legends_core.changes`); else ``None``.
    looked: list[int] | None
    #: Positions at turn starts since the last progress, and how often each stood there (see
    #: :mod:`legends_core.repetition`); shared with copies until one of them writes.
    reps: dict[int, int]
    #: Whether this engine may change ``reps`` in place (else it copies it first).
    reps_own: bool
    #: The ``progress`` turn the table counts from (-1: start afresh at the next turn).
    reps_from: int
    #: A hash of which piece stands on which square under whose control, kept up to date by
    #: every change to the board while repetitions are counted (``reps_from`` 0 or more; see
    #: :func:`legends_core.repetition.board_hash`).
    zob: int
    #: A number that only grows between two turns with progress, kept up to date as the game
    #: goes (see :func:`legends_core.repetition.one_way_count`).
    kc: int

    def __init__(self, *, board: Board, rules: Rules, catalogue: Catalogue,
                 pieces: list[tuple[PieceType, int, int, int, int]], seed: int = 0,
                 salt: str | None = None):
        """``pieces``: (type, owner, controller, loc, known mask) per piece id."""
        self.board = board
        self.land, self.steps, self.sq_names = board._land, board._steps, board._names
        self.adj, self.within2, self.wet = board._adjacent, board._within2, board._water_adjacent
        self.rays, self.ortho = board._rays, board._orthogonal
        self.sq_index = board._index
        self.rules = rules
        self.seats, self.teams = tuple(rules.players), tuple(rules.teams)
        self.catalogue = catalogue
        # One pass of C code turns the pieces' rows into the state's columns (a new game
        # builds 60 of them).
        columns: list[Any] = ([list(c) for c in zip(*pieces, strict=True)] if pieces
                              else [[] for _ in range(5)])
        self.types, self.owner, self.ctrl, self.loc, self.known = columns
        self.beh = catalogue.behaviours([t.number for t in self.types])
        grid = self.grid = [-1] * board.size
        for pid, sq in enumerate(self.loc):
            if sq >= 0:
                grid[sq] = pid
        n = len(rules.players)
        self.dead = [[] for _ in range(n)]
        self.curse = -1
        self.curse_on = False
        self.curse_ctrl = -1
        self.curse_queue = []
        self.temps = []
        self.tstr = {}
        self.tkw = {}
        self.used_turn = set()
        self.used_game = set()
        self.memo = {}
        self.turn = 1
        self.progress = 0
        self.active = 0
        self.extra = [0] * n
        self.bf = [None] * n
        self.flown = []
        self.moved = set()
        self.stack = []
        self.combat = None
        self.winner = None
        self.over = False
        self.reason = ""
        self.seed = seed
        self.shuffles = 0
        self.salt = salt if salt is not None else secrets.token_hex(16)
        self.commitment = None
        self.dirty = set()
        self.dirty_all = False
        self.events = []
        self._sched = None
        self._first = None
        self._seen_cache = {}
        self.all_mask = (1 << n) - 1
        self._opts = None
        self._abl = None
        self.rs = behaviour(rules.name)
        # Team games: who controls a team's piece on each square, and who shares knowledge.
        self.zone = zones(board, rules.players, rules.teams)
        self.team_mask = team_masks(rules.teams)
        # What changed where, for the main decision's cache (see legends_core.changes).
        self.areas = areas(board.width, board.height)
        self.changed = [0] * (self.areas.count + len(rules.players))  # and a roster each
        self.clock = 0
        self.epoch = 0
        self.offers = no_offers(len(self.types))
        self.looked = None
        self.reps = {}
        self.reps_own = True
        self.reps_from = -1
        self.zob = 0
        self.kc = 0

    # -- copying -----------------------------------------------------------------------
    def forget_offers(self) -> None:
        """Drop every kept offer (see :mod:`legends_core.changes`): the next decisions work
        each piece's out afresh."""
        self.offers = no_offers(len(self.types))

    def copy(self) -> Engine:
        """An independent snapshot (immutable parts are shared)."""
        g = Engine.__new__(Engine)
        g.board = self.board
        g.land, g.steps, g.sq_names = self.land, self.steps, self.sq_names
        g.adj, g.within2, g.wet = self.adj, self.within2, self.wet
        g.rays, g.ortho = self.rays, self.ortho
        g.sq_index = self.sq_index
        g.rules = self.rules
        g.seats, g.teams = self.seats, self.teams
        g.catalogue = self.catalogue
        g.types = self.types
        g.beh = self.beh
        g.owner = self.owner
        g.ctrl = self.ctrl[:]
        g.loc = self.loc[:]
        g.known = self.known[:]
        g.grid = self.grid[:]
        g.dead = [d[:] for d in self.dead]
        g.curse = self.curse
        g.curse_on = self.curse_on
        g.curse_ctrl = self.curse_ctrl
        g.curse_queue = self.curse_queue[:]
        g.temps = self.temps[:]
        g.tstr = self.tstr.copy() if self.tstr else {}
        g.tkw = self.tkw.copy() if self.tkw else {}
        g.used_turn = self.used_turn.copy() if self.used_turn else set()
        g.used_game = self.used_game.copy() if self.used_game else set()
        g.memo = self.memo.copy() if self.memo else {}
        g.turn = self.turn
        g.progress = self.progress
        g.active = self.active
        g.extra = self.extra[:]
        g.bf = self.bf[:]
        g.flown = self.flown[:]
        g.moved = self.moved.copy()
        g.stack = self.stack[:]
        g.combat = self.combat
        g.winner = self.winner
        g.over = self.over
        g.reason = self.reason
        g.seed = self.seed
        g.shuffles = self.shuffles
        g.salt = self.salt
        g.commitment = self.commitment
        g.dirty = self.dirty.copy() if self.dirty else set()
        g.dirty_all = self.dirty_all
        g.events = []
        g._sched = None
        g._first = None
        g._seen_cache = self._seen_cache
        g.all_mask = self.all_mask
        g._opts = self._opts
        g._abl = self._abl
        g.rs = self.rs
        g.zone = self.zone
        g.team_mask = self.team_mask
        g.areas = self.areas
        g.changed = self.changed[:]
        g.clock = self.clock
        g.epoch = self.epoch
        g.offers = self.offers[:]  # entries are immutable
        g.looked = None
        g.reps = self.reps  # copied on the next write by either (search copies a lot)
        self.reps_own = g.reps_own = False
        g.reps_from = self.reps_from
        g.zob = self.zob
        g.kc = self.kc
        return g

    def restore(self, snapshot: Engine) -> None:
        """Make this engine equal to ``snapshot`` (taken with :meth:`copy`), keeping its
        identity, so code holding it stays valid after an undo or a failed action."""
        for name in _STATE:
            setattr(self, name, getattr(snapshot, name))
        self.reps_own = snapshot.reps_own = False  # the table is shared now
        self.events = []
        self._sched = None
        self._first = None
        self._opts = None

    # -- the task loop -----------------------------------------------------------------
    def schedule(self, *tasks: Task) -> None:
        """Run ``tasks`` after the current step, in this order."""
        if self._sched is None:
            # Outside a step (building a game): push so the first given runs first.
            self.stack.extend(reversed(tasks))
        else:
            self._sched.extend(tasks)

    def schedule_one(self, task: Task) -> None:
        """``schedule(task)``: compiled, a call with ``*tasks`` builds a tuple each time, and
        the turn schedules one task at a time several times a turn."""
        sched = self._sched
        if sched is None:
            self.stack.append(task)
        else:
            sched.append(task)

    def schedule_first(self, *tasks: Task) -> None:
        """Run ``tasks`` right after the current step, before anything else it scheduled.

        For what the rules say happens at once wherever it is set off (a new death curse):
        neither the rest of a window nor the next decision may come between.
        """
        if self._sched is None:  # outside a step
            self.stack.extend(reversed(tasks))
        else:
            if self._first is None:  # made only when wanted: seldom
                self._first = []
            self._first.extend(tasks)

    # One step: run a task, or answer a decision, or (on a copy) call a function; then the
    # state checks; then what it scheduled goes on the stack. The three are written out
    # rather than one taking ``fn, *args``: a call through a generic function and an argument
    # tuple cost more than the rest of the step once compiled, and every turn takes several.
    def _step(self, fn: Callable[..., Any], *args: Any) -> None:
        """``fn(self, *args)`` as one step (search and look-ahead use it on copies)."""
        # Annotated, not cast(): pure, cast(list[Task], ...) builds a generic alias each time.
        sched: list[Task] = []
        self._sched = sched
        try:
            fn(self, *args)
            if self.dirty or self.dirty_all:  # else settle() has nothing to check
                self.settle()
            first = self._first
        finally:
            self._sched = None
            self._first = None
        self._push(sched, first)

    def _run_task(self, t: Task, run: Callable[..., Any]) -> None:
        """``t.run`` (``run``, its class's) as one step; then, while a step schedules just one
        task and that task is not a decision, that task as the next step at once. (The loop
        would push it and take it straight off again, nothing coming between; a stack that
        empties and fills again reallocates its list each time.)"""
        while True:
            # Annotated, not cast(): pure, cast(list[Task], ...) builds a generic alias.
            sched: list[Task] = []
            self._sched = sched
            try:
                run(t, self)
                if self.dirty or self.dirty_all:  # else settle() has nothing to check
                    self.settle()
                first = self._first
            finally:
                self._sched = None
                self._first = None
            if len(sched) != 1 or first or self.over:
                self._push(sched, first)
                return
            t = sched[0]
            tp = type(t)
            known = _TASK_CLASSES.get(tp)  # task_class(tp), without a call for the usual
            decision, _, run, _, _ = known if known is not None else task_class(tp)
            if decision:
                self.stack.append(t)
                return
            self._opts = None  # as when the loop takes a task off the stack

    def _answer_task(self, t: Task, answer: Callable[..., Any], action: Action) -> None:
        """``t.answer`` (``answer``, its class's) with ``action`` as one step. (What it
        schedules is pushed; the loop's first step then chains as :meth:`_run_task` says.)"""
        sched: list[Task] = []
        self._sched = sched
        try:
            answer(t, self, action)
            if self.dirty or self.dirty_all:  # else settle() has nothing to check
                self.settle()
            first = self._first
        finally:
            self._sched = None
            self._first = None
        self._push(sched, first)

    def _push(self, sched: list[Task], first: list[Task] | None) -> None:
        """Put what a step scheduled on the stack: its tasks in order, those scheduled
        first ahead of them (the stack's top runs next). Most steps schedule one task."""
        if not self.over:
            if sched:
                _push_reversed(self.stack, sched)
            if first:
                _push_reversed(self.stack, first)

    def run(self) -> None:
        """Run tasks until a decision is pending or the game is over."""
        stack = self.stack
        auto = self.rules.auto_pass
        while stack and not self.over:
            t = stack[-1]
            tp = type(t)
            known = _TASK_CLASSES.get(tp)  # task_class(tp), without a call for the usual
            if known is None:
                known = task_class(tp)
            decision, is_window, run, _, settle = known
            if decision:
                window = auto and is_window
                if window and SETTLE_AT_ONCE:
                    # Every seat that can only pass passes, in one step; stop at the first
                    # seat with a choice (its options are kept for the decision).
                    stack.pop()
                    self._opts = None
                    # A pair, declared: compiled, taking it apart needs no iterator.
                    settled: tuple[Any, Any] = settle(t, self)
                    left, opts = settled
                    if left is None:
                        continue
                    stack.append(left)
                    self._opts = opts
                    return
                if window:
                    opts = self.options()
                    if len(opts) == 1 and opts[0].kind == "pass":
                        # Nothing to say but pass: answer without asking (same events). A
                        # pass changes nothing but whose window it is, so no step is needed.
                        stack.pop()
                        self._opts = None
                        after = t.passed(self)  # type: ignore[attr-defined]
                        if after is not None:
                            stack.append(after)
                        continue
                    return
                if not t.may_be_empty or self.options():
                    return
                stack.pop()  # a question with no possible answer is skipped
                self._opts = None
                continue
            stack.pop()
            self._opts = None
            self._run_task(t, run)

    def ability_pieces(self, window: str = "") -> tuple[int, ...]:
        """Ids of the pieces whose own powers may offer abilities in ``window`` (every window
        when not given). Fixed by the piece types, so worked out once per window; windows
        scan these instead of the whole board."""
        abl = self._abl
        if abl is None:
            abl = self._abl = {}
        pids = abl.get(window)
        if pids is None:
            beh = self.beh
            pids = abl[window] = tuple(
                p for p in range(len(beh))
                if beh[p].abilities_in.get(window, beh[p].offer_abilities))
        return pids

    def options(self) -> list[Action]:
        """The pending decision's options (cached until the state changes)."""
        opts = self._opts
        if opts is None:
            p = self.pending
            opts = self._opts = p.options(self) if p is not None else []
        return opts

    def is_offered(self, action: object) -> bool:
        """Is ``action`` the very object of one of the pending decision's options (taken from
        the legal actions, as programs that play do)? Such an action needs no other check."""
        for a in self.options():
            if a is action:
                return True
        return False

    @property
    def pending(self) -> Task | None:
        """The decision waiting for an answer, or ``None`` when the game is over."""
        if self.over or not self.stack:
            return None
        t = self.stack[-1]
        return t if task_class(type(t))[0] else None

    def answer(self, action: Action) -> None:
        """Give the pending decision one of its options (already checked legal)."""
        t = self.stack[-1]
        decision, _, _, answer, _ = task_class(type(t))
        if not decision:
            raise IllegalActionError("no decision is pending")
        self._opts = None
        self.stack.pop()
        self._answer_task(t, answer, action)
        self.run()

    # -- events ------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def emit_choice(self, player: int, about: str, value: str, public: bool = False) -> None:
        """Record a player's choice; unless ``public``, only that player is told of it."""
        self.events.append(chose_event(self.seats[player], about, value, public))

    def seen(self, pid: int) -> tuple[str, ...]:
        """Names of the players who know piece ``pid``'s identity now."""
        mask = self.known[pid]
        names = self._seen_cache.get(mask)
        if names is None:
            names = tuple(p for i, p in enumerate(self.seats) if mask >> i & 1)
            self._seen_cache[mask] = names
        return names

"""Changes powers make to the game (mixed into :class:`~.engine.Engine`).

Every method here changes the state at once and records events, except where it says it
*schedules*: attacks, questions (:meth:`~Effects.ask`) and follow-ups (:meth:`~Effects.later`)
run after the current step, in the order they were scheduled. A death curse set off by
:meth:`~Effects.destroy` is
scheduled *first*, ahead of everything else the step scheduled, so a new curse takes effect at
once wherever in the turn it was set off, and is resolved before anything else.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from .compiling import mypyc_attr
from .events import (
    Attacked,
    Chose,
    Compared,
    ControlChanged,
    CursesVoided,
    Destroyed,
    ExtraTurn,
    GameOver,
    Granted,
    Modified,
    Moved,
    Placed,
    PowerUsed,
    Revealed,
    Swapped,
    TurnStarted,
)
from .queries import Queries
from .rulings import ruling
from .tasks import Ask, Later, continuation_name, new_task

if TYPE_CHECKING:
    from .changes import Areas
    from .events import Event
    from .tasks import Task

RULINGS = (
    ruling("A castle falls only to an attack",
           "Area effects, forced sacrifices, Medusa, Decay and Lightning Bolt leave castles "
           "standing: the castle rules speak only of attacks, and Surround and Distance Strike "
           "explicitly spare castles."),
    ruling("Destroyed areas",
           "A destroyed piece goes to its own army's area, whoever controlled it. \"Your "
           "destroyed pieces\" means your army's area; \"any destroyed\" piece may come from any "
           "area, and so may a piece of a text that names no owner at all (the destroyed Mold "
           "pieces of Bremmuk, Oeroed and Slud, Great Shaman's destroyed silver magic pieces, "
           "Lord of the Dead's zombie): where the printed texts mean your own they say so "
           "(Crailton Martyr, Noble Cleric), and we add no limit they do not print. A returned "
           "piece comes back face up under the control of the player whose power returned it."),
)

# -- events built without their attrs ``__init__`` -------------------------------------
# Each turn builds a few events. Called from compiled code, an event class's attrs ``__init__``
# (interpreted Python) costs several thousand instructions; an event is its fields in its
# own dict (``slots=False``), so these fill that dict directly, in the fields' order: the
# same object, equal, with the same repr and dict form (tests/test_event_builders.py holds
# each builder to its class). Pure Python gains too (no ``object.__setattr__`` binding).
_blank: Final = object.__new__
# The classes as final names too: compiled, read from C variables, not the module's dict.
_MOVED: Final = Moved
_REVEALED: Final = Revealed
_DESTROYED: Final = Destroyed
_TURN_STARTED: Final = TurnStarted
_CHOSE: Final = Chose
_POWER_USED: Final = PowerUsed
_ATTACKED: Final = Attacked
_COMPARED: Final = Compared
_SWAPPED: Final = Swapped


def moved_event(player: str, frm: str, to: str, piece: int | None, seen: tuple[str, ...],
                how: str, over: tuple[str, ...]) -> Moved:
    """``Moved(player, frm, to, piece, seen, how, over)``."""
    e = _blank(_MOVED)
    d = e.__dict__
    d["player"] = player
    d["frm"] = frm
    d["to"] = to
    d["piece"] = piece
    d["seen"] = seen
    d["how"] = how
    d["over"] = over
    return e


def revealed_event(at: str, piece: int | None, seen: tuple[str, ...]) -> Revealed:
    """``Revealed(at, piece, seen)``."""
    e = _blank(_REVEALED)
    d = e.__dict__
    d["at"] = at
    d["piece"] = piece
    d["seen"] = seen
    return e


def destroyed_event(at: str, piece: int, army: str, into: str, cause: str) -> Destroyed:
    """``Destroyed(at, piece, army, into, cause)``."""
    e = _blank(_DESTROYED)
    d = e.__dict__
    d["at"] = at
    d["piece"] = piece
    d["army"] = army
    d["into"] = into
    d["cause"] = cause
    return e


def turn_started_event(player: str, number: int) -> TurnStarted:
    """``TurnStarted(player, number)``."""
    e = _blank(_TURN_STARTED)
    d = e.__dict__
    d["player"] = player
    d["number"] = number
    return e


def chose_event(player: str, prompt: str, value: str, public: bool) -> Chose:
    """``Chose(player, prompt, value, public)``."""
    e = _blank(_CHOSE)
    d = e.__dict__
    d["player"] = player
    d["prompt"] = prompt
    d["value"] = value
    d["public"] = public
    return e


def power_used_event(player: str, at: str, piece: int, key: str, targets: tuple[str, ...],
                     secret: bool) -> PowerUsed:
    """``PowerUsed(player, at, piece, key, targets, secret)``."""
    e = _blank(_POWER_USED)
    d = e.__dict__
    d["player"] = player
    d["at"] = at
    d["piece"] = piece
    d["key"] = key
    d["targets"] = targets
    d["secret"] = secret
    return e


def attacked_event(player: str, frm: str, to: str, how: str) -> Attacked:
    """``Attacked(player, frm, to, how)``."""
    e = _blank(_ATTACKED)
    d = e.__dict__
    d["player"] = player
    d["frm"] = frm
    d["to"] = to
    d["how"] = how
    return e


def compared_event(at: str, attacker: int, defender: int) -> Compared:
    """``Compared(at, attacker, defender)``."""
    e = _blank(_COMPARED)
    d = e.__dict__
    d["at"] = at
    d["attacker"] = attacker
    d["defender"] = defender
    return e


def swapped_event(player: str, a: str, b: str, how: str) -> Swapped:
    """``Swapped(player, a, b, how)``."""
    e = _blank(_SWAPPED)
    d = e.__dict__
    d["player"] = player
    d["a"] = a
    d["b"] = b
    d["how"] = how
    return e


DESTROYED = -1
CURSE = -2
CURSE_QUEUE = -3
RESERVE = -4


@mypyc_attr(allow_interpreted_subclasses=True)  # see legends_core.compiling
class Effects(Queries):
    """The changes a power may make, as methods of the game it receives (the
    :class:`~legends_core.engine.Engine`)."""

    # Provided by Engine.
    curse_queue: list[int]
    temps: list[tuple[int, str, Any, int]]
    dirty: set[int]
    dirty_all: bool
    extra: list[int]
    turn: int
    progress: int
    zob: int
    kc: int
    reps_from: int
    changed: list[int]
    clock: int
    epoch: int
    areas: Areas
    over: bool
    winner: int | None
    reason: str

    # Provided by Engine too: stubs, as mypyc compiles no ``if TYPE_CHECKING`` in a class body.
    def emit(self, event: Event) -> None:
        raise NotImplementedError

    def seen(self, pid: int) -> tuple[str, ...]:
        raise NotImplementedError

    def schedule(self, *tasks: Task) -> None:
        raise NotImplementedError

    def schedule_first(self, *tasks: Task) -> None:
        raise NotImplementedError

    # -- what changed (for the main decision's cache, see legends_core.changes) ---------
    def touch(self, *squares: int) -> None:
        """Note that what stands on ``squares`` changed (kernel use: every change to the
        board goes through the methods below, which call this)."""
        self.clock = c = self.clock + 1
        # Compiled, an int is boxed again at every store into a list: box the stamp once and
        # store that one object (up to seven areas a square).
        stamp: Any = c
        changed: list[Any] = self.changed
        touches = self.areas.touches
        for sq in squares:
            for a in touches[sq]:
                changed[a] = stamp

    def mark(self, *squares: int) -> None:
        """Note that who stands on ``squares`` changed, not whether anyone does nor who
        controls them (kernel use: a piece becoming known, a strength or keyword until the
        end of the turn). The standard moves of the pieces next to them do not depend on
        it (see ``Areas.marks``)."""
        self.clock = c = self.clock + 1
        stamp: Any = c  # boxed once, as in touch()
        changed: list[Any] = self.changed
        marks = self.areas.marks
        for sq in squares:
            for a in marks[sq]:
                changed[a] = stamp

    def touch_roster(self, player: int) -> None:
        """Note that a piece came under ``player``'s control on the board, or that one of
        theirs gained a keyword (kernel use; see ``legends_core.changes.roster``)."""
        self.clock = c = self.clock + 1
        self.changed[self.areas.count + player] = c

    def shift(self) -> None:
        """Note a change to game-wide state (effects, the curse, a power's memory)."""
        self.epoch += 1

    # -- knowledge ---------------------------------------------------------------------
    def reveal(self, pids: Iterable[int], to: Iterable[int] | None = None) -> list[int]:
        """Show pieces to every player (or only to the players in ``to``).

        Returns the pieces that someone learned. Revealing a piece again is harmless.
        """
        # A team shares what it knows (see the ruling "A team shares what it knows").
        masks = self.team_mask
        mask = self.all_mask if to is None else functools.reduce(
            operator.or_, (masks[p] for p in set(to)), 0)
        learned = []
        for pid in pids:
            before = self.known[pid]
            after = before | mask
            if after != before:
                self.known[pid] = after
                self.kc += (after ^ before).bit_count()  # see repetition.one_way_count
                learned.append(pid)
                sq = self.loc[pid]
                if sq >= 0:
                    self.mark(sq)
                else:
                    self.shift()
                self.emit(revealed_event(
                    self.ref(pid), self.types[pid].number,
                    self.seen(pid) if to is None else self._names(after & (mask | before))))
        return learned

    def _names(self, mask: int) -> tuple[str, ...]:
        return tuple(p for i, p in enumerate(self.seats) if mask >> i & 1)

    # -- moving ------------------------------------------------------------------------
    def move_piece(self, pid: int, square: int, how: str = "move",
                   over: Sequence[int] = ()) -> None:
        """Move a piece on the board to an empty land square."""
        frm = self.loc[pid]
        if frm < 0:
            raise ValueError(f"{self.types[pid].name} is not on the board")
        if self.grid[square] >= 0 or not self.land[square]:
            raise ValueError(f"{self.board.name(square)} is not an empty land square")
        self.grid[frm] = -1
        self.grid[square] = pid
        self.loc[pid] = square
        if self.reps_from >= 0:  # counting repetitions: repetition.square_hash, inlined
            c = self.ctrl[pid]
            self.zob ^= hash((frm, pid, c)) ^ hash((square, pid, c))
        self.touch(frm, square)
        self.dirty.add(pid)
        if pid not in self.moved:
            self.moved.add(pid)
            self.kc += 1  # see repetition.one_way_count
        names = self.sq_names  # indexed, not called: compiled, a call costs far more
        self.emit(moved_event(self.seats[self.ctrl[pid]], names[frm], names[square],
                              self.types[pid].number, self.seen(pid), how,
                              tuple([names[s] for s in over]) if over else ()))
        if over:
            self.flown.append((pid, tuple(over)))
        if self.zone is not None:
            self._rezone(pid)

    def swap_pieces(self, a: int, b: int, how: str = "switch") -> None:
        """Exchange the squares of two pieces on the board (no one learns anything)."""
        sa, sb = self.loc[a], self.loc[b]
        if sa < 0 or sb < 0:
            raise ValueError("both pieces must be on the board to swap")
        self.grid[sa], self.grid[sb] = b, a
        self.loc[a], self.loc[b] = sb, sa
        if self.reps_from >= 0:  # counting repetitions: repetition.square_hash, inlined
            ca, cb = self.ctrl[a], self.ctrl[b]
            self.zob ^= (hash((sa, a, ca)) ^ hash((sb, b, cb)) ^ hash((sa, b, cb))
                         ^ hash((sb, a, ca)))
        self.touch(sa, sb)
        self.dirty.update((a, b))
        self.emit(swapped_event(self.seats[self.ctrl[a]], self.sq_names[sa],
                                self.sq_names[sb], how))
        if self.zone is not None:
            self._rezone(a)
            self._rezone(b)

    def place(self, pid: int, square: int, player: int, *, reveal: bool = True) -> None:
        """Put a piece from a destroyed area, the curse slot or a reserve on an empty square.

        ``player`` controls it afterwards (in a team game, the player of ``player``'s team whose
        band the square is in). Such pieces lay face up, so everyone knows them, unless
        ``reveal`` is false (then only ``player``'s side learns it: a reserve piece brought in
        face down).
        """
        if self.grid[square] >= 0 or not self.land[square]:
            raise ValueError(f"{self.board.name(square)} is not an empty land square")
        player = self._zoned(player, square)
        frm = self.ref(pid)
        loc = self.loc[pid]
        if loc >= 0:
            raise ValueError(f"{self.types[pid].name} is already on the board")
        if loc == DESTROYED:
            self.dead[self.owner[pid]].remove(pid)
        elif loc == CURSE:
            self.curse, self.curse_on, self.curse_ctrl = -1, False, -1
            self.dirty_all = True
            self.shift()
        elif loc == CURSE_QUEUE:
            self.curse_queue.remove(pid)
            self.kc += 1  # see repetition.one_way_count
            self.shift()
        # A piece entering the board is progress: see the ruling "Games that stop making progress"
        self.progress = self.turn
        self.loc[pid] = square
        self.grid[square] = pid
        self.ctrl[pid] = player
        if self.reps_from >= 0:  # counting repetitions: repetition.square_hash, inlined
            self.zob ^= hash((square, pid, player))
        before = self.known[pid]
        self.known[pid] = after = before | (self.all_mask if reveal else self.team_mask[player])
        self.kc += (after ^ before).bit_count()  # see repetition.one_way_count
        self.touch(square)
        self.touch_roster(player)
        self.dirty.add(pid)
        self.emit(Placed(self.board.name(square), frm, self.types[pid].number,
                         self.seen(pid), self.seats[player]))
        self._check_castle(pid)

    def attack(self, pid: int, square: int, how: str = "move", origin: int | None = None) -> None:
        """Schedule an attack by ``pid`` on the piece on ``square``."""
        # By name (see tasks.new_task): combat.Attack, a procedure of play above the state.
        self.schedule(new_task("attack", pid, square,
                               self.loc[pid] if origin is None else origin, how, self.ctrl[pid]))

    def strike(self, pid: int, target: int, then: Callable[..., Any],
               data: dict[str, Any] | None = None) -> None:
        """Schedule a comparison of strengths outside an attack (Distance Strike).

        A ``"strike"`` response window opens first, so both sides may still use abilities;
        then, if ``pid`` and ``target`` are both still in place, ``then(game, data)`` runs
        (a :func:`~.tasks.continuation`; ``data`` gets ``"attacker"`` and ``"defender"``, the
        two piece ids) and compares their current strengths.
        """
        player = self.ctrl[pid]
        # By name (see tasks.new_task): flow.window, then strikes.StrikeResolve.
        if self.rs.windows:
            self.schedule(new_task("window", "strike", player, 0))
        self.schedule(new_task("strike-resolve", pid, target, self.loc[target], self.loc[pid],
                               player, continuation_name(then), dict(data or {})))

    # -- destruction -------------------------------------------------------------------
    def destroy(self, pids: Iterable[int], cause: str = "") -> list[int]:
        """Destroy pieces on the board, all at the same moment.

        Castles are left alone unless ``cause`` is ``"attack"`` (see the ruling "A castle
        falls only to an attack"). A single death-curse piece among them is put in the curse
        queue and its curse scheduled; two or more cancel each other. Returns the pieces
        destroyed.
        """
        batch: list[int] = []
        for p in pids:
            if p in batch or self.loc[p] < 0:
                continue
            if self.types[p].kind == "castle" and cause != "attack":
                continue
            batch.append(p)
        if not batch:
            return batch
        self.progress = self.turn  # see the ruling "Games that stop making progress"
        curses = [p for p in batch if self.types[p].has_death_curse]
        lone_curse = curses[0] if len(curses) == 1 else -1
        captured = self.rs.captured
        for p in batch:
            sq = self.loc[p]
            self.grid[sq] = -1
            if self.reps_from >= 0:  # counting repetitions: repetition.square_hash, inlined
                self.zob ^= hash((sq, p, self.ctrl[p]))
            self.touch(sq)
            holder = self.ctrl[p]
            mask = None
            for f in captured:  # a variant may keep it hidden from some player
                mask = f(self, p, cause)
                if mask is not None:
                    break
            before = self.known[p]
            self.known[p] = self.all_mask if mask is None else mask
            self.kc += self.known[p].bit_count() - before.bit_count()  # repetition.one_way_count
            self._clear_effects(p)
            o = self.owner[p]
            at = self.sq_names[sq]
            if p == lone_curse:
                self.loc[p] = CURSE_QUEUE
                self.curse_queue.append(p)
                self.kc -= 1  # see repetition.one_way_count
                self.shift()
                self.emit(destroyed_event(at, self.types[p].number, self.seats[o], "curse",
                                          cause))
                # At once: before the rest of a window, the next decision, or anything
                # else the current step scheduled (a piece at strength 0 included).
                self.schedule_first(new_task("curse-arrive", p, holder))  # curses.CurseArrive
            else:
                self.loc[p] = DESTROYED
                self.ctrl[p] = o
                self.dead[o].append(p)
                self.emit(destroyed_event(at, self.types[p].number, self.seats[o],
                                          "destroyed", cause))
        if len(curses) >= 2:
            self.emit(CursesVoided(tuple(self.types[p].number for p in curses)))
        return batch

    def _clear_effects(self, pid: int) -> None:
        if pid in self.tstr or pid in self.tkw:
            self.temps = [t for t in self.temps if t[0] != pid]
            self.tstr.pop(pid, None)
            self.tkw.pop(pid, None)

    # -- control -----------------------------------------------------------------------
    def take_control(self, pid: int, player: int) -> None:
        """``player`` now controls the piece (and so knows what it is). In a team game the
        piece goes to ``player``'s team, under the teammate whose band it stands in (see the
        ruling "Control by region")."""
        if self.loc[pid] >= 0:
            player = self._zoned(player, self.loc[pid])
        if self.ctrl[pid] == player:
            return
        sq = self.loc[pid]
        if sq >= 0 and self.reps_from >= 0:  # counting repetitions: repetition.square_hash
            self.zob ^= hash((sq, pid, self.ctrl[pid])) ^ hash((sq, pid, player))
        self.ctrl[pid] = player
        before = self.known[pid]
        self.known[pid] = after = before | self.team_mask[player]
        self.kc += (after ^ before).bit_count()  # see repetition.one_way_count
        if self.loc[pid] >= 0:
            self.touch(self.loc[pid])
            self.touch_roster(player)
        else:
            self.shift()
        self.dirty.add(pid)
        self.emit(ControlChanged(self.ref(pid), self.types[pid].number, self.seen(pid),
                                 self.seats[player]))
        self._check_castle(pid)

    def _zoned(self, player: int, square: int) -> int:
        """Who of ``player``'s team controls a piece of theirs on ``square``."""
        zone = self.zone
        return player if zone is None else zone[self.teams[player]][square]

    def _rezone(self, pid: int) -> None:
        """After a piece moved in a team game: it changes hands if it entered a teammate's
        band (see the ruling "Control by region")."""
        sq = self.loc[pid]
        if sq >= 0:
            self.take_control(pid, self.ctrl[pid])

    def _check_castle(self, pid: int) -> None:
        if self.types[pid].kind == "castle" and self.loc[pid] >= 0 and self.hostile(
                self.ctrl[pid], self.owner[pid]) and not self.castles_left(self.owner[pid]):
            self.end_game(self.ctrl[pid], "took control of the enemy castle")

    # -- until the end of the turn -----------------------------------------------------
    def boost(self, pid: int, amount: int, source: int = -1) -> None:
        """Change a warrior's strength by ``amount`` until the end of the turn."""
        if self.beh[pid].type_kind != "warrior" or self.loc[pid] < 0:
            return
        self.temps.append((pid, "strength", amount, source))
        self.tstr[pid] = self.tstr.get(pid, 0) + amount
        self.mark(self.loc[pid])
        self.dirty.add(pid)
        self.emit(Modified(self.ref(pid), self.types[pid].number, self.seen(pid), amount))

    def grant(self, pid: int, keyword: str, source: int = -1) -> None:
        """Give a piece a keyword (``"flying"``, ...) until the end of the turn."""
        if self.loc[pid] < 0:
            return
        self.temps.append((pid, "keyword", keyword, source))
        self.tkw[pid] = self.tkw.get(pid, frozenset()) | {keyword}
        self.mark(self.loc[pid])
        self.touch_roster(self.ctrl[pid])  # it may now be one of a list of candidates
        self.emit(Granted(self.ref(pid), self.types[pid].number, self.seen(pid), keyword))

    def expire_turn_effects(self) -> None:
        for pid in self.tstr:
            self.dirty.add(pid)
        if self.temps:
            loc = self.loc
            self.mark(*{loc[t[0]] for t in self.temps if loc[t[0]] >= 0})
        self.temps.clear()
        self.tstr.clear()
        self.tkw.clear()
        self.used_turn.clear()
        self.flown.clear()
        if self.memo:
            for k in [k for k in self.memo if k[1].startswith("turn:")]:
                del self.memo[k]
                self.shift()

    def extra_turn(self, player: int) -> None:
        """``player`` takes another turn after this one."""
        self.extra[player] += 1
        self.emit(ExtraTurn(self.seats[player]))

    # -- limits and memory -------------------------------------------------------------
    def mark_used(self, pid: int, key: str, per: str = "turn") -> None:
        if per == "turn":
            self.used_turn.add((pid, key))  # the kernel filters cached offers by it
        elif (pid, key) not in self.used_game:
            self.used_game.add((pid, key))
            self.kc += 1  # see repetition.one_way_count
            self.shift()

    def remember(self, pid: int, key: str, value: Any) -> None:
        """Store a JSON-friendly value about a piece in the game state. Keys starting with
        ``"turn:"`` are forgotten at the end of the turn."""
        self.memo[(pid, key)] = value
        self.shift()

    def forget(self, pid: int, key: str) -> None:
        if self.memo.pop((pid, key), None) is not None:
            self.shift()

    # -- questions and follow-ups ------------------------------------------------------
    def ask(self, player: int, about: str, choices: Sequence[str],
            then: Callable[..., Any], data: dict[str, Any] | None = None, *,
            public: bool = False) -> None:
        """Schedule a question: ``player`` picks one of ``choices`` (strings: squares, refs,
        names, ``"done"``). Then ``then(game, value, data)`` runs. Nothing is asked when
        ``choices`` is empty.

        Others see only that ``player`` is deciding, and not the answer, unless ``public``.
        Whether the question is put must not depend on anything hidden from the other
        players: when the trigger is public, offer ``"done"`` rather than skip it.
        """
        if choices:
            self.schedule(Ask(player, about, tuple(choices), continuation_name(then),
                              dict(data or {}), public))

    def later(self, then: Callable[..., Any], data: dict[str, Any] | None = None) -> None:
        """Schedule ``then(game, data)`` after everything scheduled so far."""
        self.schedule(Later(continuation_name(then), dict(data or {})))

    # -- the end -----------------------------------------------------------------------
    def end_game(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.reason = reason
        self.emit(GameOver(None if winner is None else self.seats[winner], reason))

    def settle(self) -> None:
        """State checks after every step: warriors at strength 0 or below are destroyed at
        once (all together)."""
        if self.over:
            return
        cands: Iterable[int]
        if self.dirty_all:
            cands = [p for p in self.grid if p >= 0]
        elif self.dirty:
            cands = self.dirty  # read once, below, then emptied
        else:
            return
        loc, beh, tstr = self.loc, self.beh, self.tstr
        c = self.curse
        # A warrior can be at 0 or below only if its printed strength, plus the least each of
        # its modifiers and the death curse in effect may add (Power.lowest_modifier), plus
        # its change until the end of the turn, is: only such a warrior's strength is worked
        # out here, where strength() costs a thousand instructions, asked of every piece a
        # step touched. (A modifier that does not say how low it goes is always asked.)
        cursed = c >= 0 and self.curse_on and bool(beh[c].curse_modifier)
        curse_low = beh[c].curse_floor if cursed else 0
        doomed: list[int] = []
        for p in cands:
            if loc[p] < 0:
                continue
            b = beh[p]
            if b.type_kind != "warrior":
                continue
            floor = b.strength_floor
            if floor is not None and curse_low is not None:
                if tstr:
                    floor += tstr.get(p, 0)
                if floor + curse_low > 0:
                    continue
            if self.strength(p) <= 0:  # type: ignore[operator]  # a warrior has a strength
                doomed.append(p)
        self.dirty.clear()
        self.dirty_all = False
        if doomed:
            self.destroy(sorted(doomed, key=self.loc.__getitem__), cause="strength 0")

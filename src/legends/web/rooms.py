"""A game being played on the server, and the messages its seats receive.

A :class:`Room` holds one game, its seats (people or computer players) and the store it is
saved in. It knows nothing of HTTP or websockets: it turns an action from a seat into messages
for the seats, and every message is built only from what that seat may know: the seat's
:meth:`~legends_core.Game.view`, the events :meth:`~legends_core.Game.events_for` gives that
seat, and the public catalogue. The twin-game tests feed these messages through the leak checks.

*When* a seat is sent a message must not tell anything either. With auto-pass, a window is
answered at once for a seat that can only pass, so whether another seat was asked depends on its
hidden pieces. A seat is therefore told of the game only at points it knows must come: its own
decisions, the end, and the decisions every seat is always asked (a turn's action and the setup,
and, without auto-pass, every window). The events between two such points reach it merged into
one message, as the kernel's per-player records merge them.

Every state message carries the seat's ``decision`` number: how many actions that seat has made
so far (as of that message). A browser sends it back with its action, and an action whose number
is not the seat's current one is refused: a double click, a second tab or a retry after
reconnecting cannot answer the same decision twice, or land on the next one. The number counts
the seat's own actions only, which it knows; the count of all actions would tell how often the
other seats were asked.

An action is applied to the game in memory, then stored (with what each seat was shown) in one
transaction, and only then are its messages sent; if storing fails it is taken back. So a
server stopped at any point has stored every action it acknowledged, and a retry of one it did
not store is applied once.

The store is the only authority; a room is this server process's copy of a game. Every change
is stored compare-and-set on the game's revision (``rev``), so of two processes changing the
same game one stores and the other is refused (:class:`~.store.StaleStep`). A copy that is
behind is brought up to the store by :meth:`Room.follow`, which replays the changes another
process stored and gives the messages its own people are sent because of them: the same
messages, grouped the same way, as the process that made the changes sent to its people.

A game of an edition with a free setup may start in the arranging phase (:mod:`.arranging`):
the room then has no game yet (``Room.arranging``), each person's seat sends its setup line
(:meth:`Room.arrange`) and is sent ``arrange`` messages holding its own line and who is ready;
actions are refused until the last line is in and the game is built.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import attrs

from legends_core import SPECTATOR, Game, View
from legends_core.actions import Action
from legends_core.endings import Ending
from legends_core.errors import LegendsError, PositionError
from legends_core.events import Event, power_name
from legends_core.records import without_result
from legends_core.registry import Catalogue
from legends_core.ruleset import ALIASES, DEFAULT, catalogue_for

from ..ai import make_player
from ..draw_offers import computer_accepts_draw
from ..i18n import N_, SOURCE, _, choose, language
from ..ratings.games import seat_scores
from ..svg import board_svg
from ..wording import (
    error_text,
    is_legends,
    line,
    offer_line,
    option_groups,
    option_labels,
    prompt,
    reason,
    turn_label,
)
from . import movelist
from .arranging import Arrangement
from .codes import new_code
from .endings import Clocks, Offer
from .faults import crash_point
from .protocol import VERSION
from .refusals import GameRefusal, ending_words
from .store import Changes, Step, Store, StoreError
from .watching import (
    WATCH_PREFIX,
    WatchLog,
    build_log,
    note,
    spectator_state,
    watch_events,
    watch_key,
)

#: Decisions the game always asks whoever's they are, so anyone may know they come.
ALWAYS_ASKED = frozenset({"main", "setup-shuffle", "setup-switch"})
#: Kinds of event whose log line a screen reader leaves out (:meth:`Room.quiet`).
QUIET_KINDS = frozenset({"commit"})
#: The message of a seat that is told of the game but has no browser here to read it: its
#: state is not built (a view and a board picture per seat are most of the cost of an action).
UNSEEN: dict[str, Any] = {"type": "unseen"}
#: A room's revision when it may be behind the store: every change it tries is refused until
#: it has caught up (:meth:`Room.follow`).
UNKNOWN = -1


class NotBegun(GameRefusal):
    """An action or request that needs the game, sent while its players still arrange their
    setups: refused, and nothing is changed."""


class StaleAction(GameRefusal):
    """An action that answers a decision the seat has already answered (or one it has not
    been shown): refused, and the game is unchanged."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def last_action(events: list[dict[str, Any]]) -> Action | None:
    """The latest move, attack, placement, power or swap among events one seat was shown, as an
    action to draw (an arrow); only what that seat saw goes into it."""
    for e in reversed(events):
        kind = e.get("kind")
        if kind in ("move", "attack"):
            return Action.move(e["frm"], e["to"])
        if kind == "place":
            return Action.move(e["frm"], e["at"])
        if kind == "power":
            return Action("power", e["at"], "", e["key"], tuple(e.get("targets") or ()))
        if kind == "swap":
            return Action.swap(e["a"], e["b"])
    return None


def _legends(record: dict[str, Any]) -> bool:
    """Is this record a game of Stratego Legends (not another edition)?"""
    start = record.get("setup") or record.get("position", {}).get("rules") or {}
    name = start.get("rules", start.get("name")) if isinstance(start, dict) else None
    name = str(name or DEFAULT)
    return ALIASES.get(name, name) == DEFAULT


T = TypeVar("T")
P = ParamSpec("P")


def _in_seat_language(build: Callable[Concatenate[Room, str, P], T]
                      ) -> Callable[Concatenate[Room, str, P], T]:
    """A method making ``seat``'s message (its first argument) in the language it reads."""
    @functools.wraps(build)
    def built(self: Room, seat: str, *args: P.args, **kwargs: P.kwargs) -> T:
        with language(self.langs.get(seat, SOURCE)):
            return build(self, seat, *args, **kwargs)
    return built


class Room:
    """One game, its seats and its store.

    ``seats`` maps each seat name to ``{"kind": "human"}`` or
    ``{"kind": "computer", "player": "heuristic"}`` (plus a display ``name``, and for a person
    whether a browser has taken the seat yet, ``taken``). ``extras``: the draw offer and clocks
    as stored (:mod:`.endings`); ``now``: the wall clock the game clocks read.
    """

    def __init__(self, code: str, game: Game | None, seats: dict[str, dict[str, Any]],
                 store: Store, movers: list[str] | None = None,
                 arrangement: Arrangement | None = None, extras: dict[str, Any] | None = None,
                 now: Callable[[], float] = time.time, rev: int = 0):
        self.code = code
        extras = extras or {}
        self.now = now
        #: the game's revision in the store that this copy holds (:data:`UNKNOWN`: maybe
        #: behind); every change is stored only if the store is still at it
        self.rev = rev
        #: the last public line about the draw offer (who offered, declined, ...), stored
        #: with the offer so that every server process can tell its people
        self.notice: dict[str, Any] | None = extras.get("notice")
        #: the draw offer standing, if any (public to the table)
        self.offer = Offer.from_dict(extras.get("offer"))
        #: per side: the turn of its last draw offer (one offer per round of turns)
        self.offered: dict[str, int] = {str(k): int(v) for k, v in
                                        (extras.get("offered") or {}).items()}
        #: the game clocks, in a game with a time control
        self.clocks = Clocks.from_dict(extras.get("clock"))
        #: per person: the clocks as of the last state they were sent (a reconnecting browser
        #: is shown those, with the board of that moment)
        self.clock_told: dict[str, dict[str, Any]] = dict(extras.get("told") or {})
        #: what taking back the step being stored puts back (see :meth:`unstage`)
        self._undo: tuple[Offer | None, Clocks | None, dict[str, dict[str, Any]]] = (
            None, None, {})
        #: the seat that made each action stored so far, in order
        self.movers: list[str] = list(movers or [])
        self.steps = len(self.movers)  # actions stored so far
        #: the game's record before its first action, and each action stored since, as notation
        #: (set once it begins)
        self.start: dict[str, Any] = {}
        self.texts: list[str] = []
        self.seats = seats
        self.store = store
        self.computers = {
            seat: make_player(info.get("player", "heuristic"), secrets.randbits(64))
            for seat, info in seats.items() if info.get("kind") == "computer"}
        #: the players' setups while they arrange them (``None``: the game has begun)
        self.arrangement = arrangement
        self._game: Game | None = None
        #: per person: the step of the last message they were sent, and the events since
        self.told: dict[str, int] = {}
        self.unsent: dict[str, list[dict[str, Any]]] = {}
        #: per person: the latest action their messages showed, drawn as an arrow
        self.last: dict[str, Action | None] = {}
        #: per person: the steps at which they may be told of the game (built when first
        #: asked for, by :meth:`moments`)
        self._moments: dict[str, list[int]] | None = None
        self._first_turn: tuple[int, str | None] = (0, None)  # the first turn and its seat
        #: per person: the events each stored action showed them, ``(seq, events)`` (read
        #: from the store when the move list is first asked for, then kept here)
        self._shown: dict[str, list[tuple[int, list[dict[str, Any]]]]] | None = None
        #: for the server: one change at a time, who uses the room now, when it was last used
        self.lock = asyncio.Lock()
        #: does a browser in this process show ``seat``'s side of the game? (the server says;
        #: a seat nobody here watches is sent :data:`UNSEEN` in place of a state message)
        self.watched: Callable[[str], bool] = lambda seat: True
        self.users = 0
        self.used = time.monotonic()
        #: per person: the language their browser reads (what is made for them is in it)
        self.langs: dict[str, str] = {}
        #: the seats whose hello asked for their knowledge (programs that play with our
        #: computer players): their state messages carry it when they decide
        self.knowing: set[str] = set()
        #: how many spectators watch through this process, by the language they read (the
        #: server says; see .watching)
        self.spectators: Callable[[], dict[str, int]] = dict
        #: how many watch through the other server processes (.watch_counts)
        self.elsewhere: Callable[[], int] = int
        #: what spectators were shown (built when the first comes), and the staged step's
        self._watch: WatchLog | None = None
        self._staged_watch: list[dict[str, Any]] | None = None
        if game is not None:
            self._begin(game)
        elif arrangement is not None:
            self.players = list(arrangement.lines)
            self.people = [s for s in self.players if s not in self.computers]
            self.rules_name = arrangement.rules
            self.catalogue = catalogue_for(arrangement.rules)
            self.names = {n: t.name for n, t in self.catalogue.items()}
            self.legends = is_legends(arrangement.rules)
            self.auto_pass = arrangement.auto_pass
        else:
            raise ValueError("a room holds a game or an arrangement")

    def _begin(self, game: Game) -> None:
        """Take ``game`` as this room's game (built, or loaded with its stored actions)."""
        self._game = game
        self.arrangement = None
        record = game.record()
        self.start = {**record, "actions": []}
        self.texts = list(record["actions"])
        self.players = list(game.players)
        self.rules_name = game.rules.name
        self.catalogue = catalogue = game.catalogue
        self.names = {n: t.name for n, t in catalogue.items()}
        #: worded as Stratego Legends (else in the other editions' terms: ``legends.wording``)
        self.legends = is_legends(game.rules.name)
        store, code = self.store, self.code
        self.people = [s for s in game.players if s not in self.computers]
        self.auto_pass = game.rules.auto_pass
        for seat in self.people:
            self.told[seat] = told = self.steps if self.may_tell(seat) else self._last_told(seat)
            self.unsent[seat] = store.shown(code, seat, since=told)
        self.last = {seat: last_action(store.shown(code, seat, before=self.told[seat]))
                     for seat in self.people}

    @property
    def game(self) -> Game:
        """The game (:class:`NotBegun` while its players still arrange their setups)."""
        if self._game is None:
            raise NotBegun(N_("the game has not begun: every player arranges their setup "
                              "first (send {message})"),
                           message='{"type": "arrange", "line": ...}')
        return self._game

    @property
    def arranging(self) -> bool:
        return self._game is None

    @property
    def over(self) -> bool:
        return self._game is not None and self._game.is_over

    # -- building ----------------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, game: Game, seats: dict[str, dict[str, Any]],
               clock: tuple[float, float] | None = None,
               now: Callable[[], float] = time.time) -> Room:
        """A new game under a fresh code (``clock``: a time control, minutes and increment
        seconds)."""
        code = new_code()
        while store.exists(code):
            code = new_code()
        store.create(code, game.record(), seats)
        extras = None
        if clock is not None:
            clocks = Clocks.new(*clock, game.players)
            extras = {"clock": clocks.to_dict()}
        room = cls(code, game, seats, store, extras=extras, now=now)
        if room.clocks is not None:
            room._run_clock()
            room.rev = store.set_extras(code, room.extras(), rev=room.rev)
        return room

    @classmethod
    def create_arranging(cls, store: Store, arrangement: Arrangement,
                         seats: dict[str, dict[str, Any]],
                         clock: tuple[float, float] | None = None,
                         now: Callable[[], float] = time.time) -> Room:
        """A new game whose players arrange their setups first, under a fresh code (``clock``:
        as for :meth:`create`; the clocks stand still until the game begins)."""
        code = new_code()
        while store.exists(code):
            code = new_code()
        store.create(code, {"arranging": arrangement.to_dict()}, seats)
        extras = None
        rev = 0
        if clock is not None:
            extras = {"clock": Clocks.new(*clock, tuple(arrangement.lines)).to_dict()}
            rev = store.set_extras(code, extras, rev=rev)
        return cls(code, None, seats, store, arrangement=arrangement, extras=extras, now=now,
                   rev=rev)

    @classmethod
    def load(cls, store: Store, catalogue: Catalogue | None, code: str,
             now: Callable[[], float] = time.time) -> Room | None:
        """The game ``code`` from the store (``catalogue``: Stratego Legends' pieces, if not
        the installed ones), or ``None``."""
        stored = store.load(code)
        if stored is None:
            return None
        if "arranging" in stored.start:
            try:
                if stored.actions:
                    raise ValueError("actions stored before the game began")
                arrangement = Arrangement.from_dict(stored.start["arranging"])
            except (LegendsError, ValueError, KeyError, TypeError, AttributeError) as exc:
                raise RuntimeError(f"game {code} cannot be restored: {exc}") from None
            return cls(code, None, stored.seats, store, arrangement=arrangement,
                       extras=stored.extras, now=now, rev=stored.rev)
        record = stored.record()
        movers: list[str] = []
        try:
            # Replayed action by action to learn who made each (records do not say).
            game = Game.from_record({**record, "actions": []},
                                    catalogue=catalogue if _legends(record) else None)
            for i, text in enumerate(stored.actions):
                ending = Ending.parse(text)
                if ending is not None:  # a resignation, a loss on time, an agreed draw
                    game.end(ending)
                    movers.append(ending.seat)
                    continue
                seat = game.current_player
                if seat is None:
                    raise PositionError(f"actions[{i}]: nobody is asked to decide")
                game.apply(text, player=seat)
                movers.append(seat)
        except LegendsError as exc:  # the database was changed by hand or is damaged
            raise RuntimeError(f"game {code} cannot be restored: {exc}") from None
        return cls(code, game, stored.seats, store, movers, extras=stored.extras, now=now,
                   rev=stored.rev)

    # -- playing -----------------------------------------------------------------------
    def decision(self, seat: str, steps: int | None = None) -> int:
        """``seat``'s decision number after the first ``steps`` actions (all by default): how
        many of them ``seat`` made. Its next action must carry this number."""
        return self.movers[:steps].count(seat)

    def act(self, seat: str, text: object, decision: object) -> dict[str, dict[str, Any]]:
        """Apply ``seat``'s action (notation), answering its decision number ``decision``, store
        it, and return the state messages it sends, by seat.

        :raises StaleAction: ``decision`` is not ``seat``'s current decision number (a repeated
            or out-of-date action); the game is unchanged.
        :raises LegendsError: the action is not legal for ``seat`` now (told from that seat's
            side only); the game is unchanged.
        """
        return self._apply(seat, self.check(seat, text, decision))

    def check(self, seat: str, text: object, decision: object) -> Action:
        """``seat``'s action (notation) answering its decision number ``decision``, read and
        checked against the game (see :meth:`act`); nothing is changed."""
        if not isinstance(text, str):
            raise GameRefusal(N_("an action is notation text, e.g. 'b2-b3'"))
        if not isinstance(decision, int) or isinstance(decision, bool):
            raise GameRefusal(N_("an action carries the decision number of the state it "
                                 "answers ('decision': a whole number)"))
        current = self.decision(seat)
        if decision < current:
            raise StaleAction(N_("decision {decision} was already answered; this action was "
                                 "not applied (the latest state is decision {current})"),
                              decision=decision, current=current)
        if decision > current:
            raise StaleAction(N_("no decision {decision} has been asked of {seat} yet; this "
                                 "action was not applied (the latest state is decision "
                                 "{current})"), decision=decision, seat=seat, current=current)
        try:
            return self.game.parse_action(text, player=seat)
        except LegendsError as exc:  # the kernel's refusal, said in the edition's words
            own = error_text(str(exc), self.rules_name, self.catalogue)
            if own == str(exc):
                raise
            raise type(exc)(own) from None

    def computer_to_move(self) -> str | None:
        if self._game is None:
            return None
        seat = self._game.current_player
        return seat if seat in self.computers else None

    def arrange(self, seat: str, text: object) -> list[dict[str, dict[str, Any]]]:
        """Take ``seat``'s setup line (or ``"random"``) and return the messages it sends, in
        batches by seat: each person's ``arrange`` message, or, when this was the last line,
        each person's greeting to the game that then begins (``welcome``, then ``state``).

        :raises LegendsError: the game has begun, ``seat`` has arranged already, or the line
            is not one (:class:`~legends_core.errors.ArmyError` names what is wrong); nothing
            is changed.
        """
        old = self.arrangement
        if old is None:
            raise GameRefusal(N_("the game has begun: setups are arranged before the first "
                                 "move"))
        new = old.submit(seat, text)
        game = new.build() if new.complete else None
        before = self._before()
        extras = None
        if game is not None and self.clocks is not None:
            # The clocks start with the game (none ran while its players arranged), stored
            # with it in one go.
            self._run_clock(game)
            extras = self.extras()
        try:
            crash_point("before-store")
            self.rev = self.store.replace_start(
                self.code, {"arranging": old.to_dict()},
                game.record() if game else {"arranging": new.to_dict()}, extras, rev=self.rev)
            crash_point("after-store")
        except BaseException:
            self.offer, self.clocks, self.clock_told = before
            raise
        if game is None:
            self.arrangement = new
            return [self.arrange_messages()]
        self._begin(game)
        greetings = {s: self.greeting(s) for s in self.people}
        return self._with_watchers([{s: g[0] for s, g in greetings.items()},
                                    {s: g[1] for s, g in greetings.items()}])

    def unready(self, seat: str) -> list[dict[str, dict[str, Any]]]:
        """``seat`` takes back the setup line it sent, to change it (while another seat still
        arranges); returns each person's ``arrange`` message.

        :raises LegendsError: the game has begun, or ``seat`` has sent no line; nothing is
            changed.
        """
        old = self.arrangement
        if old is None:
            raise GameRefusal(N_("the game has begun: setups are arranged before the first "
                                 "move"))
        new = old.withdraw(seat)
        self.rev = self.store.replace_start(self.code, {"arranging": old.to_dict()},
                                            {"arranging": new.to_dict()}, None, rev=self.rev)
        self.arrangement = new
        return [self.arrange_messages()]

    def arrange_messages(self) -> dict[str, dict[str, Any]]:
        """Each person's ``arrange`` message (their own line and who is ready)."""
        assert self.arrangement is not None
        return {s: self._in_language(s, self.arrangement.message, s, self.public_seats())
                for s in self.people}

    def apply_computer(self, seat: str, action: Action) -> dict[str, dict[str, Any]]:
        return self._apply(seat, action)

    def _apply(self, seat: str, action: Action) -> dict[str, dict[str, Any]]:
        return self._store(seat, self.stage(seat, action))

    def _store(self, seat: str, step: Step) -> dict[str, dict[str, Any]]:
        """Store the staged ``step`` here (not through the server's writer) and commit it."""
        try:
            rev = self.store.add_step(*step)
        except BaseException:
            self.unstage()
            raise
        return self.commit(seat, step, rev)

    # An action goes through three stages, so that a server can wait for the store without
    # holding up its other games: staged (applied in memory), stored, committed (messages).
    def stage(self, seat: str, action: Action) -> Step:
        """Apply ``seat``'s (checked) ``action`` to the game in memory and return what must be
        stored for it. Then either :meth:`commit` once it is stored, or :meth:`unstage`."""
        asked = self.game.decision_kind in ALWAYS_ASKED
        before = self._before()
        events = self.game.apply(action, player=seat)
        if self.offer is not None:
            if asked and self._side(seat) != self.offer.side:
                self.offer.played = True  # the other side played on
            if self.offer.played and self.game.decision_kind in ALWAYS_ASKED:
                self.offer = None  # lapsed, where every seat is told (see .endings)
        return self._staged(str(action), events, before)

    def stage_end(self, ending: Ending) -> Step:
        """End the game by choice (a resignation, a loss on time, an agreed draw) in memory,
        as a step to store like an action's (:meth:`commit` or :meth:`unstage` after)."""
        before = self._before()
        events = self.game.end(ending)
        self.offer = None
        return self._staged(str(ending), events, before)

    def end(self, ending: Ending) -> dict[str, dict[str, Any]]:
        """End the game by choice and store it as its last step; returns the state messages,
        by seat."""
        return self._store(ending.seat, self.stage_end(ending))

    def _before(self) -> tuple[Offer | None, Clocks | None, dict[str, dict[str, Any]]]:
        """The draw offer and clocks as they stand, to put back if a step is taken back."""
        return (Offer.from_dict(None if self.offer is None else self.offer.to_dict()),
                Clocks.from_dict(None if self.clocks is None else self.clocks.to_dict()),
                dict(self.clock_told))

    def _staged(self, text: str, events: list[Event],
                before: tuple[Offer | None, Clocks | None, dict[str, dict[str, Any]]]) -> Step:
        """What must be stored for the step just made in the game (``text``), its clocks
        moved on; ``before``: what :meth:`unstage` puts back."""
        self._undo = before
        try:
            shown = {s: [e.to_dict() for e in self.game.events_for(events, s)]
                     for s in self.game.players}
            self._staged_watch = None if self._watch is None else watch_events(self.game, events)
            if self.clocks is not None:
                self.clocks.stop(self.now(), increment=not self.game.is_over)
                self._run_clock()
            crash_point("before-store")
        except BaseException:
            self.unstage()
            raise
        # The end carries each seat's score: the store counts it if the game is rated.
        outcome = (seat_scores(self.game.result, self.game.teams) if self.game.is_over
                   else None)
        return Step(self.code, self.steps, text, shown, self.game.is_over, self.extras(),
                    self.rev, outcome)

    def unstage(self) -> None:
        """Take back the staged action: it was not stored, so not acknowledged, and the same
        action may be sent again."""
        self.game.pop()
        self.offer, self.clocks, self.clock_told = self._undo

    def commit(self, seat: str, step: Step, rev: int) -> dict[str, dict[str, Any]]:
        """The staged ``step`` is stored, making the game's revision ``rev``: count it and
        return the messages it sends (``seat``: who made it; the seat that resigned or lost on
        time, or none for a draw)."""
        crash_point("after-store")
        self.rev = rev
        return self._count(seat, step, self._staged_watch)

    def _count(self, seat: str, step: Step, watch: list[dict[str, Any]] | None = None
               ) -> dict[str, dict[str, Any]]:
        """Count the stored ``step`` (made by ``seat``) and return the messages it sends
        (``watch``: the events it shows spectators, if they are followed)."""
        self.steps += 1
        self.movers.append(seat)
        self.texts.append(step.action)
        out = {}
        for s in self.people:
            if self._shown is not None and step.shown[s]:
                self._shown[s].append((step.seq, step.shown[s]))
            self.unsent[s].extend(step.shown[s])
            if self.may_tell(s):
                if self.watched(s):
                    out[s] = self.state(s, self.unsent[s])
                else:  # told all the same (the arrow it would be shown is kept)
                    self.last[s] = last_action(self.unsent[s]) or self.last.get(s)
                    out[s] = UNSEEN
                self.unsent[s] = []
                self.told[s] = self.steps
                if self._moments is not None:
                    self._moments[s].append(self.steps)
        out.update(self._tell_watchers(step.seq, watch))
        return out

    # -- following the store (changes another server process made) ----------------------
    def moved_to(self, rev: int) -> None:
        """A change of the store's own choosing (a seat taken) made the game's revision
        ``rev``: this copy is up to date only if nothing else changed meanwhile."""
        self.rev = rev if self.rev != UNKNOWN and rev == self.rev + 1 else UNKNOWN

    def catch_up(self, upto: int | None = None) -> list[dict[str, dict[str, Any]]]:
        """Read what the store holds of this game beyond this copy and :meth:`follow` it.

        :raises StoreError: the game is no longer in the store (or the store failed).
        """
        changes = self.store.changes(self.code, self.steps)
        if changes is None:
            raise StoreError(f"game {self.code} is no longer in the store")
        return self.follow(changes, upto)

    def follow(self, changes: Changes, upto: int | None = None) -> list[dict[str, dict[str, Any]]]:
        """Bring this copy up to ``changes`` (the game as stored, with the actions from this
        copy's count on), applying the stored actions up to the first ``upto`` (all by
        default), and return the messages its people are sent because of them, in batches:
        the same messages, grouped the same way, as the process that stored them sent.

        :raises LegendsError: a stored action does not fit this copy (it cannot follow: load
            the game again).
        """
        if changes.since != self.steps:
            raise LegendsError(f"game {self.code}: changes from action {changes.since} do not "
                               f"follow this copy's {self.steps}")
        batches: list[dict[str, dict[str, Any]]] = []
        seated = changes.seats != self.seats
        self.seats = changes.seats
        if self.arrangement is not None:
            start = changes.start
            if "arranging" not in start:  # the last setup came in: the game has begun
                self._take_extras(changes.extras)
                self._begin(Game.from_record({**start, "actions": []}))
                greetings = {s: self.greeting(s) for s in self.people}
                batches += self._with_watchers([{s: g[0] for s, g in greetings.items()},
                                                {s: g[1] for s, g in greetings.items()}])
            else:
                arrangement = Arrangement.from_dict(start["arranging"])
                self._take_extras(changes.extras)
                if arrangement != self.arrangement:
                    self.arrangement = arrangement
                    batches.append(self.arrange_messages())
                elif seated:
                    batches.append(self.seats_messages())
                self.rev = changes.rev
                return batches
        elif seated:
            self._take_extras(changes.extras)
            batches.append(self.seats_messages())
        actions = changes.actions if upto is None else changes.actions[:max(0, upto - self.steps)]
        for text in actions:
            ending = Ending.parse(text)
            if ending is not None:
                seat, events = ending.seat, self.game.end(ending)
            else:
                mover = self.game.current_player
                if mover is None:
                    raise LegendsError(f"game {self.code}: nobody is asked to decide")
                seat, events = mover, self.game.apply(text, player=mover)
            shown = {s: [e.to_dict() for e in self.game.events_for(events, s)]
                     for s in self.game.players}
            watch = None if self._watch is None else watch_events(self.game, events)
            # The offer and clocks the maker stored with its last step come with the
            # messages (as they did with its own).
            self._take_extras(changes.extras)
            batch = self._count(seat, Step(self.code, self.steps, text, shown,
                                           self.game.is_over), watch)
            if batch:
                batches.append(batch)
        self._take_extras(changes.extras)
        notice = changes.extras.get("notice")
        if notice != self.notice:
            self.notice = notice
            if notice is not None:
                batches.append(self._offer_notice(notice))
        # Up to date only if every stored action was taken (the others come when announced).
        self.rev = changes.rev if len(actions) == len(changes.actions) else UNKNOWN
        return batches

    def seats_messages(self) -> dict[str, dict[str, Any]]:
        """Each seat's ``seats`` message (who is who, public; and once the game has begun
        the clocks, as that seat's latest state would show them)."""
        seats = {"type": "seats", "seats": self.public_seats()}
        watchers = self.watcher_keys()
        if self.arranging:
            return {s: seats for s in [*self.players, *watchers]}
        # Spectators are shown the clocks as they stand, as their state messages show them.
        watched = {} if not watchers else {**seats, "clock": self.clock_shown(SPECTATOR, True)}
        return {**{s: {**seats, "clock": self.clock_shown(s, self.told.get(s) == self.steps)}
                   for s in self.players}, **dict.fromkeys(watchers, watched)}

    # -- endings by choice: resigning, draw offers, clocks (see .endings) ----------------
    def extras(self) -> dict[str, Any]:
        """The draw offer and clocks, as stored beside the game."""
        return {"offer": None if self.offer is None else self.offer.to_dict(),
                "offered": self.offered,
                "clock": None if self.clocks is None else self.clocks.to_dict(),
                "told": self.clock_told, "notice": self.notice}

    def _take_extras(self, extras: dict[str, Any]) -> None:
        """The draw offer, clocks and notice as stored (by another server process)."""
        self.offer = Offer.from_dict(extras.get("offer"))
        self.offered = {str(k): int(v) for k, v in (extras.get("offered") or {}).items()}
        self.clocks = Clocks.from_dict(extras.get("clock"))
        self.clock_told = dict(extras.get("told") or {})

    def _side(self, seat: str) -> str:
        return next(side for side, seats in self.game.teams.items() if seat in seats)

    def _run_clock(self, game: Game | None = None) -> None:
        """Start the clock of whoever is asked a decision everybody knows of (none else), once
        every person has taken their seat (``game``: the one just built, in place of this
        room's)."""
        assert self.clocks is not None
        game = self.game if game is None else game
        seated = all(info.get("taken") for info in self.seats.values()
                     if info.get("kind", "human") == "human")
        asked = seated and not game.is_over and game.decision_kind in ALWAYS_ASKED
        self.clocks.start(game.current_player if asked else None, self.now())
        for s in self.people:
            if self.may_tell(s, game):  # as this seat's next state message will show them
                self.clock_told[s] = self.clocks.to_dict()

    def seated(self) -> None:
        """A person took a seat: the clocks start when the table is full (or, in a game whose
        players arrange their setups, when the last has: :meth:`arrange`)."""
        if self.clocks is not None and self.clocks.running is None and not self.arranging \
                and not self.over:
            self._run_clock()
            if self.clocks.running is not None:
                self.rev = self.store.set_extras(self.code, self.extras(), rev=self.rev)

    def flagged(self) -> str | None:
        """The seat whose clock has run out (the game goes on until :meth:`flag`), if any."""
        if self.clocks is None or self.arranging or self.over:
            return None
        return self.clocks.flagged(self.now())

    def flag(self) -> dict[str, dict[str, Any]]:
        """End the game if the running clock has run out (its seat loses on time); returns
        the state messages (none when time is left)."""
        seat = self.flagged()
        return {} if seat is None else self.end(Ending.timeout(seat))

    def resign(self, seat: str) -> dict[str, dict[str, Any]]:
        """``seat`` resigns (at any time while the game goes on; not while its players
        arrange their setups: :class:`NotBegun`)."""
        self._begun()
        return self.end(Ending.resign(seat))

    def offer_draw(self, seat: str) -> dict[str, dict[str, Any]]:
        """``seat`` offers a draw for its side (or accepts one the other side offered).
        Returns the messages: ``offer`` notices, or the end's state messages."""
        self._going_on()
        side = self._side(seat)
        if self.offer is not None:
            if self.offer.side != side:
                return self.answer_offer(seat, True)
            raise GameRefusal(N_("{seat} has already offered a draw for {side}"),
                              seat=self.offer.seat, side=side)
        turn, last = self.game.turn, self.offered.get(side)
        again = None if last is None else last + len(self.game.players)
        if again is not None and turn < again:
            # Offers are not to be a nuisance: one per side per round of turns (see .endings).
            raise GameRefusal(N_("{side} offered a draw on turn {last}; it may offer again "
                                 "from turn {again}, once every seat has played a turn"),
                              side=side, last=last, again=again)
        offered = {**self.offered, side: turn}
        if any(s in self.computers and not computer_accepts_draw(self.game.knowledge(s))
               for s in self._others(side)):
            # A computer player's answer is legends.draw_offers' rule, as in legends play.
            return self._set_offer(None, ("declined by the computer", seat), offered)
        return self._set_offer(Offer(side, seat), ("offers", seat), offered)

    def answer_offer(self, seat: str, accept: bool) -> dict[str, dict[str, Any]]:
        """``seat`` accepts or declines the standing offer (the offering seat's decline
        withdraws it). The game is drawn once every person of the other side accepted."""
        self._going_on()
        offer = self.offer
        if offer is None:
            raise GameRefusal(N_("no draw is offered now"))
        side = self._side(seat)
        if side == offer.side:
            if accept or seat != offer.seat:
                raise GameRefusal(N_("the draw was offered by {seat}: only the other side may "
                                     "accept it, and only its maker may withdraw it"),
                                  seat=offer.seat)
            return self._set_offer(None, ("withdraws", seat))
        if not accept:
            return self._set_offer(None, ("declines", seat))
        accepted = offer.accepted + ([] if seat in offer.accepted else [seat])
        if all(s in accepted for s in self._others(offer.side)):
            return self.end(Ending.draw())
        return self._set_offer(attrs.evolve(offer, accepted=accepted), ("accepts", seat))

    def _set_offer(self, offer: Offer | None, what: tuple[str, str],
                   offered: dict[str, int] | None = None) -> dict[str, dict[str, Any]]:
        """Store the offer as it now stands (and ``offered``, the turns of the sides' last
        offers, when given; kept in memory only once stored), and tell the table."""
        old = self.offer, self.offered, self.notice
        self.offer = offer
        if offered is not None:
            self.offered = offered
        # Stored as what happened and who did it (each person reads it in their language); the
        # revision it is stored as tells two notices with the same words apart.
        self.notice = {"what": what[0], "seat": what[1], "rev": self.rev + 1}
        try:
            self.rev = self.store.set_extras(self.code, self.extras(), rev=self.rev)
        except BaseException:
            self.offer, self.offered, self.notice = old
            raise
        return self._offer_notice(self.notice)

    def _begun(self) -> None:
        if self.arranging:
            # Nothing to resign or draw yet (the arranging phase is left by arranging).
            raise NotBegun(N_("the game has not begun: a resignation or a draw offer is made "
                              "once every player has arranged their setup"))

    def _going_on(self) -> None:
        self._begun()
        if self.game.is_over:
            raise GameRefusal(N_("the game is over ({reason})"),
                              reason=ending_words(self.game.reason))

    def _others(self, side: str) -> list[str]:
        return [s for other, seats in self.game.teams.items() if other != side for s in seats]

    def _offer_notice(self, notice: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The same public message for every person, each in their language: the offer as it
        now stands."""
        offer = self.public_offer()
        return {s: {"type": "offer", "offer": offer,
                    "line": self._in_language(s, offer_line, notice)}
                for s in [*self.people, *self.watcher_keys()]}

    def public_offer(self) -> dict[str, Any] | None:
        return None if self.offer is None else self.offer.public()

    def clock_shown(self, seat: str, latest: bool) -> dict[str, Any] | None:
        """The clocks for ``seat``'s state message: as they stand (``latest``), or as of the
        last state it was sent (with the board of that moment)."""
        if self.clocks is None:
            return None
        clocks = self.clocks if latest else Clocks.from_dict(self.clock_told.get(seat))
        return (clocks or self.clocks).shown(self.now())

    def may_tell(self, seat: str, game: Game | None = None) -> bool:
        """Is ``game`` (this room's by default) at a point ``seat`` may be sent a message?"""
        game = game or self.game
        if game.is_over or game.current_player == seat:
            return True
        kind = game.decision_kind
        return kind in ALWAYS_ASKED or (kind == "window" and not self.auto_pass)

    def _prefix(self, steps: int) -> Game:
        """The game after its first ``steps`` actions, rebuilt from the record."""
        record = without_result(self.game.record())
        return Game.from_record({**record, "actions": record["actions"][:steps]},
                                catalogue=self.catalogue)

    def _last_told(self, seat: str) -> int:
        """The last step before now at which ``seat`` could be told of the game (rare: only
        a room loaded while another seat answers a window with auto-pass)."""
        for steps in range(self.steps - 1, 0, -1):
            if self.may_tell(seat, self._prefix(steps)):
                return steps
        return 0

    # -- messages (each from one seat's knowledge only) --------------------------------
    def speaks(self, seat: str, lang: str) -> None:
        """``seat``'s browser reads ``lang`` (a seat shown in two browsers: the latest)."""
        self.langs[seat] = choose(lang)

    def tell_knowledge(self, seat: str) -> None:
        """``seat``'s state messages carry its knowledge from now on, when it decides (its
        hello asked for it; another browser of the same seat gets it too: the same seat may
        know the same)."""
        self.knowing.add(seat)

    def _in_language(self, seat: str, build: Callable[..., T], *args: Any) -> T:
        """``build(*args)``, made in the language ``seat`` reads (spectators: the language
        their key names)."""
        lang = (seat[len(WATCH_PREFIX):] if seat.startswith(WATCH_PREFIX)
                else self.langs.get(seat, SOURCE))
        with language(lang):
            return build(*args)

    def public_seats(self) -> dict[str, dict[str, Any]]:
        """Who plays each seat: public to everyone at the table."""
        return {seat: {"kind": info.get("kind", "human"), "player": info.get("player"),
                       "name": info.get("name", ""), "taken": bool(info.get("taken"))}
                for seat, info in self.seats.items()}

    def lines(self, events: list[dict[str, Any]]) -> list[str]:
        return [line(e, self.names, self.legends) for e in events]

    @staticmethod
    def passes(events: list[dict[str, Any]]) -> list[int]:
        """Which of the lines are passes (the page folds them away: most of a game's lines),
        said here because the lines are in the reader's language."""
        return [i for i, e in enumerate(events) if e.get("kind") == "pass"]

    @staticmethod
    def quiet(events: list[dict[str, Any]]) -> list[int]:
        """Which of the lines a screen reader's live region leaves out, beside the passes:
        bookkeeping a listener has no use for as play goes on (the setup commitment's digest,
        which the log keeps for whoever checks it)."""
        return [i for i, e in enumerate(events) if e.get("kind") in QUIET_KINDS]

    @staticmethod
    def power_names(view: View) -> dict[str, str]:
        """The powers among ``view``'s options by name, for the page's buttons (a power is
        chosen before its target; each option's whole label is in ``labels``)."""
        keys = {o.split(" ")[1] for o in view.options
                if " " in o and o.split(" ")[0] not in ("choose", "swap")}
        return {k: power_name(k) for k in sorted(keys)}

    @_in_seat_language
    def state(self, seat: str, events: list[dict[str, Any]],
              game: Game | None = None, steps: int | None = None) -> dict[str, Any]:
        """``seat``'s state message: their view, the events just shown to them (with a line of
        text each), the board picture drawn from their view and their decision number (``game``
        and ``steps``: the game after its first ``steps`` actions, in place of the latest); the
        pending decision (``prompt``) and the game's end (``reason``) in the edition's words;
        each option as a person reads it (``labels``), headings to group long lists of them
        by (``groups``) and the turn as the status line shows it (``turn_label``). To a
        seat that asked for it (:meth:`tell_knowledge`), when it decides, its ``knowledge``
        (:meth:`legends_core.knowledge.Knowledge.to_dict`): what our computer players decide from."""
        latest = game is None
        game = game or self.game
        view = game.view(seat)
        last = self.last[seat] = last_action(events) or self.last.get(seat)
        # The seat's knowledge, to a seat that asked for it, when it decides.
        knowing = seat in self.knowing and view.to_move == seat
        extra = {"knowledge": game.knowledge(seat).to_dict()} if knowing else {}
        # Labels, groups and the turn come from this seat's own view, like everything here.
        return {"type": "state", "view": view.to_dict(), "events": events,
                "prompt": prompt(view.decision, self.legends),
                "reason": reason(view.reason, self.legends),
                "labels": option_labels(view, self.rules_name, self.catalogue),
                "groups": option_groups(view, self.rules_name, self.catalogue),
                "turn_label": turn_label(view.turn),
                "powers": self.power_names(view),
                "lines": self.lines(events), "passes": self.passes(events),
                "quiet": self.quiet(events), "svg": self.picture(view, seat, last),
                "seats": self.public_seats(), "decision": self.decision(seat, steps),
                "offer": self.public_offer(), "clock": self.clock_shown(seat, latest),
                "watchers": self.watcher_count(), **extra}

    def picture(self, view: View, seat: str, last: Action | None) -> str:
        # A spectator sees the board from the first seat's side (the page can turn it).
        side = self.players[0] if seat == SPECTATOR else seat
        return board_svg(view=view, last=last, orientation=side, catalogue=self.catalogue)

    @_in_seat_language
    def greeting(self, seat: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """What a browser that took ``seat`` is sent first: who is who and the log, then the
        state, both as of the last message ``seat`` was sent (a person not yet told of the
        latest steps learns of them with everyone else, not by reconnecting). While the
        players arrange their setups: who is who, then ``seat``'s ``arrange`` message."""
        if self.arrangement is not None:
            welcome = {"type": "welcome", "v": VERSION, "code": self.code, "seat": seat,
                       "players": self.players, "seats": self.public_seats(),
                       "rules": ALIASES.get(self.rules_name, self.rules_name), "log": [],
                       "arranging": True, "teams": {}}  # sides are told once it begins
            return welcome, self.arrangement.message(seat, self.public_seats())
        told = self.told.get(seat, self.steps)
        game = self.game if told == self.steps else self._prefix(told)
        log = self.store.shown(self.code, seat, before=told)
        welcome = {"type": "welcome", "v": VERSION, "code": self.code, "seat": seat,
                   "players": self.players, "seats": self.public_seats(),
                   "rules": ALIASES.get(self.rules_name, self.rules_name),
                   "teams": {side: list(seats) for side, seats in self.game.teams.items()},
                   "log": self.lines(log), "log_passes": self.passes(log)}
        return welcome, self.state(seat, [], None if told == self.steps else game, told)

    # -- spectators (see .watching) ----------------------------------------------------
    def watch_log(self) -> WatchLog:
        """What spectators were shown so far (rebuilt from the record when first asked)."""
        if self._watch is None:
            self._watch = build_log(self)
        return self._watch

    def watcher_keys(self) -> list[str]:
        """The keys spectators here are sent their messages under (one per language)."""
        return [watch_key(lang) for lang in self.spectators()]

    def watcher_count(self) -> int:
        """How many spectators watch, through this process and the others sharing the store."""
        return sum(self.spectators().values()) + self.elsewhere()

    def watchers_messages(self) -> dict[str, dict[str, Any]]:
        """Every person's ``watchers`` message: how many watch now (a spectator came or
        went)."""
        count = {"type": "watchers", "watchers": self.watcher_count()}
        return {s: count for s in self.people}

    def shown_before(self, seat: str, step: int) -> list[dict[str, Any]]:
        """The events ``seat`` (or a spectator) was shown because of the first ``step``
        actions."""
        if seat == SPECTATOR:
            return self.watch_log().before(step)
        return self.store.shown(self.code, seat, before=step)

    def watch_greeting(self, lang: str) -> list[dict[str, Any]]:
        """What a spectator's browser is sent first: who is who and the log, then the state,
        as of the last point spectators were told of the game (while the players arrange
        their setups: who is who only)."""
        with language(lang):
            welcome: dict[str, Any] = {
                "type": "welcome", "v": VERSION, "code": self.code, "seat": SPECTATOR,
                "watching": True,
                "players": self.players, "seats": self.public_seats(),
                "rules": ALIASES.get(self.rules_name, self.rules_name), "log": [],
                "arranging": self.arranging, "teams": {}}
            if self.arranging:
                return [welcome]
            log = self.watch_log()
            told = log.told
            shown = log.before(told)
            self.last[SPECTATOR] = last_action(shown)
            welcome.update(teams={side: list(seats) for side, seats in self.game.teams.items()},
                           log=self.lines(shown), log_passes=self.passes(shown))
        game = self.game if told == self.steps else self._prefix(told)
        return [welcome, spectator_state(self, lang, [], game, told)]

    def _tell_watchers(self, seq: int, events: list[dict[str, Any]] | None
                       ) -> dict[str, dict[str, Any]]:
        """Note a counted step for spectators; their state messages if they are told of it."""
        if self._watch is None:
            return {}  # nobody watched yet: built from the record when one comes
        if events is None:  # (the log was built while the step was staged: build it again)
            self._watch = None
            return {}
        told = note(self._watch, seq, events, self.may_tell(SPECTATOR), self.steps)
        if told is None:
            return {}
        self.last[SPECTATOR] = last_action(told) or self.last.get(SPECTATOR)
        return {watch_key(lang): spectator_state(self, lang, told) for lang in self.spectators()}

    def _with_watchers(self, batches: list[dict[str, dict[str, Any]]]
                       ) -> list[dict[str, dict[str, Any]]]:
        """The game's greetings, as it begins, with those of the spectators here."""
        for lang in self.spectators():
            for batch, message in zip(batches, self.watch_greeting(lang), strict=True):
                batch[watch_key(lang)] = message
        return batches

    # -- records -----------------------------------------------------------------------
    def record(self, seat: str | None = None) -> dict[str, Any]:
        """The game's record (the full one, or ``seat``'s own), its headers naming who sat
        where now."""
        # A person who gave no name is named in the reader's words.
        self.game.headers["players"] = {s: self.seats.get(s, {}).get("name") or _("anonymous")
                                        for s in self.game.players}
        return self.game.record(seat)

    # -- the move list (each seat's own) ------------------------------------------------
    def moments(self, seat: str) -> list[int]:
        """The steps (counts of actions) at which ``seat`` was told of the game, up to the
        latest, ascending. Which steps these are depends only on what every seat knows must
        come (:meth:`may_tell`)."""
        if seat == SPECTATOR:
            return list(self.watch_log().moments)
        if self._moments is None:
            record = without_result(self.game.record())
            game = Game.from_record({**record, "actions": []}, catalogue=self.catalogue)
            self._first_turn = (game.turn, game.active_player) if game.decision_kind == "main" else (0, None)
            found: dict[str, list[int]] = {s: [] for s in self.people}
            for step in range(self.steps + 1):
                if step:
                    game.apply(record["actions"][step - 1], player=self.movers[step - 1])
                for s in self.people:
                    if self.may_tell(s, game):
                        found[s].append(step)
            self._moments = found
        told = self.told.get(seat, self.steps)
        return [m for m in self._moments.get(seat, []) if m <= told]

    def moves(self, seat: str) -> dict[str, Any]:
        """``seat``'s move list (``legends.web.movelist``) up to the last message it was sent. A ply
        names the message that told of it by its place among the seat's messages
        (``moment``), never by the count of all actions, which would tell how often the
        other seats were asked."""
        moments = self.moments(seat)
        if self._shown is None:  # read once; kept up to date by each step after
            self._shown = {s: self.store.shown_by_step(self.code, s) for s in self.people}
        if seat == SPECTATOR:
            if self._moments is None and self.people:
                self.moments(self.people[0])  # (this finds the first turn)
            told, shown = moments[-1] if moments else 0, self.watch_log().steps
        else:
            told, shown = self.told.get(seat, self.steps), self._shown.get(seat, [])
        steps = [(seq, events) for seq, events in shown if seq < told]
        turns = movelist.turns(steps, moments, self.names, self._first_turn,
                               self.legends)
        index = {m: i for i, m in enumerate(moments)}
        for turn in turns:
            for ply in turn["plies"]:
                ply["moment"] = index.get(ply.pop("step"), len(moments) - 1)
        return {"turns": turns, "players": list(self.game.players), "latest": len(moments) - 1}

    def seen(self, seat: str, moment: int) -> dict[str, Any]:
        """The board as ``seat`` was shown it in its message number ``moment`` (counting from
        0; :meth:`moves`): exactly the picture it was sent then, nothing newer.

        :raises LegendsError: ``seat`` was sent no such message.
        """
        moments = self.moments(seat)
        if not 0 <= moment < len(moments):
            raise GameRefusal(N_("moment: {seat} was shown the game at moments 0 to {last}, "
                                 "not {moment}"), seat=seat, last=len(moments) - 1,
                              moment=moment)
        step = moments[moment]
        game = self.game if step == self.steps else self._prefix(step)
        view = game.view(seat)
        last = last_action(self.shown_before(seat, step))
        return {"moment": moment, "latest": len(moments) - 1, "turn": view.turn,
                "turn_label": turn_label(view.turn), "svg": self.picture(view, seat, last)}

    # -- after the end -----------------------------------------------------------------
    def replay_frame(self, seat: str, step: int) -> dict[str, Any]:
        """The board after the first ``step`` actions, for the replay on the end screen (the
        full picture: once a game is over its whole record is handed to the players)."""
        record = without_result(self.game.record())
        actions = record["actions"]
        step = max(0, min(step, len(actions)))
        game = Game.from_record({**record, "actions": actions[:step]}, catalogue=self.catalogue)
        last = None if not step or Ending.parse(actions[step - 1]) else Action.from_str(
            actions[step - 1])
        view = game.view(None)
        svg = self.picture(view, seat, last)
        return {"step": step, "of": len(actions), "action": actions[step - 1] if step else "",
                "turn": game.turn, "turn_label": turn_label(game.turn), "svg": svg}

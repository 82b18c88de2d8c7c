"""Leak checking with twin games: what one observer sees must not depend on what they cannot know.

Two games that differ only in identities the observer does not know (hidden enemy pieces
swapped among themselves, or replaced by other pieces the army could hold) are driven step by
step with the same decisions. Until the observer legitimately learns one of the differing
identities, every channel that reaches the observer must be identical in the two games:

* their view (:meth:`~legends_core.Game.view`), except a ``commitment`` field, which only has to be present
  or absent alike (it is a salted hash and differs by design);
* their own event stream (:meth:`~legends_core.Game.events_for` of each step's events);
* their legal actions and prompt when they decide;
* the error messages :meth:`~legends_core.Game.parse_action` gives them for a fixed set of probe inputs;
* at the end, the game record meant for them (:meth:`~legends_core.Game.record` with their name).

The observer may also be :data:`~legends_core.SPECTATOR`, who holds no seat: then the twins
differ in every piece some seat does not know, and the spectator's view and events are
compared (a spectator has no decisions, inputs or record of their own).

Anything else that differs is a *finding*: a leak. :func:`fuzz_game` plays one game between
random armies and compares twin pairs along it (from the start or from mid-game positions
reached by power-biased play, each with a random observer); :func:`compare_twins` does the
comparison for any pair; :func:`replay` re-runs a saved reproducer. The test suite and
``scripts/leak_fuzz.py`` both use this module; it needs nothing beyond the kernel.

What twins cannot show: a reveal that happens alike whatever the hidden piece is (a power
that shows a piece its text does not reveal looks the same in both games), and the traces of
another player's choice that only one of the games allows (their options differ, so that
choice is never played in both).
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from .actions import DONE, PASS, Action
from .armies import random_army
from .errors import LegendsError, PositionError
from .events import Event
from .game import Game
from .piecetype import PieceType
from .registry import Catalogue, default_catalogue
from .visibility import SPECTATOR, View

OFF_BOARD = ("destroyed", "curse", "curse-queue")
#: The collector numbers of the full set: the 206 of the rulebook plus #207 and #208.
ALL_PIECES = range(1, 209)
#: The event kind of a strength comparison (it shows strengths, not a piece).
STRENGTH_EVENT = "strength"


# -------------------------------------------------------------------------------------
# Twins
# -------------------------------------------------------------------------------------


def slot(t: PieceType) -> int | str:
    """The composition slot a piece fills: its base strength, or ``"magic"``/``"castle"``."""
    return t.strength if t.kind == "warrior" and t.strength is not None else t.kind


def stationary(t: PieceType) -> bool:
    return t.kind == "castle" or "stationary" in t.keywords


def hidden_from(position: dict[str, Any], observer: str) -> list[dict[str, Any]]:
    """The pieces on the board that belong to and are held by another side, and whose
    identity ``observer`` does not know (a spectator: that some seat does not know)."""
    if observer == SPECTATOR:
        seats = set(position["rules"]["players"])
        return [p for p in position["pieces"]
                if not seats <= set(p["known_to"]) and p["at"] not in OFF_BOARD]
    return [p for p in position["pieces"]
            if observer not in p["known_to"] and p["at"] not in OFF_BOARD
            and p["owner"] != observer and p["controller"] != observer]


def make_twin(position: dict[str, Any], observer: str, rng: random.Random, catalogue: Catalogue,
              pool: Iterable[int] | None = None, replace: float = 0.5
              ) -> tuple[dict[str, Any], dict[int, tuple[int, int]]]:
    """A copy of ``position`` that ``observer`` cannot tell apart from it.

    Per army, the hidden pieces swap identities at random, then each hidden piece is
    replaced with probability ``replace`` by another piece of the same army and the same
    composition slot drawn from ``pool``, so the army stays legal. Castles and stationary
    pieces only ever land on pieces that have never moved. Returns the twin position and
    ``{piece id: (number here, number in the twin)}`` for the pieces that differ.
    """
    twin = copy.deepcopy(position)
    moved = set(twin.get("moved", ()))
    numbers = sorted(set(pool if pool is not None else catalogue))
    by_owner: dict[str, list[dict[str, Any]]] = {}
    for p in hidden_from(twin, observer):
        by_owner.setdefault(p["owner"], []).append(p)
    for group in by_owner.values():
        if len(group) >= 2:
            _permute(list(group), moved, rng, catalogue)
        for p in group:
            if rng.random() < replace:
                p["number"] = _substitute(catalogue[p["number"]], p["id"] in moved, numbers,
                                          rng, catalogue)
    before = {p["id"]: p["number"] for p in position["pieces"]}
    changed = {p["id"]: (before[p["id"]], p["number"]) for p in twin["pieces"]
               if p["number"] != before[p["id"]]}
    return twin, changed


def _permute(group: list[dict[str, Any]], moved: set[int], rng: random.Random,
             catalogue: Catalogue) -> None:
    """Shuffle identities within ``group``; stationary ones only onto never-moved pieces."""
    free = [p for p in group if not (p["id"] in moved and stationary(catalogue[p["number"]]))]
    nums = [p["number"] for p in free]
    fixed = [n for n in nums if stationary(catalogue[n])]
    mobile = [n for n in nums if not stationary(catalogue[n])]
    still = [p for p in free if p["id"] not in moved]
    rng.shuffle(still)
    rng.shuffle(fixed)
    rng.shuffle(mobile)
    # The stationary identities go first, so only onto pieces that never moved.
    order = still + [p for p in free if p["id"] in moved]
    for p, n in zip(order, fixed + mobile, strict=True):
        p["number"] = n


def _substitute(t: PieceType, has_moved: bool, numbers: Sequence[int], rng: random.Random,
                catalogue: Catalogue) -> int:
    choices = [n for n in numbers if n in catalogue and catalogue[n].army == t.army
               and slot(catalogue[n]) == slot(t)
               and not (has_moved and stationary(catalogue[n]))]
    return rng.choice(choices) if choices else t.number


def _team_of(position: dict[str, Any], seat: str) -> int:
    rules = position["rules"]
    return rules["teams"][rules["players"].index(seat)]


def _foreign(position: dict[str, Any], observer: str, seat: str) -> bool:
    """Is ``seat`` on another team than ``observer`` (so its private data is not theirs)?"""
    return _team_of(position, seat) != _team_of(position, observer)


def memo_twin(position: dict[str, Any], observer: str, rng: random.Random,
              catalogue: Catalogue) -> tuple[dict[str, Any], set[int]]:
    """A copy of ``position`` whose power memory holds another private name.

    A memory entry whose value names a piece (Psychic Devourer #60 keeps its blind guess this
    way) and whose piece a seat of another team controls is private to that seat: it gets
    another name from the catalogue. Returns the twin and the ids of the pieces whose memory
    differs (empty: nothing to vary).
    """
    twin = copy.deepcopy(position)
    names = sorted({t.name for t in (catalogue[n] for n in catalogue)})
    seats = _controllers(twin)
    carriers = set()
    for entry in twin.get("memo", ()):
        pid, _key, value = entry
        if isinstance(value, str) and value in names and _foreign(twin, observer, seats[pid]):
            entry[2] = rng.choice([n for n in names if n != value])
            carriers.add(pid)
    return twin, carriers


def secret_target_twin(position: dict[str, Any], observer: str, rng: random.Random,
                       catalogue: Catalogue) -> tuple[dict[str, Any], set[int]]:
    """A copy of ``position`` in which an effect given by a power with secret targets
    (Urgwaine's Castle #67 grants Quickness to a piece it does not show) lies on another
    piece of the same controller, one ``observer`` does not know either.

    The observer was told only that the power was used, so any of the controller's hidden
    pieces on the board could carry the effect. Returns the twin and the ids of the pieces
    whose effects differ.
    """
    twin = copy.deepcopy(position)
    hidden = hidden_from(twin, observer)
    carriers: set[int] = set()
    for effect in twin.get("effects", ()):
        src = effect.get("source", -1)
        pid = effect["piece"]
        if not 0 <= src < len(twin["pieces"]):
            continue
        number = twin["pieces"][src]["number"]
        powers = catalogue[number].powers if number in catalogue else ()
        if not any(getattr(p, "secret_targets", False) for p in powers):
            continue
        owner = twin["pieces"][pid]["controller"]
        others = [p["id"] for p in hidden if p["controller"] == owner and p["id"] != pid]
        if pid in {p["id"] for p in hidden} and others:
            effect["piece"] = rng.choice(others)
            carriers |= {pid, effect["piece"]}
    return twin, carriers


def ask_twin(position: dict[str, Any], observer: str, rng: random.Random,
             catalogue: Catalogue) -> tuple[dict[str, Any], set[int]]:
    """A copy of ``position`` whose pending private questions differ.

    An ``ask`` step on the stack for a seat of another team, not public, is private to that
    seat: its choices come in another order. (Its data is left alone: a continuation relies on
    it agreeing with the board, and a twin it cannot run is no world at all.) Returns the twin and the ids of the pieces named in the data of the
    questions that differ (their powers asked them).
    """
    twin = copy.deepcopy(position)
    seats = twin["rules"]["players"]
    carriers: set[int] = set()
    for task in twin.get("stack", ()):
        if task.get("task") != "ask" or task.get("public") or \
                not _foreign(twin, observer, seats[task["player"]]):
            continue
        before = copy.deepcopy(task)
        choices = list(task["choices"])
        rng.shuffle(choices)
        task["choices"] = choices
        if task != before:
            carriers |= {v for v in task.get("data", {}).values()
                         if isinstance(v, int) and 0 <= v < len(twin["pieces"])}
            carriers.add(-1 - task["player"])  # marks the seat asked, even with no piece named
    return twin, carriers


def _controllers(position: dict[str, Any]) -> dict[int, str]:
    return {p["id"]: p["controller"] for p in position["pieces"]}


#: The kinds of twin :func:`fuzz_game` can make: hidden identities, a private memory, an
#: effect on a secretly chosen piece, a pending private question.
TWIN_KINDS = ("identities", "memo", "secret-targets", "ask")
DATA_TWINS: dict[str, Callable[..., tuple[dict[str, Any], set[int]]]] = {
    "memo": memo_twin, "secret-targets": secret_target_twin, "ask": ask_twin}


# -------------------------------------------------------------------------------------
# Choosing actions
# -------------------------------------------------------------------------------------

Policy = Callable[[Sequence[Action], Game], Action]


def power_biased(rng: random.Random) -> Policy:
    """A random policy that favours powers, answers to questions and attacks over plain
    moves and passes (plain random play almost never uses a power)."""
    def pick(actions: Sequence[Action], game: Game) -> Action:
        g = game.engine
        # Each power of each piece weighs the same however many targets it offers, so a
        # one-off action is not drowned by a movement power with twenty squares.
        per_power = Counter((a.src, a.key) for a in actions if a.kind == "power")
        weights = []
        for a in actions:
            if a.kind == "power":
                w = 12.0 / per_power[a.src, a.key]
            elif a.kind == "choose":
                w = 1.0 if a.value in ("done", "keep") else 4.0
            elif a.kind == "move":
                w = 3.0 if g.grid[g.board.parse_square(a.dst)] >= 0 else 1.0
            else:
                w = 1.0
            weights.append(w)
        return rng.choices(list(actions), weights)[0]
    return pick


def scripted(texts: Sequence[str]) -> Policy:
    """Replay recorded decisions in order (for reproducers)."""
    it = iter(texts)

    def pick(actions: Sequence[Action], game: Game) -> Action:
        try:
            action = Action.from_str(next(it))
        except StopIteration:
            raise _ScriptEnd() from None
        if action not in actions:
            raise LegendsError(f"recorded action {action} is not legal here")
        return action
    return pick


class _ScriptEnd(Exception):
    pass


#: A program acting for the observer: ``actor(game, seat)`` returns the notation of the
#: action it chooses. The fuzzer calls it in both twins at each of the observer's decisions
#: (the first game first) and compares the two choices as part of what the observer shows:
#: a program that only uses what its seat may know chooses alike. It must be a function of
#: what it is shown: seed any randomness from that (see :func:`seeded_actor`), not from a
#: generator shared by both calls.
Actor = Callable[[Game, str], str]


def seeded_actor(seed: int | str = 0) -> Actor:
    """An honest actor: a random choice among the options in the seat's own view, seeded by
    ``seed`` and by that view (its turn, prompt and options), so twins it cannot tell apart
    get the same choice."""
    def act(game: Game, seat: str) -> str:
        v = game.view(seat)
        rng = random.Random(repr((seed, v.turn, v.decision, v.options)))
        return rng.choice(v.options)
    return act


def _acted(t: Any, actor: Actor, result: PairResult) -> Action | None:
    """The observer's action chosen by ``actor`` in both games; a finding (and ``None``)
    when the choices differ or are not legal."""
    a, b = t.games
    chosen = (actor(a, t.observer), actor(b, t.observer))
    if chosen[0] != chosen[1]:
        result.findings.append(t.finding("actor", "choice", f"{chosen[0]} | {chosen[1]}",
                                         result.decisions, prompt=a.decision or ""))
        result.stop = "finding"
        return None
    try:
        return a.parse_action(chosen[0], player=t.observer)
    except LegendsError as exc:
        raise LegendsError(f"the actor chose {chosen[0]!r}, which is not legal: {exc}") from None


# -------------------------------------------------------------------------------------
# Observations
# -------------------------------------------------------------------------------------


@attrs.frozen
class Finding:
    """One difference the observer could see.

    ``channel`` is ``"view"``, ``"events"``, ``"actions"``, ``"probe"`` or ``"record"``
    (the game record meant for the observer; ``"decisions"`` marks a divergence, see
    :attr:`PairResult.divergence`);
    ``what`` names the part that differs (a view field, an event kind, a probe input);
    ``detail`` shows both sides; ``actors`` are the collector numbers of the pieces that
    took the last actions (referee view, first game then twin) or, for differing options,
    the observer's pieces that offer them; ``context`` the pieces named in the events the
    observer got since the last compared point (up to the first difference), such as the
    piece whose power asks the question; ``step`` counts the decisions compared before it.
    """

    channel: str
    what: str
    detail: str
    actors: tuple[int, ...]
    step: int
    context: tuple[int, ...] = ()
    #: The question involved, if any (the observer's prompt, or a differing answer's).
    prompt: str = ""

    @property
    def key(self) -> str:
        """A grouping key: the same leak found again gives the same key. Squares are left
        out; a finding about a question is known by the question, others by the actors."""
        what = "/".join(sorted(_no_squares(self.what).split("/")))
        who = _no_squares(self.prompt) if self.prompt else ",".join(map(str, self.actors))
        return f"{self.channel}:{what}:{who}"


def _no_squares(text: str) -> str:
    return re.sub(r"\b[a-z]\d{1,2}\b", "sq", text)


@attrs.define
class PairResult:
    """The outcome of comparing one twin pair."""

    findings: list[Finding] = attrs.Factory(list)
    decisions: int = 0
    stop: str = ""
    #: The decisions taken at compared points, in order (catch-up answers are implied).
    actions: list[str] = attrs.Factory(list)
    #: When the games came to wait on different decisions that could not be answered
    #: blindly: which (not a finding, but worth a look in a long run).
    divergence: Finding | None = None


def parse_as(game: Game, text: str, player: str) -> str:
    """What :meth:`~legends_core.Game.parse_action` tells ``player`` about ``text``: the action read, or
    the error message."""
    try:
        action = game.parse_action(text, player=player)
    except ValueError as exc:
        return f"{type(exc).__name__}: {exc}"
    return f"ok: {action}"


def probes(game: Game, observer: str, rng: random.Random, limit: int = 12) -> list[str]:
    """Inputs for ``observer`` to try, made only from what they can see: moves from and to
    some of their own and some enemy squares, their powers aimed at enemy squares or used
    from one, and a few other texts; at most ``limit`` of them, drawn with ``rng``."""
    v = game.view(observer)
    board = game.board
    own = sorted(p.square for p in v.pieces if p.controller == observer)
    foes = sorted(p.square for p in v.pieces if p.controller != observer)
    hidden = sorted(p.square for p in v.pieces if p.controller != observer and p.number is None)
    some_own = rng.sample(own, min(3, len(own)))
    some_foes = rng.sample(hidden, min(3, len(hidden))) + rng.sample(foes, min(2, len(foes)))
    texts = []
    for s in some_own + some_foes:
        for n in board.orthogonal(board.parse_square(s)):
            texts.append(f"{s}-{board.name(n)}")
    foe = some_foes[0] if some_foes else "a1"
    if game.current_player == observer:
        powers = [a for a in game.legal_actions() if a.kind == "power"]
        for a in rng.sample(powers, min(4, len(powers))):
            for target in some_foes[:2]:
                texts.append(" ".join([a.src, a.key, *([target] * max(1, len(a.targets)))]))
            texts.append(" ".join([foe, a.key, *a.targets]))
    texts += ["pass", "choose done", f"choose {foe}", f"swap {own[0] if own else 'a1'} {foe}",
              f"{foe} charging {foe}", "xyzzy", ""]
    # A sample keeps the cost down (each refusal lists the options again); over many
    # decisions every kind of input is tried.
    return rng.sample(texts, min(limit, len(texts)))


def _view_key(game: Game, observer: str) -> tuple[View, bool]:
    """The view with its commitment (a salted digest) reduced to whether it is there."""
    v = game.view(observer)
    return attrs.evolve(v, commitment=None), v.commitment is not None


def _view_diff(va: View, vb: View) -> list[tuple[str, str]]:
    out = []
    for f in attrs.fields(type(va)):
        x, y = getattr(va, f.name), getattr(vb, f.name)
        if x == y:
            continue
        if f.name == "pieces" and len(x) == len(y):
            for pa, pb in zip(x, y, strict=True):
                if pa != pb:
                    fields = [g.name for g in attrs.fields(type(pa))
                              if getattr(pa, g.name) != getattr(pb, g.name)]
                    out.append((f"pieces.{'/'.join(fields)}", f"{pa} | {pb}"))
        else:
            out.append((f.name, f"{x!r:.300} | {y!r:.300}"))
    return out


def _neutral(e: Event) -> Event:
    """The setup commitment's digest is salted and differs by design: only its presence
    is compared."""
    return attrs.evolve(e, digest="") if e.kind == "commit" else e  # type: ignore[misc]


def _shows(e: Event | None) -> bool:
    """Does the event (as the observer got it) show a piece's identity or strength?"""
    if e is None:
        return False
    return e.kind == STRENGTH_EVENT or getattr(e, "piece", None) is not None


# -------------------------------------------------------------------------------------
# Driving a twin pair
# -------------------------------------------------------------------------------------


class _Twins:
    """Two games driven in step, with what the observer received since the last compared
    point and which differing pieces they knew then."""

    def __init__(self, a: Game, b: Game, observer: str, changed: dict[int, tuple[int, int]],
                 carriers: Iterable[int] = ()):
        self.games = (a, b)
        self.observer = observer
        if observer == SPECTATOR:  # knows a piece only once every seat does
            self.bit = self.need = a.engine.all_mask
        else:
            self.bit = self.need = 1 << a.engine.player_index(observer)
        self.changed = changed
        #: Pieces (and, as ``-1 - seat``, seats) whose private data differs in a data twin.
        self.carriers = set(carriers)
        self.pending: tuple[list[Event], list[Event]] = ([], [])
        self.actors: list[int] = []
        self.known = self._known()
        self.places = self._places()

    def _places(self) -> set[str]:
        """The squares of the carriers now, in either game (where their data can show)."""
        out = set()
        for g in self.games:
            e = g.engine
            out |= {e.board.name(e.loc[p]) for p in self.carriers if p >= 0 and e.loc[p] >= 0}
        return out

    def data_used(self) -> bool:
        """In a data twin: did the observer see a carrier act, or be acted on, at or before
        the first differing event? Its private data then legitimately shows (a guess decides
        the attack it was made for; a granted move is made)."""
        if not self.carriers:
            return False
        i, _, _ = self.first_difference()
        seats = {self.games[0].players[-1 - p] for p in self.carriers if p < 0}
        for events in self.pending:
            for e in events[:i + 1]:
                spots = {getattr(e, f, None) for f in ("at", "frm", "to", "a", "b")}
                if spots & self.places or getattr(e, "player", None) in seats:
                    return True
        return False

    def _known(self) -> tuple[set[int], set[int]]:
        return tuple({pid for pid in self.changed  # type: ignore[return-value]
                      if g.engine.known[pid] & self.bit >= self.need}
                     for g in self.games)

    def apply(self, which: int, action: Action) -> None:
        """Apply ``action`` to one game, keeping the observer's events and who acted."""
        game = self.games[which]
        eng = game.engine
        if _is_square(action.src):
            pid = eng.grid[eng.board.parse_square(action.src)]
            if pid >= 0:
                self.actors.append(eng.types[pid].number)
        events = game.events_for(game.apply(action), self.observer)
        self.pending[which].extend(_neutral(e) for e in events)

    def synced(self, a: Game, b: Game) -> bool:
        if a.is_over or b.is_over:
            # One game may end while the other still waits on a window its other player is
            # asked in only there (auto-pass answered it in the first): catch that one up.
            return a.is_over == b.is_over or not any(
                g.current_player not in (None, self.observer) for g in (a, b))
        if a.current_player != b.current_player:
            return False
        # The same kind is not enough: an attack window and an end-of-turn window are both
        # "window" (auto-pass may have answered the first in one game only).
        return a.current_player == self.observer or (
            a.decision_kind == b.decision_kind and a.decision == b.decision)

    def catch_up(self) -> bool:
        """Answer a decision of another player that only one game has ("done" or "pass")
        until both games wait on the same kind of decision of the same player."""
        for _ in range(6):
            a, b = self.games
            if self.synced(a, b):
                return True
            steps = []
            for i, g in enumerate(self.games):
                if g.is_over or g.current_player == self.observer:
                    continue
                acts = g.legal_actions()
                pick = DONE if DONE in acts else PASS if PASS in acts else None
                if pick is not None:
                    steps.append((g.decision_kind != "ask", i, pick))
            steps.sort()
            for _, i, pick in steps:
                trial = [a, b]
                trial[i] = self.games[i].copy()
                trial[i].apply(pick)
                if self.synced(*trial):
                    self.apply(i, pick)
                    return True
            if len(steps) == 2:
                # Each game waits on a different window of the other player (asked in the
                # attack window in one, in the end window in the other, auto-pass answering
                # the rest): answer both, as the other player would by passing.
                trial = [g.copy() for g in self.games]
                for _, i, pick in steps:
                    trial[i].apply(pick)
                if self.synced(*trial):
                    for _, i, pick in steps:
                        self.apply(i, pick)
                    return True
                return False
            if len(steps) != 1:
                return False
            self.apply(steps[0][1], steps[0][2])
        return self.synced(*self.games)

    def first_difference(self) -> tuple[int, Event | None, Event | None]:
        ea, eb = self.pending
        i = next((k for k, (x, y) in enumerate(zip(ea, eb, strict=False)) if x != y),
                 min(len(ea), len(eb)))
        return i, (ea[i] if i < len(ea) else None), (eb[i] if i < len(eb) else None)

    def legitimate_reveal(self) -> str | None:
        """Do the events since the last compared point differ only through a legitimate
        reveal?

        The first differing event of one game must newly show the observer a piece that
        differs between the games (one the game state now lets them know); or both first
        differing events are about pieces (either may be missing) and such a piece is shown
        later in these events (within one step what differs first can be a known piece the
        hidden one affects: two death curses destroyed at once cancel each other). A strength
        comparison in both games and the end of the game count too. Returns ``"reveal"``
        when both games show such a piece, ``"one-sided reveal"`` when one does (a wrong
        guess, a piece that survives where the other is destroyed), ``"game over"``, or
        ``None``.
        """
        i, x, y = self.first_difference()
        if self.data_used():
            return "data used"
        if x is not None and y is not None and x.kind == y.kind == STRENGTH_EVENT:
            return "reveal"
        if "game-over" in (getattr(x, "kind", None), getattr(y, "kind", None)):
            # The rules end a game whose player has nothing left that can move: their
            # hidden pieces decide it, and the end shows it to everyone.
            return "game over"
        now = self._known()
        learned = [now[k] - self.known[k] for k in (0, 1)]
        first = [e is not None and self._newly_shown(k, e, learned[k]) for k, e in enumerate((x, y))]
        if not any(first) and any(e is not None and not _shows(e) for e in (x, y)):
            return None
        shown = [any(self._newly_shown(k, e, learned[k]) for e in self.pending[k][i:])
                 for k in (0, 1)]
        if all(shown):
            return "reveal"
        return "one-sided reveal" if any(shown) else None

    def _newly_shown(self, k: int, e: Event, learned: set[int]) -> bool:
        number = getattr(e, "piece", None)
        types = self.games[k].engine.types
        return number is not None and any(types[pid].number == number for pid in learned)

    def first_event_difference(self) -> tuple[str, str]:
        i, x, y = self.first_difference()
        what = f"{x.kind if x else 'nothing'}/{y.kind if y else 'nothing'}"
        return what, f"event {i}: {x!r} | {y!r}"

    def finding(self, channel: str, what: str, detail: str, step: int,
                actors: Sequence[int] | None = None, prompt: str = "") -> Finding:
        i, x, y = self.first_difference()
        named = [getattr(e, "piece", None) for e in self.pending[0][:i]]
        if not prompt and channel == "events":
            prompt = getattr(x, "prompt", "") or getattr(y, "prompt", "")
        return Finding(channel, what, detail,
                       tuple(self.actors[-2:] if actors is None else actors), step,
                       tuple(dict.fromkeys(n for n in named if n is not None)), prompt)


def compare_twins(a: Game, b: Game, observer: str, changed: dict[int, tuple[int, int]],
                  policy: Policy, *, max_decisions: int = 150, seed: int | str = 0,
                  actor: Actor | None = None, carriers: Iterable[int] = ()) -> PairResult:
    """Drive ``a`` and ``b`` with the same decisions and report what ``observer`` could
    tell apart.

    At the observer's decisions both games take the same action; at other players'
    decisions they take an action legal in both (none: the other player's options
    legitimately differ, and the comparison stops). A decision of another player that only
    one game has is answered with "done" or "pass". The comparison stops at the first
    legitimate reveal of a piece that differs, at the first finding, or at the end.

    ``actor``, when given, chooses the observer's actions instead of ``policy`` (see
    :data:`Actor`); ``carriers`` are the pieces whose private data differs in a data twin.
    """
    t = _Twins(a, b, observer, changed, carriers)
    result = PairResult()
    probe_rng = random.Random(seed)
    while True:
        synced = t.catch_up()
        a, b = t.games
        if t.pending[0] != t.pending[1]:
            reveal = t.legitimate_reveal()
            if reveal:
                result.stop = reveal
                return result
            what, detail = t.first_event_difference()
            result.findings.append(t.finding("events", what, detail, result.decisions))
        if not synced:
            # Another player decides something only one game asks, with no "done" or "pass"
            # to answer it blindly: what they know legitimately differs, so stop (the reason
            # is kept for the long run's summary).
            result.stop = "finding" if result.findings else "diverged"
            result.divergence = t.finding(
                "decisions", f"{a.decision_kind}/{b.decision_kind}",
                f"{a.current_player} to {a.decision!r} | {b.current_player} to {b.decision!r}",
                result.decisions)
            return result
        ended = _checkpoint(t, probe_rng, result, max_decisions)
        if ended is not None:
            return ended
        if a.current_player == observer and actor is not None:
            action = _acted(t, actor, result)
            if action is None:
                return result
            result.actions.append(str(action))
            t.apply(0, action)
            t.apply(1, action)
            continue
        if a.current_player == observer:
            choices: Sequence[Action] = list(a.legal_actions())
        else:
            choices = [x for x in a.legal_actions() if x in b.legal_actions()]
            if not choices:
                result.stop = "no common action"
                return _compare_records(t, result)
        try:
            action = policy(choices, a)
        except _ScriptEnd:
            result.stop = "script end"
            return result
        result.actions.append(str(action))
        t.apply(0, action)
        t.apply(1, action)


def compare_strict(a: Game, b: Game, observer: str, changed: dict[int, tuple[int, int]],
                   policy: Policy, *, max_decisions: int = 150, seed: int | str = 0,
                   actor: Actor | None = None, carriers: Iterable[int] = (),
                   watch_turns: bool = True) -> PairResult:
    """Like :func:`compare_twins`, but step by step, with no catching up: what the observer
    could see between its own decisions is compared as it happens.

    Give it games with auto-pass on (see :func:`with_auto_pass`): that is where whether
    another seat is asked depends on what it holds. The observer's share of the game is
    taken to be:

    * at each of its own decisions (and at the end): its view, options, prompt, the answers
      to probe inputs, and every event it got since its previous decision, as one list (how
      the events were split between other seats' steps is not its to see: the record meant
      for a player merges them the same way);
    * between its decisions, who is to move, as its view shows it at every point where the
      game waits: the seats in order, a seat that decides several times in a row counted
      once (another seat's private steps show only as that seat being to move).

    At another seat's decision both games take an action legal in both. A decision only one
    game has is answered there ("done" or "pass") only while the same seat stays to move in
    both, which the observer cannot see; any other difference in who is to move is a finding
    ("turns"), unless the events already differ through a legitimate reveal.

    With ``watch_turns`` false the observer is taken to look only at its own decisions (a
    program that never shows who is to move between them): another seat's decision that
    only one game has is then answered blindly there, and only what reaches the observer at
    its decisions is compared.
    """
    t = _Twins(a, b, observer, changed, carriers)
    result = PairResult()
    probe_rng = random.Random(seed)
    trails: tuple[list[str], list[str]] = ([], [])

    def look() -> None:
        for g, trail in zip(t.games, trails, strict=True):
            who = g.current_player or "-"
            if not trail or trail[-1] != who:
                trail.append(who)

    def events_differ() -> bool:
        """Do the events differ; if so, add the finding or set the legitimate stop."""
        if t.pending[0] == t.pending[1]:
            return False
        reveal = t.legitimate_reveal()
        if reveal:
            result.stop = reveal
        else:
            what, detail = t.first_event_difference()
            result.findings.append(t.finding("events", what, detail, result.decisions))
            result.stop = "finding"
        return True

    look()
    for _ in range(20 * max_decisions):
        a, b = t.games
        at_observer = [g.is_over or g.current_player == observer for g in (a, b)]
        if a.current_player != b.current_player or a.is_over != b.is_over:
            # The observer's view shows different seats to move.
            if t.pending[0] != t.pending[1] and t.legitimate_reveal():
                result.stop = t.legitimate_reveal() or ""
                return result
            if not watch_turns and _blind_step(t, anyone=True):
                continue
            result.findings.append(t.finding(
                "turns", "to_move", f"{' '.join(trails[0])} | {' '.join(trails[1])}",
                result.decisions))
            result.stop = "finding"
            return result
        if all(at_observer):
            if watch_turns and trails[0] != trails[1]:
                if not events_differ():
                    result.findings.append(t.finding(
                        "turns", "to_move", f"{' '.join(trails[0])} | {' '.join(trails[1])}",
                        result.decisions))
                    result.stop = "finding"
                return result
            if events_differ():
                return result
            ended = _checkpoint(t, probe_rng, result, max_decisions)
            if ended is not None:
                return ended
            trails[0][:] = trails[0][-1:]
            trails[1][:] = trails[1][-1:]
            if actor is not None:
                action = _acted(t, actor, result)
                if action is None:
                    return result
            else:
                try:
                    action = policy(list(a.legal_actions()), a)
                except _ScriptEnd:
                    result.stop = "script end"
                    return result
        else:
            common = [x for x in a.legal_actions() if x in b.legal_actions()]
            if not common:
                if _blind_step(t):
                    look()
                    continue
                if events_differ():
                    return result
                result.stop = "no common action"
                return _compare_records(t, result)
            try:
                action = policy(common, a)
            except _ScriptEnd:
                result.stop = "script end"
                return result
        result.actions.append(str(action))
        t.apply(0, action)
        t.apply(1, action)
        look()
    result.stop = "limit"
    return result


def _checkpoint(t: Any, probe_rng: random.Random, result: PairResult,
                max_decisions: int) -> PairResult | None:
    """Compare the twins at one of the observer's decisions; the result when the comparison
    ends here (a finding, the game over, the decision limit), else ``None`` after getting
    ready for the next stretch."""
    _compare_point(t, probe_rng, result)
    result.decisions += 1
    if result.findings:
        result.stop = "finding"
        return result
    if t.games[0].is_over:
        result.stop = "over"
        return _compare_records(t, result)
    if result.decisions >= max_decisions:
        result.stop = "limit"
        return _compare_records(t, result)
    t.pending = ([], [])
    t.known = t._known()
    t.places = t._places()
    return None


def _blind_step(t: _Twins, anyone: bool = False) -> bool:
    """Answer, in one game only, another seat's decision the other game does not have
    ("done" or "pass"), when the same seat is still to move in both games afterwards: the
    observer sees that seat to move all along (``anyone``: whoever is to move afterwards,
    for an observer who does not watch). True if a step was taken."""
    for i, g in enumerate(t.games):
        other = t.games[1 - i]
        if g.is_over or g.current_player in (None, t.observer):
            continue
        if g.current_player != other.current_player and not anyone:
            continue
        acts = g.legal_actions()
        pick = DONE if DONE in acts else PASS if PASS in acts else None
        if pick is None:
            continue
        trial = g.copy()
        trial.apply(pick)
        if anyone or trial.current_player == g.current_player:
            t.apply(i, pick)
            return True
    return False


def with_auto_pass(position: dict[str, Any], on: bool = True) -> dict[str, Any]:
    """``position`` with the auto-pass setting of its rules set to ``on`` (a copy)."""
    out = copy.deepcopy(position)
    out["rules"]["auto_pass"] = on
    return out


def _compare_point(t: _Twins, rng: random.Random, result: PairResult) -> None:
    """Compare everything the observer sees now; add findings to ``result``."""
    a, b = t.games
    o = t.observer
    step = result.decisions
    blame: list[int] | None = None
    if not a.is_over and a.current_player == o and b.current_player == o:
        la = [str(x) for x in a.legal_actions()]
        lb = [str(x) for x in b.legal_actions()]
        if la != lb:
            only_a = [x for x in la if x not in lb]
            only_b = [x for x in lb if x not in la]
            # Blame the observer's pieces that offer the differing options.
            e = a.engine
            srcs = sorted({Action.from_str(x).src for x in only_a + only_b} - {""})
            pids = [e.grid[e.board.parse_square(sq)] for sq in srcs]
            blame = sorted({e.types[p].number for p in pids if p >= 0}) or None
            what = "order" if sorted(la) == sorted(lb) else "options"
            result.findings.append(t.finding(
                "actions", what, f"{a.decision!r}: {only_a[:8]} | {only_b[:8]}", step, blame,
                a.decision or ""))
    (va, ca), (vb, cb) = _view_key(a, o), _view_key(b, o)
    if ca != cb:
        result.findings.append(t.finding("view", "commitment", f"present: {ca} | {cb}", step))
    if va != vb:
        for what, detail in _view_diff(va, vb):
            result.findings.append(t.finding("view", what, detail, step,
                                             blame if what == "options" else None))
    if not a.is_over and o != SPECTATOR:  # a spectator gives no input
        for text in probes(a, o, rng):
            pa, pb = parse_as(a, text, o), parse_as(b, text, o)
            if pa != pb:
                result.findings.append(t.finding("probe", repr(text), f"{pa} | {pb}", step))


def _compare_records(t: _Twins, result: PairResult) -> PairResult:
    """At the end of a comparison with nothing revealed, the game records meant for the
    observer must be alike too (commitment digests compared by presence)."""
    if t.observer == SPECTATOR:
        return result  # no record is meant for a spectator (the full one comes at the end)
    ra, rb = (_record_key(g, t.observer) for g in t.games)
    if ra != rb:
        result.findings.append(t.finding("record", "record", f"{ra!r:.300} | {rb!r:.300}",
                                         result.decisions))
        result.stop = "finding"
    return result


def _record_key(game: Game, observer: str) -> dict[str, Any]:
    record = game.record(observer)
    record["commitment"] = record.get("commitment") is not None
    record["start"]["commitment"] = record["start"].get("commitment") is not None
    for entry in record["log"]:
        for e in entry.get("events", ()):
            if e.get("kind") == "commit":
                e["digest"] = ""
    return record


def _is_square(text: str) -> bool:
    return 2 <= len(text) <= 3 and text[0].isalpha() and text[1:].isdigit()


# -------------------------------------------------------------------------------------
# One fuzzing example
# -------------------------------------------------------------------------------------


@attrs.define
class Report:
    """One twin pair: how it was built and what the comparison found."""

    seed: int
    #: Which pair of the seed's game this is (0 for the first).
    index: int
    observer: str
    changed: dict[int, tuple[int, int]]
    position: dict[str, Any]
    twin: dict[str, Any]
    result: PairResult
    #: The kind of twin (see :data:`TWIN_KINDS`).
    kind: str = "identities"
    #: The pieces whose private data differs (data twins; ``-1 - seat`` marks a seat).
    carriers: tuple[int, ...] = ()
    #: Compared step by step with no catching up (:func:`compare_strict`)?
    strict: bool = False

    def reproducer(self) -> dict[str, Any]:
        """Everything needed to run this comparison again (see :func:`replay`)."""
        return {"format": "legends-leak-reproducer", "seed": self.seed, "index": self.index,
                "observer": self.observer, "kind": self.kind, "strict": self.strict,
                "changed": {str(k): list(v) for k, v in self.changed.items()},
                "carriers": list(self.carriers),
                "actions": list(self.result.actions),
                "findings": [attrs.asdict(f) for f in self.result.findings],
                "position": self.position, "twin": self.twin}


#: Team games the fuzzer can play (players per game; 2 is the ordinary game).
TEAM_SIZES = (4, 6, 8)


def draw_armies(rng: random.Random, cat: Catalogue, players: int = 2,
                pool: Iterable[int] | None = ALL_PIECES,
                feature: int | None = None) -> dict[str, list[int]]:
    """Random Stratego Legends armies from ``pool``, one per seat (``players`` seats)."""
    numbers = [n for n in (pool if pool is not None else cat) if n in cat]
    seats = ("beige", "gray") if players == 2 else \
        tuple(f"{side}-{i}" for i in range(1, players // 2 + 1) for side in ("beige", "gray"))
    armies = {}
    for seat in seats:
        side = seat.split("-")[0]
        armies[seat] = list(random_army(rng, side, cat, numbers))
        if feature is not None and cat[feature].army == side:
            _feature(armies[seat], cat[feature], cat)
    return armies


def fuzz_game(seed: int, catalogue: Catalogue | None = None, *,
              pool: Iterable[int] | None = ALL_PIECES, from_start: bool | None = None,
              pairs: int = 1, max_warmup: int = 300, max_decisions: int = 150,
              feature: int | None = None, rules: str = "legends", players: int = 2,
              kinds: Sequence[str] = ("identities",), strict: bool = False,
              actor: Actor | None = None, watch_turns: bool = True,
              spectator: bool = False) -> Iterator[Report]:
    """Play one game drawn from ``seed`` and compare up to ``pairs`` twin pairs along it
    (half the games with auto-pass on; all of them in ``strict`` mode, which compares with
    :func:`compare_strict`).

    Random armies come from ``pool`` (default: every collector number 1-208 in the
    catalogue; ``None``: the whole catalogue). With ``from_start`` unset, one game in four
    has its first pair at the game's first decision and the others after up to
    ``max_warmup`` power-biased random decisions, at a player's main decision (the last
    one, if the game ended sooner). Each later pair starts where the first game of the
    previous pair stopped, a few decisions on, at the next main decision; each pair has
    its own observer. ``feature`` puts up to three copies of that piece in its army (as
    many as its composition slot holds), so a sample can give every piece its turn. A
    point where the observer has no hidden piece to vary yields no pair.

    ``rules`` picks the ruleset (any of :func:`legends_core.rulesets`; armies other than
    Stratego Legends' are the ruleset's own) and ``players`` a team game (4, 6 or 8).
    ``kinds`` are the twins to make, one drawn per pair (see :data:`TWIN_KINDS`): a data
    twin (memory, secret targets, a private question) is looked for at every decision of
    the next stretch of play, since the data it varies lives within a turn. ``actor``
    chooses the observer's actions (see :data:`Actor`); ``watch_turns`` is passed on to
    :func:`compare_strict`. ``spectator`` makes every pair's observer
    :data:`~legends_core.SPECTATOR` (identity twins only).
    """
    rng = random.Random(seed)
    if rules == "legends":
        cat = catalogue or default_catalogue()
        armies = draw_armies(rng, cat, players, pool, feature)
    # Half the games auto-pass: an observer must see the same whether the other player was
    # asked in a window or passed for (the twins share the setting through the position).
    auto = strict or rng.random() < 0.5
    if rules == "legends":
        game = Game.new(players=players, seed=seed, catalogue=cat, armies=armies,
                        auto_pass=auto)
    else:
        # Other editions: their own armies, a setup drawn by the seed.
        game = Game.new(rules=rules, seed=seed, auto_pass=auto, catalogue=catalogue)
    cat = game.engine.catalogue
    numbers = [n for n in (pool if pool is not None and rules == "legends" else cat) if n in cat]
    replace = 0.5 if rules == "legends" else 0.0  # other editions: swaps only, armies stay legal
    if from_start is None:
        from_start = rng.random() < 0.25
    play = power_biased(random.Random(f"{seed}:play"))
    if not from_start:
        _advance(game, play, rng.randrange(max_warmup))
        # A game that ended early is taken back to its last main decision.
        while game.history and (game.is_over or game.decision_kind != "main"):
            game.pop()
    compare: Callable[..., PairResult] = compare_twins
    if strict:
        compare = functools.partial(compare_strict, watch_turns=watch_turns)
    for index in range(pairs):
        if game.is_over:
            return
        observer = rng.choice(game.players)
        if spectator:  # (drawn all the same, so a seed plays the same game either way)
            observer = SPECTATOR
        # (a single kind draws nothing, so the seeds of earlier runs give the same games)
        kind = kinds[0] if len(kinds) == 1 else rng.choice(list(kinds))
        carriers: set[int] = set()
        b: Game | None = None
        if kind == "identities":
            position = game.to_position()
            twin, changed, b = twin_game(position, observer, rng, cat, numbers, replace)
        else:
            changed = {}
            for _ in range(40):
                position = game.to_position()
                twin, carriers = DATA_TWINS[kind](position, observer, rng, cat)
                if carriers:
                    try:
                        b = Game.from_position(twin, catalogue=cat)
                        break
                    except PositionError:
                        pass
                if game.is_over:
                    return
                game.apply(play(list(game.legal_actions()), game))
        if b is not None:
            a = Game.from_position(position, catalogue=cat)
            result = compare(a, b, observer, changed,
                             power_biased(random.Random(f"{seed}:{index}:twins")),
                             max_decisions=max_decisions, seed=f"{seed}:{index}",
                             actor=actor, carriers=carriers)
            yield Report(seed, index, observer, changed, position, twin, result, kind,
                         tuple(sorted(carriers)), strict)
            game = a
        _advance(game, play, 1 + rng.randrange(20))


def twin_game(position: dict[str, Any], observer: str, rng: random.Random,
              cat: Catalogue, numbers: Sequence[int], replace: float = 0.5
              ) -> tuple[dict[str, Any], dict[int, tuple[int, int]], Game | None]:
    """:func:`make_twin`, loaded as a game. A draw the position reader refuses (a warrior
    left at strength 0 under a curse, say) is a world the observer knows is not theirs, so
    it is drawn again, up to five times; ``None`` for the game when none would do."""
    for _ in range(5):
        twin, changed = make_twin(position, observer, rng, cat, numbers, replace)
        if not changed:
            break
        try:
            return twin, changed, Game.from_position(twin, catalogue=cat)
        except PositionError:
            continue
    return position, {}, None


def _advance(game: Game, play: Policy, decisions: int) -> None:
    """Play ``decisions`` decisions, then on to the next main decision (or the end)."""
    for _ in range(decisions):
        if game.is_over:
            return
        game.apply(play(list(game.legal_actions()), game))
    while not game.is_over and game.decision_kind != "main":
        game.apply(play(list(game.legal_actions()), game))


def fuzz_seed(seed: int, catalogue: Catalogue | None = None, **options: Any) -> Report | None:
    """The first twin pair of :func:`fuzz_game` (``None`` if there is none)."""
    return next(fuzz_game(seed, catalogue, **options), None)


def _feature(army: list[int], t: PieceType, catalogue: Catalogue) -> None:
    same = [i for i, n in enumerate(army) if slot(catalogue[n]) == slot(t)]
    for i in same[:3]:
        army[i] = t.number


def replay(reproducer: dict[str, Any] | str, catalogue: Catalogue | None = None) -> PairResult:
    """Run a saved reproducer again (a dict from :meth:`Report.reproducer`, or its JSON)."""
    data = json.loads(reproducer) if isinstance(reproducer, str) else reproducer
    a = Game.from_position(data["position"], catalogue=catalogue)
    b = Game.from_position(data["twin"], catalogue=catalogue)
    changed = {int(k): (v[0], v[1]) for k, v in data["changed"].items()}
    compare = compare_strict if data.get("strict") else compare_twins
    return compare(a, b, data["observer"], changed, scripted(data["actions"]),
                   seed=f"{data['seed']}:{data.get('index', 0)}",
                   carriers=data.get("carriers", ()))

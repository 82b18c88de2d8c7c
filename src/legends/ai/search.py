"""A short-sighted but careful search player: our action, the enemy's reply, and our best
answer to that.

The heuristic player looks one move ahead, so it happily wins an attack with a piece that the
enemy then takes back, and it leaves its castle where the enemy can try it. This player looks
further. For each imagined world (:func:`~legends_core.worlds.imagine`, from its own side's
knowledge only) and each of its candidate actions it plays the action and the rest of the turn
as the heuristic player would; then, if the next decision is an enemy's turn, it weighs the
enemy's attacks on its pieces (each played out to the end of that turn):

* an attack on a piece of ours that the enemy knows is aimed: we keep the worst outcome for us,
  or the position as it stands if no attack is worse ("standing pat": the enemy may always
  make a quiet move). After such an attack we may in turn attack an enemy piece we know,
  keeping our best outcome (the third ply, ``plies=3``);
* an attack on a piece of ours that the enemy does not know is blind (with ``guard``, the
  default): the enemy cannot tell those pieces apart, so it costs us the average outcome over
  them, not the worst. Among them the pieces that never moved may be our castle, and the enemy
  goes for those first, so they count as a draw of their own: if our castle is among the four
  pieces it can reach, that reply loses one time in four.

Every position it judges is scored as the heuristic player scores it, less a guard term for
our castle's approaches (``approach``, see :mod:`~legends.ai.approaches`): an empty square next
to it that no warrior of ours touches, and an enemy piece next to it, count against us. The
reply above only sees attacks the enemy can make at once; this keeps the squares from which it
could strike next covered (in classic the Flag may stand in the front row). With ``wall`` (the
default) our stationary pieces next to the castle count as part of it, so the squares next to
the Bombs round a Flag are guarded too: a Miner that clears one stands next to the Flag.

Scores are averaged over the worlds and the best action is played. With ``guard`` an attack of
ours on a hidden enemy piece that never moved is also credited with its exact chance of being
the castle (``lottery`` in :func:`~legends.ai.heuristic.score_in_worlds`) rather than with the
luck of a dozen worlds. Only attacks are searched after the first ply: they decide material
and castles, and the quiet moves are too many to try in the time.

The enemy in these worlds would see every piece of ours, which is why its attacks on pieces it
does not know are taken as blind, never aimed (``guard=False`` leaves them out, as this player
did at first, and with ``informed=False`` as well aims them all, a more fearful player).

Two plies for every action cost several times one, so by default the actions are first ranked
one move deep (the heuristic player's scoring, with a quarter of the time) and only the best
``focus`` of them are searched deeper. See the docs' AI page for how it does against the
heuristic.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from legends_core import Action, Knowledge, imagine

from .approaches import open_approaches
from .arranging import arranged_line
from .deadline import Deadline, checked_strength, scaled, stop_at
from .heuristic import (
    WIN,
    deciding,
    evaluate,
    obvious_answer,
    play_turn,
    sample_actions,
    score_in_worlds,
)

if TYPE_CHECKING:
    from legends_core import Engine

#: Below this strength the search player plays its one-move ranking alone (see its ``strength``).
SHALLOW = 0.25

#: The search player's default weights for its castle's open approaches (empty squares next
#: to it, those of them no warrior of ours covers, enemy pieces next to it).
APPROACH = (0.0, 1.5, 4.0)

class SearchPlayer:
    name = "search"

    def __init__(self, seed: int | None = None, samples: int = 2, breadth: int = 48,
                 seconds: float | None = None, informed: bool = True, focus: int = 8,
                 shortlist_share: float = 0.25, plies: int = 3, guard: bool = True,
                 blind_cap: int = 4, approach: tuple[float, float, float] = APPROACH,
                 arranged: bool = True, wall: bool = True, cap: float | None = None,
                 strength: float = 1.0, clock: Callable[[], float] = time.perf_counter):
        """``samples`` imagined worlds per decision at least; with ``seconds``, as many more as
        that time allows. With ``guard`` (the default) the enemy's attacks on our pieces it
        does not know count as blind (their average, our castle a loss when hit; at most
        ``blind_cap`` of them played out per world) and our attacks on hidden pieces get the
        castle's exact odds; without it they are left out, or with ``informed=False`` aimed
        as if the enemy could see every piece (a more fearful player). With ``plies=3`` (the default) we
        may answer the enemy's attack with our best attack on an enemy piece we know; with 2
        the line stops at the enemy's attack. ``focus`` > 0 first ranks the actions one move
        deep, as the heuristic player does (with ``shortlist_share`` of the time), and
        searches only the best ``focus`` of them deeper. ``approach`` weighs our castle's
        open approaches (empty squares next to it, those of them no warrior of ours covers,
        enemy pieces next to it) against us in every position judged; zeros leave them out.
        With ``wall`` our stationary pieces next to the castle count as part of it (see
        :func:`~legends.ai.approaches.open_approaches`).
        With ``arranged`` (the default) it arranges its own setup where the edition lets
        players do so (:meth:`arrange`); without, it takes the one it is dealt.

        ``cap``: the seconds a decision may take at most, read on ``clock`` between actions
        (see :mod:`legends.ai.deadline`): the ranking has ``shortlist_share`` of it, and
        whatever the ranking leaves is for the deeper search. ``strength`` below 1 asks for
        fewer worlds (at least one), a shorter list searched deeper (at least two) and a
        shorter ``seconds``; below :data:`SHALLOW` it plays the best action of the one-move
        ranking, the heuristic player's play with one world and this player's judgement."""
        self.rng = random.Random(seed)
        checked_strength(strength)
        self.samples = scaled(samples, strength)
        self.breadth = breadth
        self.seconds = None if seconds is None else seconds * strength
        self.informed = informed
        self.focus = scaled(focus, strength, least=2) if focus else 0
        self.shallow = strength < SHALLOW
        self.cap = cap
        self.clock = clock
        self.shortlist_share = shortlist_share
        self.plies = plies
        self.guard = guard
        self.blind_cap = blind_cap
        self.approach = approach
        self.arranged = arranged
        self.wall = wall

    def arrange(self, rules: str, seat: str) -> str | None:
        """Our setup line for ``seat`` in an edition where players arrange their armies
        (:func:`~legends.ai.arranging.guarded_setup`: the Flag at the back behind its Bombs);
        ``None`` (the setup is dealt) without ``arranged``, and in Stratego Legends."""
        return arranged_line(rules, seat, self.rng) if self.arranged else None

    def choose(self, knowledge: Knowledge) -> Action:
        """The action to play, from the deciding player's knowledge alone."""
        knowledge = deciding(knowledge)
        cap = Deadline(self.cap, self.clock)
        if self.guard and knowledge.decision_kind == "setup-switch":
            return castle_to_corner(imagine(knowledge, self.rng), self.rng)  # ours are real
        obvious = obvious_answer(knowledge, self.rng)
        if obvious is not None:
            return obvious
        actions = sample_actions(knowledge, self.rng, self.breadth)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        if self.shallow:
            return max(self.rank(knowledge, actions, cap), key=lambda kv: kv[1])[0]
        if self.focus and len(actions) > self.focus:
            # Two plies for every action leave too few worlds to average over; the one-move
            # ranking is cheap and rarely buries the best action below the first few.
            ranked = sorted(self.rank(knowledge, actions, cap.within(self.shortlist_share)),
                            key=lambda kv: -kv[1])
            if cap.passed():  # no time left to look deeper
                return ranked[0][0]
            actions = [a for a, _ in ranked[: self.focus]]
        return max(self.score(knowledge, actions, deadline, cap), key=lambda kv: kv[1])[0]

    def score(self, knowledge: Knowledge, actions: list[Action],
              deadline: float | None = None,
              cap: Deadline | None = None) -> list[tuple[Action, float]]:
        """Each action with its average two-ply value over the imagined worlds (as many as
        ``samples``, and more while ``deadline`` allows; only those scored before ``cap``
        passed, if it passes)."""
        start = time.perf_counter()
        return score_in_worlds(
            knowledge, actions, self.rng, self.reply_value,
            lambda n: n < self.samples or self._time_for_another(start, deadline, n),
            imagine, lottery=self.guard, stop=stop_at(cap))

    def rank(self, knowledge: Knowledge, actions: list[Action],
             cap: Deadline | None = None) -> list[tuple[Action, float]]:
        """Each action with its one-move value, as the heuristic player scores it (with
        ``guard``, attacks on hidden pieces credited with their exact chance of being the
        castle), over ``samples`` worlds and more within ``shortlist_share`` of the time
        (only those scored before ``cap`` passed, if it passes)."""
        deadline = None if self.seconds is None else \
            time.perf_counter() + self.seconds * self.shortlist_share
        return score_in_worlds(
            knowledge, actions, self.rng, self.evaluate,
            lambda n: n < self.samples or (deadline is not None
                                           and time.perf_counter() < deadline),
            imagine, lottery=self.guard, stop=stop_at(cap))

    def evaluate(self, g: Engine, me: int) -> float:
        """:func:`~legends.ai.heuristic.evaluate`, less the ``approach`` weights times our
        castle's open approaches (:func:`~legends.ai.approaches.open_approaches`: empty
        squares next to it, those of them no warrior of ours covers, enemy pieces next to
        it; with ``wall``, next to it and its Bombs)."""
        value = evaluate(g, me)
        if any(self.approach) and not g.over:
            counts = open_approaches(g, me, self.wall)
            value -= sum(w * n for w, n in zip(self.approach, counts, strict=True))
        return value

    @staticmethod
    def _time_for_another(start: float, deadline: float | None, n: int) -> bool:
        # A world costs several times the heuristic's: start one only if it should end in
        # time, so the budget is kept rather than overrun by half a world on average.
        if deadline is None:
            return False
        now = time.perf_counter()
        return now + (now - start) / max(n, 1) < deadline

    def reply_value(self, w: Engine, me: int) -> float:
        """The value for ``me`` after the enemy's reply: its most damaging attack on a piece of
        ours it knows, or (with ``guard``) a blind attack on one it does not know, or none."""
        best = self.evaluate(w, me)
        p = w.pending
        if w.over or p is None or p.name != "main" or w.same_side(p.player, me):
            return best
        if not self.guard:
            for a in self.aimed_attacks(w, me):
                best = min(best, self._after_attack(w, a, me, p.player, self.plies))
            return best
        # The enemy cannot tell our hidden pieces apart, so a blind attack is a draw among
        # them: it costs us the average outcome, not the worst. Pieces that never moved may
        # be our castle, so it aims at those first: they count as a draw of their own.
        seer = 1 << p.player
        hidden: list[tuple[Action, int]] = []
        for a, q in self.attacks_on(w, me):
            if w.known[q] & seer:
                best = min(best, self._after_attack(w, a, me, p.player, self.plies))
            else:
                hidden.append((a, q))
        if hidden:
            seen: dict[Action, float] = {}
            for group in (hidden, [(a, q) for a, q in hidden if q not in w.moved]):
                if group:
                    best = min(best, self._blind_value(w, group, me, p.player, seen))
        return best

    def _blind_value(self, w: Engine, group: list[tuple[Action, int]], me: int, enemy: int,
                     seen: dict[Action, float]) -> float:
        """Our average outcome over the enemy's attacks in ``group``: a hit on our castle is
        a loss, the rest are played out (at most ``blind_cap`` of them, drawn at random, stand
        for all)."""
        others = [a for a, q in group if w.types[q].kind != "castle"]
        lost = len(group) - len(others)
        if len(others) > self.blind_cap:
            others = self.rng.sample(others, self.blind_cap)
        total = 0.0
        for a in others:
            if a not in seen:
                seen[a] = self._after_attack(w, a, me, enemy, 2)
            total += seen[a]
        share = (len(group) - lost) / len(group)
        return (share * total / len(others) if others else 0.0) - lost / len(group) * WIN

    def _after_attack(self, w: Engine, a: Action, me: int, enemy: int, plies: int) -> float:
        sim = w.copy()
        try:
            play_turn(sim, a, self.rng)
        except Exception:  # an impossible line: no threat
            return self.evaluate(w, me)
        return self.answer_value(sim, me, enemy) if plies > 2 else self.evaluate(sim, me)

    def attacks_on(self, w: Engine, victim: int) -> list[tuple[Action, int]]:
        """The pending player's moves and powers aimed at a piece of ``victim``'s side, each
        with the (first) piece it aims at."""
        grid, ctrl = w.grid, w.ctrl
        side = w.team_mask[victim]
        out = []
        for a in w.options():
            if a.kind == "move":
                names: tuple[str, ...] = (a.dst,)
            elif a.kind == "power":
                names = a.targets
            else:
                continue
            for name in names:
                q = grid[w.sq(name)] if name else -1
                if q >= 0 and side >> ctrl[q] & 1:
                    out.append((a, q))
                    break
        return out

    def answer_value(self, w: Engine, me: int, enemy: int) -> float:
        """The value for ``me`` after our best attack on a piece of ``enemy``'s side that we
        know (or none): the third ply, so that a recapture can be answered in turn."""
        best = self.evaluate(w, me)
        p = w.pending
        if w.over or p is None or p.name != "main" or not w.same_side(p.player, me):
            return best
        for a in self.aimed_attacks(w, enemy):
            sim = w.copy()
            try:
                play_turn(sim, a, self.rng)
            except Exception:
                continue
            best = max(best, self.evaluate(sim, me))
        return best

    def aimed_attacks(self, w: Engine, victim: int) -> list[Action]:
        """The pending player's moves and powers aimed at a square holding a piece of
        ``victim``'s side (with ``informed``, only pieces the pending player knows)."""
        p = w.pending
        assert p is not None
        seer = 1 << p.player
        grid, known, ctrl = w.grid, w.known, w.ctrl
        side = w.team_mask[victim]

        def hit(name: str) -> bool:
            q = grid[w.sq(name)]
            if q < 0 or not side >> ctrl[q] & 1:
                return False
            return not self.informed or bool(known[q] & seer)

        out = []
        for a in w.options():
            if a.kind == "move":
                if hit(a.dst):
                    out.append(a)
            elif a.kind == "power" and any(hit(t) for t in a.targets if t):
                out.append(a)
        return out


def castle_to_corner(g: Engine, rng: random.Random) -> Action:
    """A setup switch that puts our castle in a back corner of our setup area (as far from the
    enemy as it can stand, with the fewest neighbours to be attacked from; which corner is
    drawn), or being done when it stands in one already (or we have no castle)."""
    p = g.pending
    assert p is not None
    opts = g.options()
    done = next(a for a in opts if a.kind == "choose")
    me = p.player
    castle = g.castle_of(me)
    if castle < 0:
        return done
    width = g.board.width
    fwd = g.forward(me)

    def place(sq: int) -> tuple[int, int]:
        # Deeper first, then nearer a side edge.
        rank, file = divmod(sq, width)
        depth = -rank if fwd > 0 else rank
        return depth, abs(2 * file - (width - 1))

    here = g.loc[castle]
    squares = [g.loc[q] for q in g.pieces(me) if q != castle]
    if not squares:
        return done
    top = max(map(place, squares))
    if place(here) >= top:
        return done
    best = rng.choice([sq for sq in squares if place(sq) == top])
    swap = Action.swap(*sorted((g.name(here), g.name(best)), key=g.sq))
    return swap if swap in opts else done

"""A heuristic player: try each action on imagined copies of the game and keep the best.

For every legal action (at most ``breadth`` of them) it imagines the hidden pieces
(:func:`~legends_core.worlds.imagine`, from its own side's knowledge only), applies the action, lets the rest of the turn
play out with a simple policy (pass in windows, cheapest answers to questions) and scores the
result with :func:`evaluate`. It never looks at a piece its side does not know.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from legends_core import PASS, Action, Knowledge, imagine

from .arranging import arranged_line
from .deadline import Deadline, checked_strength, scaled, stop_at

if TYPE_CHECKING:
    from legends_core import Engine

WIN = 10_000.0


def piece_value(g: Engine, pid: int) -> float:
    t = g.types[pid]
    if t.kind == "castle":
        return 0.0
    if t.kind == "magic":
        return 3.0
    return 1.0 + float(t.strength or 0)


def evaluate(g: Engine, player: int) -> float:
    """How good the game looks for ``player``'s side (material, knowledge, advance, the
    curse); in a team game teammates' pieces count as ``player``'s own."""
    if g.over:
        if g.winner is None:
            return 0.0
        return WIN if g.same_side(g.winner, player) else -WIN
    score = 0.0
    bit = 1 << player
    outside = ~g.team_mask[player]
    teams, team = g.rules.teams, g.rules.teams[player]
    width = g.board.width
    height = g.board.height
    for sq, pid in enumerate(g.grid):
        if pid < 0:
            continue
        v = piece_value(g, pid)
        if teams[g.ctrl[pid]] == team:
            score += v
            if g.known[pid] & outside and g.types[pid].kind != "magic":
                score -= 0.15 * v  # the enemy knows it
            if g.types[pid].kind == "warrior":
                rank = sq // width
                adv = rank if g.forward(player) > 0 else height - 1 - rank
                score += 0.04 * adv
        else:
            score -= v
            if g.known[pid] & bit:
                score += 0.1 * v
                if g.types[pid].kind == "castle":
                    score += 3.0
    if g.curse >= 0 and g.curse_on:
        score += 1.5 if g.same_side(g.curse_ctrl, player) else -1.5
    return score


def setup_answer(g: Engine) -> Action:
    """Setup: keep the placement, and switch the castle to the back row if it stands where the
    enemy can reach it at once (the rulebook's own hint)."""
    p = g.pending
    assert p is not None
    opts = g.options()
    if p.name == "setup-shuffle":
        return next(a for a in opts if a.value == "keep")
    me = p.player
    castle = g.castle_of(me)
    if castle >= 0 and g.adjacent_enemies(g.loc[castle], me):
        fwd = g.forward(me)
        width = g.board.width
        here = g.name(g.loc[castle])

        def depth(sq: int) -> int:
            rank = sq // width
            return rank if fwd < 0 else -rank

        back = max((q for q in g.pieces(me) if q != castle), key=lambda q: depth(g.loc[q]),
                   default=-1)
        if back >= 0:
            swap = Action.swap(*sorted((here, g.name(g.loc[back])), key=g.sq))
            if swap in opts:
                return swap
    return next(a for a in opts if a.kind == "choose")


def deciding(knowledge: object) -> Knowledge:
    """``knowledge`` itself, checked: computer players are handed a player's
    :class:`~legends_core.knowledge.Knowledge` (``game.knowledge(seat)``), never the game."""
    if not isinstance(knowledge, Knowledge):
        raise TypeError("a computer player chooses from a player's knowledge "
                        f"(game.knowledge(seat)), not from {type(knowledge).__name__}")
    if not knowledge.deciding or not knowledge.actions:
        raise ValueError(f"{knowledge.player} has no decision to make now")
    return knowledge


def obvious_answer(knowledge: Knowledge, rng: random.Random) -> Action | None:
    """The answer when there is nothing to think about: a single option, or setup."""
    actions = knowledge.actions
    if len(actions) == 1:
        return actions[0]
    if knowledge.decision_kind in ("setup-shuffle", "setup-switch"):
        return setup_answer(imagine(knowledge, rng))  # our own pieces are real in any world
    return None


def sample_actions(knowledge: Knowledge, rng: random.Random, breadth: int) -> list[Action]:
    """The legal actions, or ``breadth`` of them drawn at random (passing always kept) when
    there are more: a player that tries each one cannot afford a hundred."""
    actions = list(knowledge.actions)
    if len(actions) > breadth:
        keep = [a for a in actions if a.kind == "pass"]
        actions = keep + rng.sample([a for a in actions if a.kind != "pass"],
                                    breadth - len(keep))
    return actions


def quick_answer(g: Engine, rng: random.Random) -> Action:
    """A fast, sensible default for a decision inside a simulation."""
    opts = g.options()
    p = g.pending
    assert p is not None
    if opts[0].kind == "pass":
        return opts[0]
    if p.name in ("setup-switch", "setup-shuffle"):
        return setup_answer(g)
    return opts[rng.randrange(len(opts))]


def settle_turn(g: Engine, rng: random.Random, limit: int = 60,
                turn: int | None = None) -> None:
    """Play the rest of turn ``turn`` (the current one unless told) and its consequences with
    :func:`quick_answer`, stopping at the next turn's main decision."""
    turn = g.turn if turn is None else turn
    for _ in range(limit):
        if g.over or g.pending is None:
            return
        if g.turn != turn and g.pending.name == "main":
            return
        if g.pending.name == "window":
            # quick_answer's choice there, without listing the abilities that could answer.
            g.answer(PASS)
            continue
        g.answer(quick_answer(g, rng))


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 2, breadth: int = 48,
                 seconds: float | None = None, arranged: bool = False,
                 cap: float | None = None, strength: float = 1.0,
                 clock: Callable[[], float] = time.perf_counter):
        """``samples`` imagined worlds per decision; with ``seconds``, as many more worlds as
        that time allows (for matches at equal time per move). It takes the setup it is dealt,
        or with ``arranged`` arranges its own as the search player does (see :meth:`arrange`).

        ``cap``: the seconds a decision may take at most, read on ``clock`` between actions
        (see :mod:`legends.ai.deadline`); ``strength`` below 1 asks for fewer worlds (at least
        one) and a shorter ``seconds``."""
        self.rng = random.Random(seed)
        self.samples = scaled(samples, checked_strength(strength))
        self.breadth = breadth
        self.seconds = None if seconds is None else seconds * strength
        self.arranged = arranged
        self.cap = cap
        self.clock = clock

    def arrange(self, rules: str, seat: str) -> str | None:
        """Our setup line for ``seat`` in an edition where players arrange their armies
        (:func:`~legends.ai.arranging.guarded_setup`), or ``None`` to have it dealt: always
        ``None`` unless made with ``arranged``, and in Stratego Legends, which deals setups."""
        return arranged_line(rules, seat, self.rng) if self.arranged else None

    def choose(self, knowledge: Knowledge) -> Action:
        """The action to play, from the deciding player's knowledge alone."""
        knowledge = deciding(knowledge)
        obvious = obvious_answer(knowledge, self.rng)
        if obvious is not None:
            return obvious
        actions = sample_actions(knowledge, self.rng, self.breadth)
        scored = self.score(knowledge, actions, Deadline(self.cap, self.clock))
        return max(scored, key=lambda kv: kv[1])[0]

    def score(self, knowledge: Knowledge, actions: list[Action],
              cap: Deadline | None = None) -> list[tuple[Action, float]]:
        """Each action with its average score over ``samples`` imagined worlds (only those
        scored before ``cap`` passed, if it passes)."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        return score_in_worlds(
            knowledge, actions, self.rng, evaluate,
            lambda n: n < self.samples or (deadline is not None
                                           and time.perf_counter() < deadline),
            stop=stop_at(cap))


def play_turn(g: Engine, action: Action, rng: random.Random) -> None:
    """Answer the pending decision with ``action`` and play the rest of that turn (see
    :func:`settle_turn`). The turn is noted first: in an edition without response windows a
    move ends the turn at once, and the next player's decision is not ours to play."""
    turn = g.turn
    g.answer(action)
    settle_turn(g, rng, turn=turn)


def score_in_worlds(knowledge: Knowledge, actions: list[Action], rng: random.Random,
                    judge: Callable[[Engine, int], float],
                    another: Callable[[int], bool],
                    draw: Callable[[Knowledge, random.Random], Engine] | None = None,
                    lottery: bool = False,
                    stop: Callable[[], bool] | None = None) -> list[tuple[Action, float]]:
    """Each action with its average score over imagined worlds: in each world (drawn by
    ``draw`` from the deciding player's knowledge) play the action and the rest of the turn,
    then ``judge(world, me)``. Worlds are drawn (by :func:`~legends_core.worlds.imagine`
    unless told) while ``another(worlds so far)`` says so.

    ``stop`` (a deadline's :meth:`~legends.ai.deadline.Deadline.passed`) is asked before each
    action but the very first: once it says so, the world under way is left out of the
    averages (it would favour the actions tried first), except the first world, whose actions
    scored so far are returned alone. So at least one action is always scored.

    With ``lottery``, an attack on a hidden enemy piece that may be the castle is credited
    with its exact chance of winning at once (see :func:`castle_chances`) instead of the
    few worlds' luck: a dozen worlds say "castle" for one piece in twenty either never or
    far too often."""
    draw = draw or imagine
    me = knowledge.seat
    totals = [0.0] * len(actions)
    chances: dict[str, float] = {}
    aims = [aimed_square(a) for a in actions]
    n = 0
    while another(n) and not (n and stop is not None and stop()):
        w = draw(knowledge, rng)
        if lottery and n == 0:
            chances = castle_chances(w, me)
        values: list[float] = []
        for i, a in enumerate(actions):
            if (n or i) and stop is not None and stop():
                break
            sim = w.copy()
            try:
                play_turn(sim, a, rng)
                value = judge(sim, me)
            except Exception:  # an imagined world can be impossible; judge it harshly
                value = -WIN
            chance = chances.get(aims[i], 0.0) if chances else 0.0
            if chance:
                # The world's own castle counts no more; the chance it had of being there
                # does (the same average, without the luck of the draw).
                q = w.grid[w.sq(aims[i])]
                value = chance * WIN + (0.0 if w.types[q].kind == "castle" else value)
            values.append(value)
        if len(values) < len(actions):  # stopped within this world
            if n == 0:
                return [(a, v + rng.random() * 1e-3)
                        for a, v in zip(actions, values, strict=False)]
            break
        for i, value in enumerate(values):
            totals[i] += value
        n += 1
    return [(a, t / n + rng.random() * 1e-3) for a, t in zip(actions, totals, strict=True)]


def aimed_square(action: Action) -> str:
    """The square a move goes to or a power's first target ("" if none)."""
    if action.kind == "move":
        return action.dst
    if action.kind == "power" and action.targets:
        return action.targets[0]
    return ""


def castle_chances(w: Engine, me: int) -> dict[str, float]:
    """For each enemy piece that ``me`` does not know in the imagined world ``w``, by square,
    the chance that :func:`~legends_core.worlds.imagine` makes it its army's castle: castles
    and magic are dealt first to the hidden pieces that never moved, so it is one in the number
    of those pieces or of the castles and magic left to deal, whichever is more (nothing while
    that army's castle is known). The same in every world drawn from one knowledge."""
    bit = 1 << me
    composition = w.rs.ruleset.composition
    fixed = composition.get("castle", 0) + composition.get("magic", 0)
    left: dict[int, int] = {}
    still: dict[int, list[str]] = {}
    found: set[int] = set()
    for pid, t in enumerate(w.types):
        owner = w.owner[pid]
        if w.team_mask[me] >> owner & 1:
            continue
        if w.known[pid] & bit:
            if t.kind == "castle":
                found.add(owner)
            if t.kind in ("castle", "magic"):
                left[owner] = left.get(owner, fixed) - 1
        elif pid not in w.moved and w.loc[pid] >= 0:
            still.setdefault(owner, []).append(w.name(w.loc[pid]))
    return {sq: 1.0 / max(len(squares), left.get(owner, fixed), 1)
            for owner, squares in still.items() if owner not in found for sq in squares}

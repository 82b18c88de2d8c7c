"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration imagines the hidden pieces afresh (:func:`~legends_core.worlds.imagine`, from
the deciding player's knowledge only),
walks down a tree of actions shared by all imagined worlds (choosing by UCB among the actions
legal in this world), adds one node, plays ``depth`` random decisions (a random piece's move,
mostly passing in windows) and scores the end with the heuristic evaluation; ``depth=0``
instead finishes the turn as the heuristic player would and scores that. Against the heuristic
at equal time per decision both measure about even (see the docs' AI page). The action tried most often at the root is played. At the root only
the ``widen`` actions the heuristic player rates best are searched (progressive widening in its
simplest form): with a few hundred iterations, spreading them over every legal action leaves
each with too few visits to tell apart. The budget is a number of iterations and/or seconds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from legends_core import PASS, Action, Knowledge, imagine, random_main_action

from .deadline import Deadline, checked_strength, scaled
from .heuristic import HeuristicPlayer, deciding, evaluate, obvious_answer, settle_turn

if TYPE_CHECKING:
    from legends_core import Engine


class _Node:
    __slots__ = ("player", "children", "visits", "avail", "reward")

    def __init__(self, player: int):
        self.player = player  # who chose the action leading here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class ISMCTSPlayer:
    name = "ismcts"

    def __init__(self, seed: int | None = None, iterations: int = 300,
                 seconds: float | None = None, depth: int = 24, exploration: float = 0.7,
                 widen: int = 4, cap: float | None = None, strength: float = 1.0,
                 clock: Callable[[], float] = time.perf_counter):
        """``iterations`` and/or ``seconds`` of search per decision. ``cap``: the seconds a
        decision may take at most, read on ``clock`` between iterations and while the
        heuristic ranks the root actions (which may have half of it; see
        :mod:`legends.ai.deadline`); one iteration is always made. ``strength`` below 1 asks
        for fewer iterations (at least one) and a shorter ``seconds``."""
        self.rng = random.Random(seed)
        checked_strength(strength)
        self.iterations = scaled(iterations, strength) if iterations else iterations
        self.seconds = None if seconds is None else seconds * strength
        self.cap = cap
        self.clock = clock
        self.depth = depth
        self.c = exploration
        self.widen = widen
        self._prior = HeuristicPlayer(seed=seed, samples=1)

    def arrange(self, rules: str, seat: str) -> str | None:
        """``None``: this player takes the setup it is dealt."""
        return None

    def choose(self, knowledge: Knowledge) -> Action:
        """The action to play, from the deciding player's knowledge alone."""
        knowledge = deciding(knowledge)
        cap = Deadline(self.cap, self.clock)
        obvious = obvious_answer(knowledge, self.rng)
        if obvious is not None:
            return obvious
        actions = list(knowledge.actions)
        me = knowledge.seat
        root = _Node(me)
        allowed: set[Action] | None = None
        if self.widen and len(actions) > self.widen:
            # Search only the most promising root actions, as the heuristic ranks them.
            ranked = sorted(self._prior.score(knowledge, actions, cap.within(0.5)),
                            key=lambda kv: -kv[1])
            allowed = {a for a, _ in ranked[: self.widen]}
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        asking = None
        for i in range(self.iterations if self.iterations else 10**9):
            if i > 0 and (deadline is not None and time.perf_counter() > deadline
                          or cap.passed()):
                break
            w = imagine(knowledge, self.rng)
            # Imagined worlds ask in every window: the rollout passes without listing the
            # abilities, which is cheaper than auto-pass finding out that there are none.
            if asking is None:
                asking = attrs.evolve(w.rules, auto_pass=False)
            w.rules = asking
            self._iterate(w, root, me, allowed)
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
        return best[0]

    def _iterate(self, w: Engine, root: _Node, me: int, allowed: set[Action] | None) -> None:
        node, path = root, [root]
        while not w.over and w.pending is not None:
            acts = w.options()
            if node is root and allowed is not None:
                acts = [a for a in acts if a in allowed]
            actor = w.pending.player
            untried = [a for a in acts if a not in node.children]
            if untried:
                a = self.rng.choice(untried)
                child = node.children[a] = _Node(actor)
                w.answer(a)
                path.append(child)
                break
            best, best_u = acts[0], -math.inf
            for a in acts:
                ch = node.children[a]
                ch.avail += 1
                u = ch.reward / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
                if u > best_u:
                    best, best_u = a, u
            w.answer(best)
            node = node.children[best]
            path.append(node)
        value = self._rollout(w, me)
        for n in path:
            n.visits += 1
            n.reward += value if w.same_side(n.player, me) else -value  # teammates share

    def _rollout(self, w: Engine, me: int) -> float:
        rng = self.rng
        if self.depth <= 0:
            # No random playout: finish the turn sensibly and judge it, as the heuristic does.
            try:
                settle_turn(w, rng)
            except Exception:  # an imagined world can be impossible
                return -1.0
            return math.tanh(evaluate(w, me) / 12.0)
        for _ in range(self.depth):
            pending = w.pending
            if w.over or pending is None:
                break
            if pending.name == "window" and rng.random() < 0.9:
                w.answer(PASS)  # the usual answer, always legal: no need to list the others
                continue
            if pending.name == "main":
                # A random piece's move or action: far cheaper than listing the whole army's.
                quick = random_main_action(w, pending.player, rng)
                if quick is not None:
                    w.answer(quick)
                    continue
            opts = w.options()
            # Passing is the usual answer in windows; random abilities mostly waste pieces.
            if opts[0].kind == "pass" and rng.random() < 0.9:
                w.answer(opts[0])
            else:
                w.answer(opts[rng.randrange(len(opts))])
        return math.tanh(evaluate(w, me) / 12.0)

"""Imagined worlds: what search players play in, built from one player's knowledge alone.

A computer player never touches the real game. The host asks the game for the deciding
player's :class:`~legends_core.knowledge.Knowledge` (:meth:`legends_core.Game.knowledge`):
their :class:`~legends_core.View`, their legal actions, and a knowledge state, the projection
of the game onto what that player may know (see
:func:`legends_core.visibility.knowledge_state`). :func:`imagine` turns it into a playable
world with a random source: each hidden piece gets an identity drawn from its army's make-up,
and the seed and salt are drawn too. Nothing of the real game's hidden state (the
other side's identities, their powers' memory, their private questions, their secret
targets) is in a :class:`~legends_core.knowledge.Knowledge`, so nothing of it can reach a
world.

A world is a full :class:`~legends_core.Engine`: a search player may play any line in it, copy
it and judge it. :func:`random_main_action` is a cheap building block for playouts.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .actions import Action
from .game import Game
from .knowledge import Knowledge
from .moves import dynamic_keywords, offer_actions, standard_moves
from .visibility import army_of

if TYPE_CHECKING:
    from .engine import Engine



def imagine(knowledge: Knowledge, rng: random.Random) -> Engine:
    """A playable world drawn from ``knowledge``: every piece the player does not know is
    given an identity at random from its army's make-up (the ruleset's composition, less the
    pieces of that army the player knows); a piece that has moved is never made a castle or a
    stationary piece. The seed and the commitment's salt are drawn from ``rng`` as well."""
    base = knowledge._state
    w = base.copy()
    _draw_identities(w, base, knowledge.seat, rng)
    w.seed = rng.getrandbits(64)
    w.salt = f"{rng.getrandbits(128):032x}"
    return w


def imagine_game(knowledge: Knowledge, rng: random.Random) -> Game:
    """:func:`imagine` wrapped as a :class:`~legends_core.Game` (for adapters that hand
    states around, such as OpenSpiel's ``resample_from_infostate``). Its record begins at the
    imagined world and says nothing of the real game."""
    return Game.from_world(imagine(knowledge, rng))


def _draw_identities(w: Engine, base: Engine, player: int, rng: random.Random) -> None:
    composition = base.rs.ruleset.composition
    cat = base.catalogue
    bit = 1 << player
    by_side: dict[int, list[int]] = {}
    for pid in range(len(base.types)):
        if not base.known[pid] & bit:
            by_side.setdefault(base.owner[pid], []).append(pid)
    if not by_side:
        return
    w.types = list(base.types)
    w.beh = list(base.beh)
    for owner, hidden in by_side.items():
        army = army_of(base.rules.players[owner], cat)
        slots: dict[Any, int] = dict(composition)
        for pid in range(len(base.types)):
            if base.owner[pid] == owner and base.known[pid] & bit:
                t = base.types[pid]
                k = t.strength if t.kind == "warrior" else t.kind
                slots[k] = slots.get(k, 0) - 1
        bag = [k for k, n in slots.items() for _ in range(max(0, n))]
        while len(bag) < len(hidden):
            bag.append(rng.choice([k for k in composition if isinstance(k, int)]))
        rng.shuffle(bag)
        # Castles and stationary magic only where a piece has never moved.
        still = [p for p in hidden if p not in base.moved and base.loc[p] >= 0]
        moving = [p for p in hidden if p not in still]
        fixed = [k for k in bag if k in ("castle", "magic")]
        free = [k for k in bag if k not in ("castle", "magic")]
        rng.shuffle(still)
        order = still + moving
        assigned = fixed[: len(still)] + free + fixed[len(still):]
        for pid, k in zip(order, assigned, strict=False):
            choices: Any = cat.slot_pool(army, k)
            if pid in base.moved:
                choices = [t for t in choices if "stationary" not in t.keywords] or choices
            if not choices:
                continue
            t = rng.choice(choices)
            w.types[pid] = t
            w.beh[pid] = cat.behaviour(t.number)
            if t.kind == "warrior" and base.loc[pid] >= 0 and (w.strength(pid) or 0) <= 0:
                _alive(w, pid, choices, rng)
    w._opts = None
    w._abl = None  # the imagined types may offer other abilities
    w.forget_offers()  # and other actions
    w.shift()


def _alive(w: Engine, pid: int, choices: Any, rng: random.Random) -> None:
    """Redraw a warrior imagined with no strength left where it stands (a curse, terrain):
    such a piece would have been destroyed, so it cannot be what stands there."""
    cat = w.catalogue
    for t in rng.sample(list(choices), len(choices)):
        w.types[pid] = t
        w.beh[pid] = cat.behaviour(t.number)
        if (w.strength(pid) or 0) > 0:
            return


def random_main_action(w: Engine, player: int, rng: random.Random) -> Action | None:
    """A legal move or action for ``player``'s main decision in world ``w``, drawn by picking
    a random piece that has one (a subset of the legal actions, without listing the whole
    army's): a cheap step for random playouts."""
    ctrl, loc = w.ctrl, w.loc
    own = [p for p in range(len(loc)) if loc[p] >= 0 and ctrl[p] == player]
    if not own:
        return None
    dyn = dynamic_keywords(w)
    out: list[Action] = []
    start = rng.randrange(len(own))
    for i in range(len(own)):  # from a random piece on, the first that can do something
        pid = own[(start + i) % len(own)]
        standard_moves(w, pid, loc[pid], out, dyn)
        offer_actions(w, pid, out, dyn)
        if out:
            return out[rng.randrange(len(out))]
    return None

"""A piece type's hook implementations, grouped by hook and ready to call (:class:`Behaviour`).

The catalogue (:mod:`legends_core.registry`) builds one per piece type and per lendable
keyword. The class lives on its own so that the compiled build compiles it with the kernel:
the moves and the engine read its fields at nearly every decision, and compiled code reads a
compiled class's fields directly where a Python class's cost an attribute look-up each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import Board
from .piecetype import PieceType, Power

#: The kinds of decision in which abilities are offered: the player's main decision and the
#: three kinds of response window.
WINDOWS: tuple[str, ...] = ("main", "attack", "strike", "end")

#: Every set of reaches a behaviour has watched, each kept as one object (see :func:`_one`;
#: there are few: subsets of ``legends_core.changes.REACHES``).
_REACH_SETS: dict[frozenset[str], frozenset[str]] = {}


def _one(reaches: frozenset[str]) -> frozenset[str]:
    """The one object standing for this set of reaches. The moves look the areas a piece
    watches up by its reaches (``Areas.combined``) at every decision: a dict finds a key
    that is the very object given at once, where an equal set is compared item by item."""
    return _REACH_SETS.setdefault(reaches, reaches)


def _least(table: dict[str, list[tuple[Power, Callable[..., Any]]]], hook: str) -> int | None:
    """The sum of ``Power.lowest_modifier`` over the powers implementing ``hook`` (0 for
    none), or ``None`` when one of them does not say."""
    total = 0
    for p, _ in table.get(hook, ()):
        if p.lowest_modifier is None:
            return None
        total += p.lowest_modifier
    return total


class Behaviour:
    """The hook implementations of one piece type, grouped by hook, ready to call.

    Attributes are tuples of callables taking the spec's arguments positionally (``perform``
    is a dict from power key to callable).
    """

    __slots__ = ("type", "offer_actions", "offer_abilities", "perform", "offer_replacements",
                 "strength", "curse_modifier", "curse_keywords", "attack_declared",
                 "attack_override", "magic_spell", "after_attack", "revealed_by",
                 "curse_begins", "curse_ends", "ability_keys", "limits", "secret_keys", "watches",
                 "abilities_in", "ability_watches", "idle", "_idle_watch", "type_keywords",
                 "moves_watch", "strength_floor", "curse_floor",
                 "type_kind", "type_strength")

    def __init__(self, ptype: PieceType | None,
                 table: dict[str, list[tuple[Power, Callable[..., Any]]]]):
        self.type = ptype
        #: The type's printed keywords, kind and strength (none for a keyword's behaviour):
        #: the kernel asks them at every decision, and compiled code reads these fields
        #: directly where a PieceType's (an attrs class) cost a look-up each.
        self.type_keywords: frozenset[str] = ptype.keywords if ptype is not None else frozenset()
        self.type_kind: str = ptype.kind if ptype is not None else ""
        self.type_strength: int | None = ptype.strength if ptype is not None else None

        def fns(hook: str) -> tuple[Callable[..., Any], ...]:
            return tuple(f for _, f in table.get(hook, ()))

        self.offer_actions = fns("legends_offer_actions")
        self.offer_abilities = fns("legends_offer_abilities")
        #: Window -> the ability offers that may answer in it (``Power.windows``).
        abilities = table.get("legends_offer_abilities", ())
        self.abilities_in: dict[str, tuple[Callable[..., Any], ...]] = {
            w: tuple(f for p, f in abilities if p.windows is None or w in p.windows)
            for w in WINDOWS}
        self.perform = {p.key: f for p, f in table.get("legends_perform", ())}
        self.offer_replacements = fns("legends_offer_replacements")
        self.strength = fns("legends_strength_modifier")
        #: The least strength the type's own modifiers can leave it (printed strength plus
        #: each modifier's ``Power.lowest_modifier``); ``None`` when one of them does not
        #: say, or the type has no strength. ``Effects.settle`` reads it.
        own = _least(table, "legends_strength_modifier")
        self.strength_floor: int | None = (
            None if self.type_strength is None or own is None else self.type_strength + own)
        #: The least this type's death curse, in effect, adds to a warrior (the sum of its
        #: curse modifiers' ``Power.lowest_modifier``; ``None`` when one does not say).
        self.curse_floor: int | None = _least(table, "legends_curse_modifier")
        self.curse_modifier = fns("legends_curse_modifier")
        self.curse_keywords = fns("legends_curse_keywords")
        self.attack_declared = fns("legends_attack_declared")
        self.attack_override = fns("legends_attack_override")
        self.magic_spell = fns("legends_magic_spell")
        self.after_attack = fns("legends_after_attack")
        self.revealed_by = fns("legends_revealed_by")
        self.curse_begins = fns("legends_curse_begins")
        self.curse_ends = fns("legends_curse_ends")
        self.ability_keys = frozenset(p.key for p, _ in table.get("legends_offer_abilities", ()))
        #: power key -> "turn" or "game", for powers limited to one use.
        self.limits = {p.key: p.once for ps in table.values() for p, _ in ps if p.key and p.once}
        #: power keys whose targets only the power's user is told (``Power.secret_targets``).
        self.secret_keys = frozenset(p.key for ps in table.values() for p, _ in ps
                                     if p.key and p.secret_targets)
        #: What the standard move and every action power watch (``None`` when one of
        #: them declares none: the piece's offers are then never kept between decisions).
        offering = [p for p, _ in table.get("legends_offer_actions", ())]
        reaches = [p.watches for p in offering]
        #: What the standard moves watch: a piece printed stationary has none, wherever it
        #: stands and whatever moves around it (keywords are only ever added), so only its own
        #: square (see legends_core.changes, "own"); others what stands on the squares a step
        #: reaches ("moves").
        self.moves_watch = "own" if "stationary" in self.type_keywords else "moves"
        self.watches: frozenset[str] | None = (
            None if None in reaches
            else _one(frozenset((self.moves_watch, *reaches))))  # type: ignore[arg-type]
        #: When an action power may be idle on some squares (``Power.idle_on``): every action
        #: power, for :meth:`watches_on`; else empty.
        self.idle: tuple[Power, ...] = (
            tuple(offering) if self.watches is not None
            and any(type(p).idle_on is not Power.idle_on for p in offering) else ())
        #: :meth:`watches_on` by (board id, square), with the board it was for.
        self._idle_watch: dict[tuple[int, int], tuple[Board, frozenset[str]]] = {}
        #: What the abilities offered in the main decision watch (``None``: one watches
        #: nothing declared, or there are none, and they are asked afresh every time).
        main = [p.watches for p, _ in abilities if p.windows is None or "main" in p.windows]
        self.ability_watches: frozenset[str] | None = (
            None if not main or None in main
            else _one(frozenset(main)))  # type: ignore[arg-type]

    def watches_on(self, board: Board, square: int) -> frozenset[str]:
        """What the kept offers of a piece on ``square`` depend on: :attr:`watches` less the
        reaches of powers idle there (only for a behaviour with :attr:`idle` powers).

        Kept per board and square: ``idle_on`` depends on nothing else, and it is asked
        whenever such a piece's offers are worked out again."""
        key = (id(board), square)
        got = self._idle_watch.get(key)
        if got is not None and got[0] is board:
            return got[1]
        reaches = {self.moves_watch}
        for p in self.idle:
            if p.watches is not None and not p.idle_on(board, square):
                reaches.add(p.watches)
        out = _one(frozenset(reaches))
        if len(self._idle_watch) >= 4096:  # boards come and go with games
            self._idle_watch.clear()
        self._idle_watch[key] = (board, out)
        return out

    def __repr__(self) -> str:
        name = self.type.name if self.type else "keyword"
        return f"<Behaviour of {name}>"

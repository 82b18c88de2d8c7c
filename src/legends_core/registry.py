"""The catalogue: piece types gathered from plugin packs, and per-type hook dispatch.

Packs are found through the ``legends.pieces`` entry-point group (set ``LEGENDS_DISABLE_PACKS``
to a comma-separated list of entry-point names to switch some off); the pieces of another
ruleset come from the group that ruleset names (see :mod:`legends_core.ruleset`). Each pack
implements :func:`~legends_core.hookspecs.legends_piece_types`. Every power of every piece is then
registered with a pluggy plugin manager, which checks its hook implementations against the
specs, and the catalogue builds a :class:`Behaviour` per piece type: the implementations of that
type's own powers, ready to call directly. This happens once per process.
"""

from __future__ import annotations

import difflib
import inspect
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import pluggy

from . import hookspecs
from .behaviours import WINDOWS, Behaviour
from .changes import REACHES
from .errors import CatalogueError
from .piecetype import ARMIES, BEIGE_COLOURS, GRAY_COLOURS, KINDS, PieceType, Power

PIECE_HOOKS = (
    "legends_offer_actions",
    "legends_offer_abilities",
    "legends_perform",
    "legends_offer_replacements",
    "legends_strength_modifier",
    "legends_curse_modifier",
    "legends_curse_keywords",
    "legends_attack_declared",
    "legends_attack_override",
    "legends_magic_spell",
    "legends_after_attack",
    "legends_revealed_by",
    "legends_curse_begins",
    "legends_curse_ends",
)


def _adapt(fn: Callable[..., Any], argnames: Sequence[str], spec: Sequence[str]) -> Callable[..., Any]:
    """Make ``fn`` (which takes a subset of the spec's arguments) callable positionally."""
    if tuple(argnames) == tuple(spec):
        return fn
    idx = [spec.index(a) for a in argnames]
    if not idx:
        return lambda *a: fn()
    if len(idx) == 1:
        i0 = idx[0]
        return lambda *a: fn(a[i0])
    if len(idx) == 2:
        i0, i1 = idx
        return lambda *a: fn(a[i0], a[i1])
    return lambda *a: fn(*[a[i] for i in idx])


class Catalogue(Mapping[int, PieceType]):
    """All installed piece types by collector number, with their hook dispatch tables.

    Behaves as a read-only mapping ``number -> PieceType``.
    """

    def __init__(self, types: Iterable[PieceType], keyword_powers: Iterable[Power] = (),
                 plugin_manager: pluggy.PluginManager | None = None,
                 armies: Sequence[str] = ARMIES):
        self._types: dict[int, PieceType] = {}
        # Names are unique within an army (both Stratego armies have a Marshal).
        self._by_name: dict[str, list[PieceType]] = {}
        self.armies: tuple[str, ...] = tuple(armies)
        for t in types:
            _validate(t, self.armies)
            if t.number in self._types:
                raise CatalogueError(
                    f"collector number #{t.number} is claimed twice: "
                    f"{self._types[t.number].name!r} and {t.name!r}")
            key = t.name.casefold()
            same = self._by_name.setdefault(key, [])
            for other in same:
                if other.army == t.army:
                    raise CatalogueError(
                        f"piece name {t.name!r} is used by #{other.number} and #{t.number}")
            self._types[t.number] = t
            same.append(t)
        self._types = dict(sorted(self._types.items()))
        pm = plugin_manager or _new_manager()
        # pluggy refuses a plugin equal to one already registered; equal powers are
        # interchangeable (they hold no state), so one stands for all its equals.
        canon: dict[Any, Power] = {}
        specs = {h: list(getattr(pm.hook, h).spec.argnames) for h in PIECE_HOOKS}

        def table_for(powers: Iterable[Power], owner: str) -> dict[str, list[tuple[Power, Callable[..., Any]]]]:
            table: dict[str, list[tuple[Power, Callable[..., Any]]]] = {}
            seen_keys: set[str] = set()
            for p in powers:
                if p.windows is not None and not set(p.windows) <= set(WINDOWS):
                    raise CatalogueError(f"{owner}: power {p!r} has windows={sorted(p.windows)!r}; "
                                         f"expected some of {', '.join(WINDOWS)}")
                if p.watches is not None and p.watches not in REACHES:
                    raise CatalogueError(f"{owner}: power {p!r} has watches={p.watches!r}; expected "
                                         f"None or one of {', '.join(REACHES)}")
                try:
                    rep = canon.setdefault(p, p)
                except TypeError:  # unhashable: register it on its own
                    rep = p
                if not pm.is_registered(rep):
                    try:
                        pm.register(rep, name=f"power-{id(rep)}")
                    except pluggy.PluginValidationError as exc:
                        raise CatalogueError(f"{owner}: power {p!r} is invalid: {exc}") from None
                callers = pm.get_hookcallers(rep) or ()
                hooks: set[str] = set()
                for caller in callers:
                    if caller.name not in specs:
                        continue
                    for impl in caller.get_hookimpls():
                        if impl.plugin is rep:
                            hooks.add(caller.name)
                            table.setdefault(caller.name, []).append(
                                (p, _adapt(impl.function, impl.argnames, specs[caller.name])))
                for name, method in compiled_hooks(rep, hooks):
                    hooks.add(name)
                    table.setdefault(name, []).append((p, method))
                if p.key and "legends_perform" in hooks:
                    if p.key in seen_keys:
                        raise CatalogueError(f"{owner}: two powers use the key {p.key!r}")
                    seen_keys.add(p.key)
            return table

        self._behaviour = {n: Behaviour(t, table_for(t.powers, f"#{n} {t.name}"))
                           for n, t in self._types.items()}
        self._keyword: dict[str, Behaviour] = {}
        self._keyword_power: dict[str, Power] = {}
        for p in keyword_powers:
            if len(p.keywords) != 1:
                raise CatalogueError(f"keyword power {p!r} must name exactly one keyword")
            (kw,) = tuple(p.keywords)
            self._keyword[kw] = Behaviour(None, table_for([p], f"keyword {kw}"))
            self._keyword_power[kw] = p
        #: :meth:`lent_behaviours` by piece type and keywords, filled as they are asked.
        self.lent: dict[tuple[PieceType, frozenset[str]], tuple[Behaviour, ...]] = {}
        try:
            pm.check_pending()
        except pluggy.PluginValidationError as exc:
            raise CatalogueError(f"a power implements a hook that does not exist: {exc}") from None
        self.plugin_manager = pm
        self.protected: frozenset[str] = frozenset(
            name.casefold() for t in self._types.values() for p in t.powers for name in p.protects)
        self.names: tuple[str, ...] = tuple(sorted({t.name for t in self._types.values()}))

    # -- mapping -----------------------------------------------------------------------
    def __getitem__(self, number: int) -> PieceType:
        return self._types[number]

    def __iter__(self) -> Iterator[int]:
        return iter(self._types)

    def __len__(self) -> int:
        return len(self._types)

    def __repr__(self) -> str:
        return f"<Catalogue of {len(self._types)} piece types>"

    # -- lookups -----------------------------------------------------------------------
    def by_name(self, name: str, army: str | None = None) -> PieceType:
        """The piece type called ``name`` (of ``army``, where both armies use the name)."""
        found = self._by_name.get(name.casefold(), []) if isinstance(name, str) else []
        if army is not None:
            found = [t for t in found if t.army == army]
        if not found:
            side = f" of the {army} army" if army is not None else ""
            raise KeyError(f"no piece named {name!r}{side} in the catalogue"
                           f"{self._suggest(name, army)}")
        if len(found) > 1:
            raise KeyError(f"{name!r} names a piece of each army: say which army")
        return found[0]

    def _suggest(self, name: object, army: str | None) -> str:
        """`` (did you mean ...?)`` with the closest names, or nothing."""
        if not isinstance(name, str) or len(name) > 100:
            return ""
        names = {t.name.casefold(): t.name for ts in self._by_name.values() for t in ts
                 if army is None or t.army == army}
        close = difflib.get_close_matches(name.casefold(), names, n=3, cutoff=0.6)
        return f" (did you mean {' or '.join(names[c] for c in close)}?)" if close else ""

    def find(self, ref: int | str, army: str | None = None) -> PieceType:
        """A piece type by collector number, ``"#37"`` or name (of ``army``, if given)."""
        if isinstance(ref, int) or (isinstance(ref, str) and ref.lstrip("#").isdigit()):
            n = int(str(ref).lstrip("#"))
            if n not in self._types:
                raise KeyError(f"no piece #{n} in the catalogue")
            t = self._types[n]
            if army is not None and t.army != army:
                raise KeyError(f"#{n} {t.name} is a {t.army} piece, not {army}")
            return t
        return self.by_name(str(ref), army)

    def behaviour(self, number: int) -> Behaviour:
        """The hook implementations of piece type ``number``, ready to call."""
        return self._behaviour[number]

    def behaviours(self, numbers: Iterable[int]) -> list[Behaviour]:
        """:meth:`behaviour` of each of ``numbers``, in one call (a new game asks for each
        of its pieces')."""
        return list(map(self._behaviour.__getitem__, numbers))

    def types_of(self, numbers: Iterable[int]) -> list[PieceType]:
        """The piece type of each of ``numbers``, in one call (``[self[n] for n in numbers]``)."""
        return list(map(self._types.__getitem__, numbers))

    def keyword_behaviour(self, keyword: str) -> Behaviour | None:
        """The implementations of a keyword power lent to a piece (``None``: none)."""
        return self._keyword.get(keyword)

    def lent_behaviours(self, ptype: PieceType, keywords: frozenset[str]) -> tuple[Behaviour, ...]:
        """The behaviours of the ``keywords`` a piece of type ``ptype`` has without printing
        them (lent until the end of the turn, or given by a curse), in keyword order; kept in
        :attr:`lent` (the engine asks at nearly every decision while a keyword is lent)."""
        out = self.lent.get((ptype, keywords))
        if out is None:
            found = (self._keyword.get(kw) for kw in sorted(keywords) if kw not in ptype.keywords)
            out = self.lent[(ptype, keywords)] = tuple(b for b in found if b is not None)
        return out

    def slot_pool(self, army: str, slot: int | str) -> tuple[PieceType, ...]:
        """The non-extra pieces of ``army`` that fill a composition slot (a warrior strength,
        or ``"castle"``/``"magic"``); built once per catalogue (search players ask often)."""
        pools = self.__dict__.setdefault("_slot_pools", {})
        key = (army, slot)
        pool = pools.get(key)
        if pool is None:
            pool = pools[key] = tuple(
                t for t in self._types.values() if t.army == army and not t.extra
                and (t.strength if t.kind == "warrior" else t.kind) == slot)
        return pool

    @property
    def keywords(self) -> frozenset[str]:
        """The keywords that can be lent to pieces."""
        return frozenset(self._keyword)

    def official(self) -> list[PieceType]:
        """The 206 pieces of the rulebook: #1-#206 (not the extras #207 and #208, nor pieces
        other packs add)."""
        return [t for t in self._types.values() if 1 <= t.number <= 206 and not t.extra]


def _validate(t: PieceType, armies: Sequence[str] = ARMIES) -> None:
    where = f"piece #{t.number} {t.name!r}"
    if not isinstance(t.number, int) or t.number <= 0:
        raise CatalogueError(f"{where}: number must be a positive int")
    if not t.name or not isinstance(t.name, str):
        raise CatalogueError(f"{where}: name must be a non-empty string")
    if t.kind not in KINDS:
        raise CatalogueError(f"{where}: kind must be one of {KINDS}, not {t.kind!r}")
    if t.kind == "warrior":
        if not isinstance(t.strength, int) or not 1 <= t.strength <= 10:
            raise CatalogueError(f"{where}: a warrior's strength must be 1..10")
    elif t.strength is not None:
        raise CatalogueError(f"{where}: a {t.kind} piece has no strength")
    if t.army not in armies:
        raise CatalogueError(f"{where}: army must be one of {', '.join(armies)}")
    if t.army in ARMIES and ((t.colour in BEIGE_COLOURS and t.army != "beige")
                             or (t.colour in GRAY_COLOURS and t.army != "gray")):
        raise CatalogueError(f"{where}: colour {t.colour} belongs to the other army")
    if not t.text:
        raise CatalogueError(f"{where}: rules text is missing")


class PluginManager(pluggy.PluginManager):
    """pluggy's manager, which also takes a power's methods named for a piece hook without a
    ``@hookimpl`` mark (pytest does the same for ``pytest_*`` names): the shared blocks of
    ``legends_pieces.powers`` carry no marks, as a mark cannot be set on a compiled method.
    A marked method keeps its mark's options."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> Any:
        opts = super().parse_hookimpl_opts(plugin, name)
        if (opts is None and name in _PIECE_HOOK_NAMES and isinstance(plugin, Power)
                and inspect.isfunction(inspect.getattr_static(plugin, name, None))):
            return {}
        return opts


_PIECE_HOOK_NAMES = frozenset(PIECE_HOOKS)


def compiled_hooks(power: Power, found: Iterable[str]) -> Iterator[tuple[str, Callable[..., Any]]]:
    """The piece hooks ``power`` implements with compiled methods (a shared block built with
    mypyc, not overridden by Python code), as ``(hook, bound method)``, leaving out the hooks
    in ``found`` (those pluggy took). pluggy can neither bind nor read the arguments of a
    compiled method, so the blocks follow one rule for them: each takes every argument of
    its spec, in the spec's order (``tests/test_compiled_blocks.py`` checks it)."""
    for name in PIECE_HOOKS:
        if name in found:
            continue
        static = inspect.getattr_static(power, name, None)
        if static is None or inspect.isfunction(static) or isinstance(
                static, (staticmethod, classmethod)):
            continue  # absent, or Python that pluggy has seen (and refused, if unmarked)
        owner = getattr(static, "__objclass__", type(static))
        if callable(static) and owner.__module__.startswith(_COMPILED_BLOCKS):
            yield name, getattr(power, name)


#: Where the compiled blocks live: only their methods are taken without pluggy.
_COMPILED_BLOCKS = "legends_pieces.powers."


def _new_manager() -> pluggy.PluginManager:
    pm = PluginManager("legends")
    pm.add_hookspecs(hookspecs)
    return pm


def load_packs(*, entry_points: bool = True, packs: Iterable[object] = (),
               group: str = "legends.pieces", armies: Sequence[str] = ARMIES) -> Catalogue:
    """Build a catalogue from installed packs (the entry points of ``group``) plus explicitly
    given ones; its pieces belong to ``armies`` (a ruleset's seats)."""
    pm = _new_manager()
    blocked = [n.strip() for n in os.environ.get("LEGENDS_DISABLE_PACKS", "").split(",") if n.strip()]
    for name in blocked:
        pm.set_blocked(name)
    if entry_points:
        pm.load_setuptools_entrypoints(group)
    for pack in packs:
        pm.register(pack)
    types: list[PieceType] = []
    kw_powers: list[Power] = []
    for name, plugin in pm.list_name_plugin():
        if plugin is None:
            continue
        try:
            if hasattr(plugin, "legends_piece_types"):
                types.extend(plugin.legends_piece_types())
            if hasattr(plugin, "legends_keyword_powers"):
                kw_powers.extend(plugin.legends_keyword_powers())
        except Exception as exc:  # a broken pack must say which pack it is
            raise CatalogueError(f"piece pack {name!r} failed to load: {exc!r}") from exc
    return Catalogue(types, kw_powers, pm, armies)


_DEFAULT: Catalogue | None = None


def default_catalogue() -> Catalogue:
    """The process-wide catalogue of every installed pack, built on first use."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_packs()
    return _DEFAULT


def catalogue() -> Catalogue:
    """Every installed piece type, by collector number."""
    return default_catalogue()

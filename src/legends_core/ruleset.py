"""Rulesets: every edition is configuration plus plugins on the same kernel.

A :class:`Ruleset` is a frozen value: its name and one-line description, the seats, where its
pieces come from (an entry-point group of piece packs, like ``legends.pieces``), how a game is
set up (board, armies, placement, reserve), which kernel phases exist (response windows, the
setup reshuffle and switches), and its *rule plugins*: objects whose methods implement the
ruleset hooks of :mod:`legends_core.hookspecs` (ties, taking the flag, what players keep knowing
about captured pieces, extra turn actions such as bringing in reserves, rescues ...).

Rulesets are found through the ``legends.rulesets`` entry-point group: each entry names a
module (or object) implementing :func:`~legends_core.hookspecs.legends_rulesets`. Stratego
Legends itself is the built-in ruleset ``"legends"``, always present. :func:`~legends_core.rulesets` lists
them; :func:`~legends_core.get_ruleset` finds one; :func:`~legends_core.register_ruleset` adds one at run time (tests, or a
program that builds a variant).

The kernel never asks which ruleset it runs: it calls the hooks of the game's ruleset, built
once per process into a :class:`RuleBehaviour` (plain tuples of callables, like a piece's
:class:`~legends_core.registry.Behaviour`), and an empty tuple costs nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import pluggy

from . import editions, hookspecs
from .errors import CatalogueError, PositionError, short
from .registry import Catalogue, _adapt, default_catalogue, load_packs
from .teams import seat_names

if TYPE_CHECKING:
    from .board import Board

GROUP = "legends.rulesets"
DEFAULT = "legends"
#: Older positions name the Stratego Legends rules by this name.
ALIASES = {"stratego-legends": DEFAULT}

RULE_HOOKS = (
    "legends_rules_turn_starts",
    "legends_rules_turn_actions",
    "legends_rules_perform",
    "legends_rules_turn_ends",
    "legends_rules_compare",
    "legends_rules_castle_taken",
    "legends_rules_attack_won",
    "legends_rules_captured",
)


@attrs.frozen
class SetupRequest:
    """What :meth:`legends_core.Game.new` was asked for, handed to a ruleset's ``setup``.

    ``armies`` holds the per-seat army arguments (Stratego Legends' ``beige=`` and ``gray=``),
    ``placement`` the squares named for each seat (square -> piece name), ``reserve`` the
    pieces named for each seat's reserve, ``options`` the ruleset options in force. ``seats``
    are the seats of this game when they are not the ruleset's own (a Stratego Legends team
    game; empty otherwise).
    """

    ruleset: Ruleset
    catalogue: Catalogue
    seed: int
    armies: Mapping[str, object] = attrs.field(factory=dict)
    boards: Sequence[str] | None = None
    placement: Mapping[str, Any] | None = None
    reserve: Mapping[str, Any] | None = None
    options: Mapping[str, str] = attrs.field(factory=dict)
    seats: tuple[str, ...] = ()


@attrs.frozen
class SetupResult:
    """A ruleset's setup: the board, the pieces as ``(loc, owner, number)`` (``loc`` a square,
    or :data:`legends_core.statevalues.RESERVE`), and what the game record keeps to build the same
    setup again (merged into the record's ``setup``)."""

    board: Board
    pieces: list[tuple[int, int, int]]
    record: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen(eq=False)
class Ruleset:
    """One edition: configuration plus rule plugins (see the module docstring).

    :param name: what ``Game.new(rules=...)``, positions and records call it.
    :param description: one line for :func:`rulesets`.
    :param seats: the seat names in turn order (the first moves first unless told otherwise).
    :param pieces: the entry-point group its piece packs are found in.
    :param setup: builds the board and the pieces from a
        :class:`~legends_core.ruleset.SetupRequest`.
    :param board: the standard board (for test positions and diagrams).
    :param composition: how many pieces of each slot (a warrior's base strength, or
        ``"magic"``/``"castle"``) each seat holds in all, reserve included; computer players
        imagine hidden pieces from it.
    :param rules: the rule plugins (objects implementing ruleset hooks).
    :param windows: whether the kernel opens response windows (attack, strike, end of turn).
    :param shuffle: whether setup begins with each player's reshuffle decision.
    :param switches: setup switches per player.
    :param fixed_seats: games and positions must use exactly ``seats`` (Stratego Legends also
        allows games of 4, 6 or 8 players, in teams: ``Game.new(players=...)``).
    :param castles: how many castles (flags) one owner may have.
    :param reserve: whether pieces may wait off the board in a reserve (views then list it).
    :param options: option name -> allowed values (the first is the default).
    :param army: the pieces (by name, as many times as the army holds them) each seat places
        on the board at setup, for rulesets whose setup takes a placement (the Stratego
        editions); empty when the ruleset deals the setup itself (Stratego Legends). Setup
        lines (:mod:`legends_core.setupline`) are read against it.
    :param packages: the Python packages that carry this ruleset out (its rulings are
        collected from them for the docs).
    """

    name: str
    description: str
    seats: tuple[str, ...]
    pieces: str
    setup: Callable[[SetupRequest], SetupResult]
    board: Callable[[], Board]
    composition: Mapping[int | str, int]
    rules: tuple[object, ...] = ()
    windows: bool = True
    shuffle: bool = True
    switches: int = 2
    fixed_seats: bool = True
    castles: int = 1
    reserve: bool = False
    options: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    packages: tuple[str, ...] = ()
    army: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}: {self.description}>"

    def seats_for(self, players: int) -> tuple[str, ...]:
        """The seats of a game of ``players`` players under these rules.

        :raises ValueError: these rules are not played by that many players.
        """
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be a whole number, not {short(players)}")
        if players == len(self.seats):
            return self.seats
        if self.fixed_seats:
            raise ValueError(f"the {self.name} rules are played by {len(self.seats)} "
                             f"players, not {players}")
        return seat_names(players)

    def check_options(self, given: Mapping[str, Any] | None, where: str = "options") \
            -> tuple[tuple[str, str], ...]:
        """Every option of this ruleset with its value (the defaults filled in), in order.

        :raises PositionError: an unknown option or value (the message names it).
        """
        if given is not None and not isinstance(given, Mapping):
            raise PositionError(f"{where}: expected an object of option names and values, "
                                f"got {short(given)}")
        given = dict(given or {})
        for key in given:
            if key not in self.options:
                known = ", ".join(self.options) or "none"
                raise PositionError(f"{where}: {short(key)} is not an option of the {self.name} "
                                    f"rules (its options: {known})")
        out = []
        for key, allowed in self.options.items():
            value = given.get(key, allowed[0])
            if value not in allowed:
                raise PositionError(f"{where}.{key}: {short(value)} is not one of "
                                    f"{', '.join(allowed)}")
            out.append((key, value))
        return tuple(out)


class RuleBehaviour:
    """A ruleset's hook implementations, grouped by hook, ready to call (built once)."""

    __slots__ = ("ruleset", "windows", "turn_starts", "turn_actions", "perform", "turn_ends",
                 "compare", "castle_taken", "attack_won", "captured")

    def __init__(self, ruleset: Ruleset, table: dict[str, list[Callable[..., Any]]]):
        self.ruleset = ruleset
        self.windows = ruleset.windows

        def fns(hook: str) -> tuple[Callable[..., Any], ...]:
            return tuple(table.get(hook, ()))

        self.turn_starts = fns("legends_rules_turn_starts")
        self.turn_actions = fns("legends_rules_turn_actions")
        self.perform = fns("legends_rules_perform")
        self.turn_ends = fns("legends_rules_turn_ends")
        self.compare = fns("legends_rules_compare")
        self.castle_taken = fns("legends_rules_castle_taken")
        self.attack_won = fns("legends_rules_attack_won")
        self.captured = fns("legends_rules_captured")

    def __repr__(self) -> str:
        return f"<RuleBehaviour of {self.ruleset.name}>"


def _new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("legends")
    pm.add_hookspecs(hookspecs)
    return pm


def _behaviour(ruleset: Ruleset) -> RuleBehaviour:
    """Register the rule plugins (pluggy checks them against the specs) and take each one's
    implementations, in the order the ruleset lists the plugins."""
    pm = _new_manager()
    specs = {h: list(getattr(pm.hook, h).spec.argnames) for h in RULE_HOOKS}
    table: dict[str, list[Callable[..., Any]]] = {}
    canon: dict[Any, object] = {}
    for plugin in ruleset.rules:
        try:
            rep = canon.setdefault(plugin, plugin)
        except TypeError:
            rep = plugin
        if not pm.is_registered(rep):
            try:
                pm.register(rep, name=f"rule-{id(rep)}")
            except pluggy.PluginValidationError as exc:
                raise CatalogueError(f"ruleset {ruleset.name}: rule plugin {plugin!r} is "
                                     f"invalid: {exc}") from None
        for caller in pm.get_hookcallers(rep) or ():
            if caller.name not in specs:
                raise CatalogueError(f"ruleset {ruleset.name}: rule plugin {plugin!r} "
                                     f"implements {caller.name}, which is not a ruleset hook")
            for impl in caller.get_hookimpls():
                if impl.plugin is rep:
                    table.setdefault(caller.name, []).append(
                        _adapt(impl.function, impl.argnames, specs[caller.name]))
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise CatalogueError(f"ruleset {ruleset.name}: a rule plugin implements a hook that "
                             f"does not exist: {exc}") from None
    return RuleBehaviour(ruleset, table)


# -- the registry ----------------------------------------------------------------------------
_RULESETS: dict[str, Ruleset] | None = None
_BEHAVIOURS: dict[str, RuleBehaviour] = {}
_CATALOGUES: dict[str, Catalogue] = {}
#: The names :func:`register_ruleset` added (the only ones :func:`unregister_ruleset` removes).
_REGISTERED: set[str] = set()
#: The built-in ruleset, Stratego Legends itself: handed in by ``legends_core.setup``, which
#: says how it is set up and so sits above the rulesets (see :func:`built_in`).
_BUILT_IN: list[Ruleset] = []


def built_in(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` the built-in one, always present, the default (``"legends"``):
    ``legends_core.setup`` hands in Stratego Legends' when it loads. Returns it."""
    _BUILT_IN[:] = [ruleset]
    return ruleset


def _load() -> dict[str, Ruleset]:
    global _RULESETS
    if _RULESETS is None:
        legends = _BUILT_IN[0]
        found: dict[str, Ruleset] = {legends.name: legends}
        pm = _new_manager()
        blocked = [n.strip() for n in os.environ.get("LEGENDS_DISABLE_PACKS", "").split(",")
                   if n.strip()]
        for name in blocked:
            pm.set_blocked(name)
        pm.load_setuptools_entrypoints(GROUP)
        for name, plugin in pm.list_name_plugin():
            if plugin is None or not hasattr(plugin, "legends_rulesets"):
                continue
            try:
                offered = list(plugin.legends_rulesets())
            except Exception as exc:  # a broken plugin must say which one it is
                raise CatalogueError(f"ruleset plugin {name!r} failed to load: {exc!r}") from exc
            for rs in offered:
                _add(found, rs, f"ruleset plugin {name!r}")
        _RULESETS = dict(sorted(found.items(), key=lambda kv: (kv[0] != DEFAULT, kv[0])))
    return _RULESETS


def _add(found: dict[str, Ruleset], rs: Any, where: str) -> None:
    if not isinstance(rs, Ruleset):
        raise CatalogueError(f"{where}: {short(rs)} is not a Ruleset")
    if not rs.name or rs.name in ALIASES or not all(c.isalnum() or c == "-" for c in rs.name):
        raise CatalogueError(f"{where}: {rs.name!r} is not a usable ruleset name "
                             "(letters, digits and '-')")
    if rs.name in found and found[rs.name] is not rs:
        raise CatalogueError(f"{where}: the ruleset name {rs.name!r} is claimed twice")
    if len(set(rs.seats)) != len(rs.seats) or len(rs.seats) < 2:
        raise CatalogueError(f"{where}: ruleset {rs.name!r} needs two or more distinct seats")
    found[rs.name] = rs


def rulesets() -> dict[str, str]:
    """Every installed ruleset's name with its one-line description (``"legends"`` first)."""
    return {name: rs.description for name, rs in _load().items()}


def get_ruleset(name: str | Ruleset) -> Ruleset:
    """The ruleset called ``name`` (a :class:`Ruleset` is returned as it is).

    :raises PositionError: no ruleset of that name is installed (the message lists them).
    """
    if isinstance(name, Ruleset):
        return name
    if not isinstance(name, str):
        raise PositionError(f"rules: expected a ruleset name, got {short(name)}")
    if ALIASES.get(name, name) == DEFAULT and _RULESETS is None:
        return _BUILT_IN[0]  # the default needs no plugin loaded
    found = _load()
    rs = found.get(ALIASES.get(name, name))
    if rs is None:
        raise PositionError(f"rules: {short(name)} is not an installed ruleset (installed: "
                            f"{', '.join(found)})")
    return rs


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset for this process (a variant built in a program or a test); positions
    and records naming it then load. Returns it."""
    found = _load()
    if isinstance(ruleset, Ruleset):
        _behaviour(ruleset)  # a ruleset whose plugins are wrong is refused, never half-added
    _add(found, ruleset, "register_ruleset")
    _REGISTERED.add(ruleset.name)
    return ruleset


def unregister_ruleset(name: str) -> None:
    """Take back a ruleset added by :func:`register_ruleset` (a test's variant, so that it
    does not outlive the test). Installed and built-in rulesets cannot be taken back.

    :raises PositionError: no ruleset of that name was registered in this process.
    """
    found = _load()
    rs = found.get(name)
    if rs is None or rs is _BUILT_IN[0] or name not in _REGISTERED:
        raise PositionError(f"rules: {short(name)} was not added by register_ruleset")
    del found[name]
    _REGISTERED.discard(name)
    for key in [k for k, b in _BEHAVIOURS.items() if b.ruleset is rs]:
        del _BEHAVIOURS[key]


def behaviour(name: str) -> RuleBehaviour:
    """The dispatch table of the ruleset ``name`` (built once per process)."""
    b = _BEHAVIOURS.get(name)
    if b is None:
        rs = get_ruleset(name)
        b = _BEHAVIOURS[rs.name] = _behaviour(rs)
        _BEHAVIOURS[name] = b
    return b


def catalogue_for(name: str | Ruleset) -> Catalogue:
    """The catalogue of a ruleset's pieces: the packs of its entry-point group (built once
    per process; Stratego Legends' is :func:`legends_core.catalogue`)."""
    rs = get_ruleset(name)
    if rs.pieces == "legends.pieces":
        return default_catalogue()
    key = f"{rs.pieces}|{','.join(rs.seats)}"
    cat = _CATALOGUES.get(key)
    if cat is None:
        cat = _CATALOGUES[key] = load_packs(group=rs.pieces, armies=rs.seats)
    return cat


def all_names() -> Iterable[str]:
    return tuple(_load())


# The modules below this one reach the rulesets through these (see legends_core.editions).
editions.hand_in(editions.Lookups(rulesets, get_ruleset, catalogue_for))

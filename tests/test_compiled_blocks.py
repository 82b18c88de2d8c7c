"""The shared blocks of ``legends_pieces.powers``, which a normal install compiles with mypyc,
and the plugins built on them.

A compiled method can carry no ``@hookimpl`` mark and pluggy can neither bind it nor read its
arguments, so the blocks' hook methods are unmarked and take their spec's full argument list,
and the catalogue takes them itself (``legends_core.registry.compiled_hooks``); a power's
unmarked method named for a piece hook counts as marked. These tests hold pure and compiled
(``scripts/check_compiled.py --tests -- tests/test_compiled_blocks.py``).
"""

from __future__ import annotations

import ast
import inspect
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

from legends_core import Action, CatalogueError, Power, hookimpl, hookspecs, load_packs, piece
from legends_core.compiling import annotated_only
from legends_core.registry import PIECE_HOOKS
from legends_core.testing import pass_windows, play, position
from legends_pieces.powers import (
    FLYING,
    KEYWORD_POWERS,
    Boost,
    Relocate,
    TargetAction,
    TerrainBonus,
    of,
)

if TYPE_CHECKING:
    from legends_core.engine import Engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "buildtools"))
import legends_build  # noqa: E402

BLOCKS = [m for m in legends_build.COMPILED if m.startswith("legends_pieces.")]
CALLS: list[str] = []


def test_the_build_compiles_the_blocks_the_profile_names() -> None:
    hot = {"targeted", "movement", "boosts", "knowledge", "ranged", "match", "strength", "turns"}
    assert {m.rpartition(".")[2] for m in BLOCKS} >= hot


def _block_classes() -> Iterable[tuple[str, ast.ClassDef]]:
    for module in BLOCKS:
        path = ROOT / "src" / (module.replace(".", "/") + ".py")
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ClassDef):
                yield module, node


def test_every_hook_method_of_a_block_is_unmarked_and_takes_its_specs_arguments() -> None:
    """What the catalogue assumes of a compiled method, whose arguments it cannot read."""
    seen = 0
    for module, cls in _block_classes():
        for fn in cls.body:
            if isinstance(fn, ast.FunctionDef) and fn.name in PIECE_HOOKS:
                seen += 1
                spec = inspect.signature(getattr(hookspecs, fn.name))
                args = [a.arg for a in fn.args.args]
                assert args == ["self", *spec.parameters], f"{module}.{cls.name}.{fn.name}"
                assert not fn.decorator_list, f"{module}.{cls.name}.{fn.name} is decorated"
    assert seen > 30


def test_every_method_of_a_block_takes_self_unchecked() -> None:
    """Compiled, a method would check that ``self`` is its class or a compiled subclass, and
    refuse a piece's subclass: each takes ``self`` as ``Class | Any``."""
    for module, cls in _block_classes():
        for fn in cls.body:
            if isinstance(fn, ast.FunctionDef) and fn.args.args:
                note = fn.args.args[0].annotation
                assert note is not None and ast.unparse(note) == f"{cls.name} | Any", \
                    f"{module}.{cls.name}.{fn.name}"


def test_a_plain_subclass_of_any_block_runs_its_inherited_methods() -> None:
    @attrs.frozen(repr=False)
    class Quiet(Boost):
        pass

    @attrs.frozen(repr=False)
    class Hop(Relocate):
        pass

    @attrs.frozen(repr=False)
    class Warm(TerrainBonus):
        pass

    assert Quiet("k", 1).describe() == Boost("k", 1).describe()
    assert Hop("k", "adjacent").watches == "adjacent" and Hop("k", "hills").watches == "looked"
    game = position({"c3": 961, "a1": 964, "h8": 965}, catalogue=load_packs(
        entry_points=False, packs=[_Pack()]), active="beige")
    here = game.engine.board.parse_square("c3")
    assert Warm("hills", 2).legends_strength_modifier(game.engine, 0, here, -1) in (0, 2)


def test_every_attrs_block_keeps_only_its_annotated_names_as_fields() -> None:
    """Compiled, a class body lists unannotated names among its annotations too: every attrs
    class of a compiled module carries ``annotated_only`` under its attrs decorator."""
    for module, cls in _block_classes():
        names = [ast.unparse(d) for d in cls.decorator_list]
        if any(n.startswith("attrs.") for n in names):
            assert names[-1] == "annotated_only", f"{module}.{cls.name}: {names}"


def test_annotated_only_drops_the_names_mypyc_adds_and_keeps_the_fields() -> None:
    # What a compiled class body leaves: every name assigned, with ``type`` for a name
    # without annotation or with one that is not a plain class (a union).
    body = {"__annotations__": {"key": type, "terrain": str, "note": type, "once": type,
                                "amount": int},
            "key": "jump", "once": attrs.field(default=None), "amount": 2}
    cls = attrs.frozen(annotated_only(type("Jump", (Power,), body)))
    assert [f.name for f in attrs.fields(cls)] == ["terrain", "note", "once", "amount"]
    jump = cls("hills", "x")
    assert (jump.key, jump.terrain, jump.once, jump.amount) == ("jump", "hills", None, 2)
    # Without it, the class attribute would have become a field.
    plain = attrs.frozen(type("Jump", (Power,), {
        "__annotations__": {"key": type, "amount": int}, "key": "jump", "amount": 2}))
    assert [f.name for f in attrs.fields(plain)] == ["key", "amount"]


def test_a_blocks_hooks_are_called_directly() -> None:
    """The catalogue keeps the block's own bound method (no adapter), compiled or not."""
    cat = load_packs(entry_points=False, packs=[_Pack()])
    offers = cat.behaviour(961).offer_actions
    assert [getattr(f, "__self__", None) for f in offers] == [FLYING]
    assert offers[0] == FLYING.legends_offer_actions


# -- a plugin written as the tutorial shows, on top of the blocks --------------------------

@attrs.frozen(repr=False)
class Lance(TargetAction):
    """Action: strike the enemy piece two squares ahead (here: reveal it)."""

    key = "test-lance"
    reach: int = 2

    def targets(self, game: Engine, piece: int) -> list[int]:
        CALLS.append("targets")
        here, me = game.loc[piece], game.ctrl[piece]
        return [s for s in game.board.within_two(here)
                if game.grid[s] >= 0 and game.ctrl[game.grid[s]] != me
                and s not in game.board.adjacent(here)]

    def act(self, game: Engine, piece: int, square: int) -> None:
        CALLS.append("act")
        game.reveal([game.grid[square]])

    @hookimpl
    def legends_strength_modifier(self, game: Engine, opponent: int) -> int:  # opt-in arguments
        CALLS.append("strength")
        return 4 if opponent >= 0 else 0


@attrs.frozen(repr=False)
class ShyBoost(Boost):
    """A boost offered only in its player's main decision (an override, marked)."""

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int, window: str) -> list[Action]:
        CALLS.append("shy")
        return super().legends_offer_abilities(game, piece, window) if window == "main" else []


@attrs.frozen(repr=False)
class Unmarked(Power):
    """A hook method without a mark: taken by its name."""

    label = "Action"
    key = "test-unmarked"

    def legends_offer_actions(self, game: Engine, piece: int) -> list[Action]:
        CALLS.append("unmarked")
        return [Action.power(game.name(game.loc[piece]), self.key)]

    def legends_perform(self, game: Engine, piece: int) -> None:
        CALLS.append("unmarked-perform")


PIECES = [
    piece(960, "Test Lancer", 3, type="soldier", colour="gold", text="Lance.",
          powers=[Lance()]),
    piece(961, "Test Flyer", 2, type="soldier", colour="gold", text="Flying.", powers=[FLYING]),
    piece(962, "Test Booster", 2, type="soldier", colour="gold", text="Shy boost.",
          powers=[ShyBoost("test-shy", 1)]),
    piece(963, "Test Unmarked", 2, type="soldier", colour="gold", text="Unmarked.",
          powers=[Unmarked()]),
    piece(964, "Test Castle Gold", None, kind="castle", type="castle", colour="gold",
          text="A castle."),
    piece(965, "Test Castle Silver", None, kind="castle", type="castle", colour="silver",
          text="A castle."),
    piece(966, "Test Soldier", 5, type="soldier", colour="silver", text="A plain warrior."),
]


class _Pack:
    def __init__(self, pieces: list | None = None) -> None:
        self.pieces = PIECES if pieces is None else pieces

    @hookimpl
    def legends_piece_types(self):  # type: ignore[no-untyped-def]
        return self.pieces

    @hookimpl
    def legends_keyword_powers(self):  # type: ignore[no-untyped-def]
        return KEYWORD_POWERS


def test_a_plugin_subclassing_a_compiled_block_is_offered_and_performed() -> None:
    cat = load_packs(entry_points=False, packs=[_Pack()])
    CALLS.clear()
    game = position({"c3": 960, "c5": 966, "a1": 964, "h8": 965}, active="beige",
                    catalogue=cat)
    assert [str(a) for a in game.legal_actions() if "lance" in str(a)] == ["c3 test-lance c5"]
    assert "targets" in CALLS
    g = game.engine
    enemy = g.grid[g.board.parse_square("c5")]
    assert g.known[enemy] & 1 == 0
    play(game, "c3 test-lance c5")
    pass_windows(game)
    assert "act" in CALLS and g.known[enemy] & 1


def test_marked_overrides_and_opt_in_arguments_still_work_on_a_block() -> None:
    cat = load_packs(entry_points=False, packs=[_Pack()])
    # The Lancer (3) attacks the soldier (5) with its marked +4: 7 wins.
    CALLS.clear()
    game = position({"c3": 960, "c4": 966, "a1": 964, "h8": 965}, active="beige",
                    catalogue=cat)
    play(game, "c3-c4")
    pass_windows(game)
    g = game.engine
    winner = g.grid[g.board.parse_square("c4")]
    assert "strength" in CALLS and g.types[winner].number == 960
    # The boost's marked override replaces the block's method, and is offered in main.
    CALLS.clear()
    game = position({"c3": 962, "c4": 961, "a1": 964, "h8": 965}, active="beige",
                    catalogue=cat)
    assert "c3 test-shy c4" in [str(a) for a in game.legal_actions()]
    assert "shy" in CALLS
    (offer,) = cat.behaviour(962).offer_abilities
    assert offer.__func__ is ShyBoost.legends_offer_abilities


def test_an_unmarked_hook_method_of_a_power_is_taken_by_its_name() -> None:
    cat = load_packs(entry_points=False, packs=[_Pack()])
    CALLS.clear()
    game = position({"c3": 963, "a1": 964, "h8": 965}, active="beige", catalogue=cat)
    assert "c3 test-unmarked" in [str(a) for a in game.legal_actions()]
    play(game, "c3 test-unmarked")
    assert CALLS[-1] == "unmarked-perform"


def test_a_hook_method_with_a_wrong_argument_is_still_refused() -> None:
    @attrs.frozen(repr=False)
    class Misspelt(Power):
        def legends_strength_modifier(self, game: Engine, oponent: int) -> int:
            return 0

    bad = piece(967, "Test Misspelt", 2, type="soldier", colour="gold", text="Typo.",
                powers=[Misspelt()])
    with pytest.raises(CatalogueError, match="oponent"):
        load_packs(entry_points=False, packs=[_Pack([*PIECES, bad])])


def test_powers_built_from_blocks_compare_as_before() -> None:
    """The catalogue shares equal powers: equality and hashing follow the attrs fields."""
    assert Boost("k", 1) == Boost("k", 1) and hash(Boost("k", 1)) == hash(Boost("k", 1))
    assert Boost("k", 1) != Boost("k", 2)
    assert [f.name for f in attrs.fields(Boost)] == [
        "key", "amount", "target", "reach", "sacrifice", "once", "reveal_target", "whose",
        "label", "secret_targets", "watches"]
    assert Boost("k", 1, of(type="elf")).watches == "adjacent"
    assert Boost("k", 1, reach="any", reveal_target=True).secret_targets is False


def test_destroyed_pieces_are_matched_by_their_types_answers_or_one_by_one() -> None:
    from legends_pieces.powers import of
    from legends_pieces.powers.choices import destroyed_matching

    game = position({"a1": 37, "b1": 111, "c1": 130, "h8": 160, "g8": 131, "f8": 37},
                    active="beige")
    g = game.engine
    g.destroy([g.grid[g.sq(s)] for s in ("a1", "b1", "c1", "g8", "f8")])
    silver_magic = of(colour="silver", kind="magic")
    every = [p for area in g.dead for p in area]
    want = [p for p in every if silver_magic.fits(g.types[p])]
    assert want and len(want) < len(every)
    assert destroyed_matching(g, None, silver_magic) == want
    assert {t.name for t, ok in silver_magic.by_type.items() if ok} == {
        g.types[p].name for p in want}                    # answered once per type
    beige = g.seats.index("beige")
    assert destroyed_matching(g, beige, silver_magic) == [p for p in g.dead[beige] if p in want]
    # A test with a keyword, or any other callable, is asked piece by piece.
    assert destroyed_matching(g, None, of(kind="magic", keyword="stationary")) == [
        p for p in every if g.types[p].kind == "magic"]
    assert destroyed_matching(g, None, lambda g, p: g.types[p].number == 37) == [
        p for p in every if g.types[p].number == 37]


# -- the blocks' shortcuts give what the general paths give ---------------------------------

def test_a_step_action_asks_a_subclass_for_its_own_targets() -> None:
    """StepAction offers its squares without calling ``targets``, unless a subclass has its
    own: then that is asked, as TargetAction does."""
    from legends_pieces.powers import CHARGING, QUICKNESS, SLASHING
    from legends_pieces.powers.movement import Charging

    @attrs.frozen(repr=False)
    class ShortCharge(Charging):
        def targets(self, game: Engine, piece: int) -> list[int]:
            CALLS.append("short")
            return list(super().targets(game, piece))[:1]

    game = position({"c3": 37, "a1": 57, "h8": 151, "e5": 8}, active="beige")
    g = game.engine
    pid = g.grid[g.sq("c3")]
    plain = CHARGING.legends_offer_actions(g, pid)
    assert len(plain) > 1
    # The keyword blocks' runs, worked out without calling squares(): as the general path.
    for power in (CHARGING, SLASHING, QUICKNESS):
        offers = power.legends_offer_actions(g, pid)
        assert offers and offers == TargetAction.legends_offer_actions(power, g, pid)
    CALLS.clear()
    short = ShortCharge()
    assert short.legends_offer_actions(g, pid) == plain[:1] and CALLS == ["short"]


def test_power_actions_takes_any_iterable_of_squares() -> None:
    from legends_core.moves import power_actions

    game = position({"c3": 37, "a1": 57, "h8": 151}, active="beige")
    g = game.engine
    pid = g.grid[g.sq("c3")]
    squares = [g.sq(s) for s in ("c4", "d3", "b3")]
    want = [Action.power("c3", "test-key", s) for s in ("c4", "d3", "b3")]
    assert power_actions(g, pid, "test-key", squares) == want
    assert power_actions(g, pid, "test-key", tuple(squares)) == want
    assert power_actions(g, pid, "test-key", iter(squares)) == want


def test_matches_reads_a_matchs_answers_by_type_and_asks_anything_else() -> None:
    from legends_pieces.powers.match import matches

    game = position({"c3": 37, "d3": 52, "a1": 57, "h8": 151}, active="beige")
    g = game.engine
    pids = [g.grid[g.sq(s)] for s in ("c3", "d3", "a1", "h8")]
    gold = of(colour="gold")
    for test in (gold, of(type="cleric"), of(kind="warrior", keyword="flying"),
                 lambda g, p: g.types[p].number == 52):
        assert [matches(test, g, p) for p in pids] == [bool(test(g, p)) for p in pids]
    assert gold.by_type[g.types[pids[0]]] is True  # answered once, then read


def test_the_strength_blocks_say_how_low_they_go() -> None:
    from legends_pieces.powers import NearWater, VsColour, VsKeyword

    assert TerrainBonus("marsh", -5).lowest_modifier == -5
    assert TerrainBonus("forest", 2).lowest_modifier == 0
    assert VsColour("red", 1).lowest_modifier == 0
    assert VsKeyword("flying", -2).lowest_modifier == -2
    assert NearWater(3).lowest_modifier == 0
    assert Power.lowest_modifier is None  # a plugin's modifier is asked unless it says
    # Worked out from the fields: not one of them, nor in the repr.
    assert [f.name for f in attrs.fields(TerrainBonus) if f.init] == ["terrain", "amount"]
    assert repr(TerrainBonus("marsh", -5)) == "TerrainBonus('marsh', -5)"

"""After each step the kernel destroys warriors at strength 0 or below (``Effects.settle``).
A warrior whose strength modifiers all say how low they go (``Power.lowest_modifier``), and
cannot reach 0 that way, is not asked; every other one is."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from tests.kernel_pack import PiecesPack

from legends_core import Power, hookimpl, load_packs, piece
from legends_core.testing import play, position

if TYPE_CHECKING:
    from legends_core.engine import Engine

ASKED: list[str] = []


@attrs.frozen(repr=False)
class Sinking(Power):
    """Innate: ``amount`` (negative) on marsh, saying how low it goes or not."""

    amount: int = -3
    lowest_modifier: int | None = None

    @hookimpl
    def legends_strength_modifier(self, game: Engine, piece: int, square: int,
                                  opponent: int) -> int:
        ASKED.append(game.types[piece].name)
        return self.amount if square >= 0 and game.board.terrain[square] == "marsh" else 0


@attrs.frozen(repr=False)
class Drain(Power):
    """Death curse: every warrior gets ``amount``, saying how low that goes or not."""

    amount: int = -3
    lowest_modifier: int | None = None
    label = "Death Curse"
    death_curse = True

    @hookimpl
    def legends_curse_modifier(self, game: Engine, curse: int, piece: int, square: int,
                               opponent: int) -> int:
        ASKED.append("curse")
        return self.amount


PIECES = [
    piece(970, "Test Sinker", 2, type="soldier", colour="gold", text="-3 on marsh.",
          powers=[Sinking()]),
    piece(971, "Test Declared Sinker", 2, type="soldier", colour="gold",
          text="-3 on marsh, said.", powers=[Sinking(lowest_modifier=-3)]),
    piece(972, "Test Floater", 4, type="soldier", colour="gold", text="-3 on marsh, said.",
          powers=[Sinking(lowest_modifier=-3)]),
    piece(975, "Test Drain", 1, type="soldier", colour="silver", text="Curse: -3 to all.",
          powers=[Drain()]),
    piece(976, "Test Declared Drain", 1, type="soldier", colour="silver",
          text="Curse: -3 to all, said.", powers=[Drain(lowest_modifier=-3)]),
    piece(977, "Test Blessing", 1, type="soldier", colour="silver",
          text="Curse: +1 to all, said.", powers=[Drain(1, lowest_modifier=0)]),
    piece(973, "Test Castle Gold", None, kind="castle", type="castle", colour="gold",
          text="A castle."),
    piece(974, "Test Castle Silver", None, kind="castle", type="castle", colour="silver",
          text="A castle."),
]


def _catalogue():  # type: ignore[no-untyped-def]
    return load_packs(entry_points=False, packs=[PiecesPack(PIECES)])


def _game(number: int, curse: int | None = None):  # type: ignore[no-untyped-def]
    cat = _catalogue()
    return position({"c3": number, "a1": 973, "h8": 974}, terrain={"c4": "marsh"},
                    active="beige", catalogue=cat, curse=curse)


def test_the_floor_is_the_printed_strength_plus_each_modifiers_least() -> None:
    cat = _catalogue()
    assert cat.behaviour(970).strength_floor is None  # one modifier does not say
    assert cat.behaviour(971).strength_floor == -1
    assert cat.behaviour(972).strength_floor == 1
    assert cat.behaviour(973).strength_floor is None  # no strength


def test_a_warrior_whose_modifier_does_not_say_is_asked_and_destroyed_at_0() -> None:
    game = _game(970)
    ASKED.clear()
    play(game, "c3-c4")
    assert "Test Sinker" in ASKED
    assert game.piece_at("c4") is None  # 2 - 3 on the marsh


def test_a_warrior_that_may_reach_0_is_still_asked() -> None:
    game = _game(971)
    ASKED.clear()
    play(game, "c3-c4")
    assert "Test Declared Sinker" in ASKED
    assert game.piece_at("c4") is None


def test_a_warrior_above_0_whatever_its_modifiers_add_is_not_asked() -> None:
    game = _game(972)
    ASKED.clear()
    play(game, "c3-c4")
    assert ASKED == []  # 4 - 3 at worst: nothing to check
    assert game.piece_at("c4").name == "Test Floater"
    assert game.strength_at("c4") == 1  # asked for, it still counts


def test_the_death_curse_in_effect_counts_with_how_low_it_says_it_goes() -> None:
    cat = _catalogue()
    assert cat.behaviour(975).curse_floor is None
    assert cat.behaviour(976).curse_floor == -3
    assert cat.behaviour(977).curse_floor == 0
    # A curse that does not say is asked: 4 on plains, -3 from the curse.
    game = _game(972, curse=975)
    ASKED.clear()
    play(game, "c3-d3")
    assert "curse" in ASKED and game.strength_at("d3") == 1
    # One that may take the Floater to 0 with its own malus (4 - 3 - 3) is asked too: on the
    # marsh it is destroyed.
    game = _game(972, curse=976)
    ASKED.clear()
    play(game, "c3-c4")
    assert "curse" in ASKED and game.piece_at("c4") is None
    # A blessing that never lowers anything leaves the Floater above 0 (4 - 3 + 0): not asked.
    game = _game(972, curse=977)
    ASKED.clear()
    play(game, "c3-c4")
    assert ASKED == [] and game.strength_at("c4") == 2


def test_a_change_until_the_end_of_the_turn_counts_exactly() -> None:
    game = _game(972)
    g = game.engine
    floater = g.grid[g.sq("c3")]
    g.boost(floater, -1, floater)  # 4 - 3 - 1 may reach 0: asked, and on the marsh it dies
    ASKED.clear()
    play(game, "c3-c4")
    assert "Test Floater" in ASKED and game.piece_at("c4") is None

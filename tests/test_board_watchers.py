"""Powers that once watched the whole board and now watch only what their offers read
(``watches = "looked"``, see legends_core.changes): Teleport, Gather (Fray, Queen Kivoa),
Woodland Tower, Ogre Fort and Garpus; Water Jump, which still watches the whole board, is
checked alongside.

A watch narrower than what the offers depend on leaves stale options in the main decision's
cache. Random games with armies full of these pieces check the kept options against fresh
ones at every main decision; then, for each power, a position where a move far from the
piece changes its offer.
"""

from __future__ import annotations

import random

import pytest

from legends_core import Game
from legends_core.armies import _slot, random_army
from legends_core.leakcheck import power_biased
from legends_core.moves import turn_options
from legends_core.registry import default_catalogue
from legends_core.testing import check_offers, position

# The pieces under test, and pieces their powers act on (Ogres for the Fort, insectoids for
# Queen Kivoa), by army. Several copies each, so the powers come up often.
BEIGE = (19, 57, 89, 80, 80, 82, 82, 33)   # Teleport x3, Fray, Spirit of Sea, Woodland Tower
GRAY = (172, 175, 178, 181, 186, 186, 136, 106, 121, 177, 177)  # Kivoa, Lizarkus, Fort, Garpus


def _army_with(rng: random.Random, side: str, wanted: tuple[int, ...]) -> list[int]:
    """A random legal army for ``side`` holding every piece of ``wanted``: each takes the
    place of a drawn piece of the same slot (strength, or kind), which keeps it legal."""
    catalogue = default_catalogue()
    army = list(random_army(rng, side, catalogue))
    fixed: set[int] = set()
    for n in wanted:
        slot = _slot(catalogue[n])
        i = next(i for i, m in enumerate(army) if i not in fixed and _slot(catalogue[m]) == slot)
        army[i] = n
        fixed.add(i)
    return army


def _play_checked(game: Game, rng: random.Random, limit: int = 1500) -> set[str]:
    """Play with a policy that favours powers, checking the kept options at every main
    decision; returns the keys of the powers used."""
    pick = power_biased(rng)
    used: set[str] = set()
    for _ in range(limit):
        if game.is_over:
            break
        if game.decision_kind == "main":
            check_offers(game)
        action = pick(list(game.legal_actions()), game)
        if action.kind == "power":
            used.add(action.key)
        game.apply(action)
    return used


def test_the_armies_hold_the_pieces_under_test():
    rng = random.Random(1)
    beige, gray = _army_with(rng, "beige", BEIGE), _army_with(rng, "gray", GRAY)
    for n in BEIGE:
        assert beige.count(n) >= BEIGE.count(n)
    for n in GRAY:
        assert gray.count(n) >= GRAY.count(n)
    Game.new(beige=beige, gray=gray, seed=1)  # a legal army, or this raises


@pytest.mark.parametrize("seed", range(12))
def test_kept_options_equal_fresh_ones_with_board_watchers(seed):
    rng = random.Random(seed)
    game = Game.new(beige=_army_with(rng, "beige", BEIGE), gray=_army_with(rng, "gray", GRAY),
                    seed=81_000 + seed, turn_limit=600)
    _play_checked(game, rng)


def test_the_random_games_use_the_powers_under_test():
    """The games above do exercise these powers (else they would check nothing)."""
    used: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(beige=_army_with(rng, "beige", BEIGE),
                        gray=_army_with(rng, "gray", GRAY), seed=81_000 + seed, turn_limit=600)
        used |= _play_checked(game, rng)
    assert {"teleport", "water-move", "fray", "queen-kivoa", "woodland-tower", "ogre-fort",
            "garpus"} <= used


def _options(game: Game) -> set[str]:
    g = game.engine
    check_offers(game)
    return set(map(str, turn_options(g, g.pending.player)))


def _kept_and_changed(game: Game, change, power: str) -> tuple[set[str], set[str]]:
    """The options of ``power`` before and after ``change(engine)``, both checked against
    fresh ones: the entry was kept (worked out) before the change."""
    before = {o for o in _options(game) if power in o}
    change(game.engine)
    after = {o for o in _options(game) if power in o}
    return before, after


def test_teleport_follows_a_far_piece_of_its_player():
    game = position({"a1": 19, "h8": 37, "h2": 160}, active="beige")
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("h8")], g.sq("g8")), "teleport")
    assert any("h8" in o for o in before) and not any("g8" in o for o in before)
    assert any("g8" in o for o in after) and not any("h8" in o for o in after)


def test_water_jump_loses_a_square_filled_far_away():
    game = position({"a1": 82, "h1": 160, "a8": 37}, active="beige",
                    terrain={"b2": "water", "g7": "water"})
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("a8")], g.sq("h8")), "water-move")
    assert any("h8" in o for o in before)
    assert before and not any("h8" in o for o in after)


@pytest.mark.parametrize("leader, follower", [(80, 69), (172, 175)])
def test_gather_stops_when_the_last_far_follower_is_taken_over(leader, follower):
    side = "beige" if leader == 80 else "gray"
    foe = "gray" if side == "beige" else "beige"
    game = position({"a1": (leader, side), "h8": (follower, side), "h1": (160, foe)},
                    active=side)
    before, after = _kept_and_changed(
        game, lambda g: g.take_control(g.grid[g.sq("h8")], g.player_index(foe)),
        "fray" if leader == 80 else "queen-kivoa")
    assert before and not after


def test_gather_offered_again_when_a_follower_comes_under_control():
    game = position({"a1": (172, "gray"), "h8": (175, "beige"), "h1": (37, "beige")},
                    active="gray")
    before, after = _kept_and_changed(
        game, lambda g: g.take_control(g.grid[g.sq("h8")], 1), "queen-kivoa")
    assert not before and after


def test_woodland_tower_stops_once_the_far_castle_is_shown():
    game = position({"a1": 33, "a2": 37, "h8": (136, "gray"), "h1": (160, "gray")},
                    active="beige")
    before, after = _kept_and_changed(
        game, lambda g: g.reveal([g.grid[g.sq("h8")]]), "woodland-tower")
    assert before and not after


def test_ogre_fort_follows_a_far_ogre():
    game = position({"a1": (136, "gray"), "h8": (106, "gray"), "h1": (37, "beige")},
                    active="gray", terrain={"b2": "mountain"})
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("h8")], g.sq("g8")), "ogre-fort")
    assert before == {o for o in before if "h8" in o} and before
    assert after and all("g8" in o for o in after)


def test_garpus_loses_a_square_filled_next_to_a_far_castle():
    game = position({"a1": (177, "gray"), "h8": (136, "gray"), "d4": (37, "beige")},
                    active="gray")
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("d4")], g.sq("g7")), "garpus")
    assert any("g7" in o for o in before)
    assert after and not any("g7" in o for o in after)

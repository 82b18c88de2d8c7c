"""Four pieces whose powers watched nothing declared, so their offers were worked out afresh at
every decision of their player, and now say what they read (see legends_core.changes):
Landor's diagonal step (``"adjacent"``), Almaetis's forest placement, Kralc's town reveal and
Marbas's reveal (``"looked"``).

As in ``test_board_watchers.py``: random games with armies holding these pieces check the
kept options against fresh ones at every main decision; then, for each power, a position
where a change the power must see alters its offer after the offer was kept.
"""

from __future__ import annotations

import random

import pytest

from legends_core import Game
from legends_core.testing import position
from test_board_watchers import _army_with, _kept_and_changed, _play_checked

BEIGE = (1, 72)   # Landor, Almaetis
GRAY = (103, 187)  # Kralc, Marbas
KEYS = {"landor", "almaetis", "kralc", "marbas"}


def _game(seed: int) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    game = Game.new(beige=_army_with(rng, "beige", BEIGE), gray=_army_with(rng, "gray", GRAY),
                    seed=82_000 + seed, turn_limit=600)
    return game, rng


@pytest.mark.parametrize("seed", range(10))
def test_kept_options_equal_fresh_ones_with_these_pieces(seed):
    game, rng = _game(seed)
    _play_checked(game, rng)


def test_the_random_games_use_the_powers_under_test():
    """The games above do use these powers (else they would check nothing)."""
    used: set[str] = set()
    for seed in range(10):
        game, rng = _game(seed)
        used |= _play_checked(game, rng)
    assert KEYS <= used


def test_the_powers_declare_what_they_watch():
    """A declared watch is what lets the kernel keep the offers: none of these pieces has a
    power left that watches nothing."""
    game = position({"a1": 1, "a2": 72, "h8": (103, "gray"), "h7": (187, "gray")})
    g = game.engine
    for square in ("a1", "a2", "h8", "h7"):
        assert g.beh[g.grid[g.sq(square)]].watches is not None, square


def test_landor_steps_onto_a_diagonal_square_his_own_piece_left():
    game = position({"d4": 1, "e5": 37, "h8": (160, "gray")}, active="beige")
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("e5")], g.sq("h1")), "landor")
    assert before and not any("e5" in o for o in before)
    assert any("e5" in o for o in after)


def test_almaetis_is_offered_once_a_far_forest_square_empties():
    game = position({"a1": 72, "a2": 37, "f6": (160, "gray")}, active="beige",
                    terrain={"f6": "forest"})
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("f6")], g.sq("f7")), "almaetis")
    assert not before and after


def test_almaetis_is_not_offered_once_it_is_its_players_last_piece():
    game = position({"a1": 72, "a2": 37, "h8": (160, "gray")}, active="beige",
                    terrain={"f6": "forest"})
    before, after = _kept_and_changed(
        game, lambda g: g.destroy([g.grid[g.sq("a2")]]), "almaetis")
    assert before and not after


def test_kralc_stops_aiming_at_an_enemy_that_left_the_town():
    game = position({"a1": (103, "gray"), "d5": (37, "beige"), "h1": (160, "gray")},
                    active="gray", terrain={"d5": "town", "e5": "town"})
    before, after = _kept_and_changed(
        game, lambda g: g.move_piece(g.grid[g.sq("d5")], g.sq("d6")), "kralc")
    assert any("d5" in o for o in before)
    assert not any("d5" in o for o in after)


def test_marbas_stops_aiming_at_an_enemy_once_it_is_shown():
    game = position({"a1": (187, "gray"), "h8": (37, "beige"), "h1": (160, "gray")},
                    active="gray")
    before, after = _kept_and_changed(
        game, lambda g: g.reveal([g.grid[g.sq("h8")]]), "marbas")
    assert any("h8" in o for o in before)
    assert not any("h8" in o for o in after)

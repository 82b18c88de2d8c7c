"""Third-party piece packs: discovery through entry points, clashes, a game with a new piece."""

import random

import pytest
from tests.randomgames import play_random

from legends_core import CatalogueError, Game, catalogue, hookimpl, load_packs, piece, preset


def test_example_pack_is_discovered_and_plays_a_game():
    cat = catalogue()
    assert 301 in cat, ("the example pack is not installed: pip install -e "
                        "./examples/legends-example-pack (README's test command does this)")
    drake = cat[301]
    gray = [n for n in preset(1, "gray")]
    # Swap one strength-6 gray piece for the Drake, so the army stays legal.
    i = next(i for i, n in enumerate(gray) if cat[n].strength == 6)
    gray[i] = drake.number
    game = Game.new(gray=gray, beige="preset-2", seed=11, turn_limit=2000)
    assert any(t.number == 301 for t in game.engine.types)
    play_random(game, random.Random(11))
    assert game.is_over


class _Clash:
    def __init__(self, number, name):
        self.number, self.name = number, name

    @hookimpl
    def legends_piece_types(self):
        return [piece(self.number, self.name, 5, type="elf", colour="green", text="Clashes.")]


def test_clashing_numbers_are_refused_clearly():
    with pytest.raises(CatalogueError, match="#37 is claimed twice"):
        load_packs(packs=[_Clash(37, "Not Tiera")])


def test_clashing_names_are_refused_clearly():
    with pytest.raises(CatalogueError, match="'Tiera' is used by #37 and #999"):
        load_packs(packs=[_Clash(999, "Tiera")])


def test_packs_can_be_switched_off(monkeypatch):
    monkeypatch.setenv("LEGENDS_DISABLE_PACKS", "example")
    assert 301 not in load_packs()

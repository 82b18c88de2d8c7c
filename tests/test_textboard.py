"""The kernel's text board: ``str(game)`` (the referee's) and ``print(view)`` (one seat's)."""

from __future__ import annotations

import random

import pytest

from legends.cli.text import board_lines, board_text
from legends_core import Game, rulesets
from legends_core.leakcheck import make_twin
from legends_core.textboard import board_rows, plain

EDITIONS = sorted(rulesets())


def _twins(rules: str, players: int = 2, seed: int = 2) -> tuple[Game, Game, str]:
    """A game and its twin that differ only in pieces the first seat has not been shown."""
    game = Game.new(rules=rules, players=players, seed=seed, setup=False)
    observer = game.players[0]
    twin, changed = make_twin(game.to_position(), observer, random.Random(seed), game.catalogue,
                              replace=1.0)
    assert changed  # otherwise the comparison below proves nothing
    return game, Game.from_position(twin, catalogue=game.catalogue), observer


@pytest.mark.parametrize("rules", EDITIONS)
def test_a_view_draws_only_what_its_seat_knows(rules):
    a, b, seat = _twins(rules)
    # The referee's pictures differ (the hidden pieces do), the seat's are the same.
    assert str(a) != str(b)
    assert str(a.view(seat)) == str(b.view(seat))
    text = str(a.view(seat))
    theirs = [p for p in a.view(seat).pieces if p.number is None]
    assert theirs and text.count("????") == len(theirs)
    assert "????" not in str(a)  # the referee knows every piece


def test_a_team_game_view_draws_only_what_its_seat_knows():
    a, b, seat = _twins("legends", players=4, seed=1)
    assert str(a) != str(b)
    assert str(a.view(seat)) == str(b.view(seat))
    assert "b2:" in str(a.view(seat)) and "g1:" in str(a.view(seat))  # each seat's tag


@pytest.mark.parametrize("rules, lost", [("legends", "destroyed: beige 0; gray 0"),
                                         ("classic", "captured: red 0; blue 0")])
def test_the_text_board_speaks_each_editions_terms(rules, lost):
    game = Game.new(rules=rules, seed=4, setup=False)
    text = str(game)
    lines = text.splitlines()
    first, second = game.players
    assert lines[0] == f"referee's view, turn 1, {first} to decide"
    assert lines[-1].endswith(lost)
    assert ("curse: none" in text) == (rules == "legends")
    height = game.view(None).board["height"]
    assert len(lines) == 1 + 1 + height + 1  # status, files, ranks, losses
    # The seat's own side at the bottom: the second seat sees rank 1 at the top.
    mine = str(game.view(second)).splitlines()
    assert mine[2].split()[0] == "1" and mine[-2].split()[0] == str(height)
    assert lines[2].split()[0] == str(height) and lines[-2].split()[0] == "1"


def test_reprs_are_one_short_line():
    game = Game.new(seed=3, setup=False)
    assert repr(game) == "<Game turn 1, beige to decide>"
    assert repr(game.view("gray")) == "<View of gray, turn 1, beige to decide>"
    game.resign("beige")
    assert repr(game.view("beige")) == "<View of beige, turn 1, won by gray>"
    assert "won by gray" in str(game).splitlines()[0]


@pytest.mark.parametrize("rules", ["legends", "classic"])
def test_the_terminal_board_is_the_kernels_drawing_with_a_key(rules):
    game = Game.new(rules=rules, seed=6, setup=False)
    view = game.view(game.players[1])
    kernel = plain(board_rows(view, catalogue=game.catalogue)).splitlines()
    terminal = [line.rstrip() for line in board_text(view, catalogue=game.catalogue).splitlines()]
    assert terminal[:len(kernel)] == kernel
    assert str(view).splitlines()[1:-1] == kernel
    # The terminal colours the kernel's cells by what they are.
    styles = {style for line in board_lines(view, catalogue=game.catalogue) for _, style in line}
    assert {"bold", "dim"} <= styles  # own pieces, hidden ones

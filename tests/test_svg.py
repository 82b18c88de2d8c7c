"""SVG pictures: pure, keyword-only, and they show only what the viewer knows."""

import inspect

from legends_core.svg import board_svg
from legends_core.testing import play, position


def test_board_svg_is_keyword_only():
    params = inspect.signature(board_svg).parameters.values()
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params)


def test_a_players_picture_hides_enemy_pieces_and_highlights_the_last_action():
    game = position({"d4": 37, "d6": 141, "h8": 157}, terrain={"e5": "water", "c3": "forest"})
    events = play(game, "d4-d5")
    assert events
    beige = board_svg(view=game.view("beige"), last=game.history[-1])
    assert beige.startswith("<svg") and beige.endswith("</svg>")
    assert "Tiera" in beige and "Daemin" not in beige
    assert "#4a90d9" in beige  # water
    assert 'stroke="#e5322d"' in beige  # the last action's squares
    full = board_svg(view=game.view(None))
    assert "Daemin" in full and "Curse slot: empty" in full


def test_destroyed_areas_and_curse_are_drawn():
    game = position({"d3": 37, "d4": 160, "h8": 157}, terrain={"d4": "desert"})
    play(game, "d3-d4", "pass", "pass")
    svg = board_svg(view=game.view("gray"))
    assert "Curse slot: #160" in svg


def test_a_wide_team_board_is_drawn_with_its_bands_and_sides():
    from legends_core import Game

    game = Game.new(players=8, seed=1, setup=False)
    svg = board_svg(view=game.view("gray-3"), size=40)
    assert ">aa</text>" in svg and ">af</text>" in svg and "<title>af8 " in svg
    assert svg.count('stroke-width="3"/>') == 3  # between the four bands of 8 files
    # Both sides in their colours, and each piece marked with its player's number.
    assert 'fill="#f3e6c4"' in svg and 'fill="#9c9c9c"' in svg
    assert svg.count('font-size="6.4"') == len(game.view("gray-3").pieces)
    assert 'width="1460"' in svg  # 32 files of 40 pixels, the margin and the panel
    two = board_svg(view=Game.new(seed=1, setup=False).view("beige"))
    assert 'stroke-width="3"/>' not in two and 'font-size="8.96"' not in two

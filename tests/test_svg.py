"""SVG pictures: pure, keyword-only, and they show only what the viewer knows."""

import inspect

import pytest

from legends.svg import board_svg
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
    assert "Curse slot:</text>" in svg and "Skeleton Warlock (#160)" in svg  # by name


# -- orientation, arrow, names, legend, shared shapes, Jupyter --------------------------------
import re  # noqa: E402

from legends.svg import grid, orientation_for, wrap  # noqa: E402
from legends_core import Game  # noqa: E402


def _square_xy(svg, square):
    m = re.search(rf'<use href="#t-\w+" x="([\d.]+)" y="([\d.]+)" data-square="{square}"/>', svg)
    assert m, square
    return float(m.group(1)), float(m.group(2))


def test_each_seat_sees_its_own_side_at_the_bottom():
    game = Game.new(seed=3, setup=False)
    beige, gray = board_svg(view=game.view("beige")), board_svg(view=game.view("gray"))
    assert 'data-orientation="0"' in beige and 'data-orientation="180"' in gray
    # a1 is bottom left for beige, top right for gray.
    (bx, by), (hx, hy) = _square_xy(beige, "a1"), _square_xy(beige, "h8")
    assert bx < hx and by > hy
    (gx, gy), (gx8, gy8) = _square_xy(gray, "a1"), _square_xy(gray, "h8")
    assert gx > gx8 and gy < gy8
    # Any seat, or any quarter turn, can be asked for.
    assert 'data-orientation="180"' in board_svg(view=game.view(None), orientation="gray")
    assert grid(game.view("beige"), 90)[-1][0] == "a8"  # file a along the bottom edge
    assert grid(game.view("beige"), 270)[-1][0] == "h1"
    with pytest.raises(ValueError):
        board_svg(view=game.view(None), orientation=45)


def test_a_seat_whose_side_is_at_the_left_is_turned_a_quarter():
    from legends_core.testing import position_dict

    pos = position_dict({"a4": 37, "h4": 157})
    pos["board"]["regions"] = {"beige": [f"a{r}" for r in range(1, 9)],
                               "gray": [f"h{r}" for r in range(1, 9)]}
    view = Game.from_position(pos).view("beige")
    assert orientation_for(view) == 90
    svg = board_svg(view=view)
    assert _square_xy(svg, "a4")[1] > _square_xy(svg, "h4")[1]  # file a nearest the viewer


def test_the_last_move_gets_an_arrow():
    game = position({"d4": 37, "h8": 157})
    play(game, "d4-d5")
    svg = board_svg(view=game.view("beige"), last=game.history[-1])
    assert svg.count('class="arrow"') == 1 and 'marker-end="url(#arrow)"' in svg
    assert svg.count('class="last"') == 2
    assert 'class="arrow"' not in board_svg(view=game.view("beige"))


def test_full_names_are_wrapped_not_cut():
    game = position({"d4": 9, "h8": 157})  # a long name
    name = game.piece_at("d4").name
    svg = board_svg(view=game.view("beige"))
    words = name.split()
    assert all(w in svg for w in words) and len(words) > 1
    assert wrap("Ulaniva Crusader of the Plains", 11) == ["Ulaniva", "Crusader of", "the Plains"]
    assert wrap("a b c d e f g h i j k l m n o p", 3, lines=2) == ["a b", "c\u2026"]


def test_a_terrain_legend_for_the_terrains_on_the_board():
    game = position({"d4": 37, "h8": 157}, terrain={"e5": "water", "c3": "forest"})
    svg = board_svg(view=game.view("beige"))
    legend = re.findall(r'class="t legend">(\w+)<', svg)
    assert legend == ["plains", "forest", "water"]
    assert "legend" not in board_svg(view=game.view("beige"), legend=False)


def test_destroyed_areas_and_the_curse_slot_by_name():
    game = position({"d3": 37, "d4": 160, "h8": 157}, destroyed={"beige": [50], "gray": [141]},
                    terrain={"d4": "desert"})
    play(game, "d3-d4", "pass", "pass")
    svg = board_svg(view=game.view("beige"))
    assert "Holy Knight (#50)" in svg and "Skeleton Warlock (#160)" in svg
    assert f"{game.engine.catalogue[141].name} (#141)" in svg


def test_shapes_are_shared_and_a_frame_is_small():
    game = Game.new(seed=3, setup=False)
    svg = board_svg(view=game.view("beige"))
    assert svg.count("<defs>") == 1 and svg.count("<use ") > 64
    assert len(re.findall(r'<rect id="t-', svg)) <= 7  # one terrain square per terrain
    assert len(svg) < 20_000  # a whole board was about 25 KB when each shape was drawn out
    assert all(f'data-square="{sq}"' in svg for sq in ("a1", "h8"))


def test_games_and_views_show_themselves_in_jupyter():
    game = Game.new(seed=3, setup=False)
    game.apply(game.legal_actions()[0])
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and 'class="arrow"' in svg
    assert "????" not in svg and 'class="piece hidden"' not in svg  # the referee sees all
    view = game.view("gray")
    assert view._repr_svg_() == board_svg(view=view)
    assert 'data-orientation="180"' in view._repr_svg_()


def test_a_wide_team_board_is_drawn_with_its_bands_and_sides():
    game = Game.new(players=8, seed=1, setup=False)
    view = game.view("gray-3")
    svg = board_svg(view=view, size=40)
    assert ">aa</text>" in svg and ">af</text>" in svg and 'data-square="af8"' in svg
    assert svg.count('class="band"') == 3  # between the four bands of 8 files
    # Both sides in their colours, and each player's pieces marked with their number, on the
    # shared body every piece of theirs (a blank back too) is drawn with.
    assert 'fill="#f3e6c4"' in svg and 'fill="#9c9c9c"' in svg
    assert re.findall(r'<g id="p-gray-3">.*?class="s seat">(\d)</text></g>', svg) == ["3"]
    assert svg.count('class="s seat"') == 8
    assert svg.count('href="#p-') == len(view.pieces)
    assert 'width="1468"' in svg  # 32 files of 40 pixels, the margin and the panel
    two = board_svg(view=Game.new(seed=1, setup=False).view("beige"))
    assert 'class="band"' not in two and 'class="s seat"' not in two


def test_team_seats_see_their_side_at_the_bottom_and_bands_turn_with_the_board():
    game = Game.new(players=4, seed=2, setup=False)
    for seat in ("beige-1", "beige-2"):
        assert orientation_for(game.view(seat)) == 0
    for seat in ("gray-1", "gray-2"):
        assert orientation_for(game.view(seat)) == 180
    beige, gray = board_svg(view=game.view("beige-2")), board_svg(view=game.view("gray-2"))
    # i1 (beige-2's band) is bottom, right of a1 for beige; top, left of a1 for gray.
    (ax, ay), (ix, iy) = _square_xy(beige, "a1"), _square_xy(beige, "i1")
    assert ix > ax and iy == ay and ay > _square_xy(beige, "a8")[1]
    (gax, gay), (gix, _) = _square_xy(gray, "a1"), _square_xy(gray, "i1")
    assert gix < gax and gay < _square_xy(gray, "a8")[1]
    # A quarter turn lays the band line across the picture instead of down it.
    turned = board_svg(view=game.view("beige-1"), orientation=90)
    y1, y2 = re.search(r'<line x1="[\d.]+" y1="([\d.]+)" x2="[\d.]+" y2="([\d.]+)"[^>]*'
                       r'class="band"', turned).groups()
    assert y1 == y2


def test_each_editions_board_panel_uses_its_own_words():
    from legends_core import Game

    classic = board_svg(view=Game.new(rules="classic", seed=1).view("red"))
    assert "Curse slot" not in classic and "red lost (0):" in classic
    assert not re.search(r"\(#\d+\)", classic)  # the program's piece numbers stay hidden
    legends = board_svg(view=Game.new(seed=1).view("beige"))
    assert "Curse slot: empty" in legends and "beige destroyed (0):" in legends
    assert re.search(r"\(#\d+\)", legends)  # the numbers printed on Legends pieces

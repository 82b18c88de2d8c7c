"""The short piece names the picture carries for a page that draws the board small (a phone):
legible forms of at most five letters, hidden in the picture itself."""

from legends.svg import board_svg, short_name
from legends_core import Game


def test_short_names_keep_the_start_of_the_words():
    assert short_name("Marshal") == "Mars."
    assert short_name("Bomb") == "Bomb"
    assert short_name("Psychic Devourer") == "PsyDe"
    assert short_name("Knight of the Rose") == "KniRo"  # small words left out
    assert short_name("Spy") == "Spy"
    assert short_name("") == ""
    assert all(len(short_name(n)) <= 5 for n in ("Dwarven Scout", "Will-o-Wisp", "Mist Giant"))


def test_every_known_piece_carries_its_short_name_hidden_until_a_page_shows_it():
    view = Game.new(seed=3).view("beige")
    svg = board_svg(view=view)
    known = [p for p in view.pieces if p.name]
    assert known
    for p in known:
        assert f'class="a">{short_name(p.name)}</text>' in svg
    assert svg.count('class="a"') == len(known)
    assert ".a{display:none;" in svg

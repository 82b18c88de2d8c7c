"""The page as a player meets it, in a real browser (Debian's chromium, driven by Playwright;
the server and browser fixtures are those of ``test_web_browser``).

A classic game against the computer is played by clicking; its words are classic Stratego's
(ranks, "your move", no curse slot, no piece numbers); the move list steps back with the
keyboard to the boards this seat was shown and returns to the game. An eight-player team game
fits a 1600x900 window with legible squares, its question leaving the game code and the
seats in view.
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from legends.ai.arranging import guarded_setup
from test_web_browser import (  # noqa: F401 (fixtures)
    OUTPUT,
    boxes_overlap,
    browser,
    select,
    server,
    target,
    wait_to_decide,
)

TIMEOUT = 15_000


def start(page: Page, server: str, rules: str, players: int = 2) -> None:  # noqa: F811
    page.set_default_timeout(TIMEOUT)
    page.goto(server)
    page.select_option("#rules", rules)
    if players > 2:
        page.select_option("#players", str(players))
    page.select_option("#opponent", "random")
    if rules != "legends":
        page.select_option("#side", "red")
    page.click("#start")
    if rules != "legends":
        # An edition with a free setup: red's Flag at the back behind its Bombs, so that the
        # random opponent cannot end the story early by walking into it.
        page.fill("#arrange-line", guarded_setup(rules, "red", random.Random(1)))
        page.click("#arrange .use-line")
        page.click("#arrange .ready")


def play_a_move(page: Page) -> tuple[str, str]:
    """Click a piece that may move to an empty square, then that square (no attack, so the
    game goes on); the move made."""
    wait_to_decide(page)
    options = page.evaluate("me.view.options")
    taken = set(page.evaluate("me.view.pieces.map(p => p.square)"))
    move = next(o for o in options if re.fullmatch(r"[a-j]\d+-[a-j]\d+", o)
                and o.split("-")[1] not in taken)
    src, dst = move.split("-")
    select(page, src)
    target(page, dst)
    return src, dst


def test_a_classic_game_in_its_own_words_and_its_move_list(server, browser):  # noqa: F811
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    start(page, server, "classic")
    wait_to_decide(page, 1)
    expect(page.locator("#decision")).to_have_text("Turn 1: your move")
    expect(page.locator("#edition")).to_have_text("Classic Stratego")
    first = play_a_move(page)
    wait_to_decide(page, 3)
    play_a_move(page)
    wait_to_decide(page, 5)
    play_a_move(page)
    wait_to_decide(page, 7)
    # Classic words only: no curse slot, no piece numbers, no doubled colour.
    svg = page.locator("#board svg").inner_html()
    assert "Curse slot" not in svg and not re.search(r"\(#\d+\)", svg)
    log = page.locator("#log").inner_text()
    assert not re.search(r"#\d", log) and "curse" not in log
    page.locator("#board g.piece[data-number]").first.hover()
    expect(page.locator("#info p").first).to_contain_text(re.compile(r"^(rank \d+|no rank), red army"))
    expect(page.locator("#info h4")).not_to_contain_text("#")

    # The move list: three rounds, red's moves and blue's replies, in notation.
    plies = page.locator("#move-list .ply")
    expect(plies).to_have_count(6)
    expect(plies.first).to_have_text(f"{first[0]}-{first[1]}")
    # Clicking the first shows the board as red saw it then: the piece on its new square.
    plies.first.click()
    expect(page.locator("#past")).to_be_visible()
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator("#past-what")).to_contain_text(f"{first[0]}-{first[1]}")
    expect(page.locator(f'#past-board g.piece[data-square="{first[1]}"]')).to_have_count(1)
    # One step back with the keyboard: the start, the piece where it began.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#past-what")).to_have_text("The start, as you saw it")
    expect(page.locator(f'#past-board g.piece[data-square="{first[0]}"]')).to_have_count(1)
    expect(page.locator(f'#past-board g.piece[data-square="{first[1]}"]')).to_have_count(0)
    # Forward again, and Escape back to the game.
    page.keyboard.press("ArrowRight")
    expect(page.locator("#move-list .ply.current")).to_have_text(f"{first[0]}-{first[1]}")
    page.keyboard.press("Escape")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#past")).to_be_hidden()
    expect(page.locator("#move-list .ply.current")).to_have_count(0)
    # The list's own buttons do the same: back one, then "Back to the game".
    page.click("#move-list .ply >> nth=2")
    page.click("#past-prev")
    expect(page.locator("#move-list .ply.current")).to_have_count(1)
    expect(page.locator("#move-list .ply >> nth=1")).to_have_class(re.compile(r"\bcurrent\b"))
    page.click("#past-back")
    expect(page.locator("#past")).to_be_hidden()
    # The game goes on from the live board.
    play_a_move(page)
    wait_to_decide(page, 9)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "story-classic.png"))


def test_an_eight_player_team_game_fits_a_wide_window(server, browser):  # noqa: F811
    page = browser.new_context(viewport={"width": 1600, "height": 900}).new_page()
    start(page, server, "legends", players=8)
    expect(page.locator("#question-text")).to_contain_text("reshuffle")
    board = page.locator("#board svg").bounding_box()
    assert board is not None
    # The whole board in the window, no scrolling either way.
    assert board["x"] >= 0 and board["x"] + board["width"] <= 1600
    assert board["y"] >= 0 and board["y"] + board["height"] <= 900
    assert page.evaluate("document.documentElement.scrollWidth") <= 1600
    # Squares large enough to read: 32 files across.
    square = page.locator('#board use[data-square="a1"]').bounding_box()
    assert square is not None and square["width"] >= 40
    # The question leaves the game code and the seats in view.
    question = page.locator("#question").bounding_box()
    for panel in ("#code-box", "#seats"):
        box = page.locator(panel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, panel
        assert not boxes_overlap(question, box), panel
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "story-team8.png"))


def test_a_game_joined_before_the_page_has_loaded_its_options(server, browser):  # noqa: F811
    # The server's answer to /api/options is held back until after Join is pressed: the join
    # must still go through (once the page can handle it), not reload the lobby.
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    host.set_default_timeout(TIMEOUT)
    host.goto(server)
    host.select_option("#opponent", "human")
    host.click("#start")
    expect(host.locator("#code")).not_to_be_empty()
    code = host.locator("#code").inner_text()
    guest = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    guest.set_default_timeout(TIMEOUT)
    held = []
    guest.route("**/api/options", lambda route: held.append(route))
    guest.goto(server, wait_until="domcontentloaded")
    guest.fill("#join-code", code)
    guest.click("#join")
    assert held, "the options were not asked for"
    expect(guest.locator("#lobby")).to_be_visible()
    held[0].continue_()
    expect(guest.locator("#table")).to_be_visible()
    expect(guest.locator("#seats")).to_contain_text("gray: anonymous (you)")


def test_on_a_phone_the_question_leaves_the_code_and_seats_uncovered(server, browser):  # noqa: F811
    page = browser.new_context(viewport={"width": 400, "height": 800}).new_page()
    start(page, server, "legends")
    expect(page.locator("#question-text")).to_contain_text("reshuffle")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    # Scrolled anywhere, the question never lies over the game code or the seats.
    for y in (0, 300, 600):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        question = page.locator("#question").bounding_box()
        for panel in ("#code-box", "#seats"):
            assert not boxes_overlap(question, page.locator(panel).bounding_box()), (y, panel)
    page.click('#question-choices button[data-action="keep"]')
    expect(page.locator("#question")).to_be_hidden()

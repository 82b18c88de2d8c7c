"""The setup board in a real headless browser (Debian's chromium, driven by Playwright; see
``test_web_browser.py`` for how the server is started and the browser found).

A classic game against the computer: the player places the Flag in the back row by clicking,
swaps two squares, fills the rest at random, saves the setup under a name, sends it, plays
two moves by clicking and resigns; the game's start, as the player's own view shows it, has the pieces
where the player put them. And at a phone's width the setup board fits the screen.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from legends_core.setupline import setup_table
from test_browser_endings import quiet_move
from test_web_browser import OUTPUT, TIMEOUT, browser, server, target, wait_to_decide  # noqa: F401

#: The squares of red's setup area in setup-line order (the back row first).
RED_SQUARES = [f"{f}{r}" for r in range(1, 5) for f in "abcdefghij"]


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    p.set_default_timeout(TIMEOUT)
    yield p
    context.close()


def start_classic(page: Page, server: str) -> None:  # noqa: F811
    page.goto(server)
    page.select_option("#rules", "classic")
    page.select_option("#opponent", "random")
    page.select_option("#side", "red")
    page.fill("#turn-limit", "10")
    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-phase", "arranging")


def cell(page: Page, square: str):
    return page.locator(f'#arrange-grid .cell[data-cell="{square}"]')


def line(page: Page) -> str:
    return str(page.locator("#arrange").get_attribute("data-line"))


def own_pieces_named(page: Page, rules: str, seat: str) -> dict[str, str]:
    """Square -> setup-line character of the player's own pieces on the board, from the view
    the page holds."""
    chars = {name: ch for ch, (name, _) in setup_table(rules, seat).items()}
    pieces = page.evaluate("me.shown.view.pieces.filter((p) => p.owner === me.seat && p.square)")
    return {p["square"]: chars[p["name"]] for p in pieces}


def own_pieces(page: Page) -> dict[str, str]:
    return own_pieces_named(page, "classic", "red")


def test_arranging_a_classic_army_by_clicking_then_playing(server, page):  # noqa: F811
    start_classic(page, server)
    # The board starts empty, the whole army in the tray, named as the edition names it.
    expect(page.locator("#arrange-grid .cell")).to_have_count(40)
    expect(page.locator('#arrange-tray .tray-piece[data-char="2"]')).to_contain_text("Scout ×8")
    assert line(page) == "." * 40
    # The Flag into the back row (e1), clicked from the tray; then two Bombs beside it.
    page.click('#arrange-tray .tray-piece[data-char="F"]')
    cell(page, "e1").click()
    page.click('#arrange-tray .tray-piece[data-char="B"]')
    cell(page, "d1").click()
    cell(page, "f1").click()
    expect(cell(page, "e1")).to_have_attribute("data-char", "F")
    # The Bomb stays picked for the next square until clicked again in the tray.
    expect(page.locator('#arrange-tray .tray-piece[data-char="B"]')).to_have_class(
        "tray-piece picked")
    page.click('#arrange-tray .tray-piece[data-char="B"]')
    # A reload keeps what was arranged so far (nothing is sent yet).
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-phase", "arranging")
    expect(cell(page, "e1")).to_have_attribute("data-char", "F")
    expect(cell(page, "f1")).to_have_attribute("data-char", "B")
    # The Flag clicked and then the Bomb's square: they swap.
    cell(page, "e1").click()
    cell(page, "d1").click()
    expect(cell(page, "d1")).to_have_attribute("data-char", "F")
    expect(cell(page, "e1")).to_have_attribute("data-char", "B")
    page.click("#arrange .random-fill")
    arranged = line(page)
    assert "." not in arranged and arranged[3:6] == "FBB"
    # Swap two squares of the front row after the fill.
    a4, j4 = arranged[30], arranged[39]
    cell(page, "a4").click()
    cell(page, "j4").click()
    arranged = line(page)
    assert (arranged[30], arranged[39]) == (j4, a4)
    # The line is shown as text, and the arrangement can be saved under a name.
    expect(page.locator("#arrange-line")).to_have_value(arranged)
    page.fill("#arrange-name", "corner flag")
    page.click("#arrange .save-setup")
    expect(page.locator("#arrange-saved option")).to_have_text(["corner flag"])
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "web-arrange.png"))
    page.click("#arrange .ready")
    wait_to_decide(page, 1)
    expect(page.locator("#arrange")).to_be_hidden()
    # The game's start: every piece where the player put it.
    assert own_pieces(page) == dict(zip(RED_SQUARES, arranged, strict=True))
    # Two moves by clicking: a piece that may move, then one of its targets.
    for turn in (1, 3):  # the computer (blue) plays turn 2
        wait_to_decide(page, turn)
        src, dst = quiet_move(page)  # onto an empty square: the game cannot end by it
        page.locator(f'#board g.piece[data-square="{src}"]').click()
        target(page, dst)
        expect(page.locator("body")).not_to_have_attribute("data-turn", str(turn))
    # Then the player resigns: the game ends, won by the computer.
    wait_to_decide(page, 5)
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end-reason")).to_have_text("You resigned.")
    # The saved setup is kept for the next classic game, and loads onto its board.
    start_classic(page, server)
    page.select_option("#arrange-saved", "corner flag")
    page.click("#arrange .load-setup")
    assert line(page) == arranged


def test_a_typed_line_is_checked_before_it_is_used(server, page):  # noqa: F811
    start_classic(page, server)
    page.fill("#arrange-line", "FF" + "." * 38)
    page.click("#arrange .use-line")
    expect(page.locator("#arrange-error")).to_contain_text("one Flag too many")
    assert line(page) == "." * 40
    page.fill("#arrange-line", "F" + "." * 39)
    page.click("#arrange .use-line")
    expect(cell(page, "a1")).to_have_attribute("data-char", "F")
    # Sent with empty squares: the server deals them.
    page.click("#arrange .ready")
    wait_to_decide(page, 1)
    mine = own_pieces(page)
    assert len(mine) == 40 and mine["a1"] == "F"


def test_the_setup_board_fits_a_phone(server, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    start_classic(page, server)
    page.click("#arrange .random-fill")
    grid = page.locator("#arrange-grid").bounding_box()
    assert grid is not None and grid["x"] >= 0 and grid["x"] + grid["width"] <= 400
    assert grid["width"] > 300
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    # Each square is big enough to tap.
    square = cell(page, "a1").bounding_box()
    assert square is not None and square["width"] >= 30
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "web-arrange-phone.png"), full_page=True)
    context.close()


def test_two_people_arrange_in_turn_and_neither_sees_the_others_setup(server, browser):  # noqa: F811
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    for p in (ann, bob):
        p.set_default_timeout(TIMEOUT)
    ann.goto(server)
    ann.select_option("#rules", "narnia-1")
    ann.select_option("#opponent", "human")
    ann.select_option("#side", "red")
    ann.click("#start")
    expect(ann.locator("body")).to_have_attribute("data-phase", "arranging")
    expect(ann.locator('#arrange-tray .tray-piece[data-char="2"]')).to_contain_text("Leopard")
    ann.click("#arrange .random-fill")
    ann_line = line(ann)
    ann.click("#arrange .ready")
    # Sent: the board is kept as sent, and the page waits for the other player.
    expect(ann.locator("#arrange-status")).to_contain_text("the game begins when blue is ready")
    expect(ann.locator("#arrange .ready")).to_be_hidden()
    # A change of mind: the line sent comes back to the board, to change and send again.
    ann.click("#arrange .unready")
    expect(ann.locator("#arrange .ready")).to_be_visible()
    expect(ann.locator("#arrange-status")).to_contain_text("red (you): arranging")
    assert line(ann) == ann_line
    ann.click('#arrange-grid .cell[data-index="0"]')
    ann.click('#arrange-grid .cell[data-index="39"]')  # two squares: swapped
    ann_line = ann_line[39] + ann_line[1:39] + ann_line[0]
    assert line(ann) == ann_line
    ann.click("#arrange .ready")
    expect(ann.locator("#arrange .unready")).to_be_visible()
    code = ann.locator("#code").inner_text()
    bob.goto(server)
    bob.fill("#join-code", code)
    bob.click("#join")
    expect(bob.locator("body")).to_have_attribute("data-phase", "arranging")
    expect(bob.locator("#arrange-status")).to_contain_text("red: ready")
    expect(bob.locator('#arrange-tray .tray-piece[data-char="2"]')).to_contain_text("Wolf")
    # Blue's back row is drawn at the bottom, seen from blue's side (j10 on the left).
    last_row = bob.locator("#arrange-grid .cell").nth(30)
    assert last_row.get_attribute("data-cell") == "j10"
    assert line(bob) == "." * 40  # nothing of red's setup
    bob.click("#arrange .random-fill")
    bob_line = line(bob)
    bob.click("#arrange .ready")
    wait_to_decide(ann, 1)
    expect(bob.locator("#decision")).to_have_text("Waiting for red…")
    assert own_pieces_named(ann, "narnia-1", "red") == dict(zip(RED_SQUARES, ann_line, strict=True))
    blue_squares = [f"{f}{r}" for r in range(10, 6, -1) for f in "jihgfedcba"]
    assert own_pieces_named(bob, "narnia-1", "blue") == dict(zip(blue_squares, bob_line,
                                                                 strict=True))
    # Each page holds nothing of the other's pieces but where they stand.
    hidden = bob.evaluate("me.shown.view.pieces.filter((p) => p.owner === 'red')"
                          ".map((p) => p.name)")
    assert len(hidden) == 40 and set(hidden) == {None}
    for c in contexts:
        c.close()


def test_an_army_smaller_than_its_area_leaves_squares_empty(server, page):  # noqa: F811
    # Ultimate Lightning: 20 pieces on a 40-square area. Random fill places them all; the
    # squares left over stay empty in the game.
    page.goto(server)
    page.select_option("#rules", "ultimate-lightning")
    page.select_option("#opponent", "random")
    page.select_option("#side", "red")
    page.click("#start")
    expect(page.locator("#arrange .ready")).to_have_text("Ready (deal the 20 pieces left)")
    page.click("#arrange .random-fill")
    expect(page.locator("#arrange .ready")).to_have_text("Ready")
    arranged = line(page)
    assert arranged.count(".") == 20
    page.click("#arrange .ready")
    wait_to_decide(page, 1)
    expected = {sq: ch for sq, ch in zip(RED_SQUARES, arranged, strict=True) if ch != "."}
    assert own_pieces_named(page, "ultimate-lightning", "red") == expected

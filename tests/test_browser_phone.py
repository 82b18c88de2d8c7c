"""The board on a 400 px phone and the team games' long boards, in a real browser: no text on
the board under 11 CSS pixels, zoom and pan (buttons, ctrl+wheel, keys), the edition list
with whole titles, and the optional sounds."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from test_web_browser import TIMEOUT, browser, chromium, server, wait_to_decide  # noqa: F401

PHONE = {"width": 400, "height": 800}
LEGIBLE = 11  # CSS pixels

# The rendered size of every piece of text the board shows (its font size in the picture
# times the picture's scale on the screen), with the text itself.
SIZES = """() => [...document.querySelectorAll('#board svg text')].filter((t) => {
    if (t.closest('[hidden]')) return false;
    const s = getComputedStyle(t);
    return s.display !== 'none' && s.visibility !== 'hidden' && t.getBBox().width > 0
      && !t.closest('defs') && getComputedStyle(t.closest('g') || t).display !== 'none';
  }).map((t) => [parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a, t.textContent])"""


def phone(browser: Browser) -> Page:  # noqa: F811
    page = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    page.set_default_timeout(TIMEOUT)
    page.on("pageerror", lambda e: pytest.fail(f"the page threw: {e}"))
    return page


def small_text(page: Page) -> list[tuple[float, str]]:
    return [(round(px, 1), text) for px, text in page.evaluate(SIZES) if px < LEGIBLE - 0.05]


def test_board_text_is_legible_on_a_phone(server, browser):  # noqa: F811
    page = phone(browser)
    page.goto(server)
    # The edition list shows whole titles; the description is written beside it.
    expect(page.locator("#rules option")).not_to_have_count(0)
    for text in page.locator("#rules option").all_inner_texts():
        assert ":" not in text and len(text) <= 40, text
    width = page.evaluate("""() => { const s = document.querySelector('#rules');
        const c = document.createElement('canvas').getContext('2d');
        c.font = getComputedStyle(s).font;
        return Math.max(...[...s.options].map((o) => c.measureText(o.text).width)) + 30 <= s.clientWidth; }""")
    assert width, "an edition's title is cut off in the list"
    expect(page.locator("#rules-about")).to_contain_text("8x8 battle boards")
    # Classic: a 10x10 board, with its whole army known to its owner.
    page.select_option("#rules", "classic")
    page.select_option("#opponent", "random")
    page.click("#start")
    page.click("#arrange .random-fill")
    page.click("#arrange .ready")
    wait_to_decide(page, 1)
    assert small_text(page) == []
    # A short form of each piece's name is shown; the whole name is in its square's label.
    piece = page.locator("#board g.piece").first
    expect(piece.locator("text.a")).to_be_visible()
    expect(piece.locator("text.n")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()


def test_a_team_board_zooms_and_pans_on_a_phone(server, browser):  # noqa: F811
    page = phone(browser)
    page.goto(server)
    page.select_option("#players", "8")
    page.select_option("#opponent", "random")
    page.fill("#turn-limit", "1")
    page.click("#start")
    expect(page.locator("#question-text")).to_contain_text("reshuffle")
    board = page.locator("#board")
    # The whole long board would be unreadable: it is drawn legibly and the box scrolls.
    assert small_text(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    scroll = board.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert scroll[0] > scroll[1]
    svg = page.locator("#board svg")
    base = svg.bounding_box()["width"]
    page.click("#zoom-in")
    expect(page.locator("body")).to_have_attribute("data-zoom", "1.25")
    assert svg.bounding_box()["width"] > base * 1.2
    # Panning: the box scrolls.
    board.evaluate("b => { b.scrollLeft = 300; }")
    assert board.evaluate("b => b.scrollLeft") > 0
    page.click("#zoom-fit")
    expect(page.locator("body")).to_have_attribute("data-zoom", "1.00")
    assert abs(svg.bounding_box()["width"] - base) < 2
    # The minus button does not go below the legible size.
    expect(page.locator("#zoom-out")).to_be_disabled()
    # Two fingers spreading apart on the board zoom it in.
    box = board.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2
    touch = page.context.new_cdp_session(page)

    def fingers(kind: str, gap: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": cx - gap, "y": cy, "id": 1},
                                                {"x": cx + gap, "y": cy, "id": 2}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 30)
    for gap in (45, 60, 75):
        fingers("touchMove", gap)
    fingers("touchEnd", 0)
    assert float(page.locator("body").get_attribute("data-zoom") or 0) > 2
    page.context.close()


def test_a_team_board_zooms_on_a_desktop_with_ctrl_wheel_and_keys(server, browser):  # noqa: F811
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server)
    page.select_option("#players", "8")
    page.select_option("#opponent", "random")
    page.fill("#turn-limit", "1")
    page.click("#start")
    expect(page.locator("#question-text")).to_contain_text("reshuffle")
    svg = page.locator("#board svg")
    base = svg.bounding_box()["width"]
    box = page.locator("#board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -300)
    page.keyboard.up("Control")
    expect(page.locator("body")).not_to_have_attribute("data-zoom", "1.00")
    assert svg.bounding_box()["width"] > base * 1.5
    assert small_text(page) == []  # zoomed in, the names are legible
    # From the keyboard, on the board: 0 fits it again, + zooms in.
    page.locator("#board use[data-square][tabindex='0']").focus()
    page.keyboard.press("0")
    expect(page.locator("body")).to_have_attribute("data-zoom", "1.00")
    page.keyboard.press("+")
    expect(page.locator("body")).to_have_attribute("data-zoom", "1.25")
    page.context.close()


def test_sounds_are_off_until_turned_on_and_remembered(server, browser):  # noqa: F811
    page = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server)
    expect(page.locator("#sound")).not_to_be_checked()
    page.check("#sound")
    expect(page.locator("body")).to_have_attribute("data-sound", "move")  # a sample
    page.reload()
    expect(page.locator("#sound")).to_be_checked()
    page.select_option("#opponent", "random")
    page.select_option("#side", "beige")
    page.select_option("#position", "castle-hunt")
    page.evaluate("document.body.dataset.sound = ''")
    page.click("#start")
    wait_to_decide(page, 1)
    expect(page.locator("body")).to_have_attribute("data-sound", "move")  # our turn
    page.locator('#board g.piece[data-square="c3"]').click()
    page.locator('#board rect.target[data-square="c4"]').click()
    wait_to_decide(page, 3)
    page.locator('#board g.piece[data-square="c4"]').click()
    page.locator('#board rect.target[data-square="c5"]').click()
    expect(page.locator("body")).to_have_attribute("data-phase", "over")
    expect(page.locator("body")).to_have_attribute("data-sound", "end")
    page.click("#end-close")
    page.uncheck("#sound")
    page.reload()
    expect(page.locator("#sound")).not_to_be_checked()
    page.context.close()

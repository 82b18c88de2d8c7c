"""The page for the keyboard and for screen readers, in a real browser.

A whole game is played with the keyboard alone (no mouse call at all): the lobby's form, the
board's squares (one tab stop, then arrow keys, Enter, Escape), to the end. The squares are
labelled from the seat's view only, and a live region reads out the moves and whose turn it
is. axe-core finds no serious or critical violation on the lobby, the setup, the game and the
end. A game between two people asks the server nothing it refuses (the move list used to be
asked for during setup: a 400 for each seat).
"""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from test_web_browser import (  # noqa: F401
    TIMEOUT,
    browser,
    chromium,
    keep_the_deal,
    new_page,
    server,
    wait_to_decide,
)

AXE = Axe()


def focused(page: Page) -> str:
    return page.evaluate("() => { const e = document.activeElement; "
                         "return e ? (e.id || e.dataset.square || e.tagName) : ''; }")


def tab_to(page: Page, element_id: str, most: int = 60) -> None:
    """Press Tab until the element with ``element_id`` has the keyboard."""
    for _ in range(most):
        if focused(page) == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id} (stopped on {focused(page)})")


def choose_by_keys(page: Page, element_id: str, value: str) -> None:
    """Pick ``value`` in a select with the arrow keys."""
    tab_to(page, element_id)
    sel = page.locator(f"#{element_id}")
    for key in ("Home",) + ("ArrowDown",) * 30:
        if sel.input_value() == value:
            return
        page.keyboard.press(key)
    assert sel.input_value() == value


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    result = AXE.run(page).response
    assert result["testEngine"]["name"] == "axe-core" and result["url"] == page.url  # it ran
    found = result["violations"]
    print(page.url, [(v["id"], v["impact"], len(v["nodes"])) for v in found])
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("serious", "critical")]


def test_a_whole_game_played_by_keyboard_alone(server, browser):  # noqa: F811
    page = new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    expect(page.locator("#rules option")).not_to_have_count(0)
    choose_by_keys(page, "opponent", "random")
    choose_by_keys(page, "side", "beige")
    choose_by_keys(page, "position", "castle-hunt")
    tab_to(page, "start")
    page.keyboard.press("Enter")
    wait_to_decide(page, 1)
    # One tab stop for the board: the first square it gives the keyboard is one of ours.
    tab_to(page, "c3")
    square = page.locator('#board use[data-square="c3"]:not(.piece)')
    expect(square).to_have_attribute("aria-label", "c3, your Tiera (9); you can act with this piece")
    assert page.locator('#board use[data-square][tabindex="0"]').count() == 1
    expect(page.locator("#board .focus-ring")).not_to_have_count(0)  # focus is visible
    # Other squares: an unknown enemy piece, an empty square with its terrain.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused(page) == "c5"
    expect(page.locator('#board use[data-square="c5"]:not(.piece)')).to_have_attribute(
        "aria-label", "c5, an unknown gray piece")
    page.keyboard.press("ArrowDown")
    assert focused(page) == "c4"
    assert page.locator('#board use[data-square="c4"]:not(.piece)').get_attribute(
        "aria-label").startswith("c4, empty, ")
    # Enter on our piece selects it; Escape clears; Enter again, then Enter on a target moves.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator('#board rect.selected[data-square="c3"]')).to_have_count(1)
    expect(square).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#board rect.selected")).to_have_count(0)
    page.keyboard.press(" ")
    expect(page.locator('#board rect.selected[data-square="c3"]')).to_have_count(1)
    page.keyboard.press("ArrowUp")
    expect(page.locator('#board use[data-square="c4"]:not(.piece)')).to_have_attribute(
        "aria-label", "c4, empty, " + page.locator('#board use[data-square="c4"]:not(.piece)')
        .get_attribute("aria-label").split(", ")[2].split(";")[0] + "; you can choose this square")
    page.keyboard.press("Enter")
    # The move is read out, and then whose turn it is; the keyboard stays on the board.
    expect(page.locator("#announce")).to_contain_text("c3-c4")
    wait_to_decide(page, 3)
    expect(page.locator("#announce")).to_contain_text("Your turn")
    assert focused(page) == "c4"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-phase", "over")
    expect(page.locator("#end-title")).to_have_text("You won!")
    # The end dialog fits the window, and its replay too once opened (it scrolls inside).
    tab_to(page, "replay-open")
    page.keyboard.press("Enter")
    expect(page.locator("#replay-board svg")).to_be_visible()
    end = page.locator("#end").bounding_box()
    assert end is not None and end["y"] >= 0 and end["y"] + end["height"] <= 800
    assert errors == []  # the page's scripts threw nothing on the way
    page.context.close()


def test_the_pages_pass_an_axe_audit(server, browser):  # noqa: F811
    page = new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    expect(page.locator("#rules option")).not_to_have_count(0)
    assert serious(page) == [], "lobby"
    # Classic: the setup board first.
    page.select_option("#rules", "classic")
    page.select_option("#opponent", "random")
    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-phase", "arranging")
    assert serious(page) == [], "setup"
    # The setup grid by keyboard: Enter on two squares swaps their pieces.
    page.click("#arrange .random-fill")
    cells = page.locator("#arrange-grid .cell")
    first, second = cells.nth(0), cells.nth(1)
    before = (first.get_attribute("data-char"), second.get_attribute("data-char"))
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cell") == second.get_attribute("data-cell")
    page.keyboard.press("Enter")
    assert (first.get_attribute("data-char"), second.get_attribute("data-char")) == before[::-1]
    page.click("#arrange .ready")
    wait_to_decide(page)
    assert serious(page) == [], "game"
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    assert serious(page) == [], "end"
    assert errors == []
    page.context.close()


def test_two_people_set_up_and_play_without_a_refused_request(server, browser):  # noqa: F811
    alice, bob = new_page(browser), new_page(browser)
    refused: list[str] = []
    for page in (alice, bob):
        page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    alice.goto(server)
    alice.select_option("#rules", "classic")
    alice.select_option("#opponent", "human")
    alice.select_option("#side", "red")
    alice.click("#start")
    expect(alice.locator("#code")).to_have_text(re.compile(r"^[A-Z2-9-]{23}$"))
    code = alice.locator("#code").inner_text()
    bob.goto(f"{server}/game/{code}")
    bob.click("#join")
    for page in (alice, bob):
        expect(page.locator("body")).to_have_attribute("data-phase", "arranging")
        page.click("#arrange .random-fill")
        page.click("#arrange .ready")
    wait_to_decide(alice, 1)
    expect(bob.locator("body")).to_have_attribute("data-phase", "waiting")
    # The move list came once the game began.
    expect(alice.locator("#move-list th")).not_to_have_count(0)
    assert refused == []
    alice.context.close()
    bob.context.close()


def test_the_live_region_leaves_out_the_setup_commitment(server, browser):  # noqa: F811
    # A Stratego Legends game from its deal starts with the hidden setups' commitment: its
    # digest is in the log for whoever checks it, but the live region does not read it out.
    page = new_page(browser)
    page.goto(server)
    expect(page.locator("#rules option")).not_to_have_count(0)
    page.select_option("#opponent", "random")
    page.select_option("#side", "beige")
    page.click("#start")
    # The setup questions: keep the deal, switch nothing; the commitment follows them.
    keep_the_deal(page)
    expect(page.locator("#log")).to_contain_text("sha256")
    expect(page.locator("#announce")).not_to_be_empty()
    assert page.locator("#announce p").count() > 0
    assert "sha256" not in page.locator("#announce").inner_text()
    page.context.close()

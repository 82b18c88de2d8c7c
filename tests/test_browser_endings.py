"""Ending a game by choice in a real headless browser (chromium, driven by Playwright, as in
``test_web_browser.py``): a draw offer the computer declines, then a resignation, with the
end screen naming both."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from test_web_browser import browser, keep_the_deal, new_page, select, server, wait_to_decide  # noqa: F401


def arrange_at_random(page: Page) -> None:
    """Take a dealt setup as it is (classic games begin with each player arranging theirs)."""
    page.click("#arrange .random-fill")
    page.click("#arrange .ready")


#: Where :func:`arrange_safely` puts the Flag (e1) and three Bombs (d1, f1, e2), as indices
#: of the setup line (the back row first).
GUARDED = {4: "F", 3: "B", 5: "B", 14: "B"}


def arrange_safely(page: Page) -> None:
    """A dealt setup, but with the Flag in the back row behind Bombs: a test that plays a few
    turns against the random computer must not end early because the deal left the Flag
    where a Scout reaches it on the computer's first move."""
    page.click("#arrange .random-fill")
    dealt = list(str(page.locator("#arrange").get_attribute("data-line")))
    for ch in GUARDED.values():
        dealt.remove(ch)
    rest = iter(dealt)
    line = "".join(GUARDED[i] if i in GUARDED else next(rest) for i in range(40))
    page.fill("#arrange-line", line)
    page.click("#arrange .use-line")
    expect(page.locator("#arrange")).to_have_attribute("data-line", line)
    page.click("#arrange .ready")


def quiet_move(page: Page) -> tuple[str, str]:
    """A move the player may make onto an empty square (no attack, so the game cannot end by
    it), as (from, to): the first such in the page's own list of moves."""
    move = page.evaluate("""(() => {
      const taken = new Set(me.shown.view.pieces.filter((p) => p.square).map((p) => p.square));
      for (const [from, targets] of Object.entries(me.options.moves)) {
        const to = targets.find((square) => !taken.has(square));
        if (to) return [from, to];
      }
      return null;
    })()""")
    assert move is not None, "no move onto an empty square"
    return move[0], move[1]


def move_by_clicking(page: Page, turn: int) -> None:
    """Click a piece the page marks as movable, then an empty square it offers (see
    :func:`quiet_move`)."""
    wait_to_decide(page, turn)
    src, dst = quiet_move(page)
    expect(page.locator(f'#board rect.selectable[data-square="{src}"]')).to_have_count(1)
    select(page, src)
    page.locator(f'#board rect.target[data-square="{dst}"]').click()


def test_a_draw_declined_by_the_computer_then_resigning(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server)
    page.select_option("#rules", "classic")
    page.select_option("#opponent", "random")
    page.select_option("#side", "red")
    page.click("#start")
    arrange_safely(page)
    move_by_clicking(page, 1)
    move_by_clicking(page, 3)
    wait_to_decide(page, 5)  # the computer answered both moves
    # A draw offer: the computer declines it at once, and the page says so.
    page.click("#offer-draw")
    expect(page.locator("#offer-line")).to_have_text("red offers a draw; the computer declines")
    expect(page.locator("#log li.offer")).to_have_text(["red offers a draw; the computer declines"])
    expect(page.locator("#offer-draw")).to_be_visible()
    # Resigning asks first; keeping on playing changes nothing.
    page.click("#resign")
    expect(page.locator("#resign-confirm")).to_be_visible()
    page.click("#resign-no")
    expect(page.locator("body")).to_have_attribute("data-phase", "deciding")
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("The computer (blue) won")
    expect(page.locator("#end-reason")).to_have_text("You resigned.")
    expect(page.locator("#endings")).to_be_hidden()


def test_clocks_count_down_on_the_page(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server)
    expect(page.locator("#clock-row")).to_be_hidden()  # the computer is the first choice
    page.select_option("#rules", "classic")
    page.select_option("#opponent", "human")
    expect(page.locator("#clock-row")).to_be_visible()
    page.select_option("#side", "red")
    page.fill("#clock-minutes", "5")
    page.fill("#clock-increment", "3")
    page.click("#start")
    # While the players arrange their setups no clock runs (nor is there anything to resign).
    arrange_at_random(page)
    expect(page.locator("#endings")).to_be_hidden()
    code = page.locator("#code").inner_text()
    # The opponent takes the other seat with a setup line: the game begins, and the clocks.
    assert page.request.post(f"{server}/api/games/{code}/join", data={"setup": "random"}).ok
    expect(page.locator("#clocks")).to_be_visible()
    expect(page.locator("#clocks span.running")).to_have_attribute("data-seat", "red")
    expect(page.locator('#clocks span[data-seat="blue"]')).to_have_text("blue 5:00")
    # The running clock is counted down by the page between messages.
    expect(page.locator("#clocks span.running")).not_to_have_text("red (you) 5:00",
                                                                  timeout=5000)


def test_a_team_that_resigns_sees_the_other_team_named(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server)
    page.select_option("#rules", "legends")
    page.select_option("#players", "4")
    page.select_option("#opponent", "random")
    page.select_option("#side", "gray-2")
    page.click("#start")
    keep_the_deal(page)
    wait_to_decide(page)
    page.click("#resign")
    page.click("#resign-yes")
    # The computers won as a team: the title names the side and both its seats, not one
    # computer seat as a two-player game would.
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("beige (beige-1, beige-2) won")
    expect(page.locator("#end-reason")).to_have_text("You resigned.")

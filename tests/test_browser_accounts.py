"""Accounts in a real headless browser (chromium, driven by Playwright, as in
``test_web_browser.py``): sign up in the header's dialog, play a rated game against the computer
(resigned), and find it in "my games" (filtered, replayed) and on the player page; on a desktop
screen and on a 400 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from test_browser_access import serious
from test_web_browser import TIMEOUT, browser, server  # noqa: F401


def page_of(browser: Browser, width: int, height: int) -> Page:  # noqa: F811
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(TIMEOUT)
    return page


@pytest.mark.parametrize("width,height,name", [(1280, 800, "Desk_Ann"), (400, 800, "Phone_Bo")])
def test_sign_up_play_and_find_the_game(server, browser, width, height, name):  # noqa: F811
    page = page_of(browser, width, height)
    page.goto(server)
    expect(page.locator("#account-open")).to_be_visible()
    page.click("#account-open")
    assert serious(page) == []  # the dialog passes an axe audit
    page.fill("#account-name", name)
    page.fill("#account-password", "short")
    page.click("#account-signup")  # the browser's own check: too short, nothing sent
    expect(page.locator("#account-dialog")).to_be_visible()
    page.fill("#account-password", "a-long-password-1")
    page.click("#account-signup")
    expect(page.locator("#account-dialog")).to_be_hidden()
    expect(page.locator("#account-me")).to_have_text(name)
    expect(page.locator("#account-open")).to_be_hidden()
    expect(page.locator("#name")).to_have_value(name)  # games are played under the account

    # A rated game against the computer, resigned (its POSTs carry the CSRF token).
    page.select_option("#rules", "legends")
    page.select_option("#opponent", "random")
    page.check("#rated")
    page.click("#start")
    expect(page.locator("#resign")).to_be_visible()
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()

    page.goto(server + "/my-games")
    rows = page.locator("#my-games-list tr")
    expect(rows).to_have_count(1)
    expect(rows.nth(0).locator("td").nth(3)).to_have_text("lost")
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("computer (random)")
    page.select_option("#my-games-filters select[name=result]", "won")
    expect(rows).to_have_count(0)
    expect(page.locator("#my-games-empty")).to_be_visible()
    page.select_option("#my-games-filters select[name=result]", "lost")
    expect(rows).to_have_count(1)
    assert serious(page) == []
    rows.nth(0).locator("a.game-replay").click()  # the archive's replay (test_browser_archive)
    expect(page.locator("#archive-board svg")).to_be_visible()
    expect(page.locator("#archive-step")).to_contain_text("0 / ")
    page.click("#archive-next")
    expect(page.locator("#archive-step")).to_contain_text("1 / ")

    # The player page: the header's name links to it.
    page.click("#account-me")
    expect(page.locator("#player-name")).to_have_text(name)
    expect(page.locator("#player-ratings li")).to_have_count(1)
    expect(page.locator("#player-ratings li")).to_contain_text("rated games: 1")
    expect(page.locator("#player-tallies")).to_have_text("1 game played: 0 won, 0 drawn, 1 lost")
    expect(page.locator("#player-games tr")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # fits the screen
    assert serious(page) == []

    # Signed out, the cookie is gone: "my games" asks to sign in.
    page.click("#account-out")
    expect(page.locator("#account-open")).to_be_visible()
    page.goto(server + "/my-games")
    expect(page.locator("#my-games-empty")).to_be_visible()
    expect(page.locator("#my-games-list tr")).to_have_count(0)
    page.context.close()

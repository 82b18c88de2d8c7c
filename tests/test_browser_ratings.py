"""The leaderboard in a real headless browser (chromium, driven by Playwright, as in
``test_web_browser.py``): a rated game against the computer, resigned, puts both on it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_web_browser import TIMEOUT, browser, new_page, server  # noqa: F401


def test_the_leaderboard_shows_a_rated_games_players(server, browser):  # noqa: F811
    page = new_page(browser)
    page.goto(server)
    page.select_option("#rules", "legends")
    page.select_option("#opponent", "random")
    page.fill("#name", "Ann")
    expect(page.locator("#rated")).not_to_be_checked()  # casual unless chosen
    page.check("#rated")
    page.click("#start")
    expect(page.locator("#resign")).to_be_visible()
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    # The header's link leads to the leaderboard; the computer won, so it leads.
    page.goto(server)
    page.click("#ratings-link")
    expect(page.locator("#ratings")).to_be_visible()
    expect(page.locator("#lobby")).to_be_hidden()
    rows = page.locator("#ratings-list tr")
    expect(rows).to_have_count(2)
    # The computer is marked as one (by its id: a person may take any name).
    expect(rows.nth(0).locator("td").nth(1)).to_have_text("computer (random) computer")
    expect(rows.nth(0).locator(".badge.computer")).to_have_count(1)
    expect(rows.nth(1).locator(".badge.computer")).to_have_count(0)
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("Ann")
    # Ratings after one game are provisional: shown with a question mark.
    expect(rows.nth(1).locator("td").nth(2)).to_have_text("1338?")
    expect(rows.nth(1).locator("td").nth(4)).to_have_text("1")
    # Another edition has no rated games yet.
    page.select_option("#ratings-edition", "classic")
    expect(rows).to_have_count(0)
    expect(page.locator("#ratings-empty")).to_be_visible()


def test_a_player_without_a_name_is_shown_in_the_readers_words(server, browser):  # noqa: F811
    # Stored without a name (not as an English word): each reader's page names them.
    page = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800}
                               ).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.select_option("#rules", "legends")
    page.select_option("#opponent", "random")
    page.fill("#name", "")
    page.check("#rated")
    page.click("#start")
    expect(page.locator("#resign")).to_be_visible()
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    page.goto(server + "/ratings")
    # (Other tests of this module may have put more players on the board.)
    who = page.locator("#ratings-list tr td:nth-child(2)")
    expect(who.filter(has_text=re.compile(r"^anonym$"))).to_have_count(1)
    expect(who.filter(has_text=re.compile(r"^(browser|account):"))).to_have_count(0)
    # The same row in English for an English reader.
    english = new_page(browser)
    english.goto(server + "/ratings")
    expect(english.locator("#ratings-list tr td:nth-child(2)").filter(
        has_text=re.compile(r"^anonymous$"))).to_have_count(1)

"""The archive in a real headless browser (chromium, driven by Playwright, as in
``test_web_browser.py``): a signed-in player finishes a game against the computer, finds it in
"my games" (filtered), opens its replay, steps through it by keyboard and sees the record's
setups checked against the commitment; on a desktop screen and on a 400 px phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_browser_access import serious
from test_browser_accounts import page_of
from test_browser_endings import arrange_safely, move_by_clicking
from test_web_browser import browser, server, wait_to_decide  # noqa: F401


@pytest.mark.parametrize("width,height,name", [(1280, 800, "Arch_Desk"), (400, 800, "Arch_Phone")])
def test_finish_find_replay_and_check_a_game(server, browser, width, height, name):  # noqa: F811
    page = page_of(browser, width, height)
    page.goto(server)
    page.click("#account-open")
    page.fill("#account-name", name)
    page.fill("#account-password", "a-long-password-1")
    page.click("#account-signup")
    expect(page.locator("#account-me")).to_have_text(name)
    # A move each, then the player resigns: a short, finished game.
    page.select_option("#rules", "classic")
    page.select_option("#opponent", "random")
    page.select_option("#side", "red")
    page.check("#rated")
    page.click("#start")
    arrange_safely(page)
    move_by_clicking(page, 1)
    wait_to_decide(page, 3)  # the computer answered
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#end")).to_be_visible()
    code = page.locator("#code").inner_text()

    page.goto(server + "/my-games")
    rows = page.locator("#my-games-list tr")
    expect(rows).to_have_count(1)
    page.fill("#my-games-filters input[name=opponent]", "nobody")
    expect(rows).to_have_count(0)
    page.fill("#my-games-filters input[name=opponent]", "random")
    page.select_option("#my-games-filters select[name=finished]", "true")
    expect(rows).to_have_count(1)
    row = rows.nth(0)
    expect(row.locator("td").nth(3)).to_have_text("lost")
    expect(row.locator("td").nth(4)).to_contain_text(re.compile(r"rated \(-\d+\)"))
    expect(row.locator(".archive-check")).to_have_text("checked")
    expect(row.locator("a.game-record")).to_have_attribute("href", f"/api/games/{code}/download")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # fits the screen
    assert serious(page) == []

    row.locator("a.game-replay").click()
    expect(page).to_have_url(f"{server}/replay/{code}")
    expect(page.locator("#archive-board svg")).to_be_visible()
    expect(page.locator("#archive-check")).to_have_class(re.compile(r"\bchecked\b"))
    body = page.locator("body")
    expect(body).to_have_attribute("data-replay-step", "0")
    last = page.locator("#archive-moves .ply").last
    expect(last).to_contain_text("wins")
    page.keyboard.press("End")
    expect(last).to_have_class(re.compile(r"\bcurrent\b"))
    # The step names its ply as the move list does (here who won), not by its notation.
    expect(page.locator("#archive-step")).to_contain_text(last.inner_text().strip())
    steps = int(body.get_attribute("data-replay-step") or 0)
    assert steps >= 3  # a move each, then the resignation
    page.keyboard.press("ArrowLeft")
    expect(body).to_have_attribute("data-replay-step", str(steps - 1))
    page.keyboard.press("Home")
    expect(body).to_have_attribute("data-replay-step", "0")
    page.keyboard.press("ArrowRight")
    expect(body).to_have_attribute("data-replay-step", "1")
    expect(page.locator("#archive-step")).to_contain_text(f"1 / {steps}")
    page.locator("#archive-moves .ply").first.click()
    expect(page.locator("#archive-moves .ply").first).to_have_class(re.compile(r"\bcurrent\b"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # fits the screen
    assert serious(page) == []

    # Anyone with the link sees it: a fresh browser, signed in to nothing.
    other = page_of(browser, width, height)
    other.goto(f"{server}/replay/{code}")
    expect(other.locator("#archive-check")).to_have_class(re.compile(r"\bchecked\b"))
    other.context.close()
    page.context.close()


def test_a_game_going_on_has_no_replay_yet(server, browser):  # noqa: F811
    page = page_of(browser, 1280, 800)
    page.goto(server)
    page.select_option("#rules", "legends")
    page.select_option("#opponent", "random")
    page.click("#start")
    expect(page.locator("#resign")).to_be_visible()
    code = page.locator("#code").inner_text()
    page.goto(f"{server}/replay/{code}")
    expect(page.locator("#archive-error")).to_contain_text("still going on")
    expect(page.locator("#archive-body")).to_be_hidden()
    page.context.close()

"""The lobby in real headless browsers (chromium, driven by Playwright, as in
``test_web_browser.py``): one page posts an open game, another takes it from the lobby's list
and both land in the game; at its end both see "Rematch", one offers, the other accepts, and
both land in a new game with the seats swapped. On a desktop screen and on a 400 px phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from test_browser_access import serious
from test_web_browser import TIMEOUT, browser, server  # noqa: F401

#: the lobby asks the server every few seconds; under load give it a few rounds
SLOW = 4 * TIMEOUT


def page_of(browser: Browser, width: int) -> Page:  # noqa: F811
    page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
    page.set_default_timeout(TIMEOUT)
    return page


def seat(page: Page) -> str:
    return str(page.evaluate("() => me.seat"))


def code(page: Page) -> str:
    return page.locator("#code").inner_text()


@pytest.mark.parametrize("width", [1280, 400])
def test_a_seek_taken_from_the_lobby_and_a_rematch(server, browser, width):  # noqa: F811
    ann, bob = page_of(browser, width), page_of(browser, width)
    name = f"Ann{width}"
    ann.goto(server)
    expect(ann.locator("#seek-post")).to_be_visible()
    ann.fill("#name", name)
    ann.select_option("#seek-rules", "legends")
    ann.fill("#seek-minutes", "10")
    expect(ann.locator("#seek-rated")).to_be_disabled()  # rated needs an account
    ann.click("#seek-post")
    expect(ann.locator("#seek-waiting")).to_be_visible()

    bob.goto(server)
    bob.fill("#name", f"Bob{width}")
    row = bob.locator("#seek-list tr", has_text=name)
    expect(row).to_have_count(1, timeout=SLOW)
    expect(row.locator("td").nth(3)).to_contain_text("10 min + 0 s")  # (+ "casual" on a phone)
    assert serious(bob) == []  # the lobby passes an axe audit
    # Nothing makes the page wider than the screen (a phone would scroll sideways).
    assert bob.evaluate("document.documentElement.scrollWidth") <= width
    row.get_by_role("button", name=re.compile(f"Play {name}'s game")).click()

    # Both land in the game: Bob at once, Ann when her page next asks.
    expect(bob.locator("#table")).to_be_visible()
    expect(ann.locator("#table")).to_be_visible(timeout=SLOW)
    first = code(bob)
    assert code(ann) == first and ann.url.endswith("/game/" + first)
    seats = {"ann": seat(ann), "bob": seat(bob)}
    assert seats["ann"] != seats["bob"]
    expect(ann.locator("#seats")).to_contain_text(f"Bob{width}")
    expect(ann.locator("#clocks")).to_be_visible()

    # Bob resigns; both are offered a rematch; Ann offers it, Bob accepts.
    bob.click("#resign")
    bob.click("#resign-yes")
    for page in (ann, bob):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#rematch")).to_have_text("Rematch")
    ann.click("#rematch")
    expect(ann.locator("#rematch-line")).to_have_text(
        "Rematch offered: waiting for your opponent…")
    expect(bob.locator("#rematch")).to_have_text("Accept the rematch", timeout=SLOW)
    bob.click("#rematch")

    # Both land in the new game, each in the other's seat, with the same clock.
    for page in (ann, bob):
        expect(page.locator("#code")).not_to_have_text(first, timeout=SLOW)
        expect(page.locator("#table")).to_be_visible()
        expect(page.locator("#clocks")).to_be_visible()
    assert code(ann) == code(bob)
    assert (seat(ann), seat(bob)) == (seats["bob"], seats["ann"])
    for page in (ann, bob):
        page.context.close()


def test_public_games_are_listed_to_watch_and_a_link_reads_as_an_invitation(
        server, browser):  # noqa: F811
    carol = page_of(browser, 1280)
    carol.goto(server)
    carol.fill("#name", "Carol")
    carol.select_option("#rules", "legends")
    carol.select_option("#opponent", "human")
    carol.fill("#clock-minutes", "7")
    carol.click("#start")
    expect(carol.locator("#invite-box")).to_be_visible()
    link = carol.locator("#invite-link").inner_text()
    assert link.endswith("/game/" + code(carol))

    dave = page_of(browser, 400)
    dave.goto(link)
    expect(dave.locator("#invitation")).to_have_text(
        "Carol invites you to play Stratego Legends (Avalon Hill, 1999): 7 min + 0 s, casual.")
    dave.fill("#join-name", "Dave")
    dave.click("#join")
    expect(dave.locator("#table")).to_be_visible()
    expect(carol.locator("#invite-box")).to_be_hidden()

    # A third page finds the game among those in progress, and watches it.
    erin = page_of(browser, 400)
    erin.goto(server)
    row = erin.locator("#live-list tr", has_text="Dave")
    expect(row).to_have_count(1, timeout=SLOW)
    expect(row.locator("td").nth(1)).to_contain_text("Carol")
    row.get_by_role("link", name=re.compile("Watch")).click()
    expect(erin.locator("body")).to_have_attribute("data-watching", "true")
    for page in (carol, dave, erin):
        page.context.close()


def signed_up(browser: Browser, server: str, name: str, width: int) -> Page:  # noqa: F811
    """A page signed in to a new account ``name`` (made by the page's own request)."""
    page = page_of(browser, width)
    page.goto(server)
    page.evaluate("""async (name) => {
        const r = await fetch("/api/account/signup", {method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({name, password: "a-long-password-1"})});
        if (!r.ok) throw new Error(await r.text());
    }""", name)
    page.reload()
    expect(page.locator("#account-me")).to_have_text(name)
    return page


def test_a_challenge_by_name_is_seen_and_accepted_in_the_lobby(server, browser):  # noqa: F811
    ann = signed_up(browser, server, "Challenger", 1280)
    bob = signed_up(browser, server, "Challenged", 400)
    ann.select_option("#seek-rules", "legends")
    expect(ann.locator("#seek-rated")).to_be_enabled()
    ann.check("#seek-rated")
    ann.fill("#challenge-to", "challenged")
    ann.click("#challenge-send")
    expect(ann.locator("#challenge-list")).to_contain_text(
        "You challenged Challenged: waiting for an answer.")

    offer = bob.locator("#challenge-list li", has_text="Challenger challenges you")
    expect(offer).to_have_count(1, timeout=SLOW)
    expect(offer).to_contain_text("Stratego Legends (Avalon Hill, 1999), no clock, rated.")
    offer.get_by_role("button", name="Accept Challenger's challenge").click()
    expect(bob.locator("#table")).to_be_visible()
    expect(ann.locator("#table")).to_be_visible(timeout=SLOW)
    assert code(ann) == code(bob) and seat(ann) != seat(bob)
    expect(ann.locator("#seats")).to_contain_text("Challenged")
    for page in (ann, bob):
        page.context.close()

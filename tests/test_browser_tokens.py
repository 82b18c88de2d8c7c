"""Personal access tokens on the page (chromium, driven by Playwright, as in
``test_browser_accounts.py``): signed in, "my games" makes a token, shows it once, lists it
with when it was last used and when it expires (the lifetime chosen, or never), and revokes
it; on a desktop screen and on a 400 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_browser_access import serious
from test_browser_accounts import page_of
from test_web_browser import browser, server  # noqa: F401


@pytest.mark.parametrize("width,height,name", [(1280, 800, "Desk_Tia"), (400, 800, "Phone_Ty")])
def test_the_page_makes_a_token_shows_it_once_and_revokes_it(server, browser,  # noqa: F811
                                                             width, height, name):
    page = page_of(browser, width, height)
    signed = page.request.post(server + "/api/account/signup",
                               data={"name": name, "password": "a-long-password-1"})
    assert signed.ok, signed.text()
    page.goto(server + "/my-games")
    expect(page.locator("#account-me")).to_have_text(name)
    expect(page.locator("#account-tokens")).to_be_visible()
    expect(page.locator("#token-none")).to_be_visible()
    assert serious(page) == []

    page.fill("#token-label", "my bot")
    page.select_option("#token-scope", "read")
    expect(page.locator("#token-expires")).to_have_value("90")  # the server's default too
    page.select_option("#token-expires", "7")
    page.click("#token-make")  # a POST: the page's fetch adds the CSRF token
    expect(page.locator("#token-new")).to_be_visible()
    token = page.locator("#token-value").inner_text()
    assert token.startswith("lgp_")
    rows = page.locator("#token-list tr")
    expect(rows).to_have_count(1)
    expect(rows.nth(0).locator("td").nth(0)).to_have_text("my bot")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text("read")
    expect(rows.nth(0).locator("td").nth(3)).to_have_text("never")
    listed = page.evaluate("fetch('/api/account/tokens').then(r => r.json())")["tokens"][0]
    assert listed["expires"] == pytest.approx(listed["created"] + 7 * 24 * 3600)
    shown = page.evaluate("s => new Date(s * 1000).toLocaleDateString(document.documentElement.lang || undefined)", listed["expires"])
    expect(rows.nth(0).locator("td").nth(4)).to_have_text(shown)
    expect(page.locator("#token-none")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # fits the screen
    assert serious(page) == []

    # The token is the account's to a program ...
    used = page.context.request.get(server + "/api/v1/account",
                                    headers={"Authorization": f"Bearer {token}"})
    assert used.ok and used.json()["name"] == name and used.json()["scope"] == "read"
    # ... and never shown again: the page opened anew lists it, used, without it.
    page.goto(server + "/my-games")
    expect(rows).to_have_count(1)
    expect(rows.nth(0).locator("td").nth(3)).not_to_have_text("never")
    expect(page.locator("#token-new")).to_be_hidden()
    assert token not in page.content()

    # A token asked never to expire says so.
    page.fill("#token-label", "for ever")
    page.select_option("#token-expires", "")
    page.click("#token-make")
    expect(rows).to_have_count(2)
    expect(rows.nth(1).locator("td").nth(4)).to_have_text("never")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator(".token-revoke").nth(1).click()
    expect(rows).to_have_count(1)

    page.click(".token-revoke")
    expect(rows).to_have_count(0)
    expect(page.locator("#token-none")).to_be_visible()
    refused = page.context.request.get(server + "/api/v1/account",
                                       headers={"Authorization": f"Bearer {token}"})
    assert refused.status == 401
    page.context.close()

"""Watching a game in a real headless browser (chromium, driven by Playwright, as in
``test_web_browser.py``): a spectator's page follows a game between a person and the computer
to its end; then both armies are shown and the setup commitment reads as checked, and a page
shown a commitment other than the real one warns."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, WebSocketRoute, expect

from test_web_browser import browser, new_page, select, server, target, wait_to_decide  # noqa: F401

CHECKED = "Setup commitment checked"
WARNING = "Warning: the setup shown now does not match"


def start_against_the_computer(page: Page, server: str) -> str:  # noqa: F811
    page.goto(server)
    page.select_option("#opponent", "random")
    page.select_option("#side", "beige")
    page.select_option("#position", "castle-hunt")
    page.click("#start")
    expect(page.locator("#code")).to_have_text(re.compile(r"^[A-Z2-9]{7}-"))
    return page.locator("#code").inner_text()


def test_a_spectator_watches_a_game_against_the_computer_to_its_end(server, browser):  # noqa: F811
    alice = new_page(browser)
    code = start_against_the_computer(alice, server)
    expect(alice.locator("#watchers")).to_be_hidden()

    # The game's link: no seat is free, so the page watches.
    carol = new_page(browser)
    carol.goto(f"{server}/game/{code}")
    expect(carol.locator("body")).to_have_attribute("data-watching", "true")
    expect(carol.locator("#watching")).to_be_visible()
    expect(carol.locator("#decision")).to_have_text("Watching: beige to move.")
    expect(carol.locator("#controls button")).to_have_count(0)
    expect(carol.locator("#endings")).to_be_hidden()
    # The player is told someone watches.
    expect(alice.locator("#watchers")).to_have_text("1 person is watching")
    # Gray's hidden pieces are hidden from the spectator too; beige's as well.
    expect(carol.locator('#board [data-number="37"]')).to_have_count(0)
    expect(carol.locator('#board [data-number="150"]')).to_have_count(0)

    # The board is drawn from beige's side; the flip button turns it.
    before = carol.locator("#board svg").get_attribute("data-orientation")
    carol.click("#flip")
    expect(carol.locator("#board svg")).not_to_have_attribute("data-orientation", before or "")

    # Alice plays; the spectator follows each move in the log.
    wait_to_decide(alice)
    select(alice, "c3")
    target(alice, "c4")
    expect(carol.locator("#log")).to_contain_text("c3")
    wait_to_decide(alice)
    select(alice, "c4")
    target(alice, "c5")

    # The end: both armies shown to both pages, and the commitment checked by each page.
    for page in (alice, carol):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end .commitment-check")).to_contain_text(CHECKED)
        expect(page.locator("body")).to_have_attribute("data-commitment", "checked")
        expect(page.locator("#board .piece.hidden")).to_have_count(0)
        expect(page.locator('#board [data-number="37"]')).not_to_have_count(0)
        expect(page.locator('#board [data-number="150"]')).not_to_have_count(0)
        # Sarro (153) is shown unless the random computer used its Teleport, which destroys
        # Sarro itself: then the log says so.
        if page.locator('#board [data-number="153"]').count() == 0:
            expect(page.locator("#log")).to_contain_text("Teleport")
    expect(carol.locator("#end-title")).to_have_text("beige won")
    expect(carol.locator("#download-mine")).to_be_hidden()
    expect(alice.locator("#download-mine")).to_be_visible()
    # The full record stays downloadable (by the player, as before; and by the spectator).
    with alice.expect_download() as got:
        alice.click("#download-record")
    assert got.value.suggested_filename == f"legends-{code}.json"

    # A page shown another commitment than the one the setup gives warns.
    mallory = new_page(browser)

    def tamper(ws: WebSocketRoute) -> None:
        real = ws.connect_to_server()

        def relay(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "state" and msg["view"].get("commitment"):
                msg["view"]["commitment"] = "0" * 64
            ws.send(json.dumps(msg))

        real.on_message(relay)

    mallory.route_web_socket(re.compile(r"/ws/"), tamper)
    mallory.goto(f"{server}/game/{code}")
    expect(mallory.locator("#end")).to_be_visible()
    expect(mallory.locator("#end .commitment-check")).to_contain_text(WARNING)
    expect(mallory.locator("body")).to_have_attribute("data-commitment", "mismatch")
    for page in (alice, carol, mallory):
        page.context.close()

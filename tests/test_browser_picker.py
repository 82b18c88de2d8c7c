"""A question with many answers in a real browser: Psychic Devourer's "name the piece you are
attacking" (about 200 answers) gets a searchable picker that fits the window, on a desktop
and on a phone, and is answered from the keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_web_browser import TIMEOUT, browser, chromium, select, server, target  # noqa: F401

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 400, "height": 800}}


def inside(box: dict | None, viewport: dict) -> bool:
    assert box is not None
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5
            and box["y"] + box["height"] <= viewport["height"] + 0.5)


def start_position(server: str, browser, position: str, viewport: dict):  # noqa: F811
    """A page with a game against the random player from the server's test ``position``, at
    beige's first decision."""
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server)
    page.select_option("#rules", "legends")
    page.select_option("#opponent", "random")
    page.select_option("#side", "beige")
    page.select_option("#position", position)
    page.click("#start")
    expect(page.locator("body")).to_have_attribute("data-phase", "deciding")
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_the_devourers_question_is_a_picker_that_fits_and_filters(server, browser, size):  # noqa: F811
    viewport = SIZES[size]
    page = start_position(server, browser, "devourer", viewport)
    select(page, "d4")
    target(page, "d5")
    picker = page.locator("#picker-filter")
    expect(picker).to_be_visible()
    options = page.locator("#picker-list [role=option]")
    total = options.count()
    assert total > 100  # every piece there is
    # The question and the filter are in the window, and the field has the keyboard.
    dialog = page.locator("#question")
    for part in ("#question-text", "#picker-filter"):
        page.locator(part).scroll_into_view_if_needed()
        assert inside(page.locator(part).bounding_box(), viewport), part
    if size == "desktop":  # a floating dialog: wholly inside the window, scrolled inside
        assert inside(dialog.bounding_box(), viewport)
    expect(picker).to_be_focused()
    # Answers show what a person reads and carry the option string they send.
    first = options.first
    assert (first.get_attribute("data-option") or "").startswith("choose ")
    assert first.inner_text().strip() and not first.inner_text().startswith("choose ")
    # Typing filters; the first match is active; the list says how many are left.
    page.keyboard.type("mist gi")
    expect(page.locator("#picker-list [role=option]:visible")).to_have_count(1)
    expect(page.locator("#picker-count")).to_contain_text(f"1 of {total}")
    active = page.locator("#picker-list [aria-selected=true]")
    expect(active).to_contain_text("Mist Giant")
    assert picker.get_attribute("aria-activedescendant") == active.get_attribute("id")
    # Escape clears the filter (the question stays: it must be answered).
    page.keyboard.press("Escape")
    expect(page.locator("#picker-list [role=option]:visible")).to_have_count(total)
    expect(dialog).to_be_visible()
    # The arrow keys move through the answers; Enter answers with the active one.
    page.keyboard.type("mummy")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    expect(active).to_contain_text("Mummy")
    states = page.locator("body").get_attribute("data-states")
    page.keyboard.press("Enter")
    expect(page.locator("body")).not_to_have_attribute("data-states", states or "")
    expect(dialog).to_be_hidden()
    page.context.close()


def test_answers_show_the_servers_labels_under_its_group_headings(server, browser):  # noqa: F811
    page = start_position(server, browser, "devourer", SIZES["desktop"])
    select(page, "d4")
    target(page, "d5")
    expect(page.locator("#picker-filter")).to_be_visible()
    # The server's own words: each answer a piece's name and number, under its army and
    # colour; the status line's turn as the server words it.
    real = page.locator("#picker-list .picker-head")
    assert real.count() > 5
    assert all(" · " in h for h in real.all_inner_texts())
    expect(page.locator("#picker-list [role=option]").first).to_have_text(re.compile(r"\(#\d+\)$"))
    expect(page.locator("#decision")).to_contain_text("Turn 1")
    # The state as the words helper's server sends it: a text for each option, a heading for
    # some, and the turn's own label. Shown again as the page shows any state.
    page.evaluate("""() => {
        const m = structuredClone(me.shown);
        m.labels = {"choose Mist Giant": "Mist Giant (Gray Giants)", "choose Mummy": "Mummy"};
        m.groups = {"choose Mist Giant": "Giants", "choose Mummy": "Undead"};
        m.turn_label = "Round 1, beige";
        show(m);
    }""")
    expect(page.locator("#decision")).to_contain_text("Round 1, beige")
    heads = page.locator("#picker-list .picker-head")
    expect(heads).to_have_text(["Giants", "Undead"])
    giants = page.locator("#picker-list [role=group]").first
    expect(giants.locator("[role=option]")).to_have_text(["Mist Giant (Gray Giants)"])
    assert giants.locator("[role=option]").get_attribute("data-option") == "choose Mist Giant"
    # The filter reads the heading too; the option string itself is what is sent.
    page.locator("#picker-filter").fill("giants")
    expect(page.locator("#picker-list [role=option]:visible")).to_have_count(1)
    sent = page.evaluate("""() => new Promise((done) => {
        const real = me.ws.send.bind(me.ws);
        me.ws.send = (text) => { done(JSON.parse(text).action); real(text); };
        document.querySelector('#picker-list [aria-selected=true]').click();
    })""")
    assert sent == "choose Mist Giant"
    page.context.close()


def test_a_power_button_names_the_power_and_sends_its_option(server, browser):  # noqa: F811
    page = start_position(server, browser, "archer", SIZES["desktop"])
    select(page, "d4")
    power = page.locator('#controls button.power[data-action="distance-strike"]')
    expect(power).to_have_text("Distance Strike")  # the card's name, not the key
    power.click()
    expect(page.locator("#controls button.power")).to_have_count(1)
    target_button = page.locator("#controls button.power").first
    assert target_button.get_attribute("data-option") == "d4 distance-strike d6"
    page.evaluate("""() => { const m = structuredClone(me.shown);
        m.labels = {"d4 distance-strike d6": "Distance Strike at d6"}; show(m); }""")
    select(page, "d4")
    page.locator('#controls button.power[data-action="distance-strike"]').click()
    expect(page.locator("#controls button.power").first).to_have_text("Distance Strike at d6")
    page.context.close()


"""The page's language switch in a real headless browser (chromium, driven by Playwright, as
in ``test_web_browser.py``): the page starts in the browser's language, the switch changes
its words, and the choice survives a reload."""

from __future__ import annotations

from playwright.sync_api import expect

from test_web_browser import TIMEOUT, browser, server  # noqa: F401


def open_page(browser, url, locale):  # noqa: F811
    page = browser.new_context(locale=locale).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    return page


def test_switching_the_language_changes_the_words_and_survives_a_reload(server, browser):  # noqa: F811
    page = open_page(browser, server, "en-US")
    switch = page.get_by_role("combobox", name="Language")
    expect(switch.locator("option")).to_have_text(["English", "Deutsch", "Nederlands"])
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch.select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("combobox", name="Sprache")).to_have_value("de")
    # Marked text added to the page is translated with the catalogue the page loaded.
    page.evaluate("""() => {
        const p = document.createElement("p");
        p.id = "probe"; p.dataset.i18n = ""; p.textContent = "  Language ";
        p.title = "Language"; p.dataset.i18nAttr = "title";
        document.body.append(p); window.i18nTranslate(document);
    }""")
    expect(page.locator("#probe")).to_have_text("Sprache")
    expect(page.locator("#probe")).to_have_attribute("title", "Sprache")
    assert page.evaluate("t('Language')") == "Sprache"
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("combobox", name="Sprache")).to_have_value("de")
    # The choice is sent with every request (the server answers in it).
    assert any(c["name"] == "legends-lang" and c["value"] == "de"
               for c in page.context.cookies())


def test_the_page_starts_in_the_browsers_language(server, browser):  # noqa: F811
    page = open_page(browser, server, "nl-BE")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_role("combobox", name="Taal")).to_have_value("nl")
    assert page.evaluate("t('Language')") == "Taal"


def test_stored_names_read_in_the_readers_language(server, browser):  # noqa: F811
    # The computer's seats are stored in English ("computer (search)", as records keep them);
    # lists built from stored names (the lobby's games, "my games", the leaderboard) word them
    # in the reader's language, and a seat without a name is "anonymous" in it.
    page = open_page(browser, server, "de-DE")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    words = page.evaluate("""() => [personName("computer (search)"), personName(""),
                                    personName(null), personName("Carol"),
                                    personName("computer (search) fan")]""")
    assert words == ["Computer (search)", "anonym", "anonym", "Carol", "computer (search) fan"]

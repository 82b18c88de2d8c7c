"""The page in a real headless browser: Debian's chromium, driven by Playwright.

Two browser contexts (two people, each with their own storage) play a short game to its end
through the page: one starts it from the new-game form, the other joins with the game code,
they move by clicking pieces and squares and pass in windows with the page's buttons. The
opening and the end are kept as screenshots in ``tests/output/``.

Playwright never downloads a browser here: ``scripts/install-test-deps.sh`` installs
Debian's ``chromium`` (set ``LEGENDS_CHROMIUM`` to use another binary).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from legends.web import create_app
from legends.web.wire import UVICORN
from legends_core.testing import position_dict
from webgames import castle_hunt

OUTPUT = Path(__file__).parent / "output"
#: Beige's Psychic Devourer on d4 beside gray's hidden Mist Giant on d5: attacking it asks beige
#: to name the piece it attacks, from every piece there is (a question of some 200 answers).
DEVOURER = {"d4": 60, "d5": 120, "a1": 67, "h8": 176, "b1": 16, "g8": 184}
#: Beige's Frodnaj Archer on d4 with gray's Mist Giant two squares away: its Distance Strike
#: is offered on beige's first turn.
ARCHER = {"d4": 14, "d6": 120, "a1": 67, "h8": 176, "g8": 184}
TIMEOUT = 15_000  # milliseconds Playwright waits for anything on the page


def chromium() -> str:
    path = os.environ.get("LEGENDS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    assert os.path.exists(path), ("no chromium: run scripts/install-test-deps.sh (or set "
                                  "LEGENDS_CHROMIUM)")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    app = create_app(db_path=str(db), positions={"castle-hunt": castle_hunt(),
                                                   "devourer": position_dict(DEVOURER),
                                                   "archer": position_dict(ARCHER)}, computer_time=0.0)
    port = free_port()
    # Served as `legends serve` serves it (its websocket protocol, compressing as it does).
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                        **UVICORN))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), headless=True,
                              args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def new_page(browser: Browser) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.set_default_timeout(TIMEOUT)
    return page


def select(page: Page, square: str) -> None:
    """Click the piece on ``square``."""
    page.locator(f'#board g.piece[data-square="{square}"]').click()


def target(page: Page, square: str) -> None:
    """Click ``square`` where the page marks it as a target of the selected piece."""
    page.locator(f'#board rect.target[data-square="{square}"]').click()


def boxes_overlap(a: dict | None, b: dict | None) -> bool:
    assert a is not None and b is not None
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def arrow_tip(page: Page) -> tuple[float, float]:
    """Where on the page the last action's arrow points (its end, on the square it reached)."""
    x, y = page.evaluate("""() => {
        const line = document.querySelector('#board line.arrow');
        const m = line.getScreenCTM();
        const p = new DOMPoint(Number(line.getAttribute('x2')), Number(line.getAttribute('y2')));
        const q = p.matrixTransform(m);
        return [q.x, q.y];
    }""")
    return float(x), float(y)


def wait_to_decide(page: Page, turn: int | None = None) -> None:
    expect(page.locator("body")).to_have_attribute("data-phase", "deciding")
    if turn is not None:
        expect(page.locator("body")).to_have_attribute("data-turn", str(turn))


def keep_the_deal(page: Page) -> None:
    """Answer Stratego Legends' setup questions without changing anything: keep the deal as
    it is, then switch no pieces."""
    page.click('#question-choices button[data-action="keep"]')
    wait_to_decide(page)
    page.click("#controls button.done")


def pass_until_over(page: Page) -> None:
    """Pass whenever asked until the game ends (the computers play the rest)."""
    body, passing = page.locator("body"), page.locator("#controls button.pass")
    # A guard against a hang, not a measure of speed: generous, as the CI machine is shared.
    deadline = time.monotonic() + 4 * TIMEOUT / 1000
    while body.get_attribute("data-phase") != "over":
        assert time.monotonic() < deadline, "the game did not end"
        states = body.get_attribute("data-states")
        if body.get_attribute("data-phase") == "deciding" and passing.is_visible():
            try:
                # The button can go between looking and clicking (the page moved on).
                passing.click(timeout=2000)
            except PlaywrightTimeout:
                continue
            # Wait for the answer to arrive before looking again (no double pass).
            expect(body).not_to_have_attribute("data-states", states or "")
        else:
            page.wait_for_timeout(50)


def test_two_people_play_a_game_to_its_end_in_the_browser(server, browser):
    OUTPUT.mkdir(exist_ok=True)
    alice, bob = new_page(browser), new_page(browser)

    # Alice starts a game against a person from the form, from the server's short position.
    alice.goto(server)
    alice.select_option("#opponent", "human")
    alice.select_option("#side", "beige")
    alice.select_option("#position", "castle-hunt")
    alice.uncheck("#auto-pass")
    alice.fill("#name", "Alice")
    alice.click("#start")
    expect(alice.locator("#code")).to_have_text(re.compile(r"^[A-Z2-9]{7}-[A-Z2-9]{7}-[A-Z2-9]{7}$"))
    code = alice.locator("#code").inner_text()
    assert alice.url.endswith(f"/game/{code}")

    # A link to the game asks a newcomer to join, as a hint (not in error red); the page has
    # an icon of its own.
    carol = new_page(browser)
    carol.goto(f"{server}/game/{code}")
    expect(carol.locator("#lobby-hint")).to_contain_text(f"Join game {code}")
    assert carol.locator("#lobby-error").inner_text() == ""
    assert carol.locator("#lobby-hint").evaluate("e => getComputedStyle(e).color") != \
        carol.locator("#lobby-error").evaluate("e => getComputedStyle(e).color")
    assert (carol.locator('link[rel="icon"]').get_attribute("href") or "").startswith(
        "data:image/svg+xml,")
    carol.context.close()

    # Bob joins with the code.
    bob.goto(server)
    bob.fill("#join-code", code)
    bob.fill("#join-name", "Bob")
    bob.click("#join")
    expect(bob.locator("#seats")).to_contain_text("gray: Bob (you)")
    expect(alice.locator("#seats")).to_contain_text("gray: Bob")
    expect(bob.locator("#decision")).to_have_text("Waiting for beige…")

    # Each sees their own pieces only, the board turned their way.
    wait_to_decide(alice, 1)
    assert alice.locator('#board g.piece[data-square="c3"]').get_attribute("data-number") == "37"
    assert alice.locator('#board [data-square="c5"].hidden').count() == 1
    assert bob.locator('#board g.piece[data-square="c5"]').get_attribute("data-number") == "136"
    assert bob.locator("#board svg").get_attribute("data-orientation") == "180"
    alice.screenshot(path=str(OUTPUT / "web-opening-beige.png"))
    bob.screenshot(path=str(OUTPUT / "web-opening-gray.png"))

    # Hovering a piece shows its text.
    alice.hover('#board g.piece[data-square="c3"]')
    expect(alice.locator("#info")).to_contain_text("Tiera")

    # Alice clicks her piece, sees its targets, and moves; then both pass the end window.
    select(alice, "c3")
    expect(alice.locator("#board rect.target")).to_have_count(4)
    target(alice, "c4")
    wait_to_decide(alice)
    alice.click("#controls button.pass")
    wait_to_decide(bob)
    bob.click("#controls button.pass")

    # An out-of-turn click does nothing; a message sent out of turn gets an error to Bob only.
    wait_to_decide(bob, 2)
    bob.evaluate("me.ws.send(JSON.stringify({type: 'action', action: 'c4-c5', "
                 "decision: me.decision}))")
    expect(bob.locator("#error")).to_contain_text("not legal")
    assert alice.locator("#error").inner_text() == ""

    # Bob moves and both pass; a reload in the middle keeps Bob in his seat.
    select(bob, "h8")
    target(bob, "h7")
    wait_to_decide(bob)
    bob.reload()
    wait_to_decide(bob)
    expect(bob.locator("#seats")).to_contain_text("gray: Bob (you)")
    expect(bob.locator("#log")).to_contain_text("gray moves")
    bob.click("#controls button.pass")
    wait_to_decide(alice, 2)
    alice.click("#controls button.pass")

    # The log folds the windows' passes away; a toggle shows them.
    wait_to_decide(alice, 3)
    passes = alice.locator("#log li.pass")
    assert passes.count() >= 4
    expect(passes.first).to_be_hidden()
    expect(alice.locator("#pass-count")).to_have_text(str(passes.count()))
    shown = alice.locator("#log li").evaluate_all(
        "items => items.filter((li) => li.offsetParent !== null).map((li) => li.textContent)")
    assert shown and not [line for line in shown if " passes" in line]
    assert any("moves" in line for line in shown)
    alice.check("#show-passes")
    expect(passes.first).to_be_visible()
    expect(passes.first).to_contain_text("passes")
    alice.uncheck("#show-passes")
    expect(passes.first).to_be_hidden()

    # Alice attacks the castle and wins.
    select(alice, "c4")
    target(alice, "c5")
    for page, title in ((alice, "You won!"), (bob, "beige won")):
        expect(page.locator("#end-title")).to_have_text(title)
        expect(page.locator("#end-reason")).to_contain_text("attacked the enemy castle")
    alice.screenshot(path=str(OUTPUT / "web-end-beige.png"))
    bob.screenshot(path=str(OUTPUT / "web-end-gray.png"))

    # The end dialog repeats the game code; the replay buttons are drawn (no font needed).
    expect(bob.locator("#end .dialog-code")).to_have_text(code)
    for name in ("first", "prev", "next", "last"):
        button = bob.locator(f"#replay-{name}")
        assert button.locator("svg path").count() == 1 and button.inner_text().strip() == ""

    # The replay steps through the game.
    bob.click("#replay-open")
    expect(bob.locator("#replay-step")).to_have_text("0 / 7")
    bob.click("#replay-last")
    expect(bob.locator("#replay-step")).to_have_text("7 / 7: c4-c5")
    expect(bob.locator("#replay-board")).to_contain_text("Tiera")
    bob.screenshot(path=str(OUTPUT / "web-replay-gray.png"))
    assert (OUTPUT / "web-end-gray.png").stat().st_size > 10_000


def test_a_game_against_the_computer_with_setup_questions(server, browser):
    page = new_page(browser)
    page.goto(server)
    page.select_option("#opponent", "random")
    page.select_option("#side", "gray")
    page.fill("#turn-limit", "1")
    page.click("#start")
    # The computer (beige) decided first; gray is asked whether to reshuffle beige's pieces.
    expect(page.locator("#question")).to_be_visible()
    expect(page.locator("#question-text")).to_contain_text("reshuffle")
    # The question leaves the game code and the seats in view, and repeats them.
    question = page.locator("#question").bounding_box()
    for panel in ("#code-box", "#seats"):
        assert not boxes_overlap(question, page.locator(panel).bounding_box()), panel
    expect(page.locator("#question .dialog-code")).to_have_text(page.locator("#code").inner_text())
    expect(page.locator("#question .dialog-seats")).to_contain_text("gray: anonymous (you)")
    page.click('#question-choices button[data-action="keep"]')
    # Then gray may switch two of its own pieces: click two, then Done.
    wait_to_decide(page)
    expect(page.locator("#controls button.done")).to_be_visible()
    own = page.locator("#board g.piece[data-number]")
    first, second = (own.nth(i).get_attribute("data-square") for i in (0, 1))
    names = {sq: page.locator(f'#board g.piece[data-square="{sq}"]').get_attribute("data-number")
             for sq in (first, second)}
    select(page, first)
    target(page, second)
    expect(page.locator(f'#board g.piece[data-square="{first}"]')).to_have_attribute(
        "data-number", names[second])
    # The switch is drawn as the last action, an arrow onto the second square; a click where
    # it points reaches the square under it (the arrow does not take clicks).
    expect(page.locator("#board line.arrow")).to_have_count(1)
    wait_to_decide(page)
    x, y = arrow_tip(page)
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y)"
                          ".closest('[data-square]').dataset.square", [x, y])
    assert under == second
    page.mouse.click(x, y)
    expect(page.locator(f'#board rect.selected[data-square="{second}"]')).to_have_count(1)
    page.click("#controls button.done")
    # The computer plays turn 1 (gray passes when asked); the turn limit ends the game.
    pass_until_over(page)
    # Usually the turn limit ends it; the deal is random, so the computer may also have won
    # at once (a castle left next to its pieces, say), and the title then names it.
    expect(page.locator("#end-title")).to_have_text(
        re.compile(r"^(No winner|The computer \(beige\) won)$"))
    if page.locator("#end-title").inner_text().startswith("No winner"):
        expect(page.locator("#end-reason")).to_contain_text("turn limit")


def test_a_team_game_against_the_computer_from_the_form(server, browser):
    page = new_page(browser)
    page.goto(server)
    # Only Stratego Legends is played by teams: the number of players is offered for it alone.
    page.select_option("#rules", "classic")
    expect(page.locator("#players-row")).to_be_hidden()
    page.select_option("#rules", "legends")
    expect(page.locator("#players option")).to_have_count(4)  # 2, 4, 6, 8
    page.select_option("#players", "4")
    expect(page.locator("#side option")).to_have_count(5)  # four seats, or any at random
    page.select_option("#opponent", "random")
    page.select_option("#side", "gray-2")
    page.fill("#turn-limit", "1")
    page.click("#start")
    expect(page.locator("#seats")).to_contain_text("gray-2: anonymous (you)")
    expect(page.locator("#seats")).to_contain_text("beige-2: computer (random)")
    # The three computers set up first; gray-2 sees the wide board from the gray side.
    expect(page.locator("#question-text")).to_contain_text("reshuffle")
    svg = page.locator("#board svg")
    assert svg.get_attribute("data-orientation") == "180"
    assert page.locator("#board line.band").count() == 1
    keep_the_deal(page)
    pass_until_over(page)
    # The turn limit ends it, unless a computer's first move already won (a random deal).
    expect(page.locator("#end-title")).to_have_text(
        re.compile(r"^(No winner|Your team won!|beige \(beige-1, beige-2\) won)$"))


def test_the_board_fits_a_phone(server, browser):
    page = browser.new_context(viewport={"width": 400, "height": 800}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(server)
    page.select_option("#opponent", "random")
    page.select_option("#side", "beige")
    page.select_option("#position", "castle-hunt")
    page.click("#start")
    wait_to_decide(page, 1)
    # The board takes the page's width (the panel beside it moves under it), nothing is wider
    # than the screen, and the side panel comes under the board.
    box = page.locator("#board svg").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 400
    assert box["width"] > 300
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    aside = page.locator("aside").bounding_box()
    assert aside is not None and aside["y"] >= box["y"] + box["height"]
    legend = page.locator("#board svg g.legend").bounding_box()
    assert legend is not None and legend["y"] >= page.locator(
        '#board use[data-square="a1"]').bounding_box()["y"]
    select(page, "c3")
    expect(page.locator("#board rect.target")).to_have_count(4)
    target(page, "c4")
    expect(page.locator("body")).not_to_have_attribute("data-turn", "0")
    expect(page.locator("#board g.piece[data-square=\"c4\"]")).to_have_count(1)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "web-phone.png"))

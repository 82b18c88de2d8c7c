"""Screenshots of the browser client for the docs (``docs/_static/pictures/*.png``): a Stratego
Legends game, a classic game with its move list stepped back, a team game; and the online home:
the lobby with open games and games in progress, the end of a game with both armies shown and
the setup commitment checked, a finished game's replay, and a player's page.

Run from a checkout with the ``web`` extra, Playwright and Debian's chromium (see
``scripts/install-test-deps.sh``)::

    PYTHONPATH=src python scripts/doc_pictures.py [--out docs/_static/pictures]

It starts a server of its own on a free local port with a throw-away store, plays each game
against the computer by clicking, and writes one PNG per game. The deals are random, so each
run gives other pictures of the same kind. The board diagrams in the docs (SVG) are drawn at
every docs build by ``docs/_ext/legends_docs.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from legends.web import create_app

#: The size a picture should stay under (bytes): the docs are read online.
MAX_BYTES = 150_000
TIMEOUT = 60_000  # ms: generous, the computer players think on a busy machine too


@contextmanager
def serving() -> Iterator[str]:
    """A server on a free local port, with a store that is deleted afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(db_path=os.path.join(tmp, "games.sqlite3"), computer_time=0.0)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                            log_level="warning"))
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        while not srv.started:
            time.sleep(0.05)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            srv.should_exit = True
            thread.join(timeout=10)


def start(page: Page, url: str, rules: str, players: int = 2) -> None:
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    page.select_option("#rules", rules)
    if players > 2:
        page.select_option("#players", str(players))
    page.select_option("#opponent", "heuristic")
    page.fill("#name", "Robin")
    page.click("#start")


def decide(page: Page) -> None:
    """Answer the decision in front of the seat as a person would, by clicking: keep the
    deal and its switches, or move a piece one square (the first such move offered)."""
    page.wait_for_selector("body[data-phase=deciding], body[data-phase=arranging], "
                           "body[data-phase=over]")
    if page.locator("body").get_attribute("data-phase") == "over":
        return
    if page.locator("body").get_attribute("data-phase") == "arranging":
        # A classic game begins with each player arranging their army: take a dealt one.
        page.click("#arrange .random-fill")
        page.click("#arrange .ready")
        page.wait_for_selector("body[data-phase=deciding]")
    if page.locator("#question-choices button[data-action=keep]").is_visible():
        page.click("#question-choices button[data-action=keep]")
        return
    if page.locator("#controls button.done").is_visible():
        page.click("#controls button.done")
        return
    options = page.evaluate("me.view.options")
    moves = [o for o in options if re.fullmatch(r"[a-z]{1,2}\d+-[a-z]{1,2}\d+", o)]
    if not moves:  # a window or a question: pass when that may be done, else the first choice
        page.evaluate("(o) => send(o)", "pass" if "pass" in options else options[0])
        return
    src, dst = moves[len(moves) // 2].split("-")
    page.locator(f'#board g.piece[data-square="{src}"]').click()
    page.locator(f'#board rect.target[data-square="{dst}"]').click()


def play(page: Page, decisions: int) -> None:
    """Answer ``decisions`` decisions (fewer if the game ends first)."""
    for _ in range(decisions):
        states = page.locator("body").get_attribute("data-states")
        decide(page)
        expect(page.locator("body")).not_to_have_attribute("data-states", states or "",
                                                          timeout=TIMEOUT)
        if page.locator("body").get_attribute("data-phase") == "over":
            return
    page.wait_for_selector("body[data-phase=deciding], body[data-phase=over]")


def shoot(page: Page, path: Path, part: Locator | None = None) -> None:
    """A picture of ``page`` as the window shows it (or of ``part`` of it only)."""
    page.wait_for_timeout(300)
    (part or page).screenshot(path=str(path))
    size = path.stat().st_size
    print(f"{path}: {size // 1000} kB", "(over the limit)" if size > MAX_BYTES else "")


def chromium() -> str:
    return (os.environ.get("LEGENDS_CHROMIUM") or shutil.which("chromium")
            or "/usr/bin/chromium")


PASSWORD = "pictures-password-1"


def signed_up(browser: Browser, url: str, name: str, width: int = 1200,
              height: int = 700) -> Page:
    """A new page, signed in to a new account ``name`` (made through the page's dialog)."""
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url)
    page.click("#account-open")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#account-signup")
    expect(page.locator("#account-me")).to_have_text(name)
    return page


def people_game(page: Page, rules: str, clock: int | None = None) -> str:
    """A public game between Ash and Wren, started and joined through the API from
    ``page``'s browser (two seats of the same browser: the lobby lists it as in progress)."""
    return str(page.evaluate("""async ([rules, clock]) => {
        const post = async (path, body) => {
            const r = await fetch(path, {method: "POST",
                headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
            if (!r.ok) throw new Error(await r.text());
            return r.json();
        };
        const made = await post("/api/games", {rules, opponent: "human", name: "Ash",
            ...(clock ? {clock: {minutes: clock, increment: 5}} : {})});
        await post(`/api/games/${made.code}/join`, {name: "Wren"});
        return made.code;
    }""", [rules, clock]))


def online_home(browser: Browser, url: str, out: Path) -> None:
    """The lobby, the end of a game, its replay and a player's page."""
    robin = signed_up(browser, url, "Robin")
    # Robin plays a rated classic game against the computer and resigns after a few moves:
    # the end shows both armies and the commitment checked.
    robin.select_option("#rules", "classic")
    robin.select_option("#opponent", "heuristic")
    if robin.locator("#rated").is_enabled():
        robin.check("#rated")
    robin.click("#start")
    play(robin, 6)
    robin.click("#resign")
    robin.click("#resign-yes")
    expect(robin.locator("body")).to_have_attribute("data-commitment", "checked")
    shoot(robin, out / "client-end.png")
    code = robin.locator("#code").inner_text()
    # Its replay, a few steps back from the end.
    robin.goto(f"{url}/replay/{code}")
    expect(robin.locator("#archive-check")).to_contain_text(re.compile("."))
    robin.click("#archive-last")
    for _ in range(4):
        robin.click("#archive-prev")
    shoot(robin, out / "client-replay.png")
    # Robin's page: ratings, tallies, the last games.
    robin.goto(f"{url}/player/Robin")
    expect(robin.locator("#player-games")).to_contain_text(re.compile("."))
    shoot(robin, out / "client-player.png")
    # The lobby: two open games posted, two games between people going on.
    kim = signed_up(browser, url, "Kim")
    kim.select_option("#seek-rules", "legends")
    kim.fill("#seek-minutes", "15")
    kim.fill("#seek-increment", "10")
    kim.check("#seek-rated")
    kim.click("#seek-post")
    expect(kim.locator("#seek-waiting")).to_be_visible()
    robin.goto(url)
    robin.select_option("#seek-rules", "classic")
    robin.fill("#seek-minutes", "5")
    robin.click("#seek-post")
    expect(robin.locator("#seek-waiting")).to_be_visible()
    guest = browser.new_context(viewport={"width": 1200, "height": 800}).new_page()
    guest.set_default_timeout(TIMEOUT)
    guest.goto(url)
    # (started by someone not signed in, so the seats take the names given)
    people_game(guest, "legends", 10)
    people_game(guest, "ultimate-lightning")
    guest.reload()
    expect(guest.locator("#seek-list tr")).to_have_count(2, timeout=4 * TIMEOUT)
    # (the games played for the pictures above are listed as well: they are public too)
    expect(guest.locator("#live-list tr", has_text="Wren")).to_have_count(2, timeout=4 * TIMEOUT)
    guest.locator("#lobby-board").scroll_into_view_if_needed()
    shoot(guest, out / "client-lobby.png", guest.locator("#lobby-board"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="docs/_static/pictures",
                        help="where to write the pictures (default: %(default)s)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with serving() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        # Stratego Legends: the setup answered, a few turns played, a piece's text shown.
        page = browser.new_context(viewport={"width": 1200, "height": 700}).new_page()
        start(page, url, "legends")
        play(page, 6)
        page.locator("#board g.piece[data-number]").nth(3).hover(force=True)
        shoot(page, out / "client-legends.png")
        # Classic: a few moves, then one step back in the move list.
        page = browser.new_context(viewport={"width": 1200, "height": 700}).new_page()
        start(page, url, "classic")
        play(page, 5)
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector("#past:not([hidden])")
        shoot(page, out / "client-classic.png")
        # A team game of four: the reshuffle question over the long board.
        page = browser.new_context(viewport={"width": 1200, "height": 620}).new_page()
        start(page, url, "legends", players=4)
        page.wait_for_selector("#question[open]")
        shoot(page, out / "client-team.png")
        online_home(browser, url, out)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

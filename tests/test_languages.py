"""The programs in German and Dutch: the catalogues are whole and up to date with the sources,
the command line and the server speak the language asked for, and each seat of a game reads
the server's words in its own.

When a test here fails because a message was added or changed: run
``scripts/update-catalogues``, translate the entries it leaves empty or marked fuzzy in
``src/legends/locale/<lang>/LC_MESSAGES/legends.po``, and run it again.
"""

from __future__ import annotations

import ast
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from legends import i18n
from legends.cli import main
from legends.i18n import _, from_environment, language, ngettext
from legends.i18n_extract import extract_html, placeholders, untranslated, update
from legends.web import catalogues, rooms
from webgames import client

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
TODO = ("run scripts/update-catalogues, then translate the entries it leaves empty or marked "
        "fuzzy in src/legends/locale/{lang}/LC_MESSAGES/legends.po")
OTHERS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


def catalogue(code: str):
    with i18n.po_path(code).open("rb") as fh:
        return read_po(fh, locale=code)


def test_german_and_dutch_are_offered():
    assert set(i18n.LANGUAGES) == {"en", "de", "nl"}
    assert all(i18n.po_path(code).is_file() for code in OTHERS)


@pytest.mark.parametrize("code", OTHERS)
def test_every_message_has_a_translation_with_the_same_placeholders(code):
    template = read_po((SRC / "legends/locale/legends.pot").open("rb"))
    po = catalogue(code)
    assert len([m for m in template if m.id]) > 100
    problems = []
    for m in template:
        if not m.id:
            continue
        entry = po.get(m.id)
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        if entry is None or entry.fuzzy:
            problems.append(f"no checked translation: {ids[0]!r}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            problems.append(f"empty translation: {ids[0]!r}")
        for s in strings:
            if placeholders(s) != placeholders(ids[0]):
                problems.append(f"placeholders {sorted(placeholders(s))} in {s!r}, but "
                                f"{sorted(placeholders(ids[0]))} in {ids[0]!r}")
    assert not problems, "\n".join(problems[:20]) + "\n" + TODO.format(lang=code)


def test_the_catalogues_hold_every_message_of_the_sources():
    # The check that catches a message added later and not yet translated.
    missing = untranslated(ROOT)
    for code, messages in missing.items():
        assert not messages, (f"{len(messages)} message(s) of the sources have no {code} "
                              f"translation, e.g. {messages[:5]}; " + TODO.format(lang=code))
    stale = update(ROOT, check=True)
    assert not stale, (f"out of date with the sources: {[str(p.relative_to(ROOT)) for p in stale]}; "
                       + TODO.format(lang="<lang>"))


def test_no_message_is_formatted_before_it_is_translated():
    # _(f"..."), _("..." % x) or _("...".format(x)) cannot be found in a catalogue: the
    # placeholders go in the message, the values after translating it. Nor does the
    # extraction see a call inside an f-string's braces.
    found = []
    for path in (SRC / "legends").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = {id(node) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr)
                  for node in ast.walk(f)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "ngettext", "N_")):
                continue
            formatted = any(isinstance(a, (ast.JoinedStr, ast.BinOp, ast.Call))
                            for a in node.args[:2])
            if formatted or id(node) in inside:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found


def test_the_page_text_is_found_in_the_html():
    page = b"""<html><body>
      <h2 data-i18n>New
        game</h2>
      <label><span data-i18n>Edition</span> <select></select></label>
      <input placeholder="none" title=" the  name " data-i18n-attr="placeholder, title">
      <button data-i18n="Start the game" aria-label="start" data-i18n-attr="aria-label">Go</button>
      <p data-i18n></p><p>not marked</p>
    </body></html>"""
    found = [text for _line, _f, text, _c in extract_html(io.BytesIO(page), [], [], {})]
    assert sorted(found) == sorted(["New game", "Edition", "none", "the name", "Start the game",
                                    "start"])


def test_a_language_is_chosen_by_its_code_and_unknown_ones_are_english():
    message = "show only this side"
    assert _(message) == message
    with language("de"):
        assert i18n.current() == "de"
        assert _(message) == "nur diese Seite zeigen"
        assert _("no such message, anywhere") == "no such message, anywhere"
    for code, said in [("de_DE.UTF-8", "nur diese Seite zeigen"), ("DE-at", "nur diese Seite zeigen"),
                       ("nl-BE", "alleen deze kant tonen"), ("nl_NL@euro", "alleen deze kant tonen"),
                       ("xx", message), ("", message), ("C", message)]:
        with language(code):
            assert _(message) == said, code
    assert i18n.current() == "en"
    with language("nl"):
        assert ngettext("{count} piece", "{count} pieces", 1) == "{count} stuk"
        assert ngettext("{count} piece", "{count} pieces", 3) == "{count} stukken"


def test_the_environment_is_read_in_gettexts_order():
    assert from_environment({}) == "en"
    assert from_environment({"LANG": "nl_NL.UTF-8"}) == "nl"
    assert from_environment({"LANG": "nl_NL.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}) == "de"
    assert from_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"  # the first set counts
    assert from_environment({"LANGUAGE": "fr:nl:de", "LC_ALL": "de_DE.UTF-8"}) == "nl"
    assert from_environment({"LANGUAGE": "", "LANG": "de_AT.UTF-8"}) == "de"


def test_lang_on_the_command_line(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")  # --lang wins over the environment
    assert main(["--lang", "de", "armies"]) == 0
    out = capsys.readouterr().out
    assert "Burg Urgwaine's Castle; am stärksten" in out and "castle" not in out
    with pytest.raises(SystemExit):
        main(["--lang=de", "armies", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: legends armies") and "nur diese Seite zeigen" in out
    assert main(["--lang", "de", "armies", "preset-9"]) == 2
    assert "legends: Fehler: keine vorgegebene Armee 'preset-9': wähle aus preset-1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "tlh", "armies"])
    assert "tlh: choose one of en, de, nl" in capsys.readouterr().err


def test_the_environment_language_on_the_command_line():
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update(LANG="nl_NL.UTF-8", PYTHONPATH=os.pathsep.join(
        [str(SRC), env.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-m", "legends.cli", "armies", "--side", "gray"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "kasteel Ogre Fort; sterkste" in done.stdout
    assert "Eén volledig tonen: 'legends armies preset-3'" in done.stdout


@pytest.fixture
def http(tmp_path):
    with client(str(tmp_path / "games.sqlite3")) as c:
        yield c


def test_the_page_catalogue_is_served(http):
    got = http.get("/api/messages/de")
    assert got.status_code == 200
    assert got.json()["Language"] == "Sprache"
    # only the page's own messages: the command line's stay on the server
    assert "show only this side" not in got.json()
    assert http.get("/api/messages/nl-BE").json()["Language"] == "Taal"
    assert http.get("/api/messages/en").json() == {}
    assert http.get("/api/messages/xx").json() == {}


def test_http_answers_come_in_the_language_the_request_asks_for(http):
    made = http.post("/api/games", json={"opponent": "human"}).json()
    bell = {"name": "a\u0007b"}
    url = f"/api/games/{made['code']}/join"
    said = http.post(url, json=bell, headers={"Accept-Language": "fr;q=1, nl;q=0.8, de;q=0.5"})
    assert said.status_code == 400 and "bevat een stuurteken (U+0007" in said.json()["error"]
    http.cookies.set(catalogues.COOKIE, "de")  # the page's choice wins over the browser's list
    said = http.post(url, json=bell, headers={"Accept-Language": "nl"})
    assert "enthält ein Steuerzeichen (U+0007" in said.json()["error"]
    http.cookies.clear()
    said = http.post(url, json=bell)
    assert "holds a control character (U+0007" in said.json()["error"]
    assert catalogues.accepted("de-CH, nl;q=0.9") == "de"
    assert catalogues.accepted("fr, en;q=0.1, nl;q=0.2") == "nl"
    assert catalogues.accepted("nl;q=0, x") == "en"


def test_each_seat_reads_the_servers_words_in_its_own_language(http, monkeypatch):
    # The state's prompt stands for every line the server makes for a seat.
    monkeypatch.setattr(rooms, "prompt", lambda decision, legends: _("bye"))
    made = http.post("/api/games", json={"opponent": "human", "side": "beige"}).json()
    joined = http.post(f"/api/games/{made['code']}/join", json={"name": "second"}).json()
    with http.websocket_connect(f"/ws/{made['code']}") as beige, \
            http.websocket_connect(f"/ws/{made['code']}") as gray:
        beige.send_json({"type": "hello", "token": made["token"], "lang": "de"})
        gray.send_json({"type": "hello", "token": joined["token"], "lang": "klingon"})
        assert beige.receive_json()["type"] == "welcome"
        assert gray.receive_json()["type"] == "welcome"
        assert beige.receive_json()["prompt"] == "tschüss"
        assert gray.receive_json()["prompt"] == "bye"
        # Messages made for both at once (after an action) are made for each in its own.
        gray.send_json({"type": "resign"})
        got = beige.receive_json()
        while got["type"] != "state":
            got = beige.receive_json()
        assert got["prompt"] == "tschüss"
        seen = gray.receive_json()
        while seen["type"] != "state":
            seen = gray.receive_json()
        assert seen["prompt"] == "bye"
        # A second browser of the same seat in another language: the latest hello wins.
        with http.websocket_connect(f"/ws/{made['code']}") as again:
            again.send_json({"type": "hello", "token": made["token"], "lang": "nl"})
            assert again.receive_json()["type"] == "welcome"
            assert again.receive_json()["prompt"] == "tot ziens"


def test_work_handed_to_the_store_threads_keeps_the_callers_language():
    import asyncio

    from legends.web.writer import Writer

    async def both() -> tuple[str, str]:
        writer = Writer(store=None)  # type: ignore[arg-type]  # (only its threads are used)
        try:
            with language("nl"):
                return await writer.run(i18n.current), await writer.read(_, "bye")
        finally:
            writer.close()

    assert asyncio.run(both()) == ("nl", "tot ziens")

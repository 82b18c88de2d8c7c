"""Finding the messages to translate, and keeping the catalogues in step with them.

The messages are found as ``babel.cfg`` (at the top of the source tree) says: ``_()`` and
``ngettext()`` in the programs, ``t()`` in the page's scripts, and the page's own text (its
elements with ``data-i18n``, and the attributes their ``data-i18n-attr`` names), which
:func:`extract_html` reads. :func:`update` writes them to the template
``src/legends/locale/legends.pot`` and merges them into each language's ``legends.po``,
keeping every translation made; ``scripts/update-catalogues`` runs it.

Needs Babel (a dependency of the package).
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from .i18n import DOMAIN, LANGUAGES, LOCALE, SOURCE, po_path

#: Elements that never have an end tag (their attributes may still be translated).
VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
#: The header lines that change at every run; two catalogues differing only there are alike.
DATES = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"\n', re.M)
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def collapse(text: str) -> str:
    """Text with its runs of white space made single spaces, as the page reads it."""
    return " ".join(text.split())


class _PageText(HTMLParser):
    """The translatable text of one HTML page, as ``(line, message)`` pairs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.depth = 0
        self.open: list[tuple[int, int, list[str]]] = []  # (depth, line, text) per data-i18n

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        named = dict(attrs)
        for attr in (named.get("data-i18n-attr") or "").split(","):
            value = named.get(attr.strip())
            if attr.strip() and value and collapse(value):
                self.found.append((line, collapse(value)))
        if tag in VOID:
            return
        self.depth += 1
        if named.get("data-i18n"):  # the message named in it (the page uses that)
            self.found.append((line, collapse(named["data-i18n"] or "")))
        elif "data-i18n" in named:  # its text is the message
            self.open.append((self.depth, line, []))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag("br", attrs)  # <x/>: attributes only, nothing inside

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.open and self.open[-1][0] == self.depth:
            _depth, line, text = self.open.pop()
            if collapse("".join(text)):
                self.found.append((line, collapse("".join(text))))
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        for _depth, _line, text in self.open:
            text.append(data)


def extract_html(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for the page: each ``data-i18n`` element's text (white space
    collapsed, as ``i18n.js`` reads it) and each attribute named by ``data-i18n-attr``."""
    page = _PageText()
    page.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    page.close()
    for line, text in page.found:
        yield line, None, text, []


def template(root: Path) -> Any:
    """Every message in the sources under ``root`` (the top of the source tree), as a Babel
    catalogue."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (root / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh, "babel.cfg")
    catalog = _catalog(None)
    src = str(root / "src")
    added = src not in sys.path
    if added:  # the HTML extractor is named by module in babel.cfg
        sys.path.insert(0, src)
    try:
        found = list(extract_from_dir(str(root), method_map, options_map, keywords={},
                                      directory_filter=_wanted))
    finally:
        if added:
            sys.path.remove(src)
    for filename, line, message, comments, context in found:
        catalog.add(message, None, [(Path(filename).as_posix(), line)],
                    auto_comments=comments, context=context)
    return catalog


def _catalog(code: str | None) -> Any:
    """An empty catalogue for language ``code`` (``None``: the template), with our header."""
    from babel.messages.catalog import Catalog

    what = "template" if code is None else f"{code} translations"
    return Catalog(locale=code, domain=DOMAIN, project="legends", version="",
                   header_comment=f"# The {what} of the legends programs' messages.\n"
                                  "# Made by scripts/update-catalogues; see the Languages page "
                                  "of the docs.",
                   msgid_bugs_address="", copyright_holder="the legends authors",
                   last_translator="", language_team="", fuzzy=False)


def _wanted(path: str) -> bool:
    name = Path(path).name
    return not (name.startswith(".") or name in ("__pycache__", "node_modules", "build"))


def _write(catalog: Any, path: Path, check: bool) -> bool:
    """Write ``catalog`` to ``path`` unless only its dates would change; was it changed?"""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    # No line numbers: a message stays put in the file when code above it moves.
    write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False,
             sort_output=True)
    new = out.getvalue()
    old = path.read_bytes() if path.is_file() else b""
    if DATES.sub(b"", old) == DATES.sub(b"", new):
        return False
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(new)
    return True


def read(path: Path, code: str) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        return read_po(fh, locale=code, domain=DOMAIN)


def update(root: Path, check: bool = False) -> list[Path]:
    """Write the template and merge it into each language's catalogue (a new message gets an
    empty entry, or a guess marked fuzzy when it is close to an old one; messages no longer
    used are dropped). Returns the files changed (with ``check``: that would change)."""
    pot = template(root)
    changed = []
    if _write(pot, root / "src/legends/locale" / f"{DOMAIN}.pot", check):
        changed.append(root / "src/legends/locale" / f"{DOMAIN}.pot")
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        path = root / "src/legends" / po_path(code).relative_to(LOCALE.parent)
        po = read(path, code) if path.is_file() else _catalog(code)
        po.update(pot, update_creation_date=False)
        if _write(po, path, check):
            changed.append(path)
    return changed


def untranslated(root: Path) -> dict[str, list[str]]:
    """Per language: the messages of the sources its catalogue has no checked translation for
    (none, an empty one, or one marked fuzzy)."""
    wanted = [m for m in template(root) if m.id]
    out = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        path = root / "src/legends" / po_path(code).relative_to(LOCALE.parent)
        po = read(path, code) if path.is_file() else _catalog(code)
        missing = []
        for m in wanted:
            have = po.get(m.id)
            strings = [] if have is None else (
                list(have.string) if isinstance(have.string, tuple) else [have.string])
            if have is None or have.fuzzy or not strings or not all(strings):
                missing.append(m.id if isinstance(m.id, str) else m.id[0])
        out[code] = missing
    return out


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders in ``text``."""
    return set(PLACEHOLDER.findall(text))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="update-catalogues",
        description="Find every message in the sources, write the template "
                    "src/legends/locale/legends.pot, and merge it into each language's "
                    "legends.po (translations are kept). Then translate the entries that are "
                    "empty or marked fuzzy.")
    ap.add_argument("--check", action="store_true",
                    help="change nothing; exit with status 1 if a file would change or a "
                         "message has no translation")
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                    help="the top of the source tree (where babel.cfg is)")
    args = ap.parse_args(argv)
    changed = update(args.root, check=args.check)
    for path in changed:
        print(f"{'out of date' if args.check else 'updated'}: {path.relative_to(args.root)}")
    todo = untranslated(args.root) if not changed or not args.check else {}
    for code, missing in todo.items():
        if missing:
            example = collapse(missing[0])
            example = example if len(example) <= 60 else example[:57] + "..."
            print(f"{code}: {len(missing)} message(s) to translate in "
                  f"src/legends/locale/{code}/LC_MESSAGES/{DOMAIN}.po (empty or fuzzy), e.g. "
                  f"{example!r}")
    return 1 if args.check and (changed or any(todo.values())) else 0


if __name__ == "__main__":
    sys.exit(main())

"""The languages a person may read the programs in (the page and the command line).

Every sentence a person reads goes through :func:`_` (or :func:`ngettext`); the language is
the one set by :func:`language` for the current thread or task, English by default. Piece
names and power names are the game's proper names and stay as printed.

The translations are gettext catalogues, ``locale/<code>/LC_MESSAGES/legends.po`` inside this
package (see the Languages page of the docs for how they are made and kept up to date).

How they are loaded, and why: the ``.po`` file itself is read when a language is first used,
with Babel, and compiled in memory. There is then no build step whose output could be missing
or older than the text a translator just edited: a wheel, an editable install and a source
tree all read the same file, and a corrected translation shows at the next start. Reading one
costs some tens of milliseconds once per process and language; English (the source language)
reads nothing and costs nothing.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

#: The languages with a catalogue (English is the source language).
LANGUAGES: tuple[str, ...] = ("en", "de", "nl")
#: Each language's name in itself, for a language switch.
NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
SOURCE = "en"
DOMAIN = "legends"
LOCALE = Path(__file__).parent / "locale"
#: The environment variables that choose the language, in the order gettext reads them.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current: ContextVar[str] = ContextVar("legends_language", default=SOURCE)
_loaded: dict[str, gettext.NullTranslations] = {}
_loading = threading.Lock()


def _base(code: object) -> str:
    """The language part of a code such as ``de_DE.UTF-8`` or ``nl-BE`` (``de``, ``nl``)."""
    if not isinstance(code, str):
        return ""
    base = code.strip().lower()[:40]
    for mark in ".@_-":
        base = base.split(mark, 1)[0]
    return base


def known(code: object) -> bool:
    """Is ``code`` one of :data:`LANGUAGES` (perhaps with a region or an encoding)?"""
    return _base(code) in LANGUAGES


def choose(code: object) -> str:
    """The language of ours that ``code`` names: ``de_DE.UTF-8``, ``de-AT`` and ``DE`` are
    ``de``; anything unknown (or not a string) is English."""
    base = _base(code)
    return base if base in LANGUAGES else SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of
    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, and in it the first
    language of ours (``LANGUAGE`` may list several, ``nl:de``); English otherwise."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            for code in value.split(":"):
                if known(code):
                    return choose(code)
            return SOURCE
    return SOURCE


def current() -> str:
    """The language in use here."""
    return _current.get()


def _translations(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``, read once (a language without one: no translations)."""
    found = _loaded.get(code)
    if found is not None:
        return found
    with _loading:
        found = _loaded.get(code)
        if found is None:
            found = _loaded[code] = _read(code)
    return found


def po_path(code: str) -> Path:
    """Where the catalogue of ``code`` is kept."""
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(code: str) -> gettext.NullTranslations:
    path = po_path(code)
    if code == SOURCE or not path.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # leaves out entries marked fuzzy (guesses not yet checked)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@functools.lru_cache(maxsize=16)
def messages(code: str, where: str | None = None) -> dict[str, str]:
    """``code``'s translations as ``{English: translation}`` (singular messages only; with
    ``where``, those used in a source file whose path holds it, e.g. ``"web/static/"``).
    Empty for English and unknown languages. Read once: do not change what it returns."""
    code = choose(code)
    path = po_path(code)
    if code == SOURCE or not path.is_file():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code, domain=DOMAIN)
    return {m.id: m.string for m in catalog
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string
            and not m.fuzzy
            and (where is None or any(where in place for place, _line in m.locations))}


def _(message: str) -> str:
    """``message`` in the language in use."""
    code = _current.get()
    if code == SOURCE:
        return message
    return _translations(code).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it here: for sentences listed
    once and translated where they are used (see :mod:`legends.kernel_words`)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in use."""
    code = _current.get()
    if code == SOURCE:
        return singular if n == 1 else plural
    return _translations(code).ngettext(singular, plural, n)


class Words:
    """A sentence to be worded later, in its reader's language: a template marked with
    ``N_()`` and the values of its placeholders, kept apart so that the template is found in
    the catalogue whichever values it carries. A value may be :class:`Words` itself (worded in
    the same language). ``str()`` is the English sentence (for logs).

    A text that is no template (a message from elsewhere, already worded) may be given as is,
    without values: it is then shown as it is, or translated if the catalogue happens to hold
    it, and never formatted (its braces stay braces)."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, /, **values: object):
        self.template = template
        self.values = values

    def worded(self, code: str | None = None) -> str:
        """The sentence in language ``code`` (``None``: the language in use)."""
        if code is not None:
            with language(code):
                return self.worded()
        if not self.values:
            return _(self.template)
        return _(self.template).format(**{
            key: value.worded() if isinstance(value, Words) else value
            for key, value in self.values.items()})

    def __str__(self) -> str:
        return self.worded(SOURCE)

    def __repr__(self) -> str:
        return f"Words({self.template!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Words) and self.template == other.template
                and self.values == other.values)

    __hash__ = None  # type: ignore[assignment]  # (its values may be anything)


@contextmanager
def language(code: str) -> Iterator[None]:
    """Use the language ``code`` inside the ``with`` block (this thread or task only);
    ``de_DE.UTF-8`` or ``de-AT`` mean ``de``, an unknown code English."""
    token = _current.set(choose(code))
    try:
        yield
    finally:
        _current.reset(token)

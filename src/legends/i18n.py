"""The languages a person may read the programs in (the page and the command line).

Every sentence a person reads goes through :func:`_` (or :func:`ngettext`); the language is
the one set by :func:`language` for the current thread or task, English by default. Piece
names and power names are the game's proper names and stay as printed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: The languages with a catalogue (English is the source language).
LANGUAGES: tuple[str, ...] = ("en",)

_current: ContextVar[str] = ContextVar("legends_language", default="en")


def current() -> str:
    """The language in use here."""
    return _current.get()


def _(message: str) -> str:
    """``message`` in the language in use."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in use."""
    return singular if n == 1 else plural


@contextmanager
def language(code: str) -> Iterator[None]:
    """Use the language ``code`` inside the ``with`` block (this thread or task only)."""
    token = _current.set(code)
    try:
        yield
    finally:
        _current.reset(token)

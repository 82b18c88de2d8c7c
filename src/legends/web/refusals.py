"""The server's refusals, worded in the language of whoever reads them.

A refusal is raised with a template (marked with ``N_``) and the values of its placeholders
(:class:`legends.i18n.Words`); it is worded only where the answer is made: an HTTP answer in
the request's language (the page's cookie, else ``Accept-Language``, else English: see
``legends.web.catalogues``), a websocket's ``error`` in the language its hello named. So a
program that asks for no language reads English, and ``str()`` of a refusal is English, for
the logs. The kernel's own refusals (an illegal action, a setup line that breaks a rule) are
worded by the templates of ``legends.kernel_words`` (a plugin's own, no template has: as the
kernel words them).
"""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

from legends_core.errors import LegendsError

from ..i18n import Words
from ..kernel_words import ENDINGS, refusal_words, template_of


class Worded(Exception):
    """An error whose text is a template and its values (``words``), worded when it is told;
    ``str()`` is the English text."""

    def __init__(self, template: str | Words, /, **values: object):
        self.words = template if isinstance(template, Words) else Words(template, **values)
        super().__init__(str(self.words))

    def worded(self, code: str | None = None) -> str:
        """The text in language ``code`` (``None``: the language in use)."""
        return self.words.worded(code)


class GameRefusal(Worded, LegendsError):
    """A game's refusal of what a seat asks (an action out of turn, a second draw offer):
    a :class:`~legends_core.errors.LegendsError` whose text is worded for its reader."""


class Refused(Worded):
    """A request the server turns down; ``status`` is the HTTP status of the answer."""

    status = 400


class TooLarge(Refused):
    status = 413


class TooMany(Refused):
    status = 429


class Busy(Refused):
    status = 503


def ending_words(reason: str) -> Words:
    """Why a game ended (the kernel's English), to be worded for its reader as
    ``legends.kernel_words.ending`` words it."""
    found = template_of(reason, ENDINGS)
    return Words(reason) if found is None else Words(found[0], **found[1])


def words_of(exc: BaseException) -> Words:
    """What ``exc`` says, to be worded for its reader: its own template, or the kernel's
    refusal's (``legends.kernel_words.refusal_words``; an error no template matches: its
    text as it is)."""
    return exc.words if isinstance(exc, Worded) else refusal_words(str(exc))


def told(exc: BaseException, code: str | None = None) -> str:
    """``exc``'s text in language ``code`` (``None``: the language in use)."""
    return words_of(exc).worded(code)


def error_message(what: BaseException | Words, code: str | None = None) -> dict[str, Any]:
    """A websocket's ``error`` message telling ``what`` in language ``code``."""
    words = what if isinstance(what, Words) else words_of(what)
    return {"type": "error", "message": words.worded(code)}


def answer(exc: BaseException, status: int | None = None) -> JSONResponse:
    """The HTTP answer refusing a request, in the request's language (the one in use while
    it is answered); ``status``: the refusal's own by default, else 400."""
    code: int = status or (exc.status if isinstance(exc, Refused) else 400)
    return JSONResponse({"error": told(exc)}, status_code=code)

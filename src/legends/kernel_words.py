"""The kernel's own sentences in the reader's language: the questions it asks a seat and its
reasons for a game's end.

The kernel (and the pieces) word these in English, some with a square or a name in them
("choose a piece to move to c4"). Each is listed here once as a template, so that the
catalogues hold it; a sentence is translated by the template it matches, its square or name
kept as it is. In English, and for a sentence no template matches (a plugin's own question),
the kernel's words are shown unchanged. A test plays every edition and checks that each
question and reason met has its template.
"""

from __future__ import annotations

import functools
import re

from .i18n import N_, SOURCE, _, current

#: The questions a seat is asked (a decision's prompt).
QUESTIONS: tuple[str, ...] = (
    N_("move, act or use an ability"),
    N_("use an ability, or pass"),
    N_("use an ability during the attack, or pass"),
    N_("use an ability before the strike is decided, or pass"),
    N_("use an ability before the turn ends, or pass"),
    N_("reshuffle the opponent's face-down pieces, or keep them"),
    N_("switch two of your pieces, or choose done"),
    N_("replace the destruction of your attacked piece, or pass"),
    N_("your Berserk piece must attack again: choose the target"),
    N_("destroy your {name} to bring back a piece on its square?"),
    N_("choose a destroyed piece to bring back"),
    N_("choose a piece of yours to move onto forest"),
    N_("choose a piece to bring next to the {name}"),
    N_("choose a piece to destroy"),
    N_("choose a piece to look at, or stop"),
    N_("choose a piece to move to {square}"),
    N_("choose a revealed piece to destroy"),
    N_("choose a square"),
    N_("choose an empty square for the Eternal Idol"),
    N_("choose an empty square next to it"),
    N_("choose an enemy piece on marsh to reveal, or decline"),
    N_("choose an enemy piece to reveal"),
    N_("choose one of your pieces to destroy"),
    N_("choose one of your pieces to hand over"),
    N_("choose the empty forest square"),
    N_("choose the empty square Gnarak is moved to"),
    N_("choose the opponent this power works on"),
    N_("choose the opponent who must destroy their own pieces"),
    N_("choose the opponent who must hand you their pieces"),
    N_("choose the opponent who must show their castle"),
    N_("choose the opponent who picks where Gnarak goes"),
    N_("choose the opponent whose magic is shown"),
    N_("choose the square for the returning piece"),
    N_("name a terrain: every piece standing on it will be revealed"),
    N_("name the piece you are attacking"),
    N_("Perplexon: choose the opponent who trades a piece with you"),
    N_("Perplexon: pick one of your pieces to trade squares"),
    N_("Perplexon: pick one of your pieces to trade squares with the piece on {square}"),
    N_("Silwon: choose an enemy piece next to it to take over"),
    N_("bring in a piece from your reserve"),
    N_("bring in a piece from your reserve, or done"),
    N_("place the rescued piece on your half"),
    N_("place the {piece} on an empty square of your setup area"),
    N_("rescue one of your captured pieces, or done"),
    N_("ride one more square, or stop (done)"),
    # The other editions' main question, as the programs word it (wording.prompt).
    N_("your move"),
)

#: Why a game ended (the other editions' words too: wording.reason turns the kernel's
#: Stratego Legends words into theirs first).
ENDINGS: tuple[str, ...] = (
    N_("attacked the enemy castle"),
    N_("took control of the enemy castle"),
    N_("captured the enemy Flag"),
    N_("took the enemy Flag"),
    N_("{seat} cannot move or act"),
    N_("{seat} cannot move"),
    N_("turn limit of {limit} reached"),
    N_("no attack, and no piece destroyed or brought in, in {limit} turns"),
    # The kernel says "the 3rd time": the number is kept, the ordinal is the language's.
    N_("the same position for the {count}th time"),
    N_("{seat} resigned"),
    N_("{seat} lost on time"),
    N_("drawn by agreement"),
)

_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)\b")


@functools.cache
def _patterns(templates: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each template as a pattern that matches its sentences (a placeholder: any text)."""
    out = []
    for template in templates:
        parts = re.split(r"\{(\w+)\}", template)
        regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                        for i, p in enumerate(parts))
        out.append((re.compile(regex), template))
    return tuple(out)


def template_of(text: str, templates: tuple[str, ...]) -> tuple[str, dict[str, str]] | None:
    """The template ``text`` is a sentence of, and the values in it (``None``: no template)."""
    text = _ORDINAL.sub(r"\1th", text)
    for pattern, template in _patterns(templates):
        m = pattern.fullmatch(text)
        if m:
            return template, m.groupdict()
    return None


def _translated(text: str, templates: tuple[str, ...]) -> str:
    if current() == SOURCE:
        return text
    found = template_of(text, templates)
    if found is None:
        return text
    template, values = found
    return _(template).format(**values)


def question(text: str) -> str:
    """A decision's prompt in the reader's language."""
    return _translated(text, QUESTIONS)


def ending(text: str) -> str:
    """Why a game ended, in the reader's language."""
    return _translated(text, ENDINGS)

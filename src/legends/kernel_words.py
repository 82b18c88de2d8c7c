"""The kernel's own sentences in the reader's language: the questions it asks a seat, its
reasons for a game's end, and its refusals of what a person typed (an action that is not
legal now, notation it cannot read, a setup line that breaks a rule).

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

from .i18n import N_, SOURCE, Words, _, current

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


#: What a player "must" do when an action is refused, besides the questions: the other
#: editions' programs say "must move" (``legends.wording.error_text``).
WANTED: tuple[str, ...] = (
    N_("move"),
)

#: The kernel's refusals of an action (``legends_core.legality``), and the other editions'
#: forms of them (``legends.wording.error_text``); ``{wanted}`` is a question, worded too.
REFUSALS: tuple[str, ...] = (
    N_("{action} is not legal: {seat} must {wanted}, and a '{kind}' action is not one of the "
       "choices now"),
    N_("{action} is not legal: {seat} must {wanted}; {value} is not one of the offered choices"),
    N_("{action} is not legal: {seat} must {wanted}: {square} is not a square name like 'a1'"),
    N_("{action} is not legal: {seat} must {wanted}: square {square} is off this "
       "{width}x{height} board"),
    N_("{action} is not legal: {seat} must {wanted}: there is no piece of yours on {square}"),
    N_("{action} is not legal: {seat} must {wanted}: your {piece} on {square} cannot move"),
    N_("{action} is not legal: {seat} must {wanted}: a standard move goes one square forward, "
       "back or sideways; special movement is a power (e.g. 'c3 charging c6')"),
    N_("{action} is not legal: {seat} must {wanted}: a standard move goes one square forward, "
       "back or sideways; a longer move is written with the piece's power, e.g. '{run}'"),
    N_("{action} is not legal: {seat} must {wanted}: {square} is water"),
    N_("{action} is not legal: {seat} must {wanted}: {square} is a lake"),
    N_("{action} is not legal: {seat} must {wanted}: {square} is held by your own side"),
    N_("{action} is not legal: {seat} must {wanted}: your {piece} cannot attack"),
    N_("{action} is not legal: {seat} must {wanted}: your {piece} may not move back and forth "
       "between {here} and {there} for a third turn running"),
    N_("{action} is not legal: {seat} must {wanted}: your {piece} on {square} has no usable "
       "power {key} now (usable: none)"),
    N_("{action} is not legal: {seat} must {wanted}: your {piece} on {square} has no usable "
       "power {key} now (usable: {usable})"),
    N_("{action} is not legal: {seat} must {wanted}: those targets are not allowed for {key}"),
    N_("{action} is not legal: {seat} must {wanted}"),
    # Notation a person typed (legends_core.actions.Action.from_str).
    N_("cannot read {text} as an action: expected 'b2-b3', 'c3 charging c6', 'choose d4', "
       "'swap a1 b2' or 'pass'"),
    N_("cannot read {text} as an action: expected a move such as 'b2-b3' or '{run}'"),
    N_("'choose' needs a value, e.g. 'choose d4'"),
    N_("'swap' needs two squares, e.g. 'swap a1 b2'"),
    N_("{text}: power targets must be squares like 'c6'"),
    N_("empty action notation"),
    N_("action notation longer than {count} characters: {text}"),
    # A setup line (legends_core.setupline): its length, or what is wrong at its positions.
    N_("setup line for {seat}: needs {count} characters, one per square of the setup area, "
       "has {has}"),
    N_("setup line for {seat}: {problems}"),
)

#: What may be wrong at a position of a setup line (joined by "; " after the line's seat).
SETUP_PROBLEMS: tuple[str, ...] = (
    N_("position {position} ({square}): {character} is not a piece of this army (use {known} "
       "or {empty})"),
    N_("position {position} ({square}): {character} is one {piece} too many (the army has "
       "{most})"),
    N_("and {count} more"),
)


class _Joined(Words):
    """Sentences worded one by one and joined by "; " (a setup line's problems)."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[Words]):
        super().__init__("; ".join(str(p) for p in parts))
        self.parts = parts

    def worded(self, code: str | None = None) -> str:
        return "; ".join(p.worded(code) for p in self.parts)


def _words(text: str, templates: tuple[str, ...]) -> Words:
    found = template_of(text, templates)
    return Words(text) if found is None else Words(found[0], **found[1])


def refusal_words(text: str) -> Words:
    """A refusal of the kernel's (its English, as the edition's program words it), to be
    worded for its reader: the template it is a sentence of, with the question it names and a
    setup line's problems worded too. A sentence no template matches (a plugin's own) stays
    as it is."""
    found = template_of(text, REFUSALS)
    if found is None:
        return Words(text)
    template, values = found
    out: dict[str, object] = dict(values)
    if "wanted" in values:
        out["wanted"] = _words(values["wanted"], QUESTIONS + WANTED)
    if "problems" in values:
        out["problems"] = _Joined([_words(p, SETUP_PROBLEMS)
                                   for p in values["problems"].split("; ")])
    return Words(template, **out)


def refusal(text: str) -> str:
    """A refusal of the kernel's in the reader's language (see :func:`refusal_words`)."""
    return text if current() == SOURCE else refusal_words(text).worded()

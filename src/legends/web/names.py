"""Names people see: the characters a display name may not hold.

A name chosen by one player is shown to the others, on the page and in the server's messages.
Characters nobody can see must not ride along: control characters (a terminal bell, an escape
sequence for whoever reads the log), the marks that turn the direction of the text around it
(a name that makes "beige resigned" read otherwise), other invisible formatting characters,
and lone surrogates (half of a character, not one; JSON lets a client send ``"\\ud800"``).
Letters of every script, accents, punctuation and emoji are all welcome.
"""

from __future__ import annotations

import unicodedata

from ..i18n import N_, Words

#: Invisible characters that writing needs: the zero-width non-joiner (Persian, the scripts of
#: India) and the zero-width joiner (those scripts too, and emoji made of several, such as a
#: family or a profession with a skin tone).
JOINERS = frozenset("\u200c\u200d")
#: The marks that set the direction of the text that follows them (embeddings, overrides,
#: isolates and the plain marks).
DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                      "\u2066\u2067\u2068\u2069")


def unseen_character(text: str) -> Words | None:
    """What the first character of ``text`` that a name may not hold is, in words to be worded
    in the reader's language (``None``: there is none)."""
    for ch in text:
        kind = unicodedata.category(ch)
        if kind == "Cc":
            said = N_("holds a control character ({character})")
        elif kind == "Cs":
            said = N_("holds a lone surrogate, half of a character ({character})")
        elif ch in DIRECTION:
            said = N_("holds a mark that turns the direction of the text ({character})")
        elif kind == "Cf" and ch not in JOINERS:
            said = N_("holds an invisible formatting character ({character})")
        else:
            continue
        return Words(said, character=_label(ch))
    return None


def _label(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"

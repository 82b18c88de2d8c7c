"""How many watch a game through the *other* server processes sharing the store.

Each process knows its own spectators (the sockets it holds). So that the players see how many
watch in all, and a game's limit of spectators holds across processes, every process announces
its own count of a game's spectators on the store's channel whenever it changes, and again every
sweep while it is not zero; the others keep the latest count heard from each process and forget
one not repeated for :data:`FORGET_AFTER` seconds (its process stopped, or its announcements
were lost). An SQLite store serves one process, which has every count first hand.
"""

from __future__ import annotations

import attrs

from . import revocations

#: how announcements of spectator counts begin (game changes begin with the game's code,
#: which is never this word)
PREFIX = "watchers"
#: seconds after which a process's count not announced again is forgotten (three sweeps)
FORGET_AFTER = 15.0


def payload(code: str, process: str, count: int) -> str:
    """The announcement that ``process`` has ``count`` spectators of game ``code``."""
    return f"{PREFIX} {code} {process} {count}"


def parse(text: str) -> tuple[str, str, int] | None:
    """``(code, process, count)`` of a spectator-count announcement; ``None`` if ``text`` is
    not one (a game change) — :class:`ValueError` if it is one, malformed."""
    if not text.startswith(PREFIX + " "):
        return None
    _, code, process, count = text.split(" ")
    number = int(count)
    if number < 0:
        raise ValueError(f"negative count of spectators: {number}")
    return code, process, number


def key(text: str) -> str:
    """What makes two announcements about the same thing, so a burst of them can be cut to
    the latest: a game change is about its game, a count about its game *and* process, a
    revoked token (:mod:`.revocations`) about that token."""
    if text.startswith(revocations.PREFIX + " "):
        return text  # every revoked token counts, however many come at once
    return text.rsplit(" ", 1)[0] if text.startswith(PREFIX + " ") else text.split(" ", 1)[0]


@attrs.define
class FarWatchers:
    """The counts of spectators other processes announced, by game and process."""

    #: per game: per process, its count and when it was heard
    heard: dict[str, dict[str, tuple[int, float]]] = attrs.field(factory=dict)

    def note(self, code: str, process: str, count: int, now: float) -> bool:
        """Note an announcement; whether the game's total changed."""
        before = self.total(code)
        counts = self.heard.setdefault(code, {})
        if count:
            counts[process] = (count, now)
        else:
            counts.pop(process, None)
        if not counts:
            del self.heard[code]
        return self.total(code) != before

    def total(self, code: str) -> int:
        """How many watch game ``code`` through the other processes."""
        return sum(count for count, _ in self.heard.get(code, {}).values())

    def forget_old(self, now: float) -> set[str]:
        """Forget counts not heard again for :data:`FORGET_AFTER` seconds; the games whose
        totals changed."""
        changed = set()
        for code, counts in list(self.heard.items()):
            for process, (_, when) in list(counts.items()):
                if now - when > FORGET_AFTER:
                    del counts[process]
                    changed.add(code)
            if not counts:
                del self.heard[code]
        return changed

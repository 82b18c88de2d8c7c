"""Game codes: long enough that guessing one is hopeless, short enough to read out or type.

A code is 21 characters drawn from 31 that are hard to confuse (no 0/O, no 1/I/L), about 104
bits, shown in three groups of seven (``K7QX2MD-...``). Dashes, spaces and case are ignored
when one is typed. Servers before this format handed out 6-character codes (30 bits, which a
client could guess); those games still open for a browser holding one of their seat tokens,
but nobody can join them by code any more.
"""

from __future__ import annotations

import secrets

LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
GROUPS = 3
GROUP = 7
LENGTH = GROUPS * GROUP
LEGACY_LENGTH = 6


def new_code() -> str:
    """A fresh code, drawn at random."""
    return grouped("".join(secrets.choice(LETTERS) for _ in range(LENGTH)))


def grouped(raw: str) -> str:
    return "-".join(raw[i:i + GROUP] for i in range(0, LENGTH, GROUP))


def parse_code(text: str) -> str | None:
    """The stored form of a typed code, or ``None`` when it cannot be one."""
    if len(text) > 2 * LENGTH:
        return None
    raw = "".join(c for c in text.upper() if c not in "- ")
    if any(c not in LETTERS for c in raw):
        return None
    if len(raw) == LENGTH:
        return grouped(raw)
    if len(raw) == LEGACY_LENGTH:
        return raw
    return None


def joinable(code: str) -> bool:
    """May a stranger join with this code (only the long codes; see the module's text)?"""
    return len(code) > LEGACY_LENGTH

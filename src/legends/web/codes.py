"""Game codes: long enough that guessing one is hopeless, short enough to read out or type.

A code is 21 characters drawn from 31 that are hard to confuse (no 0/O, no 1/I/L), about 104
bits, shown in three groups of seven (``K7QX2MD-...``). Dashes, spaces and case are ignored
when one is typed. Servers before this format handed out 6-character codes (30 bits, which a
client could guess); those games still open for a browser holding one of their seat tokens,
but nobody can join them by code any more.
"""

from __future__ import annotations

import hashlib
import secrets

LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
GROUPS = 3
GROUP = 7
LENGTH = GROUPS * GROUP
LEGACY_LENGTH = 6


def new_code(shard: tuple[int, int] | None = None) -> str:
    """A fresh code; with ``shard=(i, n)``, one that :func:`backend_of` sends to server
    process ``i`` of ``n`` (drawn again until it does: about ``n`` draws)."""
    while True:
        code = grouped("".join(secrets.choice(LETTERS) for _ in range(LENGTH)))
        if shard is None or backend_of(code, shard[1]) == shard[0]:
            return code


def backend_of(code: str, processes: int) -> int:
    """Which of ``processes`` server processes serves the game ``code`` (any typed form of
    it; a text that cannot be a code goes to process 0). Stable across runs and machines."""
    parsed = parse_code(code)
    if parsed is None or processes <= 1:
        return 0
    digest = hashlib.sha256(parsed.replace("-", "").encode()).digest()
    return int.from_bytes(digest[:8], "big") % processes


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

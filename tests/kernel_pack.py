"""Synthetic pieces for testing the kernel's own rules, independent of the real catalogue.

Numbers 900 and up; every name starts with "Test".
"""

from __future__ import annotations

from legends_core import hookimpl, load_packs, piece
from legends_pieces.powers import (
    BERSERK,
    CHARGING,
    DISPEL_MAGIC,
    FLYING,
    KEYWORD_POWERS,
    SPELL,
    STATIONARY,
    Boost,
    CurseStrength,
    ExtraTurn,
    Spell,
    of,
)

PIECES = []
# Plain warriors: beige 910-919 and gray 920-929 have base strength n % 10 + 1 .. (1..10).
for side, base, colour in (("beige", 910, "gold"), ("gray", 920, "silver")):
    for s in range(1, 11):
        PIECES.append(piece(base + s - 1, f"Test {side} {s}", s, type="soldier", colour=colour,
                            text=f"A plain strength {s} warrior for tests."))
PIECES += [
    piece(900, "Test Castle Beige", None, kind="castle", type="castle", colour="gold",
          text="Stationary castle.", powers=[STATIONARY]),
    piece(901, "Test Castle Gray", None, kind="castle", type="castle", colour="silver",
          text="Stationary castle.", powers=[STATIONARY]),
    piece(902, "Test Trap Beige", None, kind="magic", type="magic", colour="gold",
          text="Stationary; destroys itself and its attacker.", powers=[STATIONARY, SPELL]),
    piece(903, "Test Trap Gray", None, kind="magic", type="magic", colour="silver",
          text="Stationary; destroys itself and its attacker.", powers=[STATIONARY, SPELL]),
    piece(904, "Test Mirror Gray", None, kind="magic", type="magic", colour="silver",
          text="Destroys only itself when attacked.", powers=[Spell(kill_attacker=False)]),
    piece(930, "Test Berserker", 6, type="soldier", colour="silver",
          text="Berserk.", powers=[BERSERK]),
    piece(931, "Test Dispeller", 3, type="soldier", colour="gold",
          text="Dispel Magic.", powers=[DISPEL_MAGIC]),
    piece(932, "Test Curse Up Beige", 4, type="soldier", colour="gold",
          text="Curse: soldiers +1.", powers=[CurseStrength(1, of(type="soldier"))]),
    piece(933, "Test Curse Down Gray", 4, type="soldier", colour="silver",
          text="Curse: gold pieces -1.", powers=[CurseStrength(-1, of(colour="gold"))]),
    piece(934, "Test Flyer", 5, type="soldier", colour="gold",
          text="Flying.", powers=[FLYING]),
    piece(935, "Test Charger", 5, type="soldier", colour="silver",
          text="Charging.", powers=[CHARGING]),
    piece(936, "Test Hasty", 5, type="soldier", colour="gold",
          text="Extra turn.", powers=[ExtraTurn("hasty")]),
    piece(937, "Test Helper", 2, type="soldier", colour="gold",
          text="Boost +3 adjacent.", powers=[Boost("helper", 3)]),
]


class PiecesPack:
    """A pack of the given pieces, with the keyword powers (a test's own catalogue)."""

    def __init__(self, pieces: list[object]) -> None:
        self.pieces = pieces

    @hookimpl
    def legends_piece_types(self):  # type: ignore[no-untyped-def]
        return self.pieces

    @hookimpl
    def legends_keyword_powers(self):  # type: ignore[no-untyped-def]
        return KEYWORD_POWERS


# Only these pieces: kernel tests do not depend on the real catalogue.
CATALOGUE = load_packs(entry_points=False, packs=[PiecesPack(PIECES)])


def warrior(side: str, strength: int) -> int:
    return (910 if side == "beige" else 920) + strength - 1

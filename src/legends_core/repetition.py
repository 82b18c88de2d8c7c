"""Repetition draws: a position standing for the ``repetition_limit``-th time ends the game.

The game ends with no winner (see the ruling "Repeated positions").

A position is counted at the start of each turn. It is the board (which piece stands on each
square, under whose control: pieces are told apart one by one, so their hidden identities are
part of it) and all the state that decides what may be played: whose turn it is, extra turns
owed, who knows each piece, the curse slot and queue, each player's back-and-forth count,
limited powers already used, and which pieces' powers remember something.

Only the positions since the last progress are kept (see the ruling "Games that stop making
progress"): progress takes a piece off the board or brings one on, or is an attack, after which
no earlier position can come back. So the table holds at most ``no_progress_limit`` positions.

Counting is cheap because each position is one 64-bit number (:func:`position_key`), made from
what the engine keeps up to date as it goes: a hash of the board that each move updates
(:attr:`Engine.zob <legends_core.Engine.zob>`), as chess engines do, rather than the
board itself. Two different positions of one game with the same number are too unlikely to
matter (were the numbers random, about one chance in 10**13 even for 2,000 quiet turns).
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from .rulings import ruling

if TYPE_CHECKING:
    from .engine import Engine

RULINGS = (
    ruling("Repeated positions",
           "The rulebook has no rule for a draw. Like chess's automatic fivefold repetition, "
           "``repetition_limit`` ends a game with no winner when the same position stands at "
           "the start of a turn for that many times (5, as in chess, is the usual value): the "
           "same pieces on the same squares (each piece itself, not only its kind, so hidden "
           "identities count), the same player to move, and the same state of everything that "
           "decides what may be played (control, what each player knows, the curse, "
           "back-and-forth counts, limited powers used, which powers remember something). It "
           "ends futile shuttling long before the no-progress limit does; five, not three, "
           "because nobody claims the draw: it is automatic, so the bar is high enough that "
           "no sensible plan is cut short. It is off unless a game sets it: the no-progress "
           "limit already ends every game, and counting costs a few per cent of the time of "
           "a random game."),
)

#: Stands for "no back-and-forth record" in a key (``hash(None)`` differs between processes).
_NO_RECORD = (-1,)


def position_key(g: Engine) -> int:
    """The position at this turn start as one number (see the module's docstring), the same
    in every process of the same kind of Python:

    * the board, which piece stands on each square under whose control, as its hash
      :attr:`Engine.zob <legends_core.Engine.zob>`;
    * who knows each piece, which pieces have moved, which limited powers were used and who
      waits for the curse slot, as :func:`one_way_count` (kept up to date in
      :attr:`Engine.kc <legends_core.Engine.kc>`);
    * the rest as it is: whose turn, back-and-forth counts, extra turns, the curse slot, and
      which piece's power remembers what. (Effects until the end of the turn and once-a-turn
      powers used have just been cleared when a turn starts.)

    Of a power's memory only which piece remembers what counts, not the value: a value can be
    one side's secret (a guess), and whether a game ends must not tell the other side about
    it."""
    bf = g.bf
    if len(bf) == 2:  # the usual game, spelt out: a third faster than the general case
        rest = (g.active, g.kc, bf[0] or _NO_RECORD, bf[1] or _NO_RECORD, *g.extra, g.curse,
                g.curse_on, g.curse_ctrl)
    else:
        rest = (g.active, g.kc, *[r or _NO_RECORD for r in bf], *g.extra, g.curse, g.curse_on,
                g.curse_ctrl)
    if g.memo:  # rare: names hash differently in each process, so a checksum of them
        rest += (zlib.crc32(repr(sorted(g.memo)).encode()),)
    return g.zob ^ hash(rest)


def square_hash(square: int, pid: int, controller: int) -> int:
    """The part of :attr:`Engine.zob <legends_core.Engine.zob>` for ``pid`` on
    ``square`` under ``controller`` (hashes of int tuples are the same in every process)."""
    return hash((square, pid, controller))


def board_hash(g: Engine) -> int:
    """The board's hash from scratch: the parts of every piece on it, combined with XOR, so
    every change to the board updates it with one part for each square that changed (see
    :meth:`Effects.move_piece <legends_core.effects.Effects.move_piece>`, ``swap_pieces``,
    ``place``, ``destroy`` and ``take_control``)."""
    z, ctrl = 0, g.ctrl
    for square, pid in enumerate(g.grid):
        if pid >= 0:
            z ^= hash((square, pid, ctrl[pid]))
    return z


def one_way_count(g: Engine) -> int:
    """A number that only grows between two turns with progress, and grows at every change of
    what it sums up, so along one game it tells those states apart with one number: the
    (piece, player) pairs in which the player knows the piece, the pieces that have moved and
    the limited powers used (all only grow), less the pieces waiting for the curse slot (which
    only leave, but for a piece destroyed: progress). :attr:`Engine.kc
    <legends_core.Engine.kc>` keeps it up to date; this works it out from scratch."""
    return (sum(mask.bit_count() for mask in g.known) + len(g.moved) + len(g.used_game)
            - len(g.curse_queue))


def count_position(g: Engine) -> int:
    """Count the position at this turn start; how many times it has now stood there."""
    if g.reps_from != g.progress:
        # Progress since the table began: no earlier position can come back.
        if g.reps_from < 0:  # laid out anew (setup, a knowledge state): made from scratch
            g.zob, g.kc = board_hash(g), one_way_count(g)
        g.reps, g.reps_own, g.reps_from = {}, True, g.progress
    elif not g.reps_own:
        g.reps, g.reps_own = dict(g.reps), True  # shared with a copy until now
    # position_key, spelt out for the usual game (this runs every turn):
    bf = g.bf
    if len(bf) == 2 and not g.memo:
        key = g.zob ^ hash((g.active, g.kc, bf[0] or _NO_RECORD, bf[1] or _NO_RECORD, *g.extra,
                            g.curse, g.curse_on, g.curse_ctrl))
    else:
        key = position_key(g)
    reps = g.reps
    seen = reps[key] = reps.get(key, 0) + 1
    return seen


def saved_counts(g: Engine) -> dict[str, int]:
    """The counts as a position saves them: each position since the last progress, its key as
    16 hexadecimal digits."""
    return {f"{key & 0xFFFF_FFFF_FFFF_FFFF:016x}": n for key, n in sorted(g.reps.items())}


def read_counts(saved: dict[str, int]) -> dict[int, int]:
    """The table :func:`saved_counts` wrote (keys already checked to be 16 hex digits)."""
    out = {}
    for text, n in saved.items():
        key = int(text, 16)
        out[key - (1 << 64) if key >= 1 << 63 else key] = n
    return out


def repetition_reason(limit: int) -> str:
    """Why a game ended under ``repetition_limit``."""
    return f"the same position for the {_nth(limit)} time"


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"

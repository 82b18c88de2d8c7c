"""What a piece is worth to the search player, edition by edition.

The heuristic player counts every warrior at one more than its strength
(:func:`~legends.ai.heuristic.piece_value`). In classic Stratego that undervalues the top of
the army: the Marshal fears nothing but a Bomb and the Spy, so losing it to a hidden piece
costs far more than its rank says, while Scouts are many and cheap. The search player judges
classic positions with this table instead (by rank; the Bomb, which never moves, as little
more than a Scout).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .heuristic import piece_value

if TYPE_CHECKING:
    from legends_core import Engine

#: Classic Stratego: rank -> worth (Marshal 10 ... Spy 1).
CLASSIC_RANKS = {10: 16.0, 9: 12.0, 8: 9.0, 7: 7.5, 6: 6.0, 5: 5.0, 4: 4.0, 3: 5.0, 2: 2.5,
                 1: 5.0}
CLASSIC_BOMB = 2.0


def classic_value(g: Engine, pid: int) -> float:
    """A classic piece's worth (see :data:`CLASSIC_RANKS`; the Flag is worth nothing here,
    its loss is the game)."""
    t = g.types[pid]
    if t.kind == "castle":
        return 0.0
    if t.kind == "magic":
        return CLASSIC_BOMB
    return CLASSIC_RANKS.get(t.strength or 0, 1.0 + float(t.strength or 0))


#: The editions whose pieces the search player values its own way, by ruleset name.
EDITION_VALUES: dict[str, Callable[[Engine, int], float]] = {"classic": classic_value}


def values_for(g: Engine) -> Callable[[Engine, int], float]:
    """The piece values the search player uses in ``g``'s edition."""
    return EDITION_VALUES.get(g.rs.ruleset.name, piece_value)


def open_approaches(g: Engine, me: int) -> tuple[int, int, int]:
    """How open ``me``'s castle stands: the empty squares next to it (in a straight line, on
    land), how many of them no mobile warrior of ours touches (an enemy piece that reaches one
    could try the castle before we could take it), and the enemy pieces next to it. A castle
    boxed in by its own pieces is (0, 0, 0)."""
    castle = g.castle_of(me)
    if castle < 0 or g.loc[castle] < 0:
        return 0, 0, 0
    board, grid, ctrl, types = g.board, g.grid, g.ctrl, g.types
    mine = g.team_mask[me]
    here = g.loc[castle]
    empty = unguarded = enemies = 0
    for sq in board.orthogonal(here):
        if not board.is_land(sq):
            continue
        q = grid[sq]
        if q >= 0:
            if not mine >> ctrl[q] & 1:
                enemies += 1
            continue
        empty += 1
        if not any(grid[n] >= 0 and mine >> ctrl[grid[n]] & 1 and types[grid[n]].kind == "warrior"
                   for n in board.orthogonal(sq) if n != here):
            unguarded += 1
    return empty, unguarded, enemies


def castle_odds(g: Engine, me: int) -> tuple[float, float]:
    """The chance that one blind attack finds a castle: ours as the enemy sees it, and the
    enemy's as we see it. A blind attacker can only guess among the hidden pieces that never
    moved, so it is one in their number (certain once the castle is known). The more of our
    pieces stay unmoved and unseen, the safer our castle; every enemy piece we see or see move
    narrows our own search."""
    mine = g.team_mask[me]
    bit = 1 << me
    ours = theirs = 0
    ours_seen = theirs_seen = False
    moved, known, types, loc, owner = g.moved, g.known, g.types, g.loc, g.owner
    for pid in range(len(types)):
        if loc[pid] < 0:
            continue
        if mine >> owner[pid] & 1:
            hidden = not known[pid] & ~mine
            if types[pid].kind == "castle" and not hidden:
                ours_seen = True
            if hidden and pid not in moved:
                ours += 1
        else:
            hidden = not known[pid] & bit
            if types[pid].kind == "castle" and not hidden:
                theirs_seen = True
            if hidden and pid not in moved:
                theirs += 1
    return (1.0 if ours_seen else 1.0 / max(ours, 1),
            1.0 if theirs_seen else 1.0 / max(theirs, 1))

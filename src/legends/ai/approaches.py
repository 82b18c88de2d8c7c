"""How open a castle stands to the enemy: the search player's guard in front of its castle.

In classic Stratego the Flag may stand anywhere in the setup, even in the front row, and the
enemy tries the pieces that never moved in the hope of finding it. A piece of the enemy's
that reaches a square next to our castle may try it on its next turn, so the search player
keeps those squares covered: a square next to the castle that a warrior of ours touches can
be cleared before the enemy piece that steps there strikes. A Flag set up behind its Bombs
has no such square open, yet an enemy Miner next to one of those Bombs is two turns from it,
so the squares next to the Bombs count as well (``wall``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from legends_core import Engine


def open_approaches(g: Engine, me: int, wall: bool = False) -> tuple[int, int, int]:
    """How open ``me``'s castle stands: the empty squares next to it (in a straight line, on
    land), how many of them no mobile warrior of ours touches (an enemy piece that reaches one
    could try the castle before we could take it), and the enemy pieces next to it. A castle
    boxed in by its own pieces is (0, 0, 0).

    With ``wall``, our stationary pieces next to the castle (Bombs round a Flag) count as part
    of it: the squares next to them are approaches too, since an enemy that breaks through
    one of them (a Miner) stands next to the castle at once."""
    castle = g.castle_of(me)
    if castle < 0 or g.loc[castle] < 0:
        return 0, 0, 0
    board, grid, ctrl, types = g.board, g.grid, g.ctrl, g.types
    mine = g.team_mask[me]
    here = g.loc[castle]
    fort = {here}
    if wall:
        fort.update(sq for sq in board.orthogonal(here)
                    if grid[sq] >= 0 and mine >> ctrl[grid[sq]] & 1
                    and g.is_stationary(grid[sq]))
    around = {sq for f in fort for sq in board.orthogonal(f)
              if sq not in fort and board.is_land(sq)}
    empty = unguarded = enemies = 0
    for sq in around:
        q = grid[sq]
        if q >= 0:
            if not mine >> ctrl[q] & 1:
                enemies += 1
            continue
        empty += 1
        if not any(grid[n] >= 0 and mine >> ctrl[grid[n]] & 1 and types[grid[n]].kind == "warrior"
                   for n in board.orthogonal(sq) if n not in fort):
            unguarded += 1
    return empty, unguarded, enemies

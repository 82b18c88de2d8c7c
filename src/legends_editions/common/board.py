"""The 10x10 Stratego board: two lakes of four squares in the middle ranks.

Squares are ``a1`` .. ``j10``; rank 1 is the first seat's back row. Each seat sets up on the
four ranks nearest to it (1-4 and 7-10); ranks 5 and 6 hold the lakes and start empty.
"""

from __future__ import annotations

import functools

from legends_core.board import Board, from_rows

SIZE = 10
LAKES = ("c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6")
SETUP_RANKS = 4


@functools.cache
def classic_board(seats: tuple[str, str] = ("red", "blue")) -> Board:
    """The board, with each seat's setup area as its region (built once)."""
    grid = [["P"] * SIZE for _ in range(SIZE)]
    for sq in LAKES:
        f, r = ord(sq[0]) - 97, int(sq[1:]) - 1
        grid[SIZE - 1 - r][f] = "W"
    rows = ["".join(r) for r in grid]
    files = "abcdefghij"
    regions = {
        seats[0]: [f"{f}{r}" for r in range(1, SETUP_RANKS + 1) for f in files],
        seats[1]: [f"{f}{r}" for r in range(SIZE - SETUP_RANKS + 1, SIZE + 1) for f in files],
    }
    return from_rows(rows, regions=regions)


def half(board: Board, seat_index: int) -> tuple[int, ...]:
    """The land squares of a seat's half of the board (ranks 1-5 for the first seat)."""
    h = board.height // 2
    ranks = range(h) if seat_index == 0 else range(board.height - h, board.height)
    return tuple(r * board.width + f for r in ranks for f in range(board.width)
                 if board.is_land(r * board.width + f))


def back_rank(board: Board, seat_index: int) -> int:
    """The rank index (0-based) of a seat's own back row."""
    return 0 if seat_index == 0 else board.height - 1

"""A computer player's own setup in the editions that let each player arrange their army.

Dealt at random, an army often has its Flag in the front row, where an enemy piece that simply
walks up takes it: most of the search player's lost games of classic Stratego went that way.
Players of those editions arrange their pieces with a few well-known ideas, and
:func:`guarded_setup` follows them, with enough chance in every choice that the enemy cannot
learn one fixed arrangement:

* the Flag stands in the back row, a corner or edge file more often than not (fewer sides to
  guard), and the Bombs (or the edition's piece in their slot) close the squares beside and
  in front of it, as many as the army holds;
* Bombs left over stand on the back two rows, where they look like another guarded Flag;
* the strongest pieces (ranks 10, 9, 8) stand in the second and third rows, ready to come out
  but not the first thing an enemy Scout finds, and the Spy stands next to the General, to
  answer the Marshal that takes it;
* Miners (rank 3) stay back, for the Bombs at the end of the game; Scouts and the low ranks
  take the front row, to find out what faces them;
* everything else fills the rest at random.

The result is a setup line (:mod:`legends_core.setupline`) naming every piece of the army.
"""

from __future__ import annotations

import random

from legends_core.ruleset import get_ruleset
from legends_core.setupline import setup_squares, setup_table, takes_setup

__all__ = ["arranged_line", "guarded_setup"]

#: Where each rank prefers to stand: a weight for each row, counted from the back row.
#: (Four rows in every edition with setup lines; other depths scale these.)
ROWS: dict[str, tuple[float, ...]] = {
    "0": (0.2, 1.0, 1.0, 0.3),   # Marshal
    "9": (0.2, 1.0, 1.0, 0.3),   # General
    "8": (0.3, 1.0, 1.0, 0.5),
    "7": (0.5, 1.0, 1.0, 0.6),
    "6": (0.6, 1.0, 1.0, 1.0),
    "5": (0.6, 1.0, 1.0, 1.2),
    "4": (0.6, 1.0, 1.0, 1.4),
    "3": (1.2, 1.2, 0.5, 0.2),   # Miners: kept for the Bombs
    "2": (0.3, 0.6, 0.8, 1.6),   # Scouts: lead, to find things out
}
#: The order ranks are placed in: the ones with the strongest wishes first.
ORDER = "093287654"


def guarded_setup(rules: str, seat: str, rng: random.Random) -> str:
    """A setup line for ``seat`` under ``rules`` arranged as the module describes.

    :raises ValueError: the rules deal their setup (Stratego Legends) and take no line.
    """
    rs = get_ruleset(rules)
    if not takes_setup(rs):
        raise ValueError(f"the {rs.name} rules deal the setup and take no setup line")
    board = rs.board()
    squares = setup_squares(board, seat)
    table = setup_table(rs, seat)
    left = {ch: count for ch, (_, count) in table.items()}
    # Rows counted from the back, files from the player's left: a setup line lists the back
    # row first, each row from the player's left to right.
    row_index: dict[int, int] = {}
    cell: dict[tuple[int, int], int] = {}
    files: dict[int, list[int]] = {}
    row_of: dict[int, int] = {}
    for i, text in enumerate(squares):
        r = row_index.setdefault(board.rank_of(board.parse_square(text)), len(row_index))
        files.setdefault(r, []).append(i)
        cell[(r, len(files[r]) - 1)] = i
        row_of[i] = r
    rows = len(files)
    line = ["."] * len(squares)

    def free(r: int, c: int) -> bool:
        i = cell.get((r, c))
        return i is not None and line[i] == "."

    def put(ch: str, i: int) -> None:
        line[i] = ch
        left[ch] -= 1

    def scatter(ch: str) -> None:
        """One ``ch`` on a free square, drawn by the rows its rank prefers."""
        want = _row_weights(ROWS.get(ch, (1.0,) * 4), rows)
        spots = [i for i in range(len(line)) if line[i] == "."]
        put(ch, rng.choices(spots, [want[row_of[i]] for i in spots])[0])

    # The Flag, in the back row: corners and edges twice as likely as a file in the middle.
    width = len(files[0])
    weights = [2.0 if c in (0, width - 1) else 1.0 for c in range(width)]
    fc = rng.choices(range(width), weights)[0]
    if "F" in left:
        put("F", cell[(0, fc)])
    # Its neighbours closed with bombs: the square in front first, then the sides.
    guards = [(1, fc)] + rng.sample([(0, fc - 1), (0, fc + 1)], 2)
    for r, c in guards:
        if left.get("B", 0) and free(r, c):
            put("B", cell[(r, c)])
    # Spare bombs: the back two rows.
    while left.get("B", 0):
        spots = [i for r in range(min(2, rows)) for i in files[r] if line[i] == "."]
        put("B", rng.choice(spots))
    for ch in ORDER:
        while left.get(ch, 0):
            scatter(ch)
        if ch == "9" and left.get("1", 0):
            # The Spy next to the General, placed before the squares around it fill up.
            general = [rc for rc, i in cell.items() if line[i] == "9"]
            near = [cell[(r + dr, c + dc)] for r, c in general
                    for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)) if free(r + dr, c + dc)]
            put("1", rng.choice(near or [i for i in range(len(line)) if line[i] == "."]))
    # Anything else the edition has (its own ranks), over the rest.
    for ch in [ch for ch, n in left.items() for _ in range(n)]:
        scatter(ch)
    return "".join(line)


def arranged_line(rules: str, seat: str, rng: random.Random) -> str | None:
    """:func:`guarded_setup` where the ``rules`` take setup lines, ``None`` (the setup is
    dealt) where they do not."""
    return guarded_setup(rules, seat, rng) if takes_setup(rules) else None


def _row_weights(wish: tuple[float, ...], rows: int) -> list[float]:
    """``wish`` (given for four rows) stretched or squeezed to ``rows`` rows."""
    return [wish[min(len(wish) - 1, r * len(wish) // rows)] for r in range(rows)]

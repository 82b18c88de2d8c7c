"""The one-line setup notation: a seat's whole setup area in one short line of text.

A setup line has one character per square of the seat's setup area, read as the player sees it
from their own side of the board: the back row first, each row from the player's left to their
right, then the next row towards the middle. On the 10x10 board Red reads ``a1 .. j1``, then
``a2 .. j2``, up to ``a4 .. j4``; Blue, sitting across, reads ``j10 .. a10``, then ``j9 .. a9``,
down to ``j7 .. a7``. So the same line gives the same arrangement whichever colour plays it.

Each character is the rank of the piece on that square, the same in every edition (see
:data:`SYMBOLS`): ``F`` the flag, ``B`` a bomb (or the edition's name for it, such as Narnia's
Spring and Winter Magic), ``1`` to ``9`` the ranks 1 (the Spy) to 9, ``0`` rank 10 (the
Marshal), and ``.`` a square the line leaves free: the pieces the line does not name are dealt
at random over those squares (``?`` is read the same way).

Letters may be written in either case; spaces and ``/`` (to separate the rows) are ignored.
:func:`parse_setup` reads a line into a placement (square -> piece name, as
:meth:`Game.new <legends_core.Game.new>` takes it; ``Game.new`` also takes the line itself), and
:func:`format_setup` writes a placement as a line. Only rulesets that take a placement (their
``army`` (:class:`~legends_core.ruleset.Ruleset`) names the pieces placed) have setup lines: Stratego
Legends deals its setup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from .board import Board
from .errors import ArmyError, short
from .registry import Catalogue
from .ruleset import Ruleset, catalogue_for, get_ruleset

#: The character for each composition slot (a warrior's strength, ``"magic"``, ``"castle"``).
SYMBOLS: dict[int | str, str] = {"castle": "F", "magic": "B", 1: "1", 2: "2", 3: "3", 4: "4",
                                 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "0"}
#: The character for a square the line leaves to the deal.
EMPTY = "."
#: Other characters read as :data:`EMPTY`.
EMPTY_ALIASES = frozenset("?")
#: Characters ignored between squares (to make a line easier to read).
SEPARATORS = frozenset(" /\t")
#: The longest line read (a guard against huge input).
MAX_LINE = 1000


def takes_setup(rules: str | Ruleset) -> bool:
    """Do the ``rules`` take setup lines (each player may arrange their own army)?"""
    rs = get_ruleset(rules) if isinstance(rules, str) else rules
    return bool(rs.army)


def setup_squares(board: Board, seat: str) -> tuple[str, ...]:
    """The land squares of ``seat``'s setup area in setup-line order: the seat's back row
    first, each row from the player's left to right (see the module docstring).

    :raises ArmyError: the board gives ``seat`` no setup area.
    """
    area = [s for s in board.regions.get(seat, ()) if board.is_land(s)]
    if not area:
        raise ArmyError(f"{short(seat)} has no setup area on this board")
    ranks = [board.rank_of(s) for s in area]
    # A seat whose area lies in the lower half sits at rank 1 and looks up the board; the
    # other sits across and sees the files from j to a.
    low = min(ranks) + max(ranks) < board.height - 1
    if low:
        order = sorted(area, key=lambda s: (board.rank_of(s), board.file_of(s)))
    else:
        order = sorted(area, key=lambda s: (-board.rank_of(s), -board.file_of(s)))
    return tuple(board.name(s) for s in order)


def setup_table(rules: str | Ruleset, seat: str,
                catalogue: Catalogue | None = None) -> dict[str, tuple[str, int]]:
    """The characters of ``seat``'s setup lines under ``rules``: character -> (the piece's
    name as the edition spells it, how many the army holds).

    :raises ArmyError: the ruleset takes no placement, or has no seat ``seat``.
    """
    rs = get_ruleset(rules) if isinstance(rules, str) else rules
    army = rs.army.get(seat)
    if not army:
        if not rs.army:
            raise ArmyError(f"the {rs.name} rules deal the setup at random and take no setup "
                            "line")
        raise ArmyError(f"{short(seat)} is not a seat of the {rs.name} rules "
                        f"({', '.join(rs.army)})")
    cat = catalogue or catalogue_for(rs)
    table: dict[str, tuple[str, int]] = {}
    for name, count in Counter(army).items():
        t = cat.find(name, seat)
        slot = t.strength if t.kind == "warrior" and t.strength is not None else t.kind
        ch = SYMBOLS.get(slot)
        if ch is None or (ch in table and table[ch][0] != t.name):
            raise ArmyError(f"the {rs.name} rules have a piece ({t.name}) no setup-line "
                            "character stands for")
        table[ch] = (t.name, table.get(ch, ("", 0))[1] + count)
    return dict(sorted(table.items(), key=lambda kv: "F B1234567890".index(kv[0])))


def parse_setup(line: str, rules: str | Ruleset, seat: str,
                catalogue: Catalogue | None = None) -> dict[str, str]:
    """Read a setup line for ``seat`` into a placement: square name -> piece name, for the
    squares the line names (``.`` squares are left out, for the deal).

    :raises ArmyError: the line is not one (the message names the position in the line, the
        character and its square): a character no piece has, a wrong length, or more pieces
        of a rank than the army holds.
    """
    rs = get_ruleset(rules) if isinstance(rules, str) else rules
    if not isinstance(line, str):
        raise ArmyError(f"setup line for {short(seat)}: expected text, got {short(line)}")
    if len(line) > MAX_LINE:
        raise ArmyError(f"setup line for {short(seat)}: longer than {MAX_LINE} characters")
    table = setup_table(rs, seat, catalogue)
    squares = setup_squares(rs.board(), seat)
    where = f"setup line for {seat}"
    cells = [(i, ch) for i, ch in enumerate(line, 1) if ch not in SEPARATORS]
    if len(cells) != len(squares):
        raise ArmyError(f"{where}: needs {len(squares)} characters, one per square of the "
                        f"setup area, has {len(cells)}")
    placement: dict[str, str] = {}
    used: Counter[str] = Counter()
    problems: list[str] = []
    for (pos, raw), square in zip(cells, squares, strict=True):
        ch = raw.upper()
        if ch == EMPTY or ch in EMPTY_ALIASES:
            continue
        if ch not in table:
            known = "".join(table)
            problems.append(f"position {pos} ({square}): {raw!r} is not a piece of this "
                            f"army (use {known} or {EMPTY})")
            continue
        used[ch] += 1
        name, most = table[ch]
        if used[ch] == most + 1:
            problems.append(f"position {pos} ({square}): {raw!r} is one {name} too many "
                            f"(the army has {most})")
        placement[square] = name
    if problems:
        raise ArmyError(f"{where}: " + "; ".join(problems[:5])
                        + (f"; and {len(problems) - 5} more" if len(problems) > 5 else ""))
    return placement


def format_setup(placement: Mapping[str, str], rules: str | Ruleset, seat: str,
                 catalogue: Catalogue | None = None) -> str:
    """Write a placement (square name -> piece name, as a game record keeps it) as a setup
    line for ``seat``; squares without a piece are written ``.``.

    :raises ArmyError: a square outside the setup area, or a piece not in the army.
    """
    rs = get_ruleset(rules) if isinstance(rules, str) else rules
    table = setup_table(rs, seat, catalogue)
    by_name = {name.casefold(): ch for ch, (name, _) in table.items()}
    board = rs.board()
    squares = setup_squares(board, seat)
    at = {}
    for text, name in placement.items():
        try:
            square = board.name(board.parse_square(text))
        except (ValueError, AttributeError):
            raise ArmyError(f"{short(text)} is not a square of the board") from None
        if square not in squares:
            raise ArmyError(f"{square} is outside {seat}'s setup area")
        ch = by_name.get(str(name).casefold())
        if ch is None:
            raise ArmyError(f"{square}: {short(name)} is not a piece of {seat}'s army")
        at[square] = ch
    return "".join(at.get(sq, EMPTY) for sq in squares)

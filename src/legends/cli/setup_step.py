"""``legends play``'s setup step: in an edition with a free setup (classic, the Ultimate
editions, Narnia), a player who gave neither ``--setup`` nor ``--setup-file`` arranges their
army in the terminal before the first move.

The step starts from a dealt arrangement and shows the player's setup area as they sit (their
back row at the bottom); they swap two pieces by typing the two squares, type a whole setup
line (:mod:`legends_core.setupline`; its ``.`` squares are dealt), ask for a new deal with
``random``, and start the game with ``done``. Every arrangement shown is checked by building a
game from it, so the one the player starts with is always legal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from legends_core import Game
from legends_core.errors import ArmyError
from legends_core.ruleset import get_ruleset
from legends_core.setupline import format_setup, parse_setup, setup_squares, setup_table

from ..i18n import _
from ..kernel_words import refusal
from .text import Terminal


def help_text() -> str:
    return _("""Arrange your army before the game begins. Type:
  two squares to swap their pieces, e.g. 'a1 b2'
  a whole setup line: one character a square, your back row first, each row from your left
    to your right ('.' squares are dealt at random)
  'random' for a new deal, 'show' to see the setup again, 'done' to start the game, 'quit'""")


SQUARE = re.compile(r"[a-z]{1,2}[0-9]{1,2}")
DONE = frozenset({"done", "ready", "start", "ok"})


def deal(rules: str, seat: str, line: str | None = None, seed: int | None = None) -> str:
    """A whole setup line for ``seat``: the pieces ``line`` places where it places them, the
    rest dealt (everything, without ``line``).

    :raises ArmyError: ``line`` is not a setup line of this edition for ``seat``.
    """
    rs = get_ruleset(rules)
    squares = set(setup_squares(rs.board(), seat))
    if line is not None:
        line = format_setup(parse_setup(line, rs, seat), rs, seat)
    game = Game.new(rules=rules, placement={seat: line} if line else None, seed=seed,
                    setup=False)
    placed = {p.square: p.name for p in game.view(seat).pieces
              if p.owner == seat and p.square in squares and p.name}
    return format_setup(placed, rs, seat)


def area_lines(rules: str, seat: str, line: str) -> list[str]:
    """The setup area as ``seat`` sees it (their back row at the bottom), the pieces' names
    and the line itself."""
    rs = get_ruleset(rules)
    board = rs.board()
    squares = setup_squares(board, seat)
    rows: list[list[tuple[str, str]]] = []
    last = None
    for square, ch in zip(squares, line, strict=True):
        rank = board.rank_of(board.parse_square(square))
        if rank != last:
            rows.append([])
            last = rank
        rows[-1].append((square, ch))
    files = [re.sub(r"\d+", "", sq) for sq, _ch in max(rows, key=len)]
    out = ["     " + "".join(f"{f:>3}" for f in files)]
    for row in reversed(rows):
        at = {re.sub(r"\d+", "", sq): ch for sq, ch in row}
        number = re.sub(r"\D+", "", row[0][0])
        out.append(f"  {number:>3}" + "".join(f"{_label(at[f]) if f in at else '':>3}"
                                            for f in files))
    table = setup_table(rs, seat)
    out.append("  " + ", ".join(f"{_label(ch)} {name} ({count})"
                                for ch, (name, count) in table.items()))
    out.append("  " + _("setup line: {line}").format(line=line))
    return out


def _label(ch: str) -> str:
    return "10" if ch == "0" else ch


def arrange(rules: str, seat: str, read: Callable[[str], str], out: Terminal | None = None,
            seed: int | None = None) -> str | None:
    """Let the player arrange ``seat``'s army; their setup line, or ``None`` if they quit."""
    out = out or Terminal()
    squares = setup_squares(get_ruleset(rules).board(), seat)
    line = deal(rules, seat, seed=seed)
    out.line(_("Your setup ({seat}), your side at the bottom:").format(seat=seat))
    out.lines(area_lines(rules, seat, line))
    out.line(_("Swap two pieces ('a1 b2'), type a setup line, 'random', or 'done' to start "
               "('help' for more)."))
    while True:
        try:
            text = read("setup> ").strip()
        except EOFError:
            out.line("\n" + _("bye"))
            return None
        word = text.casefold()
        if not text or word in ("help", "?"):  # nothing typed: the help again, no complaint
            out.line(help_text())
            continue
        if word in DONE:
            return line
        if word in ("quit", "exit"):
            return None
        if word in ("show", "board"):
            out.lines(area_lines(rules, seat, line))
            continue
        words = word.split()
        try:
            if word in ("random", "deal"):
                line = deal(rules, seat)
            elif len(words) == 2 and all(SQUARE.fullmatch(w) for w in words):
                outside = [w for w in words if w not in squares]
                if outside:
                    raise ArmyError(_("{square} is not in your setup area ({first} to "
                                      "{last})").format(square=outside[0], first=squares[0],
                                                        last=squares[-1]))
                i, j = squares.index(words[0]), squares.index(words[1])
                cells = list(line)
                cells[i], cells[j] = cells[j], cells[i]
                line = deal(rules, seat, "".join(cells))
            else:
                line = deal(rules, seat, text)
        except ArmyError as exc:
            out.line(_("{problem} (type 'help' to see what you can type)").format(
                problem=refusal(str(exc))))
            continue
        out.lines(area_lines(rules, seat, line))

"""``legends game``: a complete computer-against-computer game, printed move by move."""

from __future__ import annotations

import argparse
import json
import secrets
from typing import TextIO

from legends_core import Game
from legends_core.teams import seat_kinds

from ..ai import make_player
from ..wording import is_legends, option_labels, reason
from ..wording import line as event_line
from .common import (
    PLAYERS_HELP,
    add_game_options,
    check_setup_rules,
    game_seats,
    new_game_args,
    players_arg,
    read_setup_file,
    title,
    whole,
    winner_text,
)
from .text import Terminal, board_lines, key_lines

#: Colours for the events that decide things (used when the terminal shows colour).
_STYLE = {"strength": "cyan", "destroy": "red", "power": "magenta", "curse-begin": "yellow",
          "curse-end": "yellow", "curse-void": "yellow", "game-over": "bold green"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("game", help="watch the computer play itself (the default command)")
    add_game_options(p)
    p.add_argument("--players", action="append", metavar="N|KINDS",
                   help=f"{PLAYERS_HELP}; and/or the computer players: random, heuristic or "
                        "ismcts, two (first side first) or one per seat (default: "
                        "heuristic,heuristic)")
    p.add_argument("--setup", action="append", default=[], metavar="SEAT=LINE",
                   help="a seat's setup as a setup line (classic, Ultimate and Narnia), e.g. "
                        "red=FB..; may be given for each seat")
    p.add_argument("--setup-file", action="append", default=[], metavar="SEAT=FILE",
                   help="a seat's setup line read from FILE (one line; # starts a comment)")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument("--board-every", type=whole(0), default=10, metavar="N",
                   help="print the board after every N turns, and at the end (0: only at "
                        "the end)")
    p.add_argument("--board-for", metavar="SEAT",
                   help="draw the boards as SEAT sees them (default: the referee's, every "
                        "piece shown)")
    p.add_argument("--save", help="write the full (referee's) game record (JSON) to this file")
    p.add_argument("--save-for", action="append", default=[], metavar="PLAYER=FILE",
                   help="also write PLAYER's own record (only what they may know) to FILE; "
                        "check it later with 'legends verify'")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    args.player_count, args.kinds = players_arg(args.players, "heuristic,heuristic")
    seats = game_seats(args)
    kinds = seat_kinds(seats, args.kinds)
    for k in set(kinds.values()):
        make_player(k)
    for spec in args.save_for:
        who, _, path = spec.partition("=")
        if who not in seats or not path:
            raise ValueError(f"--save-for {spec[:40]!r}: expected "
                             f"{' or '.join(f'{s}=FILE' for s in seats)}")  # every seat
    args.placement = _setup_lines(args, seats)
    if args.board_for is not None and args.board_for not in seats:
        raise ValueError(f"--board-for {args.board_for[:20]!r}: choose one of "
                         f"{', '.join(seats)}")
    # Opened first, so a bad path is reported before the game is played, not after.
    save = open(args.save, "w", encoding="utf-8") if args.save else None
    try:
        return _play(args, save)
    finally:
        if save is not None:
            save.close()


def _setup_lines(args: argparse.Namespace, seats: tuple[str, ...]) -> dict[str, str] | None:
    """The setup lines ``--setup SEAT=LINE`` and ``--setup-file SEAT=FILE`` give, by seat."""
    lines: dict[str, str] = {}
    for option, specs in (("--setup", args.setup), ("--setup-file", args.setup_file)):
        for spec in specs:
            check_setup_rules(args.rules, option)
            seat, eq, value = spec.partition("=")
            what = "LINE" if option == "--setup" else "FILE"
            if not eq or seat not in seats:
                raise ValueError(f"{option} {spec[:40]!r}: expected "
                                 f"{' or '.join(f'{s}={what}' for s in seats)}")
            if seat in lines:
                raise ValueError(f"{option}: {seat}'s setup is given twice")
            lines[seat] = value if option == "--setup" else read_setup_file(value)
    return lines or None


def _play(args: argparse.Namespace, save: TextIO | None) -> int:
    seats = game_seats(args)
    kinds = seat_kinds(seats, args.kinds)
    # The seed drawn here, as Game.new would, so the players (seeded from it) can arrange
    # their setups before the game is built.
    seed = args.seed if args.seed is not None else secrets.randbits(128)
    players = {s: make_player(kinds[s], seed + i) for i, s in enumerate(seats)}
    given = args.placement or {}
    own = {s: line for s, p in players.items() if s not in given
           and (line := p.arrange(args.rules, s)) is not None}
    game = Game.new(**{**new_game_args(args), "seed": seed}, placement={**given, **own} or None,
                    turn_limit=1000 if args.turn_limit is None else args.turn_limit)
    names = {n: t.name for n, t in game.catalogue.items()}
    legends = is_legends(args.rules)  # the events in the edition's own words
    game.headers.update(event="legends game", site="legends (command line)",
                        players={s: f"computer ({kinds[s]})" for s in game.players})
    out = Terminal()

    def board(heading: str) -> None:
        view = game.view(args.board_for)  # None: the referee's
        whose = f" ({args.board_for}'s view)" if args.board_for else ""
        out.line([(f"{heading}{whose}:", "bold")])
        out.lines(board_lines(view, catalogue=game.catalogue))

    if not args.quiet:
        boards = f", boards {'+'.join(game.board.layout)}" if game.board.layout else ""
        sides = " against ".join(
            f"{side} ({', '.join(f'{s}: {kinds[s]}' for s in seats)})" if len(seats) > 1
            else f"{side} ({kinds[seats[0]]})" for side, seats in game.teams.items())
        out.line(f"{title(args.rules)}: {sides}, seed {seed}{boards}")
    played = 0  # the turn of the last action (the game may end as the next one begins)
    while not game.is_over:
        who = game.current_player
        assert who is not None
        turn = played = game.turn
        # The action in the edition's words, as the seat could read it before choosing.
        labels = {} if args.quiet else option_labels(game.view(who), args.rules, game.catalogue)
        action = players[who].choose(game.knowledge(who))
        events = game.apply(action)
        if args.quiet:
            continue
        # Attacks and strikes settle when the last player passes their window, so what the
        # passes cause (strengths, destructions, spells, curses) is shown too.
        if action.kind != "pass":
            # The turn the action was made in (the game has moved on to the next one when it
            # ended the turn), numbered as everywhere (the ruling "Counting turns").
            out.line([(f"[turn {turn:>3}] {who}: ", "bold"), (labels.get(str(action),
                                                                         str(action)), "bold")])
        for e in events:
            if e.kind not in ("pass", "turn"):
                out.line([("           ", ""),
                          (event_line(e.to_dict(), names, legends), _STYLE.get(e.kind, ""))])
        if (args.board_every and game.turn != turn and turn % args.board_every == 0
                and not game.is_over):  # turn N is over (the final board follows the end)
            board(f"Board after turn {turn}")
    if not args.quiet:
        board("Final board")
        out.lines(key_lines(game.view(args.board_for), game.catalogue))
    why = reason(game.reason or "", legends)
    out.line([(f"Winner: {winner_text(game)} ({why}) after {played} turns", "bold")])
    if save is not None:
        json.dump(game.record(), save)
    for spec in args.save_for:
        who, _, path = spec.partition("=")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(game.record(who), fh)
    return 0

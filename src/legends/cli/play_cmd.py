"""``legends play``: a human plays a computer opponent in the terminal."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import Any

from legends_core import Ending, Game, View
from legends_core.actions import Action
from legends_core.errors import LegendsError, NotationError, PositionError
from legends_core.events import Event, power_name
from legends_core.registry import Catalogue
from legends_core.setupline import takes_setup

from ..ai import PLAYERS, make_player
from ..draw_offers import computer_accepts_draw
from ..i18n import _
from ..kernel_words import refusal
from ..wording import (
    error_text,
    is_legends,
    option_groups,
    option_labels,
    prompt,
    reason,
    turn_label,
)
from .common import (
    PLAYERS_HELP,
    add_game_options,
    check_setup_rules,
    game_seats,
    new_game_args,
    players_arg,
    read_record,
    read_setup_file,
    whole,
    winner_text,
    write_json,
)
from .setup_step import arrange
from .text import Terminal, board_lines, board_text, event_lines, info_lines, key_lines


def help_text() -> str:
    """What a person may type at a decision (in the language in use)."""
    return _("""Answer with the number of a choice or its notation (e.g. 'b2-b3', 'pass'); switch two
pieces during setup by typing their squares ('a1 b2').
Other commands:
  moves         what you may do now, piece by piece
  history       the moves so far, as you saw them
  undo          take back your last decision (and the computer's since)
  draw          offer the computer a draw
  resign        lose the game at once (asks first)
  board         draw the board and its key
  info SQUARE   what you know of a square
  save FILE     save your own record of the game and keep playing (with --save-full, the
                full record, which --load can resume)
  help          this text
  quit          stop playing""")


SQUARE = re.compile(r"[a-z]{1,2}[0-9]{1,2}")
SQUARES_A_LINE = 12  # squares to choose from, shown on one line
PLAYER_RECORD = "stratego-legends-player-record"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play against the computer in the terminal")
    add_game_options(p)
    p.add_argument("--side", default=None,
                   help="your side (default: the first seat, beige in Stratego Legends)")
    p.add_argument("--opponent", default="search", choices=sorted(PLAYERS),
                   help="the computer player you play against (default: search, the "
                        "strongest that answers within a second, as in the browser)")
    p.add_argument("--setup", metavar="LINE",
                   help="your own setup as a setup line, e.g. 'FB..' (classic, Ultimate and "
                        "Narnia; one character per square of your setup area, back row first, "
                        "left to right as you see it; '.' squares get the rest of your army "
                        "dealt at random); without --setup or --setup-file these editions "
                        "open with a setup step in which you arrange your army")
    p.add_argument("--setup-file", metavar="FILE",
                   help="read your setup line from FILE (one line; # starts a comment)")
    p.add_argument("--load", help="resume a game saved with --save-full (your own record "
                                  "cannot be resumed)")
    p.add_argument("--save-full", action="store_true",
                   help="make 'save FILE' write the full (referee's) record, which --load can "
                        "resume, instead of your own record; it exposes the opponent's secrets: "
                        "the whole hidden setup, the seed and the commitment salt")
    p.add_argument("--ask-always", action="store_true",
                   help="ask even when there is only one possible answer")
    p.add_argument("--players", type=whole(2, 8), default=2,
                   help=f"{PLAYERS_HELP}; the computer plays every other seat")
    p.add_argument("--campaign", metavar="FILE",
                   help="play a campaign against the computer across sessions: FILE is made "
                        "if it does not exist, and saved after every game and when you quit")
    p.add_argument("--games", type=whole(1, 99), default=2,
                   help="with --campaign, for a new campaign: 2 for a two-game campaign "
                        "(scores), more for best-of-N")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    if args.campaign:
        from .campaign_cmd import play_campaign

        return play_campaign(args, read)
    args.player_count, _kinds = players_arg([str(args.players)])
    line = _setup_line(args)
    if (line is None and not args.load and args.player_count == 2
            and takes_setup(args.rules)):
        seat = _own_seat(args)
        line = arrange(args.rules, seat, read, seed=args.seed)
        if line is None:
            return 0
    if args.load:  # resumed as saved; a new game is built below, once the computer is made
        record = read_record(args.load)
        if record.get("format") == PLAYER_RECORD:
            raise PositionError(_("{file}: this is a player's own record, which holds only "
                                  "what that player was shown and cannot be resumed; save with "
                                  "--save-full to keep a game you can resume"
                                  ).format(file=args.load))
        try:
            game = Game.from_record(record)
        except PositionError as exc:
            raise PositionError(f"{args.load}: {exc}") from None
    seed = args.seed if args.seed is not None else 0
    computer = make_player(args.opponent, seed + 7)
    if not args.load:
        kwargs = new_game_args(args)
        seats = game_seats(args)
        mine = args.side or seats[0]
        if mine not in seats:
            raise ValueError(_("--side {side}: choose one of {seats}").format(
                side=repr(mine[:20]), seats=", ".join(seats)))
        placement: dict[str, str] = {}
        if takes_setup(args.rules):  # the computer's own setups, where it arranges one
            placement = {s: a for s in seats if s != mine
                         and (a := computer.arrange(args.rules, s)) is not None}
        if line is not None:
            placement[mine] = line
        if placement:
            kwargs["placement"] = placement
        game = Game.new(**kwargs, turn_limit=args.turn_limit)
    me = args.side or game.players[0]
    if me not in game.players:
        raise ValueError(_("--side {side}: choose one of {seats}").format(
            side=repr(me[:20]), seats=", ".join(game.players)))
    if not args.load:
        game.headers.update(event="legends play", site="legends (command line)", players={
            p: "you" if p == me else f"computer ({args.opponent})" for p in game.players})
    Terminal().line(_("You play {seat}.").format(seat=me) + " " + help_text())
    session(game, me, computer, read, ask_always=args.ask_always,
            on_save=lambda path: save(game, path, None if args.save_full else me))
    return 0


def _setup_line(args: argparse.Namespace) -> str | None:
    """Your setup line from ``--setup`` or ``--setup-file`` (``None``: the setup is dealt)."""
    line, file = getattr(args, "setup", None), getattr(args, "setup_file", None)
    if line is None and file is None:
        return None
    option = "--setup" if line is not None else "--setup-file"
    if line is not None and file is not None:
        raise ValueError("--setup and --setup-file: give your setup one way, not both")
    for other, given in (("--load", args.load), ("--campaign", args.campaign)):
        if given:
            raise ValueError(_("{option} starts a new game; it cannot be used with {other}")
                             .format(option=option, other=other))
    check_setup_rules(args.rules, option)
    _own_seat(args)
    return line if line is not None else read_setup_file(str(file))


def _own_seat(args: argparse.Namespace) -> str:
    """The seat the person plays (``--side``, checked, or the first)."""
    seats = game_seats(args)
    if args.side is not None and args.side not in seats:
        raise ValueError(_("--side {side}: choose one of {seats}").format(
            side=repr(args.side[:20]), seats=", ".join(seats)))
    return str(args.side or seats[0])


def session(game: Game, me: str, computer: Any, read: Callable[[str], str], *,
            ask_always: bool = False, on_save: Callable[[str], None] | None = None) -> bool:
    """Play ``game`` as ``me`` against ``computer`` (every other seat) until it is over (then
    ``True``) or the person quits (``False``). ``save FILE`` calls ``on_save``."""
    cat = game.catalogue  # the labels' letters come from it: the same all game long
    names = {n: t.name for n, t in cat.items()}
    rules = game.rules.name
    legends = is_legends(rules)
    out = Terminal()
    unseen: list[Event] = []
    shown = ""
    while not game.is_over:
        who = game.current_player
        if who is not None and who != me:
            events = game.apply(computer.choose(game.knowledge(who)), player=who)
            unseen.extend(game.events_for(events, me))
            continue
        for line in event_lines(unseen, names, rules):
            out.line(f"  {line}")
        unseen = []
        actions = list(game.legal_actions())
        if len(actions) == 1 and not ask_always:
            out.line(_("({decision}: only choice '{action}')").format(decision=game.decision,
                                                                     action=actions[0]))
            unseen.extend(game.events_for(game.apply(actions[0], player=me), me))
            continue
        view = game.view(me)
        if board_text(view, catalogue=cat) != shown:  # at every decision (once if unchanged)
            out.lines(board_lines(view, catalogue=cat, commands=True))
            shown = board_text(view, catalogue=cat)
        out.line([(_("{turn}, {seat}: ").format(turn=turn_label(game.turn), seat=me), "bold"),
                  (prompt(game.decision, legends) or "", "bold")])
        # Setup switches are typed as two squares, not picked from hundreds of pairs.
        choices, listed = option_lines(view, actions, cat)
        out.lines(choices)
        while True:
            try:
                text = read(_("your choice> ")).strip()
            except EOFError:
                out.line("\n" + _("bye"))
                return False
            if not text:  # nothing typed: the choices again, no complaint
                out.lines(choices)
                continue
            if text in ("quit", "exit"):
                return False
            if text in ("help", "?"):
                out.line(help_text())
                continue
            if text == "moves":
                out.lines(choices)
                continue
            if text == "history":
                out.lines(history_lines(game, me))
                continue
            if text == "undo":
                taken = undo(game, me, ask_always=ask_always)
                if taken:
                    unseen, shown = [], ""
                    # Not how many actions: the computer's private steps (a response
                    # window it was asked in) could depend on its hidden pieces.
                    out.line(_("took back your last decision and the computer's since; your "
                               "turn again"))
                    break
                out.line(_("nothing to undo: you have not decided anything yet that can be "
                           "taken back"))
                continue
            if text == "draw":
                # The computer answers by the rule it follows in the browser, from its own
                # knowledge only (legends.draw_offers).
                others = [s for s in game.players if s != me]
                if all(computer_accepts_draw(game.knowledge(s)) for s in others):
                    unseen.extend(game.events_for(game.end(Ending.draw()), me))
                    break
                out.line(_("you offer a draw; the computer declines (it plays every game to "
                           "its end); play on"))
                continue
            if text == "resign":
                try:
                    sure = read(_("resign and lose this game? (yes/no)> ")).strip().lower()
                except EOFError:
                    sure = ""
                if sure in ("y", "yes"):
                    unseen.extend(game.events_for(game.resign(me), me))
                    break
                out.line(_("not resigned; play on"))
                continue
            if text in ("board", "key"):
                out.lines(board_lines(game.view(me), catalogue=cat, commands=True))
                out.lines(key_lines(game.view(me), cat))
                continue
            if text.startswith("info"):
                out.lines(info_lines(game.view(me), text[4:], game.catalogue)
                          if text[4:].strip() else [_("info needs a square, e.g. 'info d4'")])
                continue
            if text.startswith("save ") and on_save is not None:
                on_save(text[5:].strip())
                continue
            # ASCII and short: int() refuses digits such as '²' and numbers of 4300+ digits.
            number = text.isascii() and text.isdigit()
            try:
                if number and not 1 <= len(text) <= 6:
                    raise IndexError
                if number:
                    if int(text) < 1:
                        raise IndexError
                    action = listed[int(text) - 1]
                else:
                    action = _read_action(text, listed)
                unseen.extend(game.events_for(game.apply(action, player=me), me))
                break
            except IndexError:
                out.line(_("choose a number from 1 to {count}").format(count=len(listed)))
            except NotationError:
                # Not an action at all: the numbers are how a choice is made here (the
                # kernel's examples of notation would name powers by their keys).
                out.line(_("'{text}' is not a choice: type its number (1 to {count}), a move "
                           "such as 'b2-b3', or 'help'").format(text=text[:40],
                                                                  count=len(listed)))
            except LegendsError as exc:
                out.line(_("not legal: {reason}").format(
                    reason=refusal(error_text(str(exc), rules, cat))))
    for line in event_lines(unseen, names, rules):
        out.line(f"  {line}")
    out.lines(board_lines(game.view(me), catalogue=cat))
    out.line([(_("Winner: {winner} ({reason})").format(winner=winner_text(game),
                                                       reason=reason(game.reason, legends)),
               "bold")])
    return True


# -- the choices, grouped by the piece that acts --------------------------------------------
def option_lines(view: View, actions: Sequence[Action],
                 catalogue: Catalogue) -> tuple[list[str], list[Action]]:
    """The lines that show ``actions`` and the actions in the order their numbers count.

    Moves and powers are grouped by the piece that makes them, one line a piece: its square
    and name, where it may move, then each power and where it may aim
    (``c1 Wannok: c2 · Flying → c4 a1``), numbered in the order shown (the range before the
    line). Many squares to choose from are a dozen to a line, numbered likewise. Other
    answers (``pass``, ``done``) are a numbered line each, under the heading
    :func:`legends.wording.option_groups` gives them. Setup switches are not listed: they are
    typed as two squares."""
    rules = view.rules
    words = option_labels(view, rules, catalogue)
    heads = option_groups(view, rules, catalogue)
    by_piece: dict[str, list[Action]] = {}
    rest: list[Action] = []
    for a in actions:
        if a.kind in ("move", "power") and a.src:
            by_piece.setdefault(a.src, []).append(a)
        elif a.kind != "swap":
            rest.append(a)
    lines: list[str] = []
    if len(rest) + sum(map(len, by_piece.values())) < len(actions):
        lines.append("  " + _("switch two of your pieces by typing their squares, e.g. 'a1 b2'"))
    listed: list[Action] = []
    for src, acts in by_piece.items():
        moves = [a for a in acts if a.kind == "move"]
        powers: dict[str, list[Action]] = {}
        for a in acts:
            if a.kind == "power":
                powers.setdefault(a.key, []).append(a)
        parts = [" ".join(a.dst for a in moves)] if moves else []
        p = view.piece_on(src)
        piece = p.name if p is not None and p.name else "?"
        for key, uses in powers.items():
            aims = " ".join(",".join(a.targets) for a in uses if a.targets)
            # by its name (a piece's very own power: "its power", not its name again); the
            # numbers are how it is chosen
            name = power_name(key)
            name = _("its power") if name == piece else name
            parts.append(f"{name} → {aims}" if aims else name)
        first = len(listed) + 1
        listed.extend(moves)
        for uses in powers.values():
            listed.extend(uses)
        numbers = str(first) if first == len(listed) else f"{first}-{len(listed)}"
        lines.append(f"  {numbers:>7}  {src} {piece}: " + " · ".join(parts))
    # Many squares to choose from (where a power lands, say): a dozen to a line.
    squares = [a for a in rest if a.kind == "choose" and SQUARE.fullmatch(a.value)
               and str(a) not in heads]
    if len(squares) > SQUARES_A_LINE:
        rest = [a for a in rest if a not in squares]
        for i in range(0, len(squares), SQUARES_A_LINE):
            row = squares[i:i + SQUARES_A_LINE]
            first = len(listed) + 1
            listed.extend(row)
            lines.append(f"  {first:>3}-{len(listed):<3}  " + _("choose {squares}").format(
                squares=" ".join(a.value for a in row)))
    heading = None
    for a in sorted(rest, key=lambda a: heads.get(str(a), "")):
        head = heads.get(str(a))
        if head and head != heading:
            lines.append(f"  {head}")
        heading = head
        listed.append(a)
        lines.append(f"  {len(listed):>6}. {words.get(str(a), str(a))}")
    return lines, listed


# -- history and undo ----------------------------------------------------------------------
def history_lines(game: Game, me: str) -> list[str]:
    """The moves so far as ``me`` was shown them, numbered as the browser's move list numbers
    them: a round of turns a line in a two-player game, numbered by its first turn as the
    status line counts turns (``5. beige: b2-b3   gray: g7-g6``: turns 5 and 6), a
    turn a line with more players. Built from ``me``'s own stream of events alone (the game
    replayed from its record, each action's events as ``me`` saw them), so it tells nothing
    the log did not."""
    from ..web import movelist  # here, so that the command line loads nothing of the web

    record = game.record()
    start = Game.from_record({**record, "actions": []}, catalogue=game.catalogue)
    first = (start.turn, start.active_player) if start.decision_kind == "main" else (0, None)
    steps = []
    for seq, action in enumerate(record["actions"]):
        events = start.apply(action)
        steps.append((seq, [e.to_dict() for e in start.events_for(events, me)]))
    names = {n: t.name for n, t in game.catalogue.items()}
    turns = movelist.turns(steps, [], names, first, is_legends(game.rules.name))
    pairs = len(game.players) == 2
    lines: list[str] = []
    rounds: dict[int, list[str]] = {}
    for t in turns:
        if not t["plies"]:  # the turn under way, nothing played in it yet
            continue
        plies = ", ".join(p["text"] for p in t["plies"])
        if not t["turn"]:
            lines.append("  " + _("setup: {plies}").format(plies=plies))
        elif pairs:
            number = t["turn"] - (t["turn"] + 1) % 2  # the round's first turn, as the status says
            if number not in rounds:
                rounds[number] = []
                lines.append("")  # filled in below, in order
            rounds[number].append(_("{seat}: {plies}").format(seat=t["seat"], plies=plies))
            lines[-1] = f"  {number:>3}. " + "   ".join(rounds[number])
        else:
            lines.append("  " + _("turn {turn} ({seat}): {plies}").format(
                turn=t["turn"], seat=t["seat"], plies=plies))
    return lines or ["  " + _("no moves yet")]


def undo(game: Game, me: str, *, ask_always: bool = False) -> int:
    """Take back ``me``'s last decision and every other seat's since, back to the decision
    ``me`` made last (one with a choice: a decision with one answer would be answered again at
    once). Returns how many actions were taken back (0: none of ``me``'s to take back, the
    game is unchanged). The computer then decides again from its own knowledge: nothing it
    knew is shown."""
    if game.is_over:
        return 0
    trial = game.copy(stack=True)
    taken = 0
    while trial.history:
        trial.pop()
        taken += 1
        if trial.current_player == me and (ask_always or len(trial.legal_actions()) > 1):
            break
    else:
        return 0
    for _n in range(taken):
        game.pop()
    return taken


def _read_action(text: str, listed: Sequence[Action] = ()) -> Action:
    """Notation, two squares for a setup switch ('a1 b2'), or the bare answer of a listed
    choice ('done' for 'choose done'), as people type it."""
    words = text.lower().split()
    if len(words) == 2 and all(SQUARE.fullmatch(w) for w in words):  # 'aa3' on wide boards
        return Action.swap(words[0], words[1])
    answer = text.strip().casefold()
    for action in listed:
        if action.kind == "choose" and str(action.value).casefold() == answer:
            return action
    return Action.from_str(text)


def save(game: Game, path: str, player: str | None) -> None:
    """Save ``player``'s own record, or with ``None`` the full record (the opponent's hidden
    pieces, seed and salt included); a path that cannot be written is reported and play goes
    on."""
    if not write_json(game.record(player), path, after=_("; the game goes on")):
        return
    if player is None:
        print(_("saved to {file} (the full record: every hidden piece, the seed and the salt; "
                "resume it with --load)").format(file=path))
    else:
        print(_("saved to {file} (your own record: what you were shown; it cannot be resumed, "
                "use --save-full for that)").format(file=path))

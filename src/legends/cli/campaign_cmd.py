"""``legends campaign``: a campaign between two computer players, and ``legends play
--campaign FILE``: a person's campaign against the computer, across sessions."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from legends_core import safejson
from legends_core.campaign import SIDES, Campaign
from legends_core.errors import PositionError

from ..ai import make_player
from ..i18n import _
from .common import army_arg, seed_arg, whole, write_json

YOU, COMPUTER = "you", "computer"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("campaign", help=_("a campaign between two computer players, with its "
                                          "table of games and scores"))
    p.add_argument("--games", type=whole(1, 99), default=2,
                   help=_("2 for a two-game campaign (the higher total score wins), or N for "
                          "best-of-N (a majority of wins)"))
    p.add_argument("--kind", choices=("two-game", "best-of"), default=None,
                   help=_("force the kind (default: two-game for 2 games, best-of otherwise)"))
    p.add_argument("--players", default="heuristic,heuristic",
                   help=_("the two computer players, the first playing beige: random, "
                          "heuristic or ismcts"))
    p.add_argument("--seed", type=seed_arg, help=_("seed of the campaign (each game's is drawn "
                                                   "from it)"))
    p.add_argument("--beige", help=_("beige army: preset-1..preset-6, random, or a file"))
    p.add_argument("--gray", help=_("gray army: preset-1..preset-6, random, or a file"))
    p.add_argument("--turn-limit", type=whole(1), default=1000,
                   help=_("end a game without a winner after this many turns"))
    p.add_argument("--save", help=_("write the campaign (JSON) to this file after every game"))
    p.set_defaults(run=run)


def _kind(games: int, kind: str | None) -> str:
    kind = kind or ("two-game" if games == 2 else "best-of")
    if kind == "two-game" and games != 2:
        raise ValueError(_("--kind two-game: a two-game campaign has --games 2"))
    return kind


def run(args: argparse.Namespace) -> int:
    kinds = [k.strip() for k in args.players.split(",")]
    if len(kinds) != 2:
        raise ValueError(_("--players needs two computer players, e.g. heuristic,random"))
    if kinds[0] == kinds[1]:
        names = (f"{kinds[0]}-1", f"{kinds[1]}-2")
    else:
        names = (kinds[0], kinds[1])
    players = [make_player(k, (args.seed or 0) + i) for i, k in enumerate(kinds)]
    camp = Campaign.new(kind=_kind(args.games, args.kind), games=args.games, names=names,
                        armies=(army_arg(args.beige), army_arg(args.gray)), seed=args.seed,
                        turn_limit=args.turn_limit, auto_pass=True)
    print(_("Campaign ({kind}): {first} (beige) against {second} (gray)").format(
        kind=describe(camp), first=names[0], second=names[1]))
    while not camp.is_over:
        if camp.chooser is not None:
            camp.choose_first(camp.chooser)  # a computer that lost chooses to go first
        game = camp.start_game()
        while not game.is_over:
            who = game.current_player
            assert who is not None
            game.apply(players[SIDES.index(who)].choose(game.knowledge(who)))
        row = camp.finish_game()
        text = (_("  game {number}: won by nobody ({reason}, {turns} turns), score {score}")
                if row["winner"] is None else
                _("  game {number}: won by {winner} ({reason}, {turns} turns), score {score}"))
        print(text.format(number=len(camp.results), winner=names[row["winner"] or 0],
                          reason=game.reason, turns=game.turn, score=row["score"]))
        if args.save:
            write(camp, args.save)
    print(table_text(camp))
    return 0


def describe(camp: Campaign) -> str:
    return (_("two games, scores") if camp.kind == "two-game"
            else _("best of {games}").format(games=camp.games))


def table_text(camp: Campaign) -> str:
    """The table of games and scores, and the result so far."""
    a, b = camp.names
    # The column headings (translated outside the f-string, where the extraction sees them).
    game, first, winner, score = _("game"), _("first"), _("winner"), _("score")
    turns, totals, wins, how = _("turns"), _("totals"), _("wins"), _("how it ended")
    lines = [f"{game:>4}  {first:<12} {winner:<12} {score:>5} {turns:>5}  {totals:>9}  "
             f"{wins:>5}  {how}"]
    for row in camp.table():
        totals = "{}-{}".format(*row["totals"])
        wins = "{}-{}".format(*row["wins"])
        lines.append(f"{row['game']:>4}  {row['first']:<12} {row['winner'] or '-':<12} "
                     f"{row['score']:>5} {row['turns']:>5}  {totals:>9}  {wins:>5}  "
                     f"{row['reason']}")
    if camp.is_over and camp.winner:
        text = _("Totals {a} {a_score}, {b} {b_score}; wins {a} {a_wins}, {b} {b_wins}: "
                 "{winner} wins the campaign.")
    elif camp.is_over:
        text = _("Totals {a} {a_score}, {b} {b_score}; wins {a} {a_wins}, {b} {b_wins}: "
                 "the campaign is drawn.")
    else:
        text = _("Totals {a} {a_score}, {b} {b_score}; wins {a} {a_wins}, {b} {b_wins}: "
                 "the campaign goes on.")
    lines.append(text.format(a=a, b=b, a_score=camp.scores[0], b_score=camp.scores[1],
                             a_wins=camp.wins[0], b_wins=camp.wins[1], winner=camp.winner))
    return "\n".join(lines)


def write(camp: Campaign, path: str) -> bool:
    """Save the campaign; a path that cannot be written is reported (and ``False``)."""
    return write_json(camp.to_dict(), path)


def load(path: str) -> Campaign:
    try:
        return Campaign.from_dict(safejson.load_file(path, "campaign"))
    except PositionError as exc:
        raise PositionError(_("{file}: {problem}").format(file=path, problem=exc)) from None


def play_campaign(args: argparse.Namespace, read: Callable[[str], str]) -> int:
    """``legends play --campaign FILE``: resume the campaign in FILE, or start one there."""
    from .play_cmd import session

    path = args.campaign
    if os.path.exists(path):
        camp = load(path)
        if YOU not in camp.names:
            raise ValueError(_("{file}: not a campaign of yours against the computer").format(
                file=path))
        print(_("Resuming the campaign in {file} ({kind}).").format(file=path,
                                                                      kind=describe(camp)))
    else:
        side = args.side or "beige"
        if side not in SIDES:
            raise ValueError(_("--side {side}: choose beige or gray").format(
                side=repr(side[:20])))
        names = (YOU, COMPUTER) if side == "beige" else (COMPUTER, YOU)
        armies = (army_arg(args.beige), army_arg(args.gray))
        camp = Campaign.new(kind=_kind(args.games, None), games=args.games, names=names,
                            armies=armies, seed=args.seed, turn_limit=args.turn_limit)
        if not write(camp, path):
            return 2
        print(_("A new campaign ({kind}) is saved in {file}.").format(kind=describe(camp),
                                                                        file=path))
    me = SIDES[camp.names.index(YOU)]
    computer = make_player(args.opponent, (args.seed or 0) + 7)
    print(_("You play {side} in every game.").format(side=me))
    while not camp.is_over:
        game = camp.game
        if game is None:
            if camp.chooser == YOU and not _choose_first(camp, read):
                return 0
            if camp.chooser == COMPUTER:
                camp.choose_first(COMPUTER)
            game = camp.start_game()
            write(camp, path)
            text = (_("Game {number}: you go first.") if camp.next_first() == YOU
                    else _("Game {number}: {player} goes first."))
            print(text.format(number=len(camp.results) + 1, player=camp.next_first()))
        if not game.is_over and not session(game, me, computer, read,
                                            ask_always=args.ask_always,
                                            on_save=lambda p: _saved(camp, p)):
            write(camp, path)
            print(_("The campaign is saved in {file}; play on with --campaign {file}.").format(
                file=path))
            return 0
        camp.finish_game()
        write(camp, path)
        if not camp.is_over:
            print(table_text(camp))
    print(table_text(camp))
    return 0


def _saved(camp: Campaign, path: str) -> None:
    if write(camp, path):
        print(_("saved to {file}").format(file=path))


def _choose_first(camp: Campaign, read: Callable[[str], str]) -> bool:
    """Ask the person, who lost the last game, who goes first (a number or a word);
    ``False`` if they quit."""
    answers = {"1": YOU, "you": YOU, "me": YOU, "2": COMPUTER, COMPUTER: COMPUTER}
    while True:
        try:
            text = read(_("You lost the last game: who goes first, 1. you or 2. computer? "))
        except EOFError:
            print("\n" + _("bye"))
            return False
        text = text.strip().casefold()
        if text in ("quit", "exit"):
            return False
        if text in answers:
            camp.choose_first(answers[text])
            return True
        if text:  # an empty line just asks again
            print(_("answer 1 (you) or 2 (computer)"))

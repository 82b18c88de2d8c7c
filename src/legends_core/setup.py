"""Setup decisions: the opponent's shuffle, then up to two switches each.

Pieces are first placed at random, label side down. Each player then chooses for the other's
army ``shuffle`` (the engine reshuffles that army's pieces over the same squares, from the
game's seed) or ``keep`` (see the ruling "Rearranging the opponent's pieces"). Then the first
player, and after them the others, may make up to ``rules.switches`` switches of two of their
own pieces.
"""

from __future__ import annotations

import random
from collections import defaultdict
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from . import actions
from .actions import DONE, Action
from .armies import COMPOSITION, resolve_army
from .board import Board, draw_battle_boards, from_battle_boards, shuffle
from .errors import PositionError
from .events import Shuffled
from .ruleset import Ruleset, SetupRequest, SetupResult, built_in
from .rulings import ruling
from .tasks import Task, task
from .teams import side_of

if TYPE_CHECKING:
    from .engine import Engine

RULINGS = (
    ruling("Rearranging the opponent's pieces",
           "The rulebook lets each player rearrange the other's face-down pieces. Nobody knows "
           "a face-down piece, so any rearrangement is worth no more than a random one: the "
           "choice offered is to shuffle that army's pieces over the same squares, or to keep "
           "them as they are."),
)


_SWAPS: dict[int, defaultdict[int, dict[int, Action]]] = {}
_swap_count = [0]  # how many swaps _SWAPS holds
_SWITCHES: dict[tuple[int, tuple[int, ...]], tuple[Action, ...]] = {}
SWITCH_ARMY_MAX = 40
#: Enough for every army's squares in two-player Stratego Legends (each seat's two battle
#: boards have their water on one of 16 squares each: 2 x 256 lists of some 3.5 kB).
SWITCH_LISTS_MAX = 1024
#: The answers to a reshuffle question (actions are immutable: built once).
SHUFFLE_OPTIONS = (Action.choose("shuffle"), Action.choose("keep"))


def _swap(g: Engine, a: int, b: int) -> Action:
    """Swap actions are immutable; each is built once per board width and pair of squares."""
    width = g.board.width
    row = _swap_rows(width)[a]
    act = row.get(b)
    if act is None:
        if _swap_count[0] >= actions.INTERN_MAX:
            _SWAPS.clear()
            _swap_count[0] = 0
            row = _swap_rows(width)[a]
        act = row[b] = Action.swap(g.board.name(a), g.board.name(b))
        _swap_count[0] += 1
    return act


def _swap_rows(width: int) -> defaultdict[int, dict[int, Action]]:
    """The swaps built so far on boards ``width`` wide: first square -> second -> action."""
    rows = _SWAPS.get(width)
    if rows is None:
        rows = _SWAPS[width] = defaultdict(dict)
    return rows


def shuffle_army(g: Engine, player: int) -> None:
    """Reshuffle the pieces ``player`` controls over their squares (nobody learns anything)."""
    pids = g.pieces(player)
    loc, grid = g.loc, g.grid
    squares = [loc[p] for p in pids]
    rng = random.Random(f"{g.seed}:shuffle:{g.shuffles}")
    g.shuffles += 1
    shuffle(rng, pids)
    for p, sq in zip(pids, squares, strict=True):
        loc[p] = sq
        grid[sq] = p
    g.reps_from = -1  # the repetition count starts afresh, with the board's hash
    if any(g.offers):
        g.touch(*squares)
    else:
        # No piece's offers are kept yet (setup comes before the first turn): stamping some
        # thousand areas would only tell entries made from now on, which are made at this
        # clock or later, what they know. The clock moves on as touch() would move it.
        g.clock += 1


@task("setup-shuffle", decision=True)
@attrs.frozen
class SetupShuffle(Task):
    """During setup, ``player`` chooses whether the face-down pieces of ``target``'s army are
    reshuffled (``choose shuffle``) or kept as they are (``choose keep``)."""

    player: int
    target: int
    prompt = "reshuffle the opponent's face-down pieces, or keep them"

    def options(self, g: Engine) -> list[Action]:
        return list(SHUFFLE_OPTIONS)

    def answer(self, g: Engine, action: Action) -> None:
        g.emit_choice(self.player, "shuffle", action.value, public=True)
        if action.value == "shuffle":
            shuffle_army(g, self.target)
            g.emit(Shuffled(g.rules.players[self.player], g.rules.players[self.target]))


@task("setup-switch", decision=True)
@attrs.frozen
class SetupSwitch(Task):
    """During setup, ``player`` may switch two of their own pieces (``swap a1 b2``), up to
    ``left`` more times, or stop (``choose done``)."""

    player: int
    left: int
    prompt = "switch two of your pieces, or choose done"

    def options(self, g: Engine) -> list[Action]:
        loc = g.loc
        own = tuple([loc[p] for p in g.pieces(self.player)])  # pieces() lists in board order
        key = (g.board.width, own)
        swaps = _SWITCHES.get(key)
        if swaps is None:
            # A dealt army seldom stands on the same squares twice: this runs for each army's
            # first switch, so it reads each square's pairs from that square's row of swaps
            # with one call of C code (itemgetter), building only the swaps not made yet.
            rows = _swap_rows(g.board.width)
            found: list[Action] = []
            for i, a in enumerate(own[:-1]):
                row, rest = rows[a], own[i + 1:]
                try:
                    found += itemgetter(*rest)(row) if len(rest) > 1 else (row[rest[0]],)
                except KeyError:
                    found += [row[b] if b in row else _swap(g, a, b) for b in rest]
            swaps = tuple(found)
            # An army's squares come back game after game: keep their list, but only for
            # armies of a usual size, and only so many lists, whatever positions are loaded.
            if len(own) <= SWITCH_ARMY_MAX:
                if len(_SWITCHES) >= SWITCH_LISTS_MAX:
                    _SWITCHES.clear()
                _SWITCHES[key] = swaps
        return [DONE, *swaps]

    def answer(self, g: Engine, action: Action) -> None:
        if action.kind == "choose":
            g.emit_choice(self.player, "switch", "done", public=True)
            return
        a = g.grid[g.board.parse_square(action.src)]
        b = g.grid[g.board.parse_square(action.dst)]
        g.swap_pieces(a, b, "setup switch")
        if self.left > 1:
            g.schedule(SetupSwitch(self.player, self.left - 1))


# -- the Stratego Legends ruleset -----------------------------------------------------------


def legends_setup(req: SetupRequest) -> SetupResult:
    """Battle boards (named, or dealt by the seed: four for two players, two more for each
    further player), an army per seat (presets, random or lists), and every piece placed at
    random on its seat's land squares."""
    seed, cat = req.seed, req.catalogue
    if req.placement is not None or req.reserve is not None:
        raise PositionError("placement: the Stratego Legends setup is random (then reshuffles "
                            "and switches); it takes no placement or reserve")
    players = req.seats or req.ruleset.seats
    for seat in req.armies:
        if seat not in players:
            raise PositionError(f"{seat}: the armies of this game are {', '.join(players)}")
    # One stream per purpose, so a record that names the armies and boards chosen replays
    # to the same placement.
    board_ids = (list(req.boards) if req.boards is not None
                 else draw_battle_boards(random.Random(f"{seed}:boards"), 2 * len(players)))
    try:
        board = from_battle_boards(board_ids, players)
    except ValueError as exc:
        raise PositionError(f"boards: {exc}") from None
    army_rng = random.Random(f"{seed}:armies")
    armies = [resolve_army(req.armies.get(seat), side_of(seat), cat, army_rng)
              for seat in players]
    rng = random.Random(f"{seed}:placement")
    placed: list[tuple[int, int, int]] = []  # (square, owner, number)
    land = board._land
    for owner, army in enumerate(armies):
        squares = [s for s in board.regions[players[owner]] if land[s]]
        if len(squares) != len(army):
            raise PositionError(f"boards: {players[owner]} has {len(squares)} land squares "
                                f"for {len(army)} pieces")
        numbers = list(army)
        shuffle(rng, numbers)
        placed.extend(zip(squares, repeat(owner), numbers))  # as many squares as numbers
    record: dict[str, Any]
    if len(players) == 2:
        record = {"beige": list(armies[0]), "gray": list(armies[1])}
    else:
        record = {"players": len(players),
                  "armies": {seat: list(a) for seat, a in zip(players, armies, strict=True)}}
    record["boards"] = list(board_ids)
    return SetupResult(board, placed, record)


def _legends_board() -> Board:
    return from_battle_boards(["1A", "2B", "3C", "4D"])


# Handed to the rulesets as the built-in one (they sit below setup: see ruleset.built_in).
LEGENDS = built_in(Ruleset(
    name="legends",
    description="Stratego Legends (Avalon Hill, 1999): 8x8 battle boards, 30 pieces a side "
                "with powers, death curses, castles",
    seats=("beige", "gray"),
    pieces="legends.pieces",
    setup=legends_setup,
    board=_legends_board,
    composition=COMPOSITION,
    fixed_seats=False,
    packages=("legends_core",),
))

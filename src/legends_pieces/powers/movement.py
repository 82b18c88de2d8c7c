"""Movement actions: Flying, Charging, Slashing, Quickness, Teleport, Switching and the
"move from one terrain to any empty square of that terrain" family.

Each is a turn action (used instead of a move) and reveals the piece using it. Charging and
Quickness over one square are plain moves, so only longer ones are offered.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

import attrs

from legends_core import Action, Power, continuation
from legends_core.compiling import annotated_only, mypyc_attr
from legends_core.moves import leaps, line_targets, power_actions, two_steps
from legends_core.queries import adjacent_squares, beside_water, nameable, nameable_squares

from .knowledge import candidates
from .match import Match, of, printed
from .targeted import TargetAction, move_or_attack

if TYPE_CHECKING:
    from legends_core.board import Board
    from legends_core.engine import Engine

ORTHO = range(0, 4)
DIAG = range(4, 8)


def flight(g: Engine, sq: int, direction: int) -> tuple[int, tuple[int, ...]] | None:
    """Where a flight from ``sq`` lands in ``direction``, and the squares it passes over."""
    over = []
    grid, land = g.grid, g.land  # the engine's own tables, as the runs and leaps read them
    for s in g.rays[sq][direction]:
        if grid[s] >= 0 or not land[s]:
            over.append(s)
            continue
        return (s, tuple(over)) if over else None
    return None


@attrs.frozen(repr=False)
@annotated_only
class Flying(Power):
    """Action: jump in a straight orthogonal line over adjacent pieces and/or water, landing on
    the first empty square beyond. Cannot attack."""

    watches = "looked"  # the squares its flight reads (see legends_core.changes)

    label = "Action"
    key = "flying"
    keywords = frozenset({"flying"})

    def describe(self: Flying | Any) -> str:
        return ("Flying: leap orthogonally over a line of touching pieces and/or water to the "
                "first empty square beyond (never an attack).")

    def legends_offer_actions(self: Flying | Any, game: Engine, piece: int) -> list[Action]:
        if game.is_stationary(piece):
            return []
        return power_actions(game, piece, "flying", leaps(game, game.loc[piece], ORTHO))

    def legends_perform(self: Flying | Any, game: Engine, piece: int, action: Action) -> None:
        sq, dst = game.loc[piece], game.sq(action.targets[0])
        for d in ORTHO:
            hop = flight(game, sq, d)
            if hop is not None and hop[0] == dst:
                game.move_piece(piece, dst, "flying", hop[1])
                return
        raise ValueError(f"no flight from {game.name(sq)} to {action.targets[0]}")


@mypyc_attr(native_class=False)  # as TargetAction
class StepAction(TargetAction):
    """Base of the movement actions that move this piece to a chosen square, attacking when
    an enemy holds it. Subclasses say which squares with :meth:`squares`."""

    def squares(self: StepAction | Any, game: Engine, piece: int) -> Iterable[int]:
        """The squares the piece may step to or attack (before the checks every step has)."""
        raise NotImplementedError

    def targets(self: StepAction | Any, game: Engine, piece: int) -> Iterable[int]:
        return () if game.is_stationary(piece) else self.squares(game, piece)

    def act(self: StepAction | Any, game: Engine, piece: int, square: int) -> None:
        move_or_attack(game, piece, square, self.key)

    def legends_offer_actions(self: StepAction | Any, game: Engine, piece: int) -> list[Action]:
        # TargetAction's, with targets() written out unless a subclass has its own, and the
        # keyword blocks' squares() too: compiled, each call of a method of a plain Python
        # class is a generic one, and the moving pieces are asked again whenever a piece near
        # them moves.
        run = _RUNS.get(type(self))
        if run is None and type(self).targets is not _STEP_TARGETS:
            return TargetAction.legends_offer_actions(self, game, piece)
        if game.is_stationary(piece):
            return []
        if run is None:
            squares = self.squares(game, piece)
            key = self.key
        else:
            key, directions, min_steps = run
            squares = (two_steps(game, piece) if min_steps == 0
                       else line_targets(game, piece, directions, min_steps))
        if not squares:
            return []
        return power_actions(game, piece, key, squares)


#: StepAction.targets as the class holds it, for StepAction.legends_offer_actions to tell a
#: subclass's own apart.
_STEP_TARGETS: Final = StepAction.targets


@attrs.frozen(repr=False)
@annotated_only
class Charging(StepAction):
    """Action: any distance orthogonally through empty squares, possibly ending in an attack."""

    watches = "looked"  # the squares its run reads (see legends_core.changes)

    key = "charging"
    keywords = frozenset({"charging"})

    def describe(self: Charging | Any) -> str:
        return ("Charging: move any distance in a straight orthogonal line through empty land, "
                "and may end by attacking.")

    def squares(self: Charging | Any, game: Engine, piece: int) -> Iterable[int]:
        return line_targets(game, piece, ORTHO, 2)  # runs along lines, attacks at the end


@attrs.frozen(repr=False)
@annotated_only
class Slashing(StepAction):
    """Action: any distance diagonally through empty squares, possibly ending in an attack."""

    watches = "looked"  # the squares its run reads (see legends_core.changes)

    key = "slashing"
    keywords = frozenset({"slashing"})

    def describe(self: Slashing | Any) -> str:
        return ("Slashing: move any distance in a straight diagonal line through empty land, "
                "and may end by attacking.")

    def squares(self: Slashing | Any, game: Engine, piece: int) -> Iterable[int]:
        return line_targets(game, piece, DIAG, 1)


def quick_targets(g: Engine, piece: int) -> list[int]:
    """Squares two orthogonal steps away through an empty first square (the kernel's
    :func:`~legends_core.moves.two_steps`)."""
    return two_steps(g, piece)


@attrs.frozen(repr=False)
@annotated_only
class Quickness(StepAction):
    """Action: two orthogonal steps (an attack on the first step ends the move)."""

    watches = "looked"  # the squares its two steps read (see legends_core.changes)

    key = "quickness"
    keywords = frozenset({"quickness"})

    def describe(self: Quickness | Any) -> str:
        return ("Quickness: move two squares orthogonally (turning allowed) through an empty "
                "first square; may end by attacking.")

    def squares(self: Quickness | Any, game: Engine, piece: int) -> Iterable[int]:
        return quick_targets(game, piece)


#: The keyword blocks' squares() as (key, directions, least steps of a run; 0: two steps),
#: for StepAction.legends_offer_actions to work out without calling them (exact classes
#: only: a subclass may say otherwise). tests/test_compiled_blocks.py holds them equal.
_RUNS: Final[dict[type, tuple[str, range, int]]] = {
    Charging: ("charging", ORTHO, 2),
    Slashing: ("slashing", DIAG, 1),
    Quickness: ("quickness", ORTHO, 0),
}


@attrs.frozen(repr=False)
@annotated_only
class Teleport(TargetAction):
    """Action: destroy this piece; another of your non-stationary pieces moves to its square
    and is revealed."""

    # Its player's pieces, wherever they stand: the list of them records where those are;
    # whether one is stationary changes only with its type or the epoch (grants, the curse).
    watches = "looked"

    key = "teleport"
    keywords = frozenset({"teleport"})

    def describe(self: Teleport | Any) -> str:
        return ("Teleport: destroy this piece so that another non-stationary piece you control "
                "moves onto its square (that piece is revealed).")

    def targets(self: Teleport | Any, game: Engine, piece: int) -> Iterable[int]:
        return [game.loc[p] for p in game.pieces(game.ctrl[piece])
                if p != piece and not game.is_stationary(p)]

    def act(self: Teleport | Any, game: Engine, piece: int, square: int) -> None:
        sq = game.loc[piece]
        other = game.grid[square]
        game.destroy([piece], cause="teleport")
        game.move_piece(other, sq, "teleport")
        game.reveal([other])


def empty_among(game: Engine, squares: Iterable[int]) -> list[int]:
    """The empty land squares among ``squares``, in their order. Read through the kernel's
    recording block (:func:`~legends_core.queries.nameable_squares`), so that a ``"looked"``
    entry watches exactly these squares (see legends_core.changes)."""
    squares = squares if isinstance(squares, (list, tuple)) else list(squares)
    taken = set(nameable_squares(game, 0, squares, "any", None))
    land = game.land
    return [s for s in squares if land[s] and s not in taken]


def pieces_printed(game: Engine, player: int, match: Match) -> list[int]:
    """The pieces ``player`` controls on the board whose printed facts meet ``match`` (one
    with no ``keyword``), in square order. Drawn from the kernel's whole-board list
    (:func:`~legends_core.queries.nameable`), so that a ``"looked"`` entry watches
    ``player``'s roster and where those pieces stand rather than every move (see
    legends_core.changes); the list also holds any of their pieces hidden from ``player``,
    which the test of what each piece is leaves out."""
    types, by_type = game.types, match.by_type
    return [p for p in nameable(game, player, None, "own", match, by_type)
            if printed(match, by_type, types[p])]


@functools.cache
def _of_type(kind: str) -> Match:
    return of(type=kind)


@attrs.frozen(repr=False)
@annotated_only
class Switching(TargetAction):
    """Action: trade squares with another piece of the same type you control (both
    revealed)."""

    # Its player's pieces of its type, wherever they stand: the list of candidates records
    # where those are (see legends_core.changes).
    watches = "looked"

    key = "switching"
    keywords = frozenset({"switching"})

    def describe(self: Switching | Any) -> str:
        return "Switching: trade squares with another piece of the same type that you control."

    def targets(self: Switching | Any, game: Engine, piece: int) -> Iterable[int]:
        kind = game.types[piece].type
        # The type is tested again: the candidates also hold any piece the player has not
        # seen, and this text asks what the piece is, not what its player could name.
        return [game.loc[p] for p in candidates(game, game.ctrl[piece], whose="own",
                                                match=_of_type(kind))
                if p != piece and game.types[p].type == kind]

    def act(self: Switching | Any, game: Engine, piece: int, square: int) -> None:
        other = game.grid[square]
        game.reveal([other])
        game.swap_pieces(piece, other, "switching")


@attrs.frozen(repr=False)
@annotated_only
class TerrainJump(TargetAction):
    """Action: while on ``terrain``, move to any empty square of that terrain."""

    watches = "looked"  # the squares of its terrain (see legends_core.changes)

    terrain: str
    key = "terrain-move"

    def describe(self: TerrainJump | Any) -> str:
        return f"While on {self.terrain}, move to any other empty {self.terrain} square."

    def idle_on(self: TerrainJump | Any, board: Board, square: int) -> bool:
        return board.terrain_of(square) != self.terrain

    def targets(self: TerrainJump | Any, game: Engine, piece: int) -> Iterable[int]:
        if game.terrain(game.loc[piece]) != self.terrain:
            return ()
        return game.empty_squares(self.terrain)

    def act(self: TerrainJump | Any, game: Engine, piece: int, square: int) -> None:
        game.move_piece(piece, square, self.key)


@attrs.frozen(repr=False)
@annotated_only
class WaterJump(TargetAction):
    """Action: from a square next to water, move to any empty square next to water."""

    # The whole board, not "looked": the squares beside water are about half the land
    # squares, so most moves touch one of them anyway, and checking each of them at every
    # decision would cost more than it saves (see legends_core.changes).
    watches = "board"

    key = "water-move"

    def describe(self: WaterJump | Any) -> str:
        return "From a square beside water, move to any empty square beside water."

    def idle_on(self: WaterJump | Any, board: Board, square: int) -> bool:
        return not board.next_to_water(square)

    def targets(self: WaterJump | Any, game: Engine, piece: int) -> Iterable[int]:
        if not beside_water(game, game.loc[piece]):
            return ()
        return [s for s in game.empty_squares() if beside_water(game, s)]

    def act(self: WaterJump | Any, game: Engine, piece: int, square: int) -> None:
        game.move_piece(piece, square, self.key)


@attrs.frozen(repr=False)
@annotated_only
class RevealFlownOver(Power):
    """Ability: after this piece flies, reveal every piece it flew over this turn."""

    label = "Ability"
    key = "reveal-flown-over"

    def describe(self: RevealFlownOver | Any) -> str:
        return "Reveal all the pieces this piece flew over this turn."

    def legends_offer_abilities(self: RevealFlownOver | Any, game: Engine, piece: int, window: str) -> list[Action]:
        if not game.flown or game.recall(piece, "turn:revealed-flight"):
            return []
        for flyer, over in game.flown:
            if flyer == piece and any(game.grid[s] >= 0 and not game.is_revealed(game.grid[s])
                                      for s in over):
                return [Action.power(game.name(game.loc[piece]), self.key)]
        return []

    def legends_perform(self: RevealFlownOver | Any, game: Engine, piece: int, action: Action) -> None:
        game.remember(piece, "turn:revealed-flight", True)
        for flyer, over in game.flown:
            if flyer == piece:
                game.reveal([game.grid[s] for s in over if game.grid[s] >= 0])


FLYING = Flying()
CHARGING = Charging()
SLASHING = Slashing()
QUICKNESS = Quickness()
TELEPORT = Teleport()
SWITCHING = Switching()


@attrs.frozen(repr=False)
@annotated_only
class Gather(Power):
    """Action: move up to ``count`` pieces you control that match ``match`` onto empty squares
    next to this piece, one at a time; each one moved is revealed when ``reveal``.

    After the first piece the player is asked again while a square and a move are left, with
    "done" among the answers, even when no such piece is left: stopping without a question
    would tell the opponent that none is left (see the ruling "Optional questions are always
    put").
    """

    # The squares around it, and its player's pieces that could be brought: the list of
    # candidates records where those are (see legends_core.changes).
    watches = "looked"

    key: str
    match: Match
    count: int = 3
    reveal: bool = False
    label: str = "Action"

    def describe(self: Gather | Any) -> str:
        what = self.match.describe()
        shown = "each one moved is revealed" if self.reveal else "they stay hidden"
        return (f"Move up to {self.count} {what} pieces you control onto empty squares next to "
                f"this piece; {shown}.")

    def legends_offer_actions(self: Gather | Any, game: Engine, piece: int) -> list[Action]:
        if _free_around(game, piece) and _any_gatherable(game, piece, self.match):
            return [Action.power(game.name(game.loc[piece]), self.key)]
        return []

    def legends_perform(self: Gather | Any, game: Engine, piece: int, action: Action) -> None:
        _gather_next(game, {"leader": piece, "moved": (), "left": self.count,
                            "key": self.key, "first": True})


def _free_around(game: Engine, leader: int) -> list[int]:
    return empty_among(game, adjacent_squares(game, game.loc[leader]))


def _gatherable(game: Engine, leader: int, match: Match, moved: tuple[int, ...]) -> list[int]:
    return [p for p in candidates(game, game.ctrl[leader], whose="own", match=match)
            if p != leader and p not in moved]


def _any_gatherable(game: Engine, leader: int, match: Match) -> bool:
    """Whether :func:`_gatherable` with nothing moved yet is not empty (all the offer asks).
    The whole list, not a loop stopping at the first one: the list records what the
    answer depends on (see legends_core.changes)."""
    for p in candidates(game, game.ctrl[leader], whose="own", match=match):
        if p != leader:
            return True
    return False


def _gather_power(game: Engine, leader: int, key: str) -> Gather | Any:
    # Not checked with isinstance: compiled, it would refuse a piece's subclass of Gather
    # (see Match for the ``| Any``).
    return game.types[leader].power(key)


def _gather_next(game: Engine, data: dict[str, Any]) -> None:
    leader: int = data["leader"]
    if data["left"] <= 0 or game.loc[leader] < 0 or not _free_around(game, leader):
        return
    power = _gather_power(game, leader, data["key"])
    cands = [game.ref(p) for p in _gatherable(game, leader, power.match, data["moved"])]
    if not data["first"]:
        cands.append("done")  # even alone: see the class docstring
    game.ask(game.ctrl[leader], f"choose a piece to bring next to the {game.types[leader].name}",
             cands, _gather_which, {**data, "first": False})


@continuation
def _gather_which(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == "done":
        return
    pid = game.from_ref(value)
    leader: int = data["leader"]
    game.ask(game.ctrl[leader], "choose an empty square next to it",
             [game.name(s) for s in _free_around(game, leader)], _gather_where,
             {**data, "piece": pid})


@continuation
def _gather_where(game: Engine, value: str, data: dict[str, Any]) -> None:
    pid: int = data["piece"]
    game.move_piece(pid, game.sq(value), str(data["key"]))
    if _gather_power(game, data["leader"], data["key"]).reveal:
        game.reveal([pid])
    nxt = {k: v for k, v in data.items() if k != "piece"}
    nxt["moved"] = (*nxt["moved"], pid)
    nxt["left"] = nxt["left"] - 1
    _gather_next(game, nxt)

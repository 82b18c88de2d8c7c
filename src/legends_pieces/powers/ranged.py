"""Powers that reach without moving: Distance Strike, Vision, Surround, and the pieces that
turn a Distance Strike or a Vision back on its user.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power, continuation
from legends_core.compiling import annotated_only
from legends_core.events import Compared
from legends_core.queries import adjacent_squares, nameable_squares, within_two_squares
from legends_core.rulings import ruling

from .knowledge import candidate_squares
from .targeted import TargetAction

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Distance Strike and abilities",
           "Abilities may be used at any time, also during the opponent's turn, so a Distance "
           "Strike is not decided the moment it is aimed. The target is revealed, then a "
           "response window opens (the striker's player first, then in turn until all pass in a "
           "row; always, whatever the players hold), and only then are the two current "
           "strengths compared, each piece on its own square. Strength boosts may be used there "
           "for either piece. A magic piece or a castle, or a piece that turns the strike back, "
           "is settled at once: there is no comparison to answer."),
    ruling("Distance Strike turned back",
           "A piece that \"is not destroyed; instead the Distance Strike piece is destroyed\" "
           "(Poy #15, Colossor #119, Demarn #197) turns back every Distance Strike aimed at it, "
           "whatever the strengths. The condition the texts give is being revealed by Distance "
           "Strike, not losing the comparison, and with the usual strengths the comparison "
           "would almost never go against them."),
    ruling("What Surround reveals",
           "The rulebook has the player reveal the Surround piece (#9 Dwarven General, #18 "
           "Dwarven Hero), not the piece surrounded. That piece is destroyed, and so lies face "
           "up in its destroyed area; a castle, which Surround leaves unaffected, stays where "
           "it is, hidden."),
)


def enemies_within_two(g: Engine, piece: int) -> list[int]:
    """Squares up to two steps from ``piece`` that hold a piece of an opponent of its player."""
    # candidate_squares with no test, without its keyword arguments: asked at most decisions.
    return nameable_squares(g, g.ctrl[piece], within_two_squares(g, g.loc[piece]), "enemy", None)


def _reflected(g: Engine, target: int, source: int, keyword: str) -> bool:
    for f in g.beh[target].revealed_by:
        if f(g, target, source, keyword) == "reflect":
            return True
    return False


@attrs.frozen(repr=False)
@annotated_only
class DistanceStrike(TargetAction):
    """Action: make a piece up to two squares away reveal itself; it is destroyed if its
    current strength is lower than this piece's. Magic pieces and castles are unharmed."""

    watches = "near"  # see legends_core.changes

    key = "distance-strike"
    keywords = frozenset({"distance_strike"})

    def describe(self: DistanceStrike | Any) -> str:
        return ("Distance Strike: an enemy piece up to two squares away is revealed and, if its "
                "current strength is lower than this piece's, destroyed.")

    def targets(self: DistanceStrike | Any, game: Engine, piece: int) -> Iterable[int]:
        return enemies_within_two(game, piece)

    def act(self: DistanceStrike | Any, game: Engine, piece: int, square: int) -> None:
        target = game.grid[square]
        game.reveal([target])
        if _reflected(game, target, piece, "distance_strike"):
            game.destroy([piece], cause="distance strike reflected")
            return
        if game.types[target].kind != "warrior":
            return
        # Both sides may answer with abilities (a boost, a weakening) before strengths count.
        game.strike(piece, target, _strike_decided)


@continuation
def _strike_decided(game: Engine, data: dict[str, Any]) -> None:
    striker, target = data["attacker"], data["defender"]
    mine, theirs = game.strength(striker), game.strength(target)
    if theirs is not None and mine is not None:
        game.emit(Compared(game.name(game.loc[target]), mine, theirs))
        if theirs < mine:
            game.destroy([target], cause="distance strike")


@attrs.frozen(repr=False)
@annotated_only
class Vision(TargetAction):
    """Action: reveal this piece, then reveal one enemy piece up to two squares away."""

    watches = "near"  # see legends_core.changes

    key = "vision"
    keywords = frozenset({"vision"})

    def describe(self: Vision | Any) -> str:
        return "Vision: reveal one enemy piece up to two squares away."

    def targets(self: Vision | Any, game: Engine, piece: int) -> Iterable[int]:
        return enemies_within_two(game, piece)

    def act(self: Vision | Any, game: Engine, piece: int, square: int) -> None:
        target = game.grid[square]
        game.reveal([target])
        if _reflected(game, target, piece, "vision"):
            game.destroy([piece], cause="vision reflected")


@attrs.frozen(repr=False)
@annotated_only
class Surround(TargetAction):
    """Action: an enemy piece touching five or more of your pieces, this one among them, is
    destroyed (a magic piece without its spell; a castle is unharmed and stays hidden, since
    the rule reveals only the Surround piece)."""

    watches = "near"  # see legends_core.changes

    key = "surround"
    keywords = frozenset({"surround"})

    def describe(self: Surround | Any) -> str:
        return ("Surround: destroy an adjacent enemy piece that touches at least five of your "
                "pieces (a castle is unaffected).")

    def targets(self: Surround | Any, game: Engine, piece: int) -> Iterable[int]:
        me = game.ctrl[piece]
        return [s for s in candidate_squares(game, me, squares=adjacent_squares(game, game.loc[piece]),
                                             whose="enemy")
                if len(game.adjacent_pieces(s, me)) >= 5]

    def act(self: Surround | Any, game: Engine, piece: int, square: int) -> None:
        game.destroy([game.grid[square]], cause="surround")


@attrs.frozen(repr=False)
@annotated_only
class ReflectDistanceStrike(Power):
    """A Distance Strike aimed at this piece destroys the striker instead."""

    label: str = "Innate"

    def describe(self: ReflectDistanceStrike | Any) -> str:
        return ("When a Distance Strike reveals this piece, it is not harmed and the striking "
                "piece is destroyed instead.")

    def legends_revealed_by(self: ReflectDistanceStrike | Any, game: Engine, piece: int, source: int,
                            keyword: str) -> str | None:
        return "reflect" if keyword == "distance_strike" else None


@attrs.frozen(repr=False)
@annotated_only
class ReflectVision(Power):
    """A Vision that reveals this piece destroys the piece using Vision."""

    label: str = "Innate"

    def describe(self: ReflectVision | Any) -> str:
        return "When a Vision reveals this piece, the piece using Vision is destroyed."

    def legends_revealed_by(self: ReflectVision | Any, game: Engine, piece: int, source: int,
                            keyword: str) -> str | None:
        return "reflect" if keyword == "vision" else None


DISTANCE_STRIKE = DistanceStrike()
VISION = Vision()
SURROUND = Surround()

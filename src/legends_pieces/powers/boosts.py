"""Abilities that change a piece for the rest of the turn: strength boosts (revealing the
helper, or destroying it), weakening an enemy, and granting a keyword action.

Ruling (timing): abilities may be used at any time, but an effect that lasts until the end of
the turn can only matter before its owner acts in their own turn, during an attack, or before a
Distance Strike is decided. So a strength boost is offered in the player's main decision and in
attack and strike windows (there only for one of the two pieces concerned), and a granted
movement action only in the player's own main decision. Weakening an enemy can destroy it outright, so it is offered in every window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl

from .match import ANY, Match

if TYPE_CHECKING:
    from legends_core.engine import Engine


def _candidates(g: Engine, piece: int, reach: str, match: Match, own: bool = True) -> list[int]:
    """Pieces an ability may target: adjacent ones, or (``reach="any"``) any piece on the
    board including this one."""
    me = g.ctrl[piece]
    if reach == "adjacent":
        pool = g.adjacent_pieces(g.loc[piece])
    else:
        pool = g.pieces()
    return [p for p in pool if match(g, p) and (g.ctrl[p] == me) == own]


@attrs.frozen(repr=False)
class Boost(Power):
    """Ability: reveal this piece and a target you control to give the target ``amount``
    for the rest of the turn; with ``sacrifice`` this piece is destroyed to do it."""

    key: str
    amount: int
    target: Match = ANY
    reach: str = "adjacent"
    sacrifice: bool = False
    once: str | None = None
    label: str = "Ability"

    def describe(self) -> str:
        how = "Destroy this piece" if self.sacrifice else "Reveal this piece"
        where = "an adjacent" if self.reach == "adjacent" else "a"
        what = self.target.describe()
        what = "piece" if what == "any" else f"{what} piece"
        lim = " Once per turn." if self.once == "turn" else ""
        return f"{how} to give {where} {what} of yours {self.amount:+d} for the rest of the turn.{lim}"

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int, window: str) -> Iterator[Action]:
        if window == "main":
            if game.active != game.ctrl[piece]:
                return
        elif window not in ("attack", "strike"):
            return
        src = game.name(game.loc[piece])
        for p in _candidates(game, piece, self.reach, self.target):
            if game.types[p].kind != "warrior":
                continue
            if window != "main" and not game.in_combat(p):
                continue
            yield Action.power(src, self.key, game.name(game.loc[p]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        game.reveal([target])
        if self.sacrifice:
            game.destroy([piece], cause=self.key)
        game.boost(target, self.amount, piece)


@attrs.frozen(repr=False)
class Weaken(Power):
    """Ability: destroy this piece to reveal an adjacent enemy piece and give it ``amount``
    (negative) for the rest of the turn."""

    key: str
    amount: int
    label: str = "Ability"

    def describe(self) -> str:
        return (f"Destroy this piece to reveal an adjacent enemy piece, which gets "
                f"{self.amount:+d} for the rest of the turn.")

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int) -> Iterator[Action]:
        src = game.name(game.loc[piece])
        for p in _candidates(game, piece, "adjacent", ANY, own=False):
            if game.hostile(game.ctrl[p], game.ctrl[piece]):
                yield Action.power(src, self.key, game.name(game.loc[p]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        game.reveal([target])
        game.destroy([piece], cause=self.key)
        game.boost(target, self.amount, piece)


@attrs.frozen(repr=False)
class Grant(Power):
    """Ability: reveal this piece (and the target, unless ``reveal_target`` is false) to give
    a piece you control ``keyword`` for the rest of the turn."""

    key: str
    keyword: str
    target: Match = ANY
    reach: str = "any"
    reveal_target: bool = True
    label: str = "Ability"

    def describe(self) -> str:
        where = "an adjacent" if self.reach == "adjacent" else "a"
        what = self.target.describe()
        what = "piece" if what == "any" else f"{what} piece"
        kw = self.keyword.replace("_", " ").title()
        hidden = "" if self.reveal_target else "; that piece stays hidden"
        return (f"Reveal this piece to give {where} {what} of yours the {kw} action for the rest of "
                f"the turn{hidden}.")

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int, window: str) -> Iterator[Action]:
        if window != "main" or game.active != game.ctrl[piece]:
            return
        src = game.name(game.loc[piece])
        for p in _candidates(game, piece, self.reach, self.target):
            # Every keyword granted this way is a movement action: useless to a stationary piece.
            if not game.has_keyword(p, self.keyword) and "stationary" not in game.types[p].keywords:
                yield Action.power(src, self.key, game.name(game.loc[p]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        if self.reveal_target:
            game.reveal([target])
        game.grant(target, self.keyword, piece)

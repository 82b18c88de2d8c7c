"""Abilities that change a piece for the rest of the turn: strength boosts (revealing the
helper, or destroying it), weakening an enemy, and granting a keyword action.

The piece using the ability is always revealed (the kernel does it). Its target is revealed only
when the piece's text says so (``reveal_target=True``): a block never reveals on its own. A
target left hidden is also kept out of what other players are told about the ability
(``secret_targets``), so pointing at it does not give it away. When each ability is offered:
see the ruling "When abilities are offered".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Power
from legends_core.compiling import annotated_only
from legends_core.moves import dynamic_keywords, power_actions
from legends_core.queries import adjacent_squares, nameable, nameable_squares
from legends_core.rulings import ruling

from .knowledge import Whose, candidates
from .match import ANY, Match

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("When abilities are offered",
           "Abilities may be used at any time, but an effect that lasts until the end of the "
           "turn can only matter before its owner acts in their own turn, during an attack, or "
           "before a Distance Strike is decided. So a strength boost is offered in its player's "
           "main decision and in attack and strike windows (there only for one of the two "
           "pieces concerned), and a granted movement action "
           "only in its player's own main decision. Weakening an enemy can destroy it outright, "
           "so it is offered in every window. This keeps response windows finite without taking "
           "away a useful choice."),
    ruling("An adjacent piece is anyone's",
           "An ability whose text names a piece next to it without saying 'of yours' (the High "
           "Elf's 'an Elf next to it', Sir Urgwaine's and Urgwaine's Knights' 'a Paladin next "
           "to' them, the Enchanted Shield's and the Wheel of Energy's 'a piece next to it') "
           "may pick such a piece whoever controls it: the rules let abilities act on "
           "other pieces, not only your own, so in a team game a teammate's piece qualifies, and "
           "so does an enemy piece. The player must be able to name the piece as one of that "
           "kind, so a piece they have not seen is not offered: a teammate's pieces are always "
           "known to the team, an enemy piece only once its player knows what it is (offering "
           "hidden enemy pieces would turn the boost into a way to look at them). A text that "
           "says 'of yours' or 'you control' (Namhel, Nazint, Dancing Sword ...) "
           "keeps to the pieces its player controls (see \"Pieces under your control in a team "
           "game\")."),
    ruling("Granted actions and stationary pieces",
           "A movement action lent for the rest of the turn (Flying, Charging, Slashing, "
           "Quickness ...) is never offered for a stationary piece: it cannot move by itself, "
           "so the action could not be used."),
)


def _candidates(g: Engine, piece: int, reach: str, match: Match, whose: Whose = "own") -> list[int]:
    """Pieces an ability may target: adjacent ones, or (``reach="any"``) any piece on the
    board including this one."""
    squares = adjacent_squares(g, g.loc[piece]) if reach == "adjacent" else None
    if match is ANY:  # candidates with no test, without its keyword arguments
        return nameable(g, g.ctrl[piece], squares, whose, None, None)
    return candidates(g, g.ctrl[piece], squares=squares, whose=whose, match=match)


#: "own", typed Any: a field whose annotation is not a plain class takes its default through
#: attrs.field, and mypyc checks a class body's values against the type the call returns
#: (see legends_core.compiling.annotated_only).
OWN: Any = "own"


# The factories of derived fields return Any: compiled (mypyc), a class body checks what it
# assigns against the type the call returns, and attrs.field returns a marker, not a value.
def _hidden_unless_revealed(power: Any) -> Any:
    return not power.reveal_target


def _watches_reach(power: Any) -> Any:
    """Adjacent targets are in the adjacent area; any piece may be anywhere, but the list
    of candidates records where the ones it found stand, and whose pieces it looked through
    (see legends_core.changes)."""
    return "adjacent" if power.reach == "adjacent" else "looked"


@attrs.frozen(repr=False)
@annotated_only
class Boost(Power):
    """Ability: reveal this piece to give a target you control ``amount`` for the rest of the
    turn (the target is revealed too when ``reveal_target``); with ``sacrifice`` this piece is
    destroyed to do it. With ``whose="any"`` (a text that names "a Paladin next to him", not
    "a Paladin of yours") the target may be anyone's: see the ruling "An adjacent piece is
    anyone's"."""

    key: str
    amount: int
    target: Match = ANY
    reach: str = "adjacent"
    sacrifice: bool = False
    once: str | None = attrs.field(default=None)
    reveal_target: bool = False
    whose: Whose = attrs.field(default=OWN)
    label: str = "Ability"
    secret_targets: bool = attrs.field(
        init=False, default=attrs.Factory(_hidden_unless_revealed, takes_self=True))
    windows = frozenset({"main", "attack", "strike"})  # see "When abilities are offered"
    watches: str = attrs.field(init=False, default=attrs.Factory(_watches_reach, takes_self=True))

    def describe(self: Boost | Any) -> str:
        how = "Destroy this piece" if self.sacrifice else "Reveal this piece"
        where = "an adjacent" if self.reach == "adjacent" else "a"
        what = self.target.describe()
        what = "piece" if what == "any" else f"{what} piece"
        lim = " Once per turn." if self.once == "turn" else ""
        shown = "that piece is revealed" if self.reveal_target else "that piece stays hidden"
        mine = " of yours" if self.whose == "own" else ""
        return (f"{how} to give {where} {what}{mine} {self.amount:+d} for the rest of the turn; "
                f"{shown}.{lim}")

    def legends_offer_abilities(self: Boost | Any, game: Engine, piece: int, window: str) -> list[Action]:
        if window == "main":
            if game.active != game.ctrl[piece]:
                return []
        elif window != "attack" and window != "strike":  # compiled: no tuple searched
            return []
        elif self.reach == "adjacent":
            # Only the two pieces of the contest qualify here: no list of candidates unless
            # one of them stands next to this piece (the answer is then the same, sooner).
            c = game.combat
            if c is None:
                c = game.strike_under_way()
                if c is None:
                    return []
            adjacent = adjacent_squares(game, game.loc[piece])
            if game.loc[c.attacker] not in adjacent and game.loc[c.defender] not in adjacent:
                return []
        # The kind from the behaviour's copy (compiled, a field read, not an attribute
        # look-up on the piece type).
        me, beh, loc = game.ctrl[piece], game.beh, game.loc
        # Another's piece only when known: see the ruling "An adjacent piece is anyone's"
        whose = self.whose
        anyone = whose != "own"
        main = window == "main"
        known, bit = game.known, 1 << me
        out: list[int] = []
        for p in _candidates(game, piece, self.reach, self.target, whose):
            if (not anyone or known[p] & bit) and beh[p].type_kind == "warrior" and (
                    main or game.in_combat(p)):
                out.append(loc[p])
        return power_actions(game, piece, self.key, out)

    def legends_perform(self: Boost | Any, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        if self.reveal_target:
            game.reveal([target])
        if self.sacrifice:
            game.destroy([piece], cause=self.key)
        game.boost(target, self.amount, piece)


@attrs.frozen(repr=False)
@annotated_only
class Weaken(Power):
    """Ability: destroy this piece to give an adjacent enemy piece ``amount`` (negative) for
    the rest of the turn, revealing that piece when ``reveal_target``."""

    key: str
    amount: int
    reveal_target: bool = False
    whose: Whose = attrs.field(default=OWN)
    label: str = "Ability"
    secret_targets: bool = attrs.field(
        init=False, default=attrs.Factory(_hidden_unless_revealed, takes_self=True))
    watches = "adjacent"

    def describe(self: Weaken | Any) -> str:
        shown = "reveal" if self.reveal_target else "secretly pick"
        return (f"Destroy this piece to {shown} an adjacent enemy piece, which gets "
                f"{self.amount:+d} for the rest of the turn.")

    def legends_offer_abilities(self: Weaken | Any, game: Engine, piece: int, window: str) -> list[Action]:
        # _candidates' pieces, as squares straight away: offered in every window.
        return power_actions(game, piece, self.key, nameable_squares(
            game, game.ctrl[piece], adjacent_squares(game, game.loc[piece]), "enemy", None))

    def legends_perform(self: Weaken | Any, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        if self.reveal_target:
            game.reveal([target])
        game.destroy([piece], cause=self.key)
        game.boost(target, self.amount, piece)


@attrs.frozen(repr=False)
@annotated_only
class Grant(Power):
    """Ability: reveal this piece (and the target too when ``reveal_target``) to give a piece
    you control ``keyword`` for the rest of the turn."""

    key: str
    keyword: str
    target: Match = ANY
    reach: str = "any"
    reveal_target: bool = False
    whose: Whose = attrs.field(default=OWN)
    label: str = "Ability"
    secret_targets: bool = attrs.field(
        init=False, default=attrs.Factory(_hidden_unless_revealed, takes_self=True))
    windows = frozenset({"main"})  # see "When abilities are offered"
    watches: str = attrs.field(init=False, default=attrs.Factory(_watches_reach, takes_self=True))

    def describe(self: Grant | Any) -> str:
        where = "an adjacent" if self.reach == "adjacent" else "a"
        what = self.target.describe()
        what = "piece" if what == "any" else f"{what} piece"
        kw = self.keyword.replace("_", " ").title()
        shown = "that piece is revealed" if self.reveal_target else "that piece stays hidden"
        return (f"Reveal this piece to give {where} {what} of yours the {kw} action for the rest of "
                f"the turn; {shown}.")

    def legends_offer_abilities(self: Grant | Any, game: Engine, piece: int, window: str) -> list[Action]:
        if window != "main" or game.active != game.ctrl[piece]:
            return []
        beh, loc, keyword = game.beh, game.loc, self.keyword
        # Keywords a piece has without printing them come only from a grant or the curse:
        # without either, the printed ones answer has_keyword.
        lent = dynamic_keywords(game)
        out: list[int] = []
        for p in _candidates(game, piece, self.reach, self.target):
            printed = beh[p].type_keywords  # as Boost reads the kind
            # See the ruling "Granted actions and stationary pieces".
            if keyword in printed or "stationary" in printed:
                continue
            if lent and game.has_keyword(p, keyword):
                continue
            out.append(loc[p])
        return power_actions(game, piece, self.key, out)

    def legends_perform(self: Grant | Any, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        if self.reveal_target:
            game.reveal([target])
        game.grant(target, self.keyword, piece)

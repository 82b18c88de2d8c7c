"""An example plugin pack for legends: two pieces, the Ember Drake (#301) and the Cinder Oracle
(#302), and a ruleset, Barrage.

A piece pack is a module that implements the ``legends_piece_types`` hook and is named in the
``legends.pieces`` entry-point group of its package. Collector numbers and names must not clash
with any other installed pack (the catalogue refuses to load if they do).

A ruleset is a :class:`~legends_core.Ruleset` value returned by the ``legends_rulesets`` hook of
a module named in the ``legends.rulesets`` group. Barrage, a small variant of classic Stratego
(eight pieces a side), shows how little that takes: the classic ruleset with another army.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, PieceType, Power, Ruleset, continuation, hookimpl, piece
from legends_editions.classic import CLASSIC
from legends_editions.common.setup import StrategoSetup
from legends_pieces.powers import FLYING

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class FierceCharge(Power):
    """Innate: a bonus to strength while this piece is the one attacking."""

    amount: int = 2
    #: The least the modifier adds: a bonus is never negative, so the kernel need not ask it
    #: after each step whether the Drake has dropped to 0.
    lowest_modifier = 0

    def describe(self) -> str:
        return f"{self.amount:+d} while it is the attacker."

    @hookimpl
    def legends_strength_modifier(self, game: Engine, piece: int) -> int:
        c = game.combat
        return self.amount if c is not None and c.attacker == piece else 0


EMBER_DRAKE = piece(
    301, "Ember Drake", 6, type="dragon", colour="red",
    text="Innate: +2 while the Drake is attacking. Action: Flying.",
    powers=[FierceCharge(), FLYING],
    rulings=["Only the attacker gets the bonus; when the Drake is attacked it fights at 6."],
)


@attrs.frozen(repr=False)
class Foresight(Power):
    """Action with a target and a question: point at an enemy piece next to the Oracle, then
    choose to reveal it or to scorch it (-2 until the end of the turn)."""

    label = "Action"
    key = "cinder-oracle"  # a power of one piece alone is keyed by the piece's name
    # Its offers look only at the squares around it, so the kernel may keep them between
    # decisions until something next to it changes.
    watches = "adjacent"

    def describe(self) -> str:
        return ("Point at an enemy piece next to the Oracle, then reveal it or give it -2 "
                "until the end of the turn.")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        # One action per target square: "e5 cinder-oracle e6". Every enemy piece is a target,
        # known or not, so the offer says nothing about what the hidden ones are.
        here = game.loc[piece]
        for enemy in game.adjacent_enemies(here, game.ctrl[piece]):
            yield Action.power(game.name(here), self.key, game.name(game.loc[enemy]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        target = game.piece_at(game.sq(action.targets[0]))
        # A question is a decision like any other: the game can be saved while it waits. The
        # answer goes to a module-level continuation, with plain data to carry over.
        game.ask(game.ctrl[piece], "reveal the piece, or scorch it (-2 until the end of the turn)",
                 ["reveal", "scorch"], _foresee, {"target": target})


@continuation
def _foresee(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == "reveal":
        game.reveal([data["target"]])
    else:
        game.boost(data["target"], -2)


CINDER_ORACLE = piece(
    302, "Cinder Oracle", 3, type="spirit", colour="red",
    text=("Action: point at an enemy piece next to the Oracle; then either reveal it or give "
          "it -2 until the end of the turn."),
    powers=[Foresight()],
)


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return [EMBER_DRAKE, CINDER_ORACLE]


#: Barrage's army, the same for both sides (the classic pieces, by name).
BARRAGE_ARMY = ("Flag", "Bomb", "Spy", "Scout", "Scout", "Miner", "General", "Marshal")

BARRAGE = attrs.evolve(
    CLASSIC,
    name="barrage",
    description="Barrage: classic Stratego with eight pieces a side (an example ruleset)",
    setup=StrategoSetup({"red": BARRAGE_ARMY, "blue": BARRAGE_ARMY}),
    army={"red": BARRAGE_ARMY, "blue": BARRAGE_ARMY},  # what setup lines name
    composition={10: 1, 9: 1, 3: 1, 2: 2, 1: 1, "magic": 1, "castle": 1},
    packages=("legends_example_pack",),
)


@hookimpl
def legends_rulesets() -> list[Ruleset]:
    return [BARRAGE]

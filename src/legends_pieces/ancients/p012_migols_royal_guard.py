"""#12 Migol's Royal Guard -- green dwarf, strength 6."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

if TYPE_CHECKING:
    from legends_core.engine import Engine

KING = "King Migol"


@attrs.frozen(repr=False)
class RoyalGuard(Power):
    """Replacement: when King Migol, attacked and standing next to this piece, is about to be
    destroyed, this piece is destroyed instead and the King takes its square."""

    label = "Ability"
    key = "migols-royal-guard"
    protects = frozenset({KING})

    def describe(self) -> str:
        return ("When King Migol loses an attack made on him while next to this piece, you may "
                "destroy this piece instead; the King moves to the square it stood on.")

    @hookimpl
    def legends_offer_replacements(self, game: Engine, piece: int, doomed: int) -> Iterator[Action]:
        if game.types[doomed].name != KING or game.ctrl[doomed] != game.ctrl[piece]:
            return
        if game.loc[doomed] < 0 or game.loc[piece] not in game.board.adjacent(game.loc[doomed]):
            return
        yield Action.power(game.name(game.loc[piece]), self.key, game.name(game.loc[doomed]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        king = game.from_ref(action.targets[0])
        square = game.loc[piece]
        game.destroy([piece], cause=self.key)
        game.move_piece(king, square, self.key)


PIECE = piece(
    12, "Migol's Royal Guard", 6, type="dwarf", colour="green",
    text=("Ability: if King Migol is about to be destroyed after being attacked while he "
          "stands next to the Guard, you may show the Guard and destroy it instead; King Migol "
          "then moves onto the Guard's former square."),
    powers=[RoyalGuard()],
    rulings=[
        "The Guard takes the King's place in the destroyed area; the attack still goes the "
        "attacker's way: it counts as won, so the attacker moves onto the square the King "
        "left and its after-attack powers apply.",
        "On a tie the attacker is destroyed as usual; the King can still be saved.",
        "Only an attack counts: King Migol destroyed in any other way cannot be saved.",
    ],
)

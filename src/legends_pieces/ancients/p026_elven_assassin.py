"""#26 Elven Assassin -- green elf, strength 1."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import TargetAction, enemies_within_two

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class Assassinate(TargetAction):
    """Action: reveal an enemy piece within two squares; a base strength 10 piece dies, any
    other result kills the Assassin."""

    key = "elven-assassin"
    watches = "near"  # enemies up to two squares away (see legends_core.changes)

    def describe(self) -> str:
        return ("Reveal an enemy piece up to two squares away: if its base strength is 10 it is "
                "destroyed, otherwise this piece is.")

    def targets(self, game: Engine, piece: int) -> Iterable[int]:
        return enemies_within_two(game, piece)

    def act(self, game: Engine, piece: int, square: int) -> None:
        target = game.grid[square]
        game.reveal([target])
        if game.types[target].strength == 10:
            game.destroy([target], cause=self.key)
        else:
            game.destroy([piece], cause=self.key)


PIECE = piece(
    26, "Elven Assassin", 1, type="elf", colour="green",
    text=("Action: point at a piece at most two squares off (any direction) and make it show "
          "itself. A piece printed with strength 10 is destroyed; for anything else the "
          "Assassin is destroyed instead."),
    powers=[Assassinate()],
    rulings=[
        "Only enemy pieces may be chosen: showing a piece of your own gains nothing.",
        "Base strength is the printed number: boosts and penalties do not count.",
        "Magic pieces and castles have no base strength, so choosing one costs the Assassin.",
        "Reaching two squares away ignores pieces and water in between, as Distance Strike does.",
    ],
)

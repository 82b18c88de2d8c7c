"""#130 Lightning Bolt -- silver magic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import Power, hookimpl, piece

from ..powers import STATIONARY

if TYPE_CHECKING:
    from legends_core.engine import Engine

#: Indices into the board's directions: 0 is towards higher ranks, 2 towards lower ones.
UP, DOWN = 0, 2


def squares_ahead(game: Engine, square: int, player: int, count: int = 2) -> tuple[int, ...]:
    """The ``count`` squares straight ahead of ``square`` as ``player`` faces the board."""
    direction = UP if game.forward(player) > 0 else DOWN
    return game.board.ray(square, direction)[:count]


@attrs.frozen(repr=False)
class BoltSpell(Power):
    """Magic: the Bolt, its attacker and whatever stands on the two squares ahead of it are
    destroyed together."""

    label = "Magic"

    def describe(self) -> str:
        return ("When attacked, the Bolt, its attacker and any pieces on the two squares in "
                "front of it are all destroyed at once.")

    @hookimpl
    def legends_magic_spell(self, game: Engine, magic: int, attacker: int, square: int) -> None:
        caster = game.ctrl[magic]
        ahead = [game.grid[s] for s in squares_ahead(game, square, caster) if game.grid[s] >= 0]
        game.destroy([magic, attacker, *ahead], cause="spell")


PIECE = piece(
    130, "Lightning Bolt", None, kind="magic", type="magic", colour="silver",
    text=("Stationary. Magic: when attacked, the Bolt and its attacker are destroyed, and so "
          "is every piece on the two squares directly in front of the Bolt, all at the same "
          "moment."),
    powers=[STATIONARY, BoltSpell()],
    rulings=[
        "In front means the two squares straight ahead in the direction its controller's "
        "pieces advance (towards the opposing side), whoever stands on them, friend or foe.",
        "All of them fall at the same instant, so two death curses among them cancel out.",
        "A castle on one of those squares is spared (shared ruling: castles fall only to "
        "attacks).",
    ],
)

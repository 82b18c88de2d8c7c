"""#96 Haunted Grove -- blue magic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import STATIONARY, Spell

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class GroveSpell(Spell):
    """Magic: the Grove and its attacker are destroyed together. When the Grove stood on
    forest, every piece on a forest square is then revealed, and the purple ones among them
    that are able to move are destroyed, all at the same moment."""

    def describe(self) -> str:
        return ("When attacked, the Grove and its attacker are destroyed; if the Grove was on "
                "forest, all pieces on forest are revealed and the non-stationary purple ones "
                "among them are destroyed.")

    def after_spell(self, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        if game.terrain(square) != "forest":
            return
        shown = [game.grid[s] for s in game.board.of_terrain("forest") if game.grid[s] >= 0]
        game.reveal(shown)
        doomed = [p for p in shown
                  if game.types[p].colour == "purple" and not game.is_stationary(p)]
        game.destroy(doomed, cause="haunted grove")


PIECE = piece(
    96, "Haunted Grove", None, kind="magic", type="magic", colour="blue",
    text=("Stationary. Magic: an attack on the Grove destroys it and the attacker. If the Grove "
          "stood on a forest square, every piece on any forest square is then revealed, and "
          "each revealed purple piece that can move is destroyed."),
    powers=[STATIONARY, GroveSpell()],
    rulings=[
        "Purple pieces are destroyed whoever controls them, and all at the same moment (so two "
        "death curses among them cancel out).",
        "Every piece on forest counts as revealed by the spell, also one that was already known.",
        "An attacker with Dispel Magic stops the whole spell: nothing on forest is revealed.",
    ],
)

"""#167 Skull of Gorion -- red magic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import STATIONARY, Spell, choose_and_destroy

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class SkullSpell(Spell):
    """Magic: destroy the Skull and its attacker; if the attacker was gold, the caster may
    then destroy one piece standing on marsh."""

    def describe(self) -> str:
        return ("When attacked, this piece and its attacker are destroyed; if the attacker was "
                "gold, you may also destroy one piece on a marsh square.")

    def after_spell(self, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        if game.types[attacker].colour != "gold":
            return
        targets = [game.grid[s] for s in game.board.of_terrain("marsh")
                   if game.grid[s] >= 0 and game.types[game.grid[s]].kind != "castle"]
        choose_and_destroy(game, caster, targets, optional=True,
                           about="you may destroy a piece on a marsh square", cause="spell")


PIECE = piece(
    167, "Skull of Gorion", None, kind="magic", type="magic", colour="red",
    text=("Stationary. Magic: when attacked, the Skull and its attacker are destroyed. When "
          "that attacker was a gold piece, you may then also destroy one piece of your choice "
          "standing on marsh."),
    powers=[STATIONARY, SkullSpell()],
    rulings=[
        "Any piece on marsh may be chosen, yours or the enemy's, but not a castle: a castle "
        "falls only to an attack. A magic piece chosen is destroyed without casting its spell.",
        "Gold means the attacker's printed colour.",
        "'You' is the player who controlled the Skull when it was attacked.",
    ],
)

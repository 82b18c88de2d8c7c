"""#167 Skull of Gorion -- red magic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import STATIONARY, Spell, candidates, choose_and_destroy, not_castle

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
        targets = candidates(game, caster, squares=game.board.of_terrain("marsh"), match=not_castle)
        choose_and_destroy(game, caster, targets, optional=True,
                           about="you may destroy a piece on a marsh square", cause="spell")


PIECE = piece(
    167, "Skull of Gorion", None, kind="magic", type="magic", colour="red",
    text=("Stationary. Magic: when attacked, the Skull and its attacker are destroyed. When "
          "that attacker was a gold piece, you may then also destroy one piece of your choice "
          "standing on marsh."),
    powers=[STATIONARY, SkullSpell()],
    rulings=[
        "Any piece on marsh may be chosen, yours or the enemy's. A castle falls only to an "
        "attack: one you know is a castle is not offered, and a hidden one you pick is left "
        "standing, still hidden (the shared ruling on choices and hidden pieces). A magic "
        "piece chosen is destroyed without casting its spell.",
        "After a gold attacker the question is always put, with 'done' among the answers, even "
        "when no piece on marsh can be picked.",
        "Gold means the attacker's printed colour.",
        "'You' is the player who controlled the Skull when it was attacked.",
    ],
)

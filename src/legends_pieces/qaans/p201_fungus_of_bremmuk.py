"""#201 Fungus of Bremmuk -- purple magic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece

from ..powers import CANNOT_ATTACK, Spell, choose_opponent

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class ExposeMagic(Spell):
    """Magic: only the Fungus is destroyed; then every magic piece the opponent controls is
    revealed."""

    def describe(self) -> str:
        return ("When attacked, only this piece is destroyed; then every magic piece the "
                "opponent controls on the board is revealed.")

    def after_spell(self, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        choose_opponent(game, caster, _expose, about="choose the opponent whose magic is shown")


@continuation
def _expose(game: Engine, foe: int, data: dict[str, Any]) -> None:
    game.reveal([p for p in game.pieces(foe) if game.is_magic(p)])


PIECE = piece(
    201, "Fungus of Bremmuk", None, kind="magic", type="magic", colour="purple",
    text=("Cannot attack (but may move). Magic: an attack on it destroys the Fungus alone; "
          "afterwards all magic pieces controlled by the opponent are shown to everyone."),
    powers=[CANNOT_ATTACK, ExposeMagic(kill_attacker=False)],
    rulings=["The attacker is not harmed, so it takes the square and its attack counts as "
             "successful (the shared ruling for spells that destroy only themselves)."],
)

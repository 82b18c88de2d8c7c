"""#27 Clevut -- green doppelganger, strength 1."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

from ..powers import CANNOT_ATTACK

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class Mimic(Power):
    """Ability, during an attack on this piece: destroy it, take over the attacker and put
    the attacker on this piece's square. The attack then ends with no winner."""

    windows = frozenset({"attack"})

    label = "Ability"
    key = "clevut"

    def describe(self) -> str:
        return ("While this piece is being attacked, destroy it to take control of the "
                "attacker, which moves onto this piece's square.")

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int, window: str) -> Iterator[Action]:
        if window != "attack":
            return
        fight = game.combat
        if fight is None or fight.defender != piece or game.loc[piece] != fight.square:
            return
        attacker = fight.attacker
        if game.loc[attacker] != fight.origin or not game.hostile(game.ctrl[attacker], game.ctrl[piece]):
            return
        yield Action.power(game.name(game.loc[piece]), self.key)

    @hookimpl
    def legends_perform(self, game: Engine, piece: int) -> None:
        fight = game.combat
        assert fight is not None
        attacker, square = fight.attacker, game.loc[piece]
        me = game.ctrl[piece]
        game.destroy([piece], cause=self.key)
        game.take_control(attacker, me)
        game.move_piece(attacker, square, self.key)


PIECE = piece(
    27, "Clevut", 1, type="doppelganger", colour="green",
    text=("Innate: Clevut never attacks. Ability: when an enemy attacks Clevut, you may "
          "destroy Clevut to make the attacker yours; it is set down where Clevut stood."),
    powers=[CANNOT_ATTACK, Mimic()],
    rulings=[
        "The ability is used in the attack window, before strengths are compared; the attack "
        "then stops without a winner, so no after-attack power of the attacker applies.",
        "It works only against an enemy attacker (a piece of your own that attacks Clevut has "
        "no one to change sides).",
    ],
)

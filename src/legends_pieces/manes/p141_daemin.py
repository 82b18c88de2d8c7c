"""#141 Daemin -- red vampire, strength 8."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import Outcome, Power, hookimpl, piece

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class Capture(Power):
    """Innate: a piece of base strength 2-5 that Daemin attacks changes sides and goes to the
    square Daemin attacked from; Daemin takes the attacked square."""

    bases: tuple[int, ...] = (2, 3, 4, 5)

    def describe(self) -> str:
        return ("When Daemin attacks a piece of base strength 2, 3, 4 or 5, that piece joins "
                "Daemin's side on the square Daemin attacked from.")

    @hookimpl
    def legends_attack_override(self, game: Engine, attacker: int, defender: int,
                                role: str) -> Outcome | None:
        if role != "attacker" or game.types[defender].strength not in self.bases:
            return None
        game.swap_pieces(attacker, defender, "capture")
        game.take_control(defender, game.ctrl[attacker])
        return Outcome.HANDLED


PIECE = piece(
    141, "Daemin", 8, type="vampire", colour="red",
    text=("Innate: when Daemin attacks a piece whose base strength is 2, 3, 4 or 5, that piece "
          "is not fought: it comes under Daemin's control on the square Daemin attacked from, "
          "and Daemin takes the attacked square. Current strength does not matter."),
    powers=[Capture()],
    rulings=[
        "The square Daemin attacked from is the square where its move began, also after a "
        "Charging, Slashing or Quickness move.",
        "Daemin wins the attack by the capture, so the attack counts as successful.",
    ],
)

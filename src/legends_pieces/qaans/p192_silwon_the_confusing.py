"""#192 Silwon the Confusing -- purple mutant, strength 3."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power, continuation, hookimpl, piece

from ..powers import candidates

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class ConfuseNeighbour(Power):
    """Innate: after a won attack, Silwon's player takes control of one enemy piece touching
    Silwon (their choice)."""

    def describe(self) -> str:
        return ("After a successful attack, you take control of one enemy piece next to Silwon "
                "of your choice.")

    @hookimpl
    def legends_after_attack(self, game: Engine, piece: int, square: int) -> None:
        me = game.ctrl[piece]
        choices = [game.ref(p) for p in candidates(game, me, squares=game.board.adjacent(square),
                                                   whose="enemy")]
        game.ask(me, "Silwon: choose an enemy piece next to it to take over", choices,
                 _take, {"player": me})


@continuation
def _take(game: Engine, value: str, data: dict[str, Any]) -> None:
    game.take_control(game.from_ref(value), data["player"])


PIECE = piece(
    192, "Silwon the Confusing", 3, type="mutant", colour="purple",
    text=("Innate: each time Silwon wins an attack, you pick one enemy piece on a square "
          "touching Silwon (diagonals count) and it changes to your side."),
    powers=[ConfuseNeighbour()],
    rulings=[
        "Any adjacent enemy piece may be taken, magic pieces and the castle included; taking "
        "the enemy castle this way wins the game, as the rulebook's victory condition says.",
        "The power is innate: when an enemy piece is adjacent, one must be taken.",
    ],
)

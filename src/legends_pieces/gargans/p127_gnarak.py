"""#127 Gnarak -- silver beast, strength 2."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power, continuation, hookimpl, piece

from ..powers import TerrainBonus, choose_opponent

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class ThrownAfterAttack(Power):
    """Innate: after Gnarak wins an attack, an opponent picks an empty square and Gnarak is
    moved there."""

    def describe(self) -> str:
        return "After each successful attack, an opponent chooses any empty square and Gnarak goes there."

    @hookimpl
    def legends_after_attack(self, game: Engine, piece: int, square: int) -> None:
        choose_opponent(game, game.ctrl[piece], _ask_square, {"piece": piece, "square": square},
                        about="choose the opponent who picks where Gnarak goes")


@continuation
def _ask_square(game: Engine, foe: int, data: dict[str, Any]) -> None:
    game.ask(foe, "choose the empty square Gnarak is moved to",
             [game.name(s) for s in game.empty_squares()], _throw, data)


@continuation
def _throw(game: Engine, value: str, data: dict[str, Any]) -> None:
    pid, dst = data["piece"], game.sq(value)
    if game.loc[pid] == data["square"] and game.is_empty(dst):
        game.move_piece(pid, dst, "gnarak")


PIECE = piece(
    127, "Gnarak", 2, type="beast", colour="silver",
    text=("Innate: +7 on mountain. Innate: every time Gnarak wins an attack, its player must "
          "let an opponent pick any empty square, and Gnarak is moved onto it."),
    powers=[TerrainBonus("mountain", 7), ThrownAfterAttack()],
    rulings=[
        "The opponent may pick any empty land square on the board, near or far.",
        "Being moved away ends the attack sequence: a Berserk Gnarak (through a curse) would "
        "no longer stand where it won, so it does not attack again.",
    ],
)

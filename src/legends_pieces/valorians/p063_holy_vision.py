"""#63 Holy Vision -- gold magic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece

from ..powers import CANNOT_ATTACK, DONE, Spell

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class VisionSpell(Spell):
    """Magic: only this piece is destroyed; then its player may look at up to two pieces."""

    kill_attacker: bool = False

    def describe(self) -> str:
        return ("When attacked, only this piece is destroyed; then you may secretly look at up "
                "to two pieces on the board.")

    def after_spell(self, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        # Offer the looks once everything already scheduled is resolved, so the choices are
        # the pieces on the board when the question is reached.
        game.later(_start, {"player": caster})


@continuation
def _start(game: Engine, data: dict[str, Any]) -> None:
    _ask_look(game, data["player"], 2)


def _ask_look(game: Engine, player: int, left: int) -> None:
    if left <= 0:
        return
    choices = [game.name(game.loc[p]) for p in game.pieces() if not game.knows(player, p)]
    if choices:
        game.ask(player, "choose a piece to look at, or stop", [*choices, DONE], _look,
                 {"player": player, "left": left})


@continuation
def _look(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE:
        return
    game.reveal([game.from_ref(value)], to=[data["player"]])
    _ask_look(game, data["player"], data["left"] - 1)


PIECE = piece(
    63, "Holy Vision", None, kind="magic", type="magic", colour="gold",
    text=("Innate: cannot attack. Magic: when attacked, only Holy Vision is destroyed; its "
          "player may then secretly look at up to two pieces on the board."),
    powers=[CANNOT_ATTACK, VisionSpell()],
    rulings=[
        "The attacker survives, moves onto the square and has made a successful attack.",
        "Only pieces on the board can be hidden, so those are the ones offered; the two looks "
        "are shown to Holy Vision's player alone.",
        "Holy Vision is not stationary: it may make standard moves onto empty squares.",
    ],
)

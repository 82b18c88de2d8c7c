"""#180 Perplexon -- purple mutant, strength 7."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power, continuation, hookimpl, piece

from ..powers import choose_opponent

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class BlindExchange(Power):
    """Innate: after a won attack, the opponent names one of their pieces, then Perplexon's
    player names one of theirs, and the two trade squares unseen."""

    def describe(self) -> str:
        return ("After a successful attack, the opponent picks one of their pieces and then "
                "you pick one of yours; the two trade squares, neither being revealed.")

    @hookimpl
    def legends_after_attack(self, game: Engine, piece: int) -> None:
        me = game.ctrl[piece]
        choose_opponent(game, me, _foe_asked, {"player": me},
                        about="Perplexon: choose the opponent who trades a piece with you")


@continuation
def _foe_asked(game: Engine, foe: int, data: dict[str, Any]) -> None:
    me = data["player"]
    choices = [game.ref(p) for p in game.pieces(foe)]
    if not choices or not game.pieces(me):
        return
    game.ask(foe, "Perplexon: pick one of your pieces to trade squares", choices,
             _foe_picked, {"player": me})


@continuation
def _foe_picked(game: Engine, value: str, data: dict[str, Any]) -> None:
    theirs = game.from_ref(value)
    me = data["player"]
    choices = [game.ref(p) for p in game.pieces(me)]
    game.ask(me, f"Perplexon: pick one of your pieces to trade squares with the piece on {value}",
             choices, _mine_picked, {"theirs": theirs})


@continuation
def _mine_picked(game: Engine, value: str, data: dict[str, Any]) -> None:
    mine, theirs = game.from_ref(value), data["theirs"]
    if game.loc[mine] >= 0 and game.loc[theirs] >= 0:
        game.swap_pieces(mine, theirs, "perplexon")


PIECE = piece(
    180, "Perplexon", 7, type="mutant", colour="purple",
    text=("Innate: each time Perplexon wins an attack, the opponent first names one piece they "
          "control, then you name one you control; the two pieces trade squares without being "
          "revealed, and each stays on its own side."),
    powers=[BlindExchange()],
    rulings=[
        "Any piece may be named, stationary ones and castles included: the text sets no limit "
        "and a trade is not a move.",
        "Perplexon itself may be the piece you name.",
        "The trade is not optional once the attack is won.",
    ],
)

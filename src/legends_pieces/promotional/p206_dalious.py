"""#206 Dalious -- silver ogre, strength 10 (convention piece)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import WhenCurseEnds

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class EndPurgeMagic(WhenCurseEnds):
    """When the curse ends: every magic piece on the board is revealed and destroyed, all at
    once, without casting its spell."""

    def describe(self) -> str:
        return ("Once this curse is replaced, every magic piece on the board, on both sides, is "
                "revealed and destroyed at the same moment; no spell is cast.")

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        magic = [p for p in game.pieces() if game.is_magic(p)]
        game.reveal(magic)
        game.destroy(magic, cause="dalious")


PIECE = piece(
    206, "Dalious", 10, type="ogre", colour="silver",
    text=("Death Curse: no effect while it lasts. Once another curse takes its place, each "
          "player shows every magic piece they control and all of them are destroyed together; "
          "none of their spells happen."),
    powers=[EndPurgeMagic()],
    rulings=["The magic pieces go at the same instant, so two or more death curses among them "
             "cancel each other, and a single one takes effect after the curse that replaced "
             "Dalious (death curses are not spells)."],
)

"""#208 Noslrac -- purple mutant, strength 10 (promotional piece, outside the rulebook's 206)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece

from ..powers import Boost, WhenCurseEnds, an_opponent_destroys, of, opponent_destroys

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class EndMassSacrifice(WhenCurseEnds):
    """When the curse ends: the opponent destroys five of their pieces together, then the
    curse's player destroys three of their own together."""

    def describe(self) -> str:
        return ("Once this curse is replaced, the opponent destroys five pieces of theirs at "
                "once; then you destroy three of yours at once.")

    def on_end(self, game: Engine, curse: int, controller: int) -> None:
        an_opponent_destroys(game, controller, 5, together=True)
        game.later(_own_share, {"player": controller})


@continuation
def _own_share(game: Engine, data: dict[str, Any]) -> None:
    opponent_destroys(game, data["player"], 3, together=True)


PIECE = piece(
    208, "Noslrac", 10, type="mutant", colour="purple",
    text=("Ability (once per turn): reveal Noslrac and a mutant of yours next to it; that "
          "mutant gets +2 for the rest of the turn. Death Curse: no effect while it lasts. "
          "Once another curse takes its place, the opponent picks five of their pieces, which "
          "are destroyed at one instant; afterwards you pick three of your own, likewise "
          "destroyed together."),
    powers=[Boost("noslrac", 2, target=of(type="mutant"), once="turn", reveal_target=True),
            EndMassSacrifice()],
    rulings=[
        "Castles are never picked (a castle falls only to an attack); a player with fewer "
        "pieces than asked destroys all they can.",
        "Each group goes at one instant, so two or more death curses inside one group cancel "
        "each other.",
    ],
    extra=True,
)

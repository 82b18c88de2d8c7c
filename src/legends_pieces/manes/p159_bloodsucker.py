"""#159 Bloodsucker -- red vampire, strength 2."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, piece

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class Drain(Power):
    """Ability: destroy a warrior of yours next to the Bloodsucker; the Bloodsucker gains that
    warrior's current strength (taken just before it dies) for the rest of the turn."""

    label = "Ability"
    key = "bloodsucker"
    windows = frozenset({"main", "attack", "strike"})  # where it offers anything (see below)
    # In its player's main decision: the pieces next to it (see legends_core.changes).
    watches = "adjacent"

    def describe(self) -> str:
        return ("Destroy a warrior of yours next to this piece; this piece gains the victim's "
                "current strength for the rest of the turn.")

    @hookimpl
    def legends_offer_abilities(self, game: Engine, piece: int, window: str) -> Iterator[Action]:
        # Same timing as the shared strength boosts: the gain only matters before its owner
        # acts in their own turn, or while the Bloodsucker itself is fighting or struck at.
        me = game.ctrl[piece]
        if window == "main":
            if game.active != me:
                return
        elif window not in ("attack", "strike") or not game.in_combat(piece):
            return
        src = game.name(game.loc[piece])
        for p in game.adjacent_pieces(game.loc[piece], me):
            if game.types[p].kind == "warrior" and not game.in_combat(p):
                yield Action.power(src, self.key, game.name(game.loc[p]))

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        victim = game.piece_at(game.sq(action.targets[0]))
        gain = game.strength(victim) or 0
        game.reveal([victim])
        game.destroy([victim], cause=self.key)
        game.boost(piece, gain, piece)


PIECE = piece(
    159, "Bloodsucker", 2, type="vampire", colour="red",
    text=("Ability: reveal the Bloodsucker and destroy a piece you control standing next to "
          "it. Until the turn ends, the Bloodsucker adds that piece's current strength to its "
          "own."),
    powers=[Drain()],
    rulings=[
        "The victim's strength is read just before it is destroyed, with everything that "
        "counts at that moment (terrain, curse, boosts for the rest of the turn).",
        "Only warriors can be fed on: magic pieces and castles have no strength to give.",
        "Offered where strength boosts are: in your own main decision, and in an attack or "
        "strike window while the Bloodsucker is one of the two pieces concerned.",
        "It may be used again and again, each time on another piece.",
    ],
)

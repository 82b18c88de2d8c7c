"""#100 Dragon Talisman -- blue magic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import piece

from ..powers import STATIONARY, Spell, destroyed_matching, of, return_pieces

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class TalismanSpell(Spell):
    """Magic: only the Talisman is destroyed. Then, if no town square holds a piece, the
    Talisman's player may put a dragon from any destroyed area on an empty town square, under
    their control."""

    def describe(self) -> str:
        return ("When attacked, only the Talisman is destroyed; then, if no piece stands on any "
                "town square, you may put any destroyed dragon on a town square under your "
                "control.")

    def after_spell(self, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        towns = game.board.of_terrain("town")
        if any(game.grid[s] >= 0 for s in towns):
            return
        # The attacker has won and is about to take the Talisman's square: keep it free.
        free = [s for s in towns if s != square]
        dragons = destroyed_matching(game, None, of(type="dragon"))
        return_pieces(game, caster, dragons, squares=free, count=1)


PIECE = piece(
    100, "Dragon Talisman", None, kind="magic", type="magic", colour="blue",
    text=("Stationary. Magic: an attack destroys the Talisman alone. Then, provided every town "
          "square is unoccupied, you may take a dragon from any destroyed area and set it on a "
          "town square under your control."),
    powers=[STATIONARY, TalismanSpell(kill_attacker=False)],
    rulings=[
        "The attacker survives, moves onto the Talisman's square and has attacked successfully "
        "(the shared ruling for magic that destroys only itself).",
        "The town check is made as soon as the Talisman is destroyed, before the attacker moves "
        "in; a Talisman standing on town therefore does not block itself. The returning dragon "
        "may not take the Talisman's own square, which belongs to the winning attacker.",
        "'Any destroyed Dragon' means a dragon from either player's destroyed area, never the "
        "one in the death-curse slot; it comes back face up under the Talisman's player.",
        "Placing the dragon is optional, as for every return of a destroyed piece.",
    ],
)

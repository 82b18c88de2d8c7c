"""#131 Ground Lightning -- silver magic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from legends_core import Power, hookimpl, piece

from ..powers import STATIONARY, candidates, choose_and_destroy, not_castle

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class GroundSpell(Power):
    """Magic: destroy this piece and its attacker; if the attacker could fly, the caster may
    also destroy one piece on the same terrain as this piece."""

    label = "Magic"

    def describe(self) -> str:
        return ("When attacked, this piece and its attacker are destroyed; if the attacker had "
                "Flying, you may also destroy one piece standing on the same terrain.")

    @hookimpl
    def legends_magic_spell(self, game: Engine, magic: int, attacker: int, square: int) -> None:
        caster = game.ctrl[magic]
        # Asked before the destruction: a Flying granted for the rest of the turn, or by the
        # curse, is gone once the attacker has left the board.
        flew = game.has_keyword(attacker, "flying")
        game.destroy([magic, attacker], cause="spell")
        if not flew:
            return
        terrain = game.terrain(square)
        cands = candidates(game, caster, squares=game.board.of_terrain(terrain), match=not_castle)
        choose_and_destroy(game, caster, cands, optional=True, cause="spell",
                           about=f"you may destroy one more piece standing on {terrain}")


PIECE = piece(
    131, "Ground Lightning", None, kind="magic", type="magic", colour="silver",
    text=("Stationary. Magic: when attacked, it and its attacker are destroyed. If that "
          "attacker had the Flying action, you may then pick one more piece anywhere on the "
          "same kind of terrain as this piece's square and destroy it."),
    powers=[STATIONARY, GroundSpell()],
    rulings=[
        "Flying counts whether printed or gained (granted, or from a curse); it is judged just "
        "before the attacker is destroyed.",
        "The extra piece may be on either side. A castle falls only to an attack: one you "
        "know is a castle is not offered, and a hidden one you pick is left standing, still "
        "hidden (the shared ruling on choices and hidden pieces).",
        "When the attacker had Flying the question is always put, with 'done' among the "
        "answers, even when no piece on that terrain can be picked.",
    ],
)

"""Magic spells: what happens when a magic piece is attacked by a piece without Dispel Magic.

:class:`Spell` destroys the magic piece and (usually) its attacker together, then runs
:meth:`Spell.after_spell`, which spells with more to them override. "You" in a spell's text is
the player who controlled the magic piece. For a spell that spares its attacker, see the
ruling "Magic that destroys only itself".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Power
from legends_core.compiling import annotated_only
from legends_core.rulings import ruling

from .choices import an_opponent_destroys, destroyed_matching, move_one_to, return_pieces
from .knowledge import candidates
from .match import of

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Magic that destroys only itself",
           "When the spell destroys only the magic piece (#63 Holy Vision, #100 Dragon Talisman, "
           "#201 Fungus of Bremmuk), the attacker has won the attack: it moves onto the square "
           "at once, before any follow-up of the spell, and the attack counts as successful, "
           "since the defender was destroyed and the attacker was not."),
)


@attrs.frozen(repr=False)
@annotated_only
class Spell(Power):
    """Magic: when attacked, destroy this piece and (if ``kill_attacker``) its attacker."""

    kill_attacker: bool = True
    label = "Magic"

    def describe(self: Spell | Any) -> str:
        if self.kill_attacker:
            return "When attacked, this piece and its attacker are destroyed."
        return "When attacked, this piece is destroyed (the attacker survives)."

    def legends_magic_spell(self: Spell | Any, game: Engine, magic: int, attacker: int, square: int) -> None:
        caster = game.ctrl[magic]
        game.destroy([magic, attacker] if self.kill_attacker else [magic], cause="spell")
        self.after_spell(game, magic, attacker, square, caster)

    def after_spell(self: Spell | Any, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        """Extra effects of the spell, after the destruction."""


@attrs.frozen(repr=False)
@annotated_only
class AmbushSpell(Spell):
    """Magic: destroy this piece and its attacker; then you may move one of your ``type``
    pieces onto the emptied square and reveal it."""

    type: str = ""

    def describe(self: AmbushSpell | Any) -> str:
        return (f"When attacked, this piece and its attacker are destroyed; you may then move "
                f"any {self.type} you control onto its square (revealing it).")

    def after_spell(self: AmbushSpell | Any, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        cands = candidates(game, caster, whose="own", match=of(type=self.type, mobile=True))
        # Asked even when the caster has no such piece: the spell is seen by all.
        move_one_to(game, caster, cands, square, reveal=True, how="ambush")


@attrs.frozen(repr=False)
@annotated_only
class SpellOpponentDestroys(Spell):
    """Magic: destroy this piece and its attacker; then the opponent destroys one of their
    pieces (their choice)."""

    def describe(self: SpellOpponentDestroys | Any) -> str:
        return ("When attacked, this piece and its attacker are destroyed; then the opponent "
                "must destroy one of their own pieces (their choice).")

    def after_spell(self: SpellOpponentDestroys | Any, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        an_opponent_destroys(game, caster)


SPELL = Spell()


@attrs.frozen(repr=False)
@annotated_only
class GraveSpell(Spell):
    """Magic: destroy this piece and its attacker; then a destroyed piece of ``type`` rises on
    this square under your control (from your own destroyed area, or from any when
    ``any_area``)."""

    type: str = ""
    any_area: bool = False

    def describe(self: GraveSpell | Any) -> str:
        whose = "any" if self.any_area else "one of your"
        return (f"When attacked, this piece and its attacker are destroyed; then {whose} "
                f"destroyed {self.type} pieces takes its square, under your control.")

    def after_spell(self: GraveSpell | Any, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        cands = destroyed_matching(game, None if self.any_area else caster, of(type=self.type))
        return_pieces(game, caster, cands, squares=[square], count=1, optional=False)

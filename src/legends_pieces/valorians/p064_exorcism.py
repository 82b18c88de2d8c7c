"""#64 Exorcism -- gold magic."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, piece

from ..powers import DONE, STATIONARY, Spell, candidates

if TYPE_CHECKING:
    from legends_core.engine import Engine


@attrs.frozen(repr=False)
class ExorcismSpell(Spell):
    """Magic: destroy this piece and its attacker; then you may reveal an enemy piece on
    marsh, which is destroyed if it is red."""

    def describe(self) -> str:
        return ("When attacked, this piece and its attacker are destroyed; then you may reveal "
                "one enemy piece on marsh, destroying it if it is red.")

    def after_spell(self, game: Engine, magic: int, attacker: int, square: int, caster: int) -> None:
        # Offer the choice only once everything already scheduled (a death curse set off by
        # the attacker's destruction) is resolved: that may remove pieces from marsh.
        game.later(_offer, {"caster": caster})


def _targets(game: Engine, caster: int) -> list[int]:
    return candidates(game, caster, squares=game.board.of_terrain("marsh"), whose="enemy")


@continuation
def _offer(game: Engine, data: dict[str, Any]) -> None:
    targets = _targets(game, data["caster"])
    if targets:
        game.ask(data["caster"], "choose an enemy piece on marsh to reveal, or decline",
                 [*(game.ref(p) for p in targets), DONE], _exorcise, data)


@continuation
def _exorcise(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE:
        return
    pid = game.from_ref(value)
    if pid not in _targets(game, data["caster"]):
        return
    game.reveal([pid])
    if game.types[pid].colour == "red":
        game.destroy([pid], cause="exorcism")


PIECE = piece(
    64, "Exorcism", None, kind="magic", type="magic", colour="gold",
    text=("Stationary. Magic: when attacked, Exorcism and its attacker are destroyed; then its "
          "player may reveal one enemy piece standing on marsh, which is destroyed if it is red."),
    powers=[STATIONARY, ExorcismSpell()],
    rulings=[
        "A red castle on marsh may be revealed but is not destroyed: a castle falls only to an "
        "attack.",
        "Pieces already revealed may be chosen too; a red one is then destroyed.",
    ],
)

"""Attack powers: automatic kills, and what happens after a successful attack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Outcome, Power, continuation
from legends_core.compiling import annotated_only
from legends_core.rulings import ruling

from .choices import DONE, an_opponent_destroys, destroyed_matching, return_pieces
from .match import ANY, Match

if TYPE_CHECKING:
    from legends_core.engine import Engine
    from legends_core.piecetype import PieceType

RULINGS = (
    ruling("Automatic kills read base strength",
           "A power that destroys a piece of a given base strength (#94 Spirit of Justice, #95 "
           "Placton, #128 Gwarf ...) reads the printed strength only: boosts, curses and "
           "terrain do not matter."),
)


@attrs.frozen(repr=False)
@annotated_only
class KillsBase(Power):
    """Innate: attacking a piece whose base strength is in ``bases`` destroys it outright
    (this piece survives). With ``when="either"`` it also destroys such a piece that attacks
    it."""

    bases: tuple[int, ...] = (10,)
    when: str = "attacking"
    label: str = "Innate"

    def describe(self: KillsBase | Any) -> str:
        b = " or ".join(map(str, self.bases))
        if self.when == "either":
            return f"A base strength {b} piece that attacks it, or that it attacks, is destroyed."
        return f"A base strength {b} piece it attacks is destroyed."

    def legends_attack_override(self: KillsBase | Any, game: Engine, attacker: int, defender: int, square: int,
                                role: str) -> Outcome | None:
        if role == "attacker" and game.types[defender].strength in self.bases:
            return Outcome(False, True, reason="kills base strength")
        if role == "defender" and self.when == "either" and game.types[attacker].strength in self.bases:
            return Outcome(True, False, reason="kills base strength")
        return None


@attrs.frozen(repr=False)
@annotated_only
class KillsType(Power):
    """Innate: attacking a piece of ``type`` (zombie, sprite, ...) destroys it outright."""

    type: str
    label: str = "Innate"

    def describe(self: KillsType | Any) -> str:
        return f"A {self.type} it attacks is destroyed."

    def legends_attack_override(self: KillsType | Any, game: Engine, attacker: int, defender: int, square: int,
                                role: str) -> Outcome | None:
        if role == "attacker" and game.types[defender].type == self.type:
            return Outcome(False, True, reason=f"kills {self.type}")
        return None


@attrs.frozen(repr=False)
@annotated_only
class OpponentDestroysAfterAttack(Power):
    """Innate: after a successful attack, the opponent chooses and destroys one of their own
    pieces."""

    def describe(self: OpponentDestroysAfterAttack | Any) -> str:
        return "After a successful attack, the opponent must destroy one of their own pieces (their choice)."

    def legends_after_attack(self: OpponentDestroysAfterAttack | Any, game: Engine, piece: int, square: int,
                             defender_type: PieceType) -> None:
        an_opponent_destroys(game, game.ctrl[piece])


@attrs.frozen(repr=False)
@annotated_only
class ReturnAfterAttack(Power):
    """Ability: after a successful attack, destroy this piece to put one of your destroyed
    pieces matching ``match`` on the square it stood on."""

    key: str
    match: Match = ANY
    label: str = "Ability"

    def describe(self: ReturnAfterAttack | Any) -> str:
        what = self.match.describe()
        what = "" if what == "any" else what + " "
        return (f"After a successful attack you may destroy this piece to put one of your "
                f"destroyed {what}pieces on its square.")

    def legends_after_attack(self: ReturnAfterAttack | Any, game: Engine, piece: int, square: int,
                             defender_type: PieceType) -> None:
        me = game.ctrl[piece]
        cands = [game.ref(p) for p in game.dead[me] if self.match(game, p)]
        if cands:
            game.ask(me, f"destroy your {game.types[piece].name} to bring back a piece on its square?",
                     [*cands, DONE], _return_in_place, {"piece": piece, "square": square})


@continuation
def _return_in_place(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE:
        return
    chosen = game.from_ref(value)
    piece, square = data["piece"], data["square"]
    if game.loc[piece] != square:
        return
    me = game.ctrl[piece]
    game.reveal([piece])
    game.destroy([piece], cause="sacrificed")
    if game.loc[chosen] == -1 and game.is_empty(square):
        game.place(chosen, square, me)


@attrs.frozen(repr=False)
@annotated_only
class ReturnToTerrainAfterAttack(Power):
    """Ability: after a successful attack, return one of your destroyed ``match`` pieces to
    an empty square of ``terrain``."""

    match: Match
    terrain: str
    any_area: bool = False
    label: str = "Ability"

    def describe(self: ReturnToTerrainAfterAttack | Any) -> str:
        whose = "a" if self.any_area else "one of your"
        return (f"After a successful attack you may put {whose} destroyed "
                f"{self.match.describe()} pieces on an empty {self.terrain} square.")

    def legends_after_attack(self: ReturnToTerrainAfterAttack | Any, game: Engine, piece: int, square: int,
                             defender_type: PieceType) -> None:
        me = game.ctrl[piece]
        cands = destroyed_matching(game, None if self.any_area else me, self.match)
        return_pieces(game, me, cands, squares=game.board.of_terrain(self.terrain), count=1)


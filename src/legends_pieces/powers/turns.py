"""Powers about turns: extra turns, and actions that destroy their own piece."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Power
from legends_core.compiling import annotated_only
from legends_core.queries import adjacent_squares
from legends_core.rulings import ruling

from .targeted import TargetAction

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Extra turns chain",
           "Each piece used to take another turn (#39, #107) gives one more turn, and one can be "
           "used at the end of a turn that was itself an extra turn."),
    ruling("Castles next to Medusa and Decay",
           "Castles next to #112 Medusa or #166 Decay are unharmed. A castle falls only to an "
           "attack (the castle rules, and Surround and Distance Strike which spare castles), "
           "and otherwise this would win the game without attacking. A castle spared this way "
           "stays hidden: the texts reveal only the piece using the power, and the pieces "
           "destroyed are face up in their destroyed area anyway."),
)


@attrs.frozen(repr=False)
@annotated_only
class ExtraTurn(Power):
    """Ability: at the end of your turn, destroy this piece to take another turn (see the
    ruling "Extra turns chain")."""

    key: str
    label: str = "Ability"
    windows = frozenset({"end"})

    def describe(self: ExtraTurn | Any) -> str:
        return "At the end of your turn you may destroy this piece to take another turn."

    def legends_offer_abilities(self: ExtraTurn | Any, game: Engine, piece: int, window: str) -> list[Action]:
        if window == "end" and game.active == game.ctrl[piece]:
            return [Action.power(game.name(game.loc[piece]), self.key)]
        return []

    def legends_perform(self: ExtraTurn | Any, game: Engine, piece: int, action: Action) -> None:
        player = game.ctrl[piece]
        game.destroy([piece], cause=self.key)
        game.extra_turn(player)


@attrs.frozen(repr=False)
@annotated_only
class DestroyAdjacent(Power):
    """Action: destroy this piece and every piece next to it, all at once; castles are spared
    (see the ruling "Castles next to Medusa and Decay")."""

    watches = "step"  # see legends_core.changes

    key: str
    label: str = "Action"

    def describe(self: DestroyAdjacent | Any) -> str:
        return "Destroy this piece to destroy every piece next to it (castles are unharmed)."

    def legends_offer_actions(self: DestroyAdjacent | Any, game: Engine, piece: int) -> list[Action]:
        return [Action.power(game.name(game.loc[piece]), self.key)]

    def legends_perform(self: DestroyAdjacent | Any, game: Engine, piece: int, action: Action) -> None:
        victims = game.adjacent_pieces(game.loc[piece])
        game.destroy([piece, *victims], cause=self.key)


#: "game", typed Any (see boosts.OWN).
GAME: Any = "game"


def _relocate_reach(power: Relocate | Any) -> Any:  # Any: see boosts.OWN and Match
    """An adjacent square is in the adjacent area; the squares of a terrain are those
    ``empty_squares`` reads."""
    return "adjacent" if power.terrain == "adjacent" else "looked"


@attrs.frozen(repr=False)
@annotated_only
class Relocate(TargetAction):
    """Action: move this piece to an empty square of ``terrain`` (or, with
    ``terrain="adjacent"``, an empty adjacent square), at most once per game if ``once``."""

    key: str
    terrain: str
    once: str | None = attrs.field(default=GAME)
    label: str = "Action"
    # See legends_core.changes.
    watches: str = attrs.field(init=False, default=attrs.Factory(_relocate_reach, takes_self=True))

    def describe(self: Relocate | Any) -> str:
        where = "an empty adjacent square" if self.terrain == "adjacent" else f"any empty {self.terrain} square"
        lim = " Once per game." if self.once == "game" else ""
        return f"Move this piece to {where}.{lim}"

    def targets(self: Relocate | Any, game: Engine, piece: int) -> Iterable[int]:
        if self.terrain == "adjacent":
            grid, land = game.grid, game.land  # is_empty, read without a call per square
            return [s for s in adjacent_squares(game, game.loc[piece]) if grid[s] < 0 and land[s]]
        return game.empty_squares(self.terrain)

    def act(self: Relocate | Any, game: Engine, piece: int, square: int) -> None:
        game.move_piece(piece, square, self.key)

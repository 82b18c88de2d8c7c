"""#172 Queen Kivoa -- purple insectoid, strength 10."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Power, continuation, hookimpl, piece

from ..powers import DONE

if TYPE_CHECKING:
    from legends_core.engine import Engine


def _free_around(game: Engine, queen: int) -> list[int]:
    return [s for s in game.board.adjacent(game.loc[queen]) if game.is_empty(s)]


def _insectoids(game: Engine, queen: int, moved: tuple[int, ...]) -> list[int]:
    return [p for p in game.pieces(game.ctrl[queen])
            if p != queen and p not in moved and game.types[p].type == "insectoid"]


@attrs.frozen(repr=False)
class Summon(Power):
    """Action: gather up to three of your insectoids onto empty squares around the Queen."""

    label = "Action"
    key = "queen-kivoa"

    def describe(self) -> str:
        return ("Move up to three insectoids you control onto empty squares next to the Queen; "
                "each one moved is revealed.")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        if _free_around(game, piece) and _insectoids(game, piece, ()):
            yield Action.power(game.name(game.loc[piece]), self.key)

    @hookimpl
    def legends_perform(self, game: Engine, piece: int) -> None:
        _ask_next(game, piece, (), first=True)


def _ask_next(game: Engine, queen: int, moved: tuple[int, ...], first: bool = False) -> None:
    if len(moved) >= 3 or game.loc[queen] < 0 or not _free_around(game, queen):
        return
    cands = [game.ref(p) for p in _insectoids(game, queen, moved)]
    if not cands:
        return
    if not first:
        cands.append(DONE)
    game.ask(game.ctrl[queen], "choose an insectoid to bring next to the Queen", cands, _which,
             {"queen": queen, "moved": moved})


@continuation
def _which(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == DONE:
        return
    pid = game.from_ref(value)
    game.ask(game.ctrl[data["queen"]], "choose an empty square next to the Queen",
             [game.name(s) for s in _free_around(game, data["queen"])], _where,
             {**data, "piece": pid})


@continuation
def _where(game: Engine, value: str, data: dict[str, Any]) -> None:
    pid = data["piece"]
    game.move_piece(pid, game.sq(value), "queen-kivoa")
    game.reveal([pid])
    _ask_next(game, data["queen"], (*data["moved"], pid))


PIECE = piece(
    172, "Queen Kivoa", 10, type="insectoid", colour="purple",
    text=("Action: reveal the Queen and move up to three insectoids you control onto empty "
          "squares next to her; each one moved is revealed."),
    powers=[Summon()],
    rulings=["The reference chart spells her 'Kiova'; the rulebook's 'Kivoa' is used here."],
)

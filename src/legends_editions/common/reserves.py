"""Reserves: pieces that wait off the board and are brought in one at a time.

The Ultimate Campaign keeps each player's second army in reserve; Narnia's Game 2 gives Red
reinforcements. Bringing a piece in is a turn action of the ruleset (``choose reserve``): the
player then picks which piece (privately) and an empty square of their setup area. A piece
comes in face down, known to its player only, except where the rules have it shown (the
Campaign's second Flag).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, continuation, hookimpl, ruling

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("The Campaign's bonus piece",
           "The bonus for winning an attack goes to the attacking player, at the end of the turn "
           "in which the attack was won: winning as the defender happens in the opponent's turn, "
           "and the rule speaks of the end of your turn. It is optional, and it comes after a "
           "rescue made in the same turn."),
    ruling("Narnia's reinforcements",
           "The fragment of the manual says only when Red's reinforcements may enter: from Red's "
           "first turn after Blue has lost its seventh piece. How they enter is not in our "
           "source; the engine brings them in as the Ultimate Campaign brings in reserves, one "
           "piece as a turn's action, onto an empty square of Red's four nearest ranks."),
)

RESERVE = Action.choose("reserve")


@attrs.frozen
class Reserves:
    """Reserve pieces come in as a turn's action.

    :param seats: the seats that may bring pieces in (all when empty).
    :param flag_first: while a Flag waits in the reserve it must come in first, face up.
    :param bonus: winning an attack lets the attacker bring one in at the end of the turn.
    :param unlock: how many enemy pieces must lie captured before any may come in.
    """

    seats: tuple[str, ...] = ()
    flag_first: bool = False
    bonus: bool = False
    unlock: int = 0

    def can(self, game: Engine, player: int) -> bool:
        if self.seats and game.rules.players[player] not in self.seats:
            return False
        if self.unlock and len(game.dead[game.opponent(player)]) < self.unlock:
            return False
        return game.has_reserve(player) and game.any_empty(game.setup_area(player))

    @hookimpl
    def legends_rules_turn_actions(self, game: Engine, player: int) -> list[Action]:
        return [RESERVE] if self.can(game, player) else []

    @hookimpl
    def legends_rules_perform(self, game: Engine, player: int, action: Action) -> bool | None:
        if action != RESERVE:
            return None
        _ask_piece(game, player, self.flag_first, optional=False)
        return True

    @hookimpl
    def legends_rules_attack_won(self, game: Engine, attacker: int) -> None:
        if self.bonus and game.ctrl[attacker] == game.active:
            game.remember(attacker, "turn:bonus", True)

    @hookimpl
    def legends_rules_turn_ends(self, game: Engine, player: int) -> None:
        if not self.bonus or not self.can(game, player):
            return
        if any(k == "turn:bonus" and game.owner[p] == player for p, k in game.memo):
            _ask_piece(game, player, self.flag_first, optional=True)


def _ask_piece(game: Engine, player: int, flag_first: bool, optional: bool) -> None:
    waiting = game.reserve(player)
    if flag_first and any(game.types[p].kind == "castle" for p in waiting):
        waiting = [p for p in waiting if game.types[p].kind == "castle"]
    names = sorted({game.types[p].name for p in waiting})
    game.ask(player, "bring in a piece from your reserve" + (", or done" if optional else ""),
             [*names, "done"] if optional else names, _piece_chosen,
             {"player": player, "flag_first": flag_first})


@continuation
def _piece_chosen(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == "done":
        return
    player = data["player"]
    squares = [game.name(s) for s in game.setup_area(player) if game.is_empty(s)]
    game.ask(player, f"place the {value} on an empty square of your setup area", squares,
             _piece_placed, {**data, "name": value})


@continuation
def _piece_placed(game: Engine, value: str, data: dict[str, Any]) -> None:
    player = data["player"]
    pid = next(p for p in game.reserve(player) if game.types[p].name == data["name"])
    shown = data["flag_first"] and game.types[pid].kind == "castle"
    game.place(pid, game.sq(value), player, reveal=shown)

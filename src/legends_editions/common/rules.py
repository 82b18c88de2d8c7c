"""Rule plugins of the Stratego editions (hook implementations of ruleset hooks).

Each is a small frozen object that a :class:`~legends_core.ruleset.Ruleset` lists in its
``rules``; the kernel calls them for games of that ruleset only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import continuation, hookimpl, ruling

from .board import back_rank, half

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("Which pieces can be rescued",
           "A rescue brings back a piece the opponent captured: a rank from the Marshal down to "
           "the Spy. Bombs are not captured (the Ultimate rules have their owner keep them off "
           "the board), and a captured Flag is never brought back, so neither can be rescued."),
    ruling("When a rescue can be made",
           "A rescue is offered when the piece that moved this turn, a Scout excepted, ends the "
           "turn on a square of the opponent's back row, whether it got there by a move or by "
           "winning an attack; it is optional and the piece goes onto any empty square of its "
           "player's half (the five nearest ranks), face up, since both players saw it captured."),
    ruling("Captured pieces in Prisoner and Secret Play",
           "Both pieces in an attack are shown to both players, as always. What the Narnia "
           "variants change is who may look at a captured piece afterwards: in Prisoner Play "
           "only the capturing player, in Secret Play only the player who lost it. The engine "
           "keeps exactly that in its knowledge of the piece, so views and saved games for a "
           "player show the piece only to them; what a player remembers is theirs."),
)


@attrs.frozen
class FlagCapture:
    """Taking a Flag wins; with ``last_only``, only when the opponent has no other Flag on
    the board (the Ultimate Campaign: both Flags, or the only one standing)."""

    last_only: bool = False

    @hookimpl
    def legends_rules_castle_taken(self, game: Engine, player: int, castle: int) -> None:
        owner = game.owner[castle]
        if self.last_only and any(game.types[p].kind == "castle" and game.owner[p] == owner
                                  for p in game.pieces()):
            return
        game.end_game(player, "captured the enemy Flag")


@attrs.frozen
class AttackerWinsTies:
    """Equal ranks: the attacker wins."""

    @hookimpl
    def legends_rules_compare(self, attacker_strength: int,
                              defender_strength: int) -> tuple[bool, bool]:
        return attacker_strength < defender_strength, defender_strength <= attacker_strength


CAPTURES = ("open", "prisoner", "secret")


@attrs.frozen
class CapturedKnowledge:
    """The option ``captures``: ``open`` (everyone sees captured pieces), ``prisoner`` (only
    the capturing side) or ``secret`` (only the side that lost it)."""

    @hookimpl
    def legends_rules_captured(self, game: Engine, piece: int) -> int | None:
        mode = game.rules.option("captures", "open")
        owner = game.owner[piece]
        if mode == "prisoner":
            return game.all_mask & ~(1 << owner)
        if mode == "secret":
            return 1 << owner
        return None


@attrs.frozen
class Rescue:
    """A piece that ends its move on the opponent's back row may bring back one of its
    player's captured pieces; ``per_game`` rescues a player, never two by one piece."""

    per_game: int = 2

    @hookimpl
    def legends_rules_turn_ends(self, game: Engine, player: int, piece: int) -> None:
        if piece < 0 or game.loc[piece] < 0 or game.ctrl[piece] != player:
            return
        if game.has_keyword(piece, "cannot_rescue") or game.used(piece, "rescue", "game"):
            return
        made = sum(1 for p, k in game.used_game if k == "rescue" and game.owner[p] == player)
        enemy = game.opponent(player)
        if made >= self.per_game or game.board.rank_of(game.loc[piece]) != back_rank(
                game.board, enemy):
            return
        captured = [game.ref(p) for p in game.dead[player] if game.types[p].kind == "warrior"]
        if captured and any(game.is_empty(s) for s in half(game.board, player)):
            game.ask(player, "rescue one of your captured pieces, or done", [*captured, "done"],
                     _rescue_chosen, {"piece": piece}, public=True)


@continuation
def _rescue_chosen(game: Engine, value: str, data: dict[str, Any]) -> None:
    if value == "done":
        return
    player = game.ctrl[data["piece"]]
    game.mark_used(data["piece"], "rescue", "game")
    squares = [game.name(s) for s in half(game.board, player) if game.is_empty(s)]
    game.ask(player, "place the rescued piece on your half", squares, _rescue_placed,
             {"rescued": game.from_ref(value), "player": player}, public=True)


@continuation
def _rescue_placed(game: Engine, value: str, data: dict[str, Any]) -> None:
    game.place(data["rescued"], game.sq(value), data["player"])

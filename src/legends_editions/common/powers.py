"""The pieces' own rules in the Stratego editions, as shared power building blocks.

The kernel already knows a standard move (one square forward, back or sideways) and an attack
decided by rank (the strength). What a rank does beyond that is a power here: Bombs and Flags
never move; a Scout runs in a straight line; a cavalry Captain rides two squares; a Spy strikes
the Marshal; a Bomb blows up its attacker unless a Miner (or, in Ultimate Stratego, a Scout)
clears it. Bombs are magic-kind pieces to the kernel (no rank; an attack on one is settled by
the piece itself) and Flags castle-kind (taking one is what wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core import Action, Outcome, Power, continuation, hookimpl, ruling
from legends_core.moves import back_and_forth_blocked, do_move, line_targets, note_move

if TYPE_CHECKING:
    from legends_core.engine import Engine

RULINGS = (
    ruling("A Scout's run shows what it is",
           "A Scout that runs more than one square is turned face up, as a piece that uses a "
           "power is: no other piece can move that way, so the run tells the opponent what it "
           "is, and the engine says so instead of pretending the piece is still hidden. A "
           "Captain's two-square ride is shown the same way. A one-square step is a standard "
           "move and shows nothing."),
    ruling("A Scout may run and attack in one turn",
           "In the classic and Narnia editions a Scout may run over empty squares and attack the "
           "enemy piece that ends the run. The Narnia manual names a Special Scout Attack "
           "Privilege beside the Scouts' long move (its text is lost), the Ultimate rules grant "
           "the same, and modern tournament rules agree; the older rule that a Scout must stop "
           "next to its target would need a privilege to be named for nothing."),
    ruling("Cavalry attacking on its first square",
           "A Captain that attacks on its first square and wins may still ride one more square "
           "onto an empty square (it may not attack again): the rules allow one attack as part "
           "of the move and end the turn only for an attack made after moving one square. It "
           "may also stop where it won."),
    ruling("The Spy's rank",
           "Our sources give the Spy no rank. The engine counts it as rank 1, below the Scouts, "
           "so it loses every fight its own rule does not win; two Spies meeting in the classic "
           "game are then both removed, as any equal ranks are, and in Ultimate Stratego the "
           "attacking Spy wins, as its rule says."),
    ruling("A Scout that attacks a Bomb in Ultimate Stratego",
           "The Scout survives and the Bomb is out of the game, so the Scout has won the attack "
           "and moves onto the Bomb's square, as any attacker that wins does."),
)


@attrs.frozen(repr=False)
class Immobile(Power):
    """Stationary: the piece never moves (so never attacks)."""

    label = "Stationary"
    keywords = frozenset({"stationary"})

    def describe(self) -> str:
        return "Never moves once placed, so it never attacks."


@attrs.frozen(repr=False)
class Trait(Power):
    """A mark other rules look for (a Miner's ``"defuses"``, a Scout's ``"bomb_proof"``)."""

    keywords: frozenset[str] = frozenset()
    summary: str = ""
    label: str = "Innate"

    def describe(self) -> str:
        return self.summary


#: The board's orthogonal rays (see ``legends_core.moves.line_targets``).
ORTHOGONAL = range(0, 4)


def _squares(game: Engine, piece: int, action: Action) -> tuple[int, int]:
    return game.loc[piece], game.board.parse_square(action.targets[0])


@attrs.frozen(repr=False)
class ScoutRun(Power):
    """Move any number of empty squares in a straight line; with ``strike``, attack the enemy
    piece that ends the run (over empty squares only; lakes stop it)."""

    strike: bool = True
    label = "Movement"
    key = "scout"
    watches = "looked"  # the squares the run reads (see legends_core.changes)

    def describe(self) -> str:
        end = ", and may attack the enemy piece at the end of the run" if self.strike else ""
        return f"Runs any number of empty squares in a straight line{end}."

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> list[Action]:
        # Two squares or more: one square is a standard move (or attack).
        name = game.board.name
        src = name(game.loc[piece])
        return [Action.power(src, self.key, name(t))
                for t in line_targets(game, piece, ORTHOGONAL, 2, self.strike, True)]

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        do_move(game, Action.move(action.src, action.targets[0]))


@attrs.frozen(repr=False)
class CavalryRide(Power):
    """Ride two squares, straight or turning after the first, attacking at the end if an
    enemy stands there; a first-square attack (a standard move) that wins may ride on."""

    label = "Movement"
    key = "cavalry"
    watches = "near"  # two steps at most, turning or not (see legends_core.changes)

    def describe(self) -> str:
        return ("Moves two squares, straight on or turning after the first; may attack on "
                "either square, once (an attack after the first square ends the move).")

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> list[Action]:
        board, grid = game.board, game.grid
        sq, player = game.loc[piece], game.ctrl[piece]
        src = board.name(sq)
        seen: set[int] = set()
        out = []
        for m in board.orthogonal(sq):
            if grid[m] >= 0 or not board.is_land(m):
                continue
            for t in board.orthogonal(m):
                if t == sq or t in seen or not board.is_land(t):
                    continue
                q = grid[t]
                if q >= 0 and not game.hostile(game.ctrl[q], player):
                    continue
                if q < 0 and back_and_forth_blocked(game, player, piece, sq, t):
                    continue
                seen.add(t)
        for t in sorted(seen):
            out.append(Action.power(src, self.key, board.name(t)))
        return out

    @hookimpl
    def legends_perform(self, game: Engine, piece: int, action: Action) -> None:
        game.remember(piece, "turn:rode", True)  # a ride's attack ends the move
        do_move(game, Action.move(action.src, action.targets[0]))

    @hookimpl
    def legends_after_attack(self, game: Engine, piece: int, square: int) -> None:
        if game.recall(piece, "turn:rode") is not None or game.active != game.ctrl[piece]:
            return
        onward = [game.name(t) for t in game.board.orthogonal(square) if game.is_empty(t)]
        game.ask(game.ctrl[piece], "ride one more square, or stop (done)", [*onward, "done"],
                 _ride_on, {"piece": piece}, public=True)


@continuation
def _ride_on(game: Engine, value: str, data: dict[str, Any]) -> None:
    pid = data["piece"]
    if value == "done" or game.loc[pid] < 0:
        return
    game.remember(pid, "turn:rode", True)
    to = game.sq(value)
    note_move(game, game.ctrl[pid], pid, game.loc[pid], to)  # counts toward back and forth
    game.move_piece(pid, to)


@attrs.frozen(repr=False)
class SpyStrike(Power):
    """Wins when it attacks a piece of one of ``ranks`` (the Marshal), or with ``spies``
    another Spy; loses every other fight (it has the lowest rank)."""

    ranks: tuple[int, ...] = (10,)
    spies: bool = False
    label = "Attack"
    keywords = frozenset({"spy"})

    def describe(self) -> str:
        also = " or another Spy" if self.spies else ""
        return f"Wins when it attacks the Marshal{also}; loses every other fight."

    @hookimpl
    def legends_attack_override(self, game: Engine, attacker: int, defender: int,
                                role: str) -> Outcome | None:
        if role != "attacker":
            return None
        t = game.types[defender]
        if (t.kind == "warrior" and t.strength in self.ranks) or (
                self.spies and "spy" in t.keywords):
            return Outcome(False, True, reason="the Spy strikes")
        return None


@attrs.frozen(repr=False)
class BombBlast(Power):
    """An attacker is destroyed, unless it has the ``immune`` mark (it clears the Bomb and
    takes its square). With ``spent``, the Bomb is out of the game after every fight."""

    immune: str = "defuses"
    spent: bool = False
    label = "Bomb"

    def describe(self) -> str:
        if self.spent:
            return ("Destroys any attacker but a Scout, and is itself removed after every "
                    "fight.")
        return "Destroys any attacker but a Miner, who removes it."

    @hookimpl
    def legends_magic_spell(self, game: Engine, magic: int, attacker: int) -> None:
        if game.has_keyword(attacker, self.immune):
            game.destroy([magic], cause="cleared")
        elif self.spent:
            game.destroy([magic, attacker], cause="bomb")
        else:
            game.destroy([attacker], cause="bomb")


IMMOBILE = Immobile()
SCOUT_RUN = ScoutRun()
CAVALRY = CavalryRide()
MINER = Trait(frozenset({"defuses"}), "Removes a Bomb it attacks, and takes its square.",
              "Bomb disposal")
BOMB_PROOF = Trait(frozenset({"bomb_proof"}), "Survives attacking a Bomb, which is removed.")
NO_RESCUE = Trait(frozenset({"cannot_rescue"}), "Cannot make a rescue.")

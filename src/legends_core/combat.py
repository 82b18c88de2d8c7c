"""Attacks, step by step.

1. :class:`Attack` -- the attacker moves onto an enemy square. Powers that must act blind (a
   name guess) are asked now.
2. :class:`AttackReveal` -- both pieces are revealed. Attacking a castle wins at once.
   Otherwise an attack window opens: players alternate using abilities until all pass.
3. :class:`AttackResolve` -- magic defenders cast their spell (or are dispelled); otherwise a
   power may override the comparison; otherwise the lower current strength is destroyed
   (both on a tie), strengths counted on the attacked square. A protected piece about to be
   destroyed gets a replacement decision first.
4. :class:`AttackKill` -- the losers are destroyed together; a surviving attacker moves onto
   the emptied square.
5. :class:`AttackFinish` -- after death curses set off by the attack are resolved, powers that
   trigger on a successful attack run; then Berserk forces the next attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from .actions import PASS, Action
from .effects import attacked_event, compared_event
from .events import Passed
from .flow import window
from .moves import can_attack_square, perform
from .rulings import ruling
from .statevalues import Combat
from .tasks import Task, builder, task

if TYPE_CHECKING:
    from .engine import Engine

RULINGS = (
    ruling("Berserk",
           "A Berserk piece's follow-up attacks are ordinary one-square orthogonal attacks, and "
           "its player chooses which enemy to attack when there are several."),
    ruling("An attacked piece lost during the attack",
           "When the attacked piece is destroyed in the attack window, before strengths are "
           "compared (weakened to 0, say), the attacker still moves onto the emptied square and "
           "the attack counts as successful: the defender was destroyed and the attacker was "
           "not, so powers that follow a successful attack apply."),
)


@task("attack")
@attrs.frozen(slots=False)  # see "built without their attrs __init__" below
class Attack(Task):
    attacker: int
    square: int
    origin: int
    how: str
    player: int

    def run(self, g: Engine) -> None:
        att, sq = self.attacker, self.square
        dfn = g.grid[sq]
        if g.loc[att] != self.origin or not g.same_side(g.ctrl[att], self.player):
            return  # the attacker is gone or changed sides before it could attack
        if dfn < 0:
            g.move_piece(att, sq, self.how)
            return
        g.emit(attacked_event(g.seats[self.player], g.sq_names[self.origin],
                              g.sq_names[sq], self.how))
        g.progress = g.turn  # see the ruling "Games that stop making progress"
        g.combat = Combat(att, dfn, sq, self.origin, self.player)
        for f in g.beh[att].attack_declared:
            f(g, att, dfn)
        g.schedule(attack_reveal(att, dfn, sq, self.origin, self.player))


@task("attack-reveal")
@attrs.frozen(slots=False)  # see "built without their attrs __init__" below
class AttackReveal(Task):
    attacker: int
    defender: int
    square: int
    origin: int
    player: int

    def run(self, g: Engine) -> None:
        att, dfn = self.attacker, self.defender
        g.reveal([att, dfn])
        if g.types[dfn].kind == "castle":
            g.combat = None
            holder = g.ctrl[dfn]
            g.destroy([dfn], cause="attack")
            g.move_piece(att, self.square, "attack")
            taken = g.rs.castle_taken
            if not taken:
                # The side that held it fights on while it has another castle (a team game).
                if not g.castles_left(holder):
                    g.end_game(self.player, "attacked the enemy castle")
                    return
                g.schedule(attack_finish(att, self.square, self.player, g.types[dfn].number))
                return
            for f in taken:  # the ruleset says whether this castle (a flag) wins the game
                f(g, self.player, dfn)
            if not g.over:
                g.schedule(attack_finish(att, self.square, self.player, g.types[dfn].number))
            return
        resolve = attack_resolve(att, dfn, self.square, self.origin, self.player)
        if g.rs.windows:
            g.schedule(window("attack", self.player, 0), resolve)
        else:
            g.schedule(resolve)


@task("attack-resolve")
@attrs.frozen(slots=False)  # see "built without their attrs __init__" below
class AttackResolve(Task):
    attacker: int
    defender: int
    square: int
    origin: int
    player: int

    def run(self, g: Engine) -> None:
        att, dfn, sq = self.attacker, self.defender, self.square
        att_ok = g.loc[att] == self.origin and g.same_side(g.ctrl[att], self.player)
        dfn_ok = g.loc[dfn] == sq
        if not (att_ok and dfn_ok):
            # Something in the window ended the attack (Clevut, a piece falling to strength
            # 0 ...): see the ruling "An attacked piece lost during the attack".
            g.schedule(attack_kill(att, dfn, sq, self.origin, self.player, False, False))
            return
        if g.types[dfn].kind == "magic":
            if g.has_keyword(att, "dispel_magic"):
                g.destroy([dfn], cause="dispelled")
            elif g.beh[dfn].magic_spell:
                for f in g.beh[dfn].magic_spell:
                    f(g, dfn, att, sq)
            else:
                g.destroy([dfn, att], cause="spell")
            # A surviving attacker takes the square before any follow-up of the spell is
            # answered (see the ruling "Magic that destroys only itself").
            if g.loc[att] == self.origin and g.same_side(g.ctrl[att], self.player) \
                    and g.grid[sq] < 0:
                g.move_piece(att, sq, "attack")
            g.schedule(attack_kill(att, dfn, sq, self.origin, self.player, False, False))
            return
        outcome = None
        for f in g.beh[att].attack_override:
            outcome = f(g, att, dfn, sq, "attacker")
            if outcome is not None:
                break
        if outcome is None:
            for f in g.beh[dfn].attack_override:
                outcome = f(g, att, dfn, sq, "defender")
                if outcome is not None:
                    break
        if outcome is not None:
            kill_att, kill_dfn = outcome.kill_attacker, outcome.kill_defender
            if outcome.handled:
                g.schedule(attack_kill(att, dfn, sq, self.origin, self.player, False, False))
                return
        else:
            sa, sd = g.strength(att), g.strength(dfn)
            assert sa is not None and sd is not None
            g.emit(compared_event(g.sq_names[sq], sa, sd))
            kill_att, kill_dfn = sa <= sd, sd <= sa
            for f in g.rs.compare:  # the ruleset's own rule, for ties say
                decided = f(g, att, dfn, sa, sd)
                if decided is not None:
                    kill_att, kill_dfn = decided
                    break
        kill = attack_kill(att, dfn, sq, self.origin, self.player, kill_att, kill_dfn)
        if kill_dfn and g.types[dfn].name.casefold() in g.catalogue.protected:
            g.schedule(Replacement(g.ctrl[dfn], dfn, 0), kill)
        else:
            g.schedule(kill)


@task("replacement", decision=True)
@attrs.frozen
class Replacement(Task):
    """The player whose attacked piece is about to be destroyed may replace that by a power
    (Migol's Royal Guard). Offered whenever a protected piece loses, whatever is nearby."""

    player: int
    doomed: int
    passes: int
    prompt = "replace the destruction of your attacked piece, or pass"

    def options(self, g: Engine) -> list[Action]:
        out = [PASS]
        for pid in g.pieces(self.player):
            for f in g.beh[pid].offer_replacements:
                out.extend(f(g, pid, self.doomed) or ())
        return out

    def answer(self, g: Engine, action: Action) -> None:
        if action.kind == "pass":
            g.emit(Passed(g.seats[self.player], "replacement"))
            return
        perform(g, action)


@task("attack-kill")
@attrs.frozen(slots=False)  # see "built without their attrs __init__" below
class AttackKill(Task):
    attacker: int
    defender: int
    square: int
    origin: int
    player: int
    kill_attacker: bool
    kill_defender: bool

    def run(self, g: Engine) -> None:
        att, dfn, sq = self.attacker, self.defender, self.square
        doomed = []
        if self.kill_attacker and g.loc[att] == self.origin:
            doomed.append(att)
        if self.kill_defender and g.loc[dfn] == sq:
            doomed.append(dfn)
        if doomed:
            g.destroy(doomed, cause="attack")
        g.combat = None
        same = g.same_side
        if g.loc[att] == self.origin and same(g.ctrl[att], self.player) and g.grid[sq] < 0:
            g.move_piece(att, sq, "attack")
        # Won: the attacker stands on the attacked square, still on its side (a capture such
        # as Daemin's puts it there itself; Clevut puts it there on the other side). In a
        # team game it may now be a teammate's (see the ruling "Control by region").
        if g.loc[att] == sq and same(g.ctrl[att], self.player) and g.loc[dfn] != sq:
            g.schedule(attack_finish(att, sq, self.player, g.types[dfn].number))


@task("attack-finish")
@attrs.frozen(slots=False)  # see "built without their attrs __init__" below
class AttackFinish(Task):
    """The attacker won and stands on ``square``: run its after-attack powers, then Berserk."""

    attacker: int
    square: int
    player: int
    defender_number: int

    def run(self, g: Engine) -> None:
        att = self.attacker
        if g.loc[att] != self.square or not g.same_side(g.ctrl[att], self.player):
            return
        dtype = g.catalogue[self.defender_number]
        for f in g.beh[att].after_attack:
            f(g, att, self.square, dtype)
        for f in g.rs.attack_won:
            f(g, att, self.square)
        g.schedule(berserk_check(att, self.square, self.player))


@task("berserk-check")
@attrs.frozen(slots=False)  # see "built without their attrs __init__" below
class BerserkCheck(Task):
    attacker: int
    square: int
    player: int

    def run(self, g: Engine) -> None:
        att = self.attacker
        if g.loc[att] != self.square or not g.same_side(g.ctrl[att], self.player) or g.over:
            return
        if not g.has_keyword(att, "berserk"):
            return
        if berserk_targets(g, att):
            g.schedule(Berserk(g.ctrl[att], att))  # its controller now (a teammate, perhaps)


def berserk_targets(g: Engine, pid: int) -> list[int]:
    sq = g.loc[pid]
    if g.has_keyword(pid, "stationary"):
        return []
    return [t for t in g.board.orthogonal(sq)
            if g.grid[t] >= 0 and g.hostile(g.ctrl[g.grid[t]], g.ctrl[pid])
            and can_attack_square(g, pid, t)]


@task("berserk", decision=True)
@attrs.frozen
class Berserk(Task):
    """A Berserk piece that won must attack again if it can: choose which enemy."""

    player: int
    piece: int
    prompt = "your Berserk piece must attack again: choose the target"
    may_be_empty = True

    def options(self, g: Engine) -> list[Action]:
        if g.loc[self.piece] < 0:
            return []
        src = g.board.name(g.loc[self.piece])
        return [Action.move(src, g.board.name(t)) for t in berserk_targets(g, self.piece)]

    def answer(self, g: Engine, action: Action) -> None:
        g.attack(self.piece, g.board.parse_square(action.dst), "berserk")


# -- the attack's steps built without their attrs ``__init__`` --------------------------
# An attack schedules four to six of these tasks. Called from compiled code, a class's attrs
# ``__init__`` (interpreted Python) costs over a thousand instructions; these classes keep
# their fields in their own dict (``slots=False``: the Task base gives every task a dict
# anyway), so the builders below fill that dict directly, in the fields' order, as
# legends_core.effects does for events: the same object, equal, with the same repr and dict
# form (tests/test_task_builders.py holds each builder to its class). A field is read a
# little slower from a dict than from a slot; built this way, an attack still costs less.
_blank: Final = object.__new__
# The classes as final names too: compiled, read from C variables, not the module's dict.
_ATTACK: Final = Attack
_ATTACK_REVEAL: Final = AttackReveal
_ATTACK_RESOLVE: Final = AttackResolve
_ATTACK_KILL: Final = AttackKill
_ATTACK_FINISH: Final = AttackFinish
_BERSERK_CHECK: Final = BerserkCheck


def attack_task(attacker: int, square: int, origin: int, how: str, player: int) -> Attack:
    """``Attack(attacker, square, origin, how, player)``."""
    t = _blank(_ATTACK)
    d = t.__dict__
    d["attacker"] = attacker
    d["square"] = square
    d["origin"] = origin
    d["how"] = how
    d["player"] = player
    return t


builder("attack")(attack_task)  # registered, not decorated: compiled calls stay direct


def attack_reveal(attacker: int, defender: int, square: int, origin: int,
                  player: int) -> AttackReveal:
    """``AttackReveal(attacker, defender, square, origin, player)``."""
    t: AttackReveal = _contest_step(_ATTACK_REVEAL, attacker, defender, square, origin, player)
    return t


def attack_resolve(attacker: int, defender: int, square: int, origin: int,
                   player: int) -> AttackResolve:
    """``AttackResolve(attacker, defender, square, origin, player)``."""
    t: AttackResolve = _contest_step(_ATTACK_RESOLVE, attacker, defender, square, origin,
                                     player)
    return t


def _contest_step(cls: type, attacker: int, defender: int, square: int, origin: int,
                  player: int) -> Any:
    """A step of the contest itself (the reveal, the resolution, the kill): each has these
    fields first."""
    t: Any = _blank(cls)
    d = t.__dict__
    d["attacker"] = attacker
    d["defender"] = defender
    d["square"] = square
    d["origin"] = origin
    d["player"] = player
    return t


def attack_kill(attacker: int, defender: int, square: int, origin: int, player: int,
                kill_attacker: bool, kill_defender: bool) -> AttackKill:
    """``AttackKill(attacker, defender, square, origin, player, kill_attacker,
    kill_defender)``."""
    # The contest's five fields first, in the class's order, then the two of its own.
    t: AttackKill = _contest_step(_ATTACK_KILL, attacker, defender, square, origin, player)
    d = t.__dict__
    d["kill_attacker"] = kill_attacker
    d["kill_defender"] = kill_defender
    return t


def attack_finish(attacker: int, square: int, player: int,
                  defender_number: int) -> AttackFinish:
    """``AttackFinish(attacker, square, player, defender_number)``."""
    t = _blank(_ATTACK_FINISH)
    d = t.__dict__
    d["attacker"] = attacker
    d["square"] = square
    d["player"] = player
    d["defender_number"] = defender_number
    return t


def berserk_check(attacker: int, square: int, player: int) -> BerserkCheck:
    """``BerserkCheck(attacker, square, player)``."""
    t = _blank(_BERSERK_CHECK)
    d = t.__dict__
    d["attacker"] = attacker
    d["square"] = square
    d["player"] = player
    return t

"""The turn: start, the main decision, response windows, the end of the turn.

A turn is: the active player moves or takes one action (using any abilities first; an attack or
a Distance Strike opens its own window before strengths are compared); then an end-of-turn
window in which the players, starting with the active one, may use abilities until all pass in
a row; then temporary effects lapse and the next player (or the same one, after an
extra-turn power) begins. Windows are opened at fixed points whatever the players hold, so
their existence tells nobody anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from .actions import PASS, Action
from .commitment import commit
from .effects import turn_started_event
from .events import Passed
from .moves import (
    ability_options,
    can_move_or_act,
    count_action_move,
    do_move,
    is_ability,
    perform,
    turn_options,
)
from .repetition import count_position, repetition_reason
from .strikes import live as strike_live
from .tasks import Task, builder, task

if TYPE_CHECKING:
    from .engine import Engine
    from .ruleset import RuleBehaviour
    from .statevalues import Rules


@task("turn-start")
@attrs.frozen
class TurnStart(Task):
    def run(self, g: Engine) -> None:
        limit, quiet, again, players = _turn_rules(g.rules)
        if limit is not None and g.turn > limit:
            g.end_game(None, f"turn limit of {limit} reached")
            return
        if quiet is not None and g.turn - 1 - g.progress >= quiet:
            g.end_game(None, no_progress_reason(quiet))
            return
        if again is not None and count_position(g) >= again:
            g.end_game(None, repetition_reason(again))
            return
        if g.commitment is None:
            commit(g)  # setup is over: bind the hidden placement before the first move
        p = g.active
        g.emit(turn_started_event(players[p], g.turn))
        for f in g.rs.turn_starts:
            f(g, p)
            if g.over:
                return
        g.schedule_one(main_check(p))


#: The last game's rules and the fields of them that every turn start reads: compiled, each
#: read of a field of ``Rules`` (an attrs class) takes the generic attribute path. (A list of
#: one entry, final: read from a C variable, and compared by identity alone.)
_TURN_RULES: Final[list[tuple[Rules, tuple[int | None, int | None, int | None,
                                            tuple[str, ...]]]]] = []


def _turn_rules(rules: Rules) -> tuple[int | None, int | None, int | None, tuple[str, ...]]:
    """``rules``' turn limit, no-progress limit, repetition limit and players."""
    last = _TURN_RULES
    if last and last[0][0] is rules:
        return last[0][1]
    fields = (rules.turn_limit, rules.no_progress_limit, rules.repetition_limit, rules.players)
    last[:] = [(rules, fields)]
    return fields


def no_progress_reason(limit: int) -> str:
    """Why a game ended under ``no_progress_limit`` (see the ruling "Games that stop making
    progress")."""
    return f"no attack, and no piece destroyed or brought in, in {limit} turns"


@task("main-check")
@attrs.frozen
class MainCheck(Task):
    """Before each main decision: a player with no move and no action left, even after
    using abilities first, loses (this can also happen within a turn, after an ability costs
    them their last mobile piece)."""

    player: int

    def run(self, g: Engine) -> None:
        p = self.player
        # Only whether a move exists: the full list is worked out when the decision's options
        # are asked for, which searches that just judge the position never do.
        if not can_move_or_act(g, p):
            g.end_game(stuck_winner(g, p), f"{g.seats[p]} cannot move or act")
            return
        g.schedule_one(main_decision(p))


@task("main", decision=True)
@attrs.frozen
class MainDecision(Task):
    """The active player's choice: a move, an action, or an ability (then choose again)."""

    player: int
    prompt = "move, act or use an ability"

    def options(self, g: Engine) -> list[Action]:
        return turn_options(g, self.player)

    def answer(self, g: Engine, action: Action) -> None:
        # Fields read once: compiled, each read of a task's or an action's field is a generic one.
        player, kind = self.player, action.kind
        if kind == "move":
            pid = g.grid[g.sq(action.src)]
            do_move(g, action)
        elif kind == "choose":  # a turn action of the ruleset's own (a reserve piece)
            pid = -1
            g.bf[player] = None
            rules_perform(g, player, action)
        else:
            pid = g.grid[g.sq(action.src)]
            if is_ability(g, pid, action.key):
                perform(g, action)
                g.schedule_one(main_check(player))
                return
            before, frm = g.bf[player], g.loc[pid]
            g.bf[player] = None
            perform(g, action)
            count_action_move(g, player, pid, frm, before)  # a run, a ride, a flight
        # One by one: compiled, a call with ``*`` goes through a generic call.
        for t in turn_end_tasks(g, player, pid):
            g.schedule_one(t)


def stuck_winner(g: Engine, player: int) -> int | None:
    """Who wins when ``player`` cannot move or act: their opponents' team, named by the first
    opponent to play after them (``None`` if the opponents are on several teams)."""
    teams, n = g.teams, len(g.seats)
    foes = g.opponents(player)
    if len({teams[f] for f in foes}) != 1:
        return None
    return min(foes, key=lambda f: (f - player) % n)


#: By seat: the ruleset's behaviour and what follows a turn's move or action under it, for
#: rulesets without end-of-turn steps (the same few tasks every turn).
_TURN_ENDS: Final[dict[int, tuple[RuleBehaviour, tuple[Task, ...]]]] = {}


def turn_end_tasks(g: Engine, player: int, piece: int) -> tuple[Task, ...]:
    """What follows the turn's move or action: the ruleset's end-of-turn steps, if it has
    any, then the end-of-turn window, if it opens windows, then the end of the turn."""
    rs = g.rs
    hit = _TURN_ENDS.get(player)
    if hit is not None and hit[0] is rs:
        return hit[1]
    if rs.turn_ends:
        if g.rs.windows:
            return RulesTurnEnd(player, piece), window("end", player, 0), TURN_END
        return RulesTurnEnd(player, piece), TURN_END
    if len(_TURN_ENDS) >= INTERN_SMALL:
        _TURN_ENDS.clear()
    tasks: tuple[Task, ...] = (window("end", player, 0), TURN_END) if rs.windows else (TURN_END,)
    _TURN_ENDS[player] = (rs, tasks)
    return tasks


def rules_perform(g: Engine, player: int, action: Action) -> None:
    for f in g.rs.perform:
        if f(g, player, action) is not None:
            return
    raise LookupError(f"no rule of {g.rules.name} carries out {action}")


@task("rules-turn-end")
@attrs.frozen
class RulesTurnEnd(Task):
    """The ruleset's end-of-turn steps (a rescue, a bonus reserve piece): ``piece`` made the
    turn's move or action (``-1`` for a turn action of the ruleset's own)."""

    player: int
    piece: int

    def run(self, g: Engine) -> None:
        for f in g.rs.turn_ends:
            f(g, self.player, self.piece)


@task("window", decision=True)
@attrs.frozen
class Window(Task):
    """A response window: ``player`` may use an ability or pass.

    ``kind`` is ``"attack"`` (during an attack, before strengths are compared), ``"strike"``
    (before a power compares strengths outside an attack, see ``legends_core.strikes``) or ``"end"``
    (before the turn ends). It closes when every player has passed in a row.
    """

    kind: str
    player: int
    passes: int

    def options(self, g: Engine) -> list[Action]:
        if not window_live(g, self.kind):
            return [PASS]
        return [PASS, *ability_options(g, self.player, self.kind)]

    def answer(self, g: Engine, action: Action) -> None:
        if action.kind == "pass":
            after = self.passed(g)
            if after is not None:
                g.schedule_one(after)
            return
        nxt = g.next_player(self.player)
        perform(g, action)
        if not window_live(g, self.kind):
            return  # a power ended the attack (Clevut) or strike: nothing is left to answer
        g.schedule_one(window(self.kind, nxt, 0))

    def passed(self, g: Engine) -> Window | None:
        """Record this player's pass; the window's next player, or ``None`` when every
        player has passed in a row. (Changes nothing else, so auto-pass calls it directly.)"""
        g.emit(passed_events(g.seats, self.kind)[self.player])
        if self.passes + 1 < len(g.seats):
            return window(self.kind, g.next_player(self.player), self.passes + 1)
        return None

    def describe(self, g: Engine) -> str:
        return _DESCRIBE.get(self.kind, "use an ability, or pass")

    def settle(self, g: Engine) -> tuple[Window | None, list[Action]]:
        """Auto-pass for this seat and the ones after it in one step: each seat whose only
        option is to pass passes (the same events, in the same order, as asking each in turn),
        up to the first seat with something else to say. Returns that seat's window and its
        options, or ``None`` when every seat has passed and the window is closed.

        A pass changes nothing but whose window it is, so each seat's options are what asking
        it would give; when no piece on the board has an ability for this kind of window (or
        nothing is left to answer) no seat is asked for its abilities at all."""
        players = g.seats
        n = len(players)
        kind = self.kind
        live = window_live(g, kind)
        quiet = not live or (not g.tkw and not _able_on_board(g, kind))
        # The seat and count of passes as plain ints (a window's fields are read through the
        # generic attribute path once compiled); its window is looked up only to return it.
        player, passes = self.player, self.passes
        said = passed_events(players, kind)
        while True:
            if not quiet:
                abl = ability_options(g, player, kind)
                if abl:
                    return (self if player == self.player and passes == self.passes
                            else window(kind, player, passes)), [PASS, *abl]
            g.emit(said[player])
            passes += 1
            if passes >= n:
                return None, []
            player = g.next_player(player)


def _able_on_board(g: Engine, kind: str) -> bool:
    """Is some piece with an ability for windows of ``kind`` on the board (any seat's)?"""
    loc = g.loc
    for pid in g.ability_pieces(kind):
        if loc[pid] >= 0:
            return True
    return False


#: Windows and passes are immutable values, and the same few come back every turn (a kind,
#: a seat, a count of passes): each is built once, and the tables are emptied at this size.
INTERN_SMALL = 1024
_WINDOWS: dict[tuple[str, int, int], Window] = {}
#: By kind of window: the seats last asked about and their passes, in seat order.
_PASS_ROWS: Final[dict[str, tuple[tuple[str, ...], tuple[Passed, ...]]]] = {}


def passed_events(players: tuple[str, ...], kind: str) -> tuple[Passed, ...]:
    """``Passed(name, kind)`` for each of ``players``, in seat order, built once for a kind
    of window and its seats: a window settled at once reads its seats' passes by index."""
    hit = _PASS_ROWS.get(kind)
    if hit is not None and (hit[0] is players or hit[0] == players):
        return hit[1]
    if len(_PASS_ROWS) >= INTERN_SMALL:
        _PASS_ROWS.clear()
    row = tuple([Passed(name, kind) for name in players])
    _PASS_ROWS[kind] = (players, row)
    return row


# Registered below rather than decorated: compiled, a call of a decorated function goes
# through the generic call path, and flow calls this one a few times a turn.
def window(kind: str, player: int, passes: int) -> Window:
    """``Window(kind, player, passes)``, built once."""
    key = (kind, player, passes)
    w = _WINDOWS.get(key)
    if w is None:
        if len(_WINDOWS) >= INTERN_SMALL:
            _WINDOWS.clear()
        w = _WINDOWS[key] = Window(kind, player, passes)
    return w


builder("window")(window)


_DESCRIBE = {
    "attack": "use an ability during the attack, or pass",
    "strike": "use an ability before the strike is decided, or pass",
    "end": "use an ability before the turn ends, or pass",
}


def window_live(g: Engine, kind: str) -> bool:
    """Is there still something to respond to in a window of ``kind``?"""
    if kind == "attack":
        return attack_live(g)
    if kind == "strike":
        c = g.strike_under_way()
        return c is not None and strike_live(g, c)
    return True


def attack_live(g: Engine) -> bool:
    """Is an attack still under way, both pieces where it started?"""
    c = g.combat
    if c is None:
        return False
    return g.loc[c.attacker] == c.origin and g.same_side(g.ctrl[c.attacker], c.player) \
        and g.loc[c.defender] == c.square


@task("turn-end")
@attrs.frozen
class TurnEnd(Task):
    def run(self, g: Engine) -> None:
        g.expire_turn_effects()
        g.combat = None
        p = g.active
        if g.extra[p] > 0:
            g.extra[p] -= 1
        else:
            g.active = g.next_player(p)
        g.turn += 1
        g.schedule_one(TURN_START)


# Tasks are immutable values: the ones every turn needs are made once, not every turn.
# (Final: compiled, a final name is read from a C variable, not from the module's dict.)
TURN_START: Final = TurnStart()
TURN_END: Final = TurnEnd()
_MAIN_CHECKS: Final[dict[int, MainCheck]] = {}
_MAIN_DECISIONS: Final[dict[int, MainDecision]] = {}


def main_check(player: int) -> MainCheck:
    """The (shared) task checking that ``player`` can move or act before their decision."""
    t = _MAIN_CHECKS.get(player)
    if t is None:
        t = _MAIN_CHECKS[player] = MainCheck(player)
    return t


def main_decision(player: int) -> MainDecision:
    """The (shared) task of ``player``'s main decision."""
    t = _MAIN_DECISIONS.get(player)
    if t is None:
        t = _MAIN_DECISIONS[player] = MainDecision(player)
    return t

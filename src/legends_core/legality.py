"""Why an action is not legal, told from the deciding player's side.

Messages mention only the deciding player's own pieces and public facts (the board, who holds
which square), so an error can be shown to that player without leaking anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action

if TYPE_CHECKING:
    from .engine import Engine
    from .tasks import Task


def explain(g: Engine, decision: Task, action: Action) -> str:
    who = g.rules.players[decision.player]
    wanted = decision.describe(g)
    kinds = {a.kind for a in decision.options(g)}
    head = f"{action} is not legal: {who} must {wanted}"
    if action.kind not in kinds:
        return _shuttle(g, decision, action, head) or (
            f"{head}, and a '{action.kind}' action is not one of the choices now")
    if action.kind == "choose":
        return f"{head}; {action.value!r} is not one of the offered choices"
    if action.kind in ("move", "power", "swap"):
        try:
            src = g.board.parse_square(action.src)
        except ValueError as exc:
            return f"{head}: {exc}"
        pid = g.grid[src]
        if pid < 0 or g.ctrl[pid] != decision.player:
            return f"{head}: there is no piece of yours on {action.src}"
        if action.kind == "move":
            try:
                dst = g.board.parse_square(action.dst)
            except ValueError as exc:
                return f"{head}: {exc}"
            if g.has_keyword(pid, "stationary"):
                return f"{head}: your {g.types[pid].name} on {action.src} cannot move"
            if dst not in g.board.orthogonal(src):
                return (f"{head}: a standard move goes one square forward, back or sideways; "
                        "special movement is a power (e.g. 'c3 charging c6')")
            if not g.board.is_land(dst):
                return f"{head}: {action.dst} is water"
            q = g.grid[dst]
            if q >= 0 and not g.hostile(g.ctrl[q], decision.player):
                return f"{head}: {action.dst} is held by your own side"
            if q >= 0:
                return f"{head}: your {g.types[pid].name} cannot attack"
            return (f"{head}: your {g.types[pid].name} may not move back and forth between "
                    f"{action.src} and {action.dst} for a third turn running")
        if action.kind == "power":
            shuttle = _shuttle(g, decision, action, head)
            if shuttle:
                return shuttle
            keys = sorted({a.key for a in decision.options(g) if a.kind == "power" and a.src == action.src})
            if action.key not in keys:
                have = ", ".join(keys) if keys else "none"
                return (f"{head}: your {g.types[pid].name} on {action.src} has no usable power "
                        f"{action.key!r} now (usable: {have})")
            return f"{head}: those targets are not allowed for {action.key}"
    return head


def _shuttle(g: Engine, decision: Task, action: Action, head: str) -> str:
    """The message for a power that would carry its piece back and forth between two
    squares for a third turn running ("" if ``action`` cannot be one)."""
    rec = g.bf[decision.player]
    if rec is None or rec[3] < 2 or g.loc[rec[0]] != rec[2] or action.kind != "power":
        return ""
    here, back = g.board.name(rec[2]), g.board.name(rec[1])
    if action.src != here or back not in action.targets:
        return ""
    return (f"{head}: your {g.types[rec[0]].name} may not move back and forth between "
            f"{here} and {back} for a third turn running")

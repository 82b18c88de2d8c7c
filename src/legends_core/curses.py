"""Death curses: one slot, replacement, and the order of "when this ends" effects.

A destroyed death-curse piece waits in the curse queue until :class:`CurseArrive` runs, which
is right after the step that destroyed it, ahead of anything else that step scheduled (the next
decision, the rest of a window): a new curse takes effect at once, wherever it was set off. If a
curse is in effect, it ends first: its piece goes to its destroyed area, its "when this ends"
text is carried out completely, and only then does :class:`CurseActivate` put the new curse
in effect. Curses that arrive while another is changing over wait their turn in the queue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .events import CurseBegan, CurseEnded
from .tasks import Task, task

if TYPE_CHECKING:
    from .engine import Engine

DESTROYED = -1
CURSE = -2
CURSE_QUEUE = -3


@task("curse-arrive")
@attrs.frozen
class CurseArrive(Task):
    piece: int
    controller: int

    def run(self, g: Engine) -> None:
        pid = self.piece
        if g.loc[pid] != CURSE_QUEUE:
            return
        if g.curse >= 0 and not g.curse_on:
            return  # another curse is changing over; CurseActivate will call us again
        g.curse_queue.remove(pid)
        g.kc += 1  # see repetition.one_way_count
        old, old_ctrl = g.curse, g.curse_ctrl
        g.curse, g.curse_on, g.curse_ctrl = pid, False, self.controller
        g.shift()
        g.loc[pid] = CURSE
        g.ctrl[pid] = self.controller
        if old >= 0:
            g.loc[old] = DESTROYED
            g.ctrl[old] = g.owner[old]
            g.dead[g.owner[old]].append(old)
            g.dirty_all = True
            g.emit(CurseEnded(g.types[old].number, g.rules.players[old_ctrl]))
            for f in g.beh[old].curse_ends:
                f(g, old, old_ctrl)
        g.schedule(CurseActivate(pid))


@task("curse-activate")
@attrs.frozen
class CurseActivate(Task):
    piece: int

    def run(self, g: Engine) -> None:
        pid = self.piece
        if g.curse == pid and not g.curse_on:
            g.curse_on = True
            g.dirty_all = True
            g.shift()
            g.emit(CurseBegan(g.types[pid].number, g.rules.players[g.curse_ctrl]))
            for f in g.beh[pid].curse_begins:
                f(g, pid)
        if g.curse_queue:
            nxt = g.curse_queue[0]
            g.schedule(CurseArrive(nxt, g.ctrl[nxt]))

"""For tests only: stop the server process dead at a chosen point, as ``kill -9`` would.

The crash tests start ``legends serve`` with ``LEGENDS_TEST_CRASH_AT=POINT:N`` in its
environment; the N-th time the server passes ``POINT`` it ends at once with :func:`os._exit`
(no cleanup, no flushing, no ``finally`` blocks). The points are named where
:func:`crash_point` is called:

* ``before-store``: an action was applied to the game in memory (or a setup line taken), not
  yet stored;
* ``after-store``: the action (or setup line) is stored, the messages it causes not yet sent;
* ``after-send``: a batch of messages was handed to the connections.

Without the variable (always, outside tests) :func:`crash_point` does nothing.
"""

from __future__ import annotations

import os

ENV = "LEGENDS_TEST_CRASH_AT"
#: The exit status of a deliberate crash (that of a process killed by SIGKILL, as a shell says).
CRASH_STATUS = 137


def _parse(text: str | None) -> tuple[str, int] | None:
    if not text:
        return None
    point, _, count = text.rpartition(":")
    if not point or not count.isdigit() or int(count) < 1:
        raise ValueError(f"{ENV}: expected POINT:N (N a whole number from 1), got {text!r}")
    return point, int(count)


_PLAN = _parse(os.environ.get(ENV))
_passed: dict[str, int] = {}


def crash_point(name: str) -> None:
    """Mark a point the crash tests may stop the process at."""
    if _PLAN is None or _PLAN[0] != name:
        return
    _passed[name] = _passed.get(name, 0) + 1
    if _passed[name] == _PLAN[1]:
        os._exit(CRASH_STATUS)

"""Games for the simulation tests: one whose process dies, sent to workers by value."""

from __future__ import annotations

import os

from legends.simulate import play_one

#: The seed whose game kills the process that plays it.
DOOMED = 7


def play_or_die(job):
    if job["seed"] == DOOMED:
        os._exit(3)  # the worker process dies without a word
    return play_one(job)

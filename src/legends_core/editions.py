"""The installed rulesets, as the modules below their registry reach them: handed in.

:mod:`legends_core.ruleset` finds the installed rulesets and their catalogues; the event
wording (:mod:`legends_core.events`, which names every edition's pieces) and the rulings'
collection (:mod:`legends_core.rulings`) sit below it, so it hands its lookups in here when it
loads rather than being imported from below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from .registry import Catalogue


class Lookups(NamedTuple):
    """What :mod:`legends_core.ruleset` hands in: its public lookups, as they are."""

    #: Every installed ruleset's name and description (``"legends"`` first).
    rulesets: Callable[[], Mapping[str, str]]
    #: The ruleset of a name (a :class:`~legends_core.ruleset.Ruleset`).
    get_ruleset: Callable[[str], Any]
    #: The catalogue of a ruleset's pieces.
    catalogue_for: Callable[[str], Catalogue]


_HANDED_IN: list[Lookups] = []


def hand_in(lookups: Lookups) -> None:
    """Called once, by :mod:`legends_core.ruleset` as it loads."""
    _HANDED_IN[:] = [lookups]


def lookups() -> Lookups:
    """The lookups handed in (every module of the kernel has loaded by the time anyone asks)."""
    return _HANDED_IN[0]

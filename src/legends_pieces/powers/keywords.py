"""Keyword powers that are pure traits: the kernel reads them by name.

``stationary`` (cannot move by itself), ``cannot_attack``, ``dispel_magic`` (attacking a magic
piece destroys it without its spell), ``berserk`` (after winning an attack it must attack again
if it can), ``attacks_own`` (may attack pieces of its own side, never its castle).
"""

from __future__ import annotations

from typing import Any

import attrs

from legends_core import Power
from legends_core.compiling import annotated_only


@attrs.frozen(repr=False)
@annotated_only
class Stationary(Power):
    label = "Stationary"
    keywords = frozenset({"stationary"})

    def describe(self: Stationary | Any) -> str:
        return "Cannot move."


@attrs.frozen(repr=False)
@annotated_only
class CannotAttack(Power):
    keywords = frozenset({"cannot_attack"})

    def describe(self: CannotAttack | Any) -> str:
        return "Cannot attack."


@attrs.frozen(repr=False)
@annotated_only
class DispelMagic(Power):
    keywords = frozenset({"dispel_magic"})

    def describe(self: DispelMagic | Any) -> str:
        return "Dispel Magic: a magic piece it attacks is destroyed without casting its spell."


@attrs.frozen(repr=False)
@annotated_only
class Berserk(Power):
    keywords = frozenset({"berserk"})

    def describe(self: Berserk | Any) -> str:
        return "Berserk: after winning an attack it must attack another enemy piece if it can."


@attrs.frozen(repr=False)
@annotated_only
class AttacksOwn(Power):
    label = "Ability"
    keywords = frozenset({"attacks_own"})

    def describe(self: AttacksOwn | Any) -> str:
        return "May attack a piece of its own side (but never its own castle)."


STATIONARY = Stationary()
CANNOT_ATTACK = CannotAttack()
DISPEL_MAGIC = DispelMagic()
BERSERK = Berserk()

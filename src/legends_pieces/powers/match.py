"""Piece filters for texts like "an adjacent Elf", "all red pieces", "a non-stationary piece".

``of(type="elf")`` builds a :class:`Match`; calling it with ``(game, piece)`` says whether the
piece fits. Matches compare printed facts (type, colour, name, base strength, kind) and, for
``keyword``/``mobile``, the piece's keywords now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from legends_core.compiling import annotated_only

if TYPE_CHECKING:
    from legends_core.engine import Engine
    from legends_core.piecetype import PieceType


def _names(v: str | tuple[str, ...] | None) -> tuple[str, ...] | None:
    if v is None:
        return None
    return (v,) if isinstance(v, str) else tuple(v)


def _no_answers() -> Any:
    """A new dict, typed Any (see ``boosts.OWN``)."""
    return {}


# Every method of a block takes ``self`` as ``Class | Any``: compiled, a method checks that
# ``self`` is the class itself, or one of its few compiled subclasses, and would refuse a
# piece's subclass (mypyc reads no mark on a plain Python class); ``| Any`` leaves the value
# unchecked while mypy still checks the method against the class.
@attrs.frozen(repr=False)
@annotated_only
class Match:
    type: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    colour: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    name: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    kind: tuple[str, ...] | None = attrs.field(default=None, converter=_names)
    base: tuple[int, ...] | None = attrs.field(default=None)
    keyword: str | None = attrs.field(default=None)
    mobile: bool = False
    #: The answers of :meth:`fits` by piece type: they never change, and texts ask them at
    #: almost every decision. With no ``keyword`` they are the match's whole answer.
    by_type: dict[PieceType, bool] = attrs.field(factory=_no_answers, init=False, eq=False,
                                                 hash=False, repr=False)

    def __call__(self: Match | Any, g: Engine, pid: int) -> bool:
        ok = printed(self, self.by_type, g.types[pid])
        if self.keyword is None or not ok:
            return ok
        return g.has_keyword(pid, self.keyword)

    def fits(self: Match | Any, t: PieceType) -> bool:
        """Do the printed facts of ``t`` meet every condition but ``keyword``?"""
        if self.type is not None and t.type not in self.type:
            return False
        if self.colour is not None and t.colour not in self.colour:
            return False
        if self.name is not None and t.name not in self.name:
            return False
        if self.kind is not None and t.kind not in self.kind:
            return False
        if self.base is not None and t.strength not in self.base:
            return False
        # "Stationary" is only ever printed, so read it from the type: a death curse that
        # gives keywords to non-stationary pieces must not ask itself again.
        return not (self.mobile and "stationary" in t.keywords)

    def describe(self: Match | Any) -> str:
        parts = []
        if self.mobile:
            parts.append("non-stationary")
        if self.colour:
            parts.append("/".join(self.colour))
        if self.kind:
            parts.append("/".join(self.kind))
        if self.base:
            parts.append("base " + "/".join(map(str, self.base)))
        if self.type:
            parts.append("/".join(self.type))
        if self.name:
            parts.append(" or ".join(self.name))
        if self.keyword:
            parts.append(f"with {self.keyword}")
        return " ".join(parts) or "any"

    def __repr__(self: Match | Any) -> str:
        return f"of({self.describe()!r})"


def of(*, type: str | tuple[str, ...] | None = None, colour: str | tuple[str, ...] | None = None,
       name: str | tuple[str, ...] | None = None, kind: str | tuple[str, ...] | None = None,
       base: tuple[int, ...] | int | None = None, keyword: str | None = None,
       mobile: bool = False) -> Match:
    """A piece filter; every given condition must hold."""
    if isinstance(base, int):
        base = (base,)
    return Match(type=type, colour=colour, name=name, kind=kind, base=base, keyword=keyword,
                 mobile=mobile)


ANY = Match()
WARRIOR = of(kind="warrior")


def printed(match: Match | Any, by_type: dict[PieceType, bool], t: PieceType) -> bool:
    """``match.fits(t)``, kept in ``by_type`` (``match.by_type``, which loops read once)."""
    ok = by_type.get(t)
    if ok is None:
        ok = by_type[t] = match.fits(t)
    return ok


def matches(match: Any, g: Engine, pid: int) -> bool:
    """``match(g, pid)``, read from a :class:`Match`'s answers by piece type when it looks
    only at printed facts (compiled, calling a Match is a generic call of a few thousand
    instructions, and a death curse asks it of every warrior it touches)."""
    if type(match) is Match and match.keyword is None:
        return printed(match, match.by_type, g.types[pid])
    return bool(match(g, pid))

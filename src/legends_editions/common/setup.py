"""Setting up a Stratego edition: the placement by piece name, checked against the rules.

``Game.new(rules=..., placement={"red": {"a1": "Flag", ...}, "blue": {...}})``: each seat's
pieces stand on squares of its setup area (the four nearest ranks), as many of each rank as the
edition's army holds. A seat left out gets the standard army placed at random by the seed. A
seat's placement may also be a setup line (:mod:`legends_core.setupline`), which may name only
some squares: the rest of the army is then dealt by the seed over the squares it leaves free. A
reserve (the Campaign's second army, Narnia's reinforcements) waits off the board.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from legends_core.engine import RESERVE
from legends_core.errors import ArmyError, clip, short
from legends_core.registry import Catalogue
from legends_core.ruleset import SetupRequest, SetupResult
from legends_core.setupline import parse_setup

from .pieces import RANK_WORDS

#: Spellings our sources use for a rank name (the Ultimate rules write "Marshall").
SPELLINGS = {"marshall": "Marshal"}


def _find(cat: Catalogue, name: Any, seat: str) -> Any:
    if isinstance(name, str):
        name = SPELLINGS.get(name.casefold(), name)
    return cat.find(name, seat)


def _slot(t: Any) -> int | str:
    return t.strength if t.kind == "warrior" else t.kind


@attrs.frozen
class StrategoSetup:
    """A ruleset's ``setup``: standard ``armies`` (piece names per seat), an optional default
    ``reserve`` per seat, and the ``reserve_seats`` that may be given one (``reserve_free``:
    any of that seat's pieces, in any number; otherwise exactly one more army)."""

    armies: Mapping[str, tuple[str, ...]]
    reserve: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    reserve_seats: tuple[str, ...] = ()
    reserve_free: bool = False
    most_reserve: int = 80

    def __call__(self, req: SetupRequest) -> SetupResult:
        rs = req.ruleset
        if req.armies:
            arg = next(iter(req.armies))
            raise ArmyError(f"{arg}: the {rs.name} rules take no army argument; name the "
                            "setup with placement={seat: {square: piece name}}")
        if req.boards is not None:
            raise ArmyError(f"boards: the {rs.name} rules are played on their own board")
        cat, board = req.catalogue, rs.board()
        given = _seat_map(req.placement, "placement", rs.seats)
        extra = _seat_map(req.reserve, "reserve", rs.seats)
        placed: list[tuple[int, int, int]] = []
        shown: dict[str, Any] = {}
        waiting: dict[str, list[str]] = {}
        for owner, seat in enumerate(rs.seats):
            area = [s for s in board.regions[seat] if board.is_land(s)]
            standard = [_find(cat, n, seat) for n in self.armies[seat]]
            spec = given.get(seat)
            if isinstance(spec, str):  # a setup line: the squares it names, the rest dealt
                fixed = _read(parse_setup(spec, rs, seat, cat), seat, area, board, cat,
                              standard, partial=True)
                pairs = _deal_rest(fixed, area, standard, cat, random.Random(
                    f"{req.seed}:placement:{seat}"))
            elif seat in given:
                pairs = _read(spec, seat, area, board, cat, standard)
            else:  # one stream per seat: naming one side's setup leaves the other's as it was
                squares = random.Random(f"{req.seed}:placement:{seat}").sample(area, len(standard))
                pairs = [(sq, t.number) for sq, t in zip(squares, standard, strict=True)]
            placed += [(sq, owner, n) for sq, n in pairs]
            shown[seat] = {board.name(sq): cat[n].name for sq, n in sorted(pairs)}
            names = extra.get(seat, self.reserve.get(seat, ()))
            if names:
                numbers = self._reserve(names, seat, cat, standard)
                placed += [(RESERVE, owner, n) for n in numbers]
                waiting[seat] = [cat[n].name for n in numbers]
        record: dict[str, Any] = {"placement": shown}
        if waiting:
            record["reserve"] = waiting
        return SetupResult(board, placed, record)

    def _reserve(self, names: Any, seat: str, cat: Catalogue, standard: list[Any]) -> list[int]:
        where = f"reserve.{seat}"
        if seat not in self.reserve_seats and seat not in self.reserve:
            raise ArmyError(f"{where}: this edition gives {seat} no reserve")
        if not isinstance(names, Sequence) or isinstance(names, str) \
                or len(names) > self.most_reserve:
            raise ArmyError(f"{where}: expected a list of at most {self.most_reserve} piece names")
        problems, numbers = [], []
        for i, name in enumerate(names):
            try:
                numbers.append(_find(cat, name, seat).number)
            except (KeyError, TypeError) as exc:
                problems.append(f"[{i}] {exc.args[0] if exc.args else short(name)}")
        if not self.reserve_free and not problems:
            problems += _composition([cat[n] for n in numbers], standard)
        if problems:
            raise ArmyError(clip(f"{where}: " + "; ".join(problems)))
        return numbers


def _seat_map(v: Any, where: str, seats: tuple[str, ...]) -> dict[str, Any]:
    if v is None:
        return {}
    if not isinstance(v, Mapping):
        raise ArmyError(f"{where}: expected an object with an entry per seat ({', '.join(seats)})")
    for seat in v:
        if seat not in seats:
            raise ArmyError(f"{where}: {short(seat)} is not a seat of these rules "
                            f"({', '.join(seats)})")
    return dict(v)


def _deal_rest(fixed: list[tuple[int, int]], area: list[int], standard: list[Any],
               cat: Catalogue, rng: random.Random) -> list[tuple[int, int]]:
    """``fixed`` plus the rest of the standard army placed at random on the free squares."""
    left = Counter(_slot(t) for t in standard)
    left.subtract(_slot(cat[n]) for _, n in fixed)
    rest = []
    for t in standard:
        if left[_slot(t)] > 0:
            left[_slot(t)] -= 1
            rest.append(t)
    taken = {sq for sq, _ in fixed}
    free = [sq for sq in area if sq not in taken]
    squares = rng.sample(free, len(rest))
    return fixed + [(sq, t.number) for sq, t in zip(squares, rest, strict=True)]


def _read(spec: Any, seat: str, area: list[int], board: Any, cat: Catalogue,
          standard: list[Any], *, partial: bool = False) -> list[tuple[int, int]]:
    where = f"placement.{seat}"
    if not isinstance(spec, Mapping):
        raise ArmyError(f"{where}: expected an object of squares and piece names")
    inside = set(area)
    problems: list[str] = []
    pairs: list[tuple[int, int]] = []
    for text, name in spec.items():
        try:
            sq = board.parse_square(text)
        except (ValueError, AttributeError):
            problems.append(f"{short(text)} is not a square of the board")
            continue
        if not board.is_land(sq):
            problems.append(f"{board.name(sq)} is a lake")
        elif sq not in inside:
            problems.append(f"{board.name(sq)} is outside {seat}'s setup area")
        try:
            pairs.append((sq, _find(cat, name, seat).number))
        except (KeyError, TypeError) as exc:
            problems.append(f"{board.name(sq)}: {exc.args[0] if exc.args else short(name)}")
    if not problems:
        problems += _composition([cat[n] for _, n in pairs], standard, partial=partial)
    if problems:
        raise ArmyError(clip(f"{where}: " + "; ".join(problems)))
    return pairs


def _composition(types: list[Any], standard: list[Any], *, partial: bool = False) -> list[str]:
    """How ``types`` differ from the standard army, rank by rank (named as printed); with
    ``partial``, only where they hold more than the army does."""
    want = Counter(_slot(t) for t in standard)
    have = Counter(_slot(t) for t in types)
    label = {_slot(t): t.name for t in standard}
    problems = []
    for slot in sorted(set(want) | set(have), key=lambda s: (isinstance(s, str), str(s))):
        if want[slot] != have[slot] and not (partial and have[slot] < want[slot]):
            what = label.get(slot) or RANK_WORDS.get(str(slot), f"rank {slot}")
            problems.append(f"needs {want[slot]} {what} (rank {slot}), has {have[slot]}"
                            if isinstance(slot, int) else
                            f"needs {want[slot]} {what}, has {have[slot]}")
    if len(types) != len(standard) and not (partial and len(types) < len(standard)):
        problems.append(f"needs {len(standard)} pieces, has {len(types)}")
    return problems

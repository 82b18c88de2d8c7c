"""Armies: composition rules, the six preset armies per side, and random armies.

An army for the two-player game is 30 pieces of one side: one each of base strength 10 and 9,
three each of 8 down to 2, one of strength 1, five magic pieces and one castle. Beige armies
take only beige pieces (gold, green, blue), gray armies only gray ones.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from . import safejson
from .errors import ArmyError, PositionError
from .registry import Catalogue

#: How many pieces of each base strength (or kind) an army holds.
COMPOSITION: dict[int | str, int] = {"castle": 1, "magic": 5, 1: 1, 2: 3, 3: 3, 4: 3, 5: 3,
                                     6: 3, 7: 3, 8: 3, 9: 1, 10: 1}
ARMY_SIZE = sum(COMPOSITION.values())

#: The preset armies (collector numbers), as a public fan implementation ships them.
PRESETS: dict[str, dict[str, tuple[int, ...]]] = {
    "preset-1": {
        "beige": (7, 22, 28, 29, 30, 37, 43, 46, 49, 52, 55, 58, 63, 66, 70, 73, 74, 76, 77, 79,
                  81, 82, 84, 85, 87, 88, 91, 93, 94, 101),
        "gray": (108, 111, 114, 117, 120, 123, 126, 130, 131, 141, 144, 147, 150, 153, 156, 159,
                 168, 171, 173, 176, 179, 182, 185, 188, 191, 194, 197, 198, 202, 204),
    },
    "preset-2": {
        "beige": (7, 10, 19, 28, 40, 41, 44, 47, 50, 53, 56, 59, 62, 63, 66, 69, 71, 78, 80, 81,
                  83, 84, 87, 89, 90, 92, 93, 95, 100, 102),
        "gray": (112, 118, 121, 124, 134, 138, 141, 144, 147, 150, 153, 156, 159, 163, 168, 169,
                 174, 176, 177, 179, 182, 183, 185, 188, 191, 194, 195, 200, 201, 202),
    },
    "preset-3": {
        "beige": (10, 13, 22, 29, 30, 36, 39, 40, 42, 45, 48, 51, 54, 57, 60, 64, 65, 68, 72, 73,
                  76, 79, 82, 83, 85, 86, 88, 91, 92, 100),
        "gray": (105, 108, 109, 111, 112, 114, 117, 120, 123, 126, 128, 130, 134, 137, 142, 148,
                 151, 154, 157, 160, 165, 168, 170, 180, 183, 186, 189, 192, 195, 199),
    },
    "preset-4": {
        "beige": (1, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 23, 24, 31, 32, 33, 43, 46,
                  49, 52, 55, 58, 61, 75, 96, 97, 98),
        "gray": (109, 115, 118, 121, 124, 127, 131, 132, 139, 142, 145, 148, 151, 154, 157, 160,
                 163, 165, 172, 175, 178, 180, 181, 184, 187, 190, 193, 200, 201, 203),
    },
    "preset-5": {
        "beige": (2, 4, 5, 8, 11, 14, 16, 17, 19, 20, 23, 25, 26, 32, 34, 39, 42, 45, 48, 51, 54,
                  57, 64, 75, 77, 80, 90, 96, 97, 99),
        "gray": (103, 107, 110, 113, 115, 116, 119, 122, 125, 127, 129, 133, 135, 140, 143, 145,
                 146, 149, 152, 155, 158, 161, 164, 166, 167, 177, 186, 189, 192, 199),
    },
    "preset-6": {
        "beige": (6, 9, 12, 13, 15, 16, 18, 21, 24, 25, 27, 31, 35, 38, 41, 44, 47, 50, 53, 56,
                  59, 62, 65, 67, 74, 78, 86, 89, 98, 99),
        "gray": (104, 106, 107, 110, 113, 116, 119, 122, 125, 132, 133, 136, 143, 146, 149, 152,
                 155, 158, 161, 164, 166, 175, 178, 181, 184, 187, 190, 193, 196, 198),
    },
}


def preset(name: str | int, side: str) -> tuple[int, ...]:
    """A preset army by name (``"preset-3"``, ``"3"`` or ``3``) for ``side``."""
    key = f"preset-{name}" if str(name).isdigit() else str(name)
    if key not in PRESETS:
        raise ArmyError(f"unknown preset army {name!r}: use preset-1 .. preset-6")
    if side not in PRESETS[key]:
        raise ArmyError(f"preset armies exist for beige and gray, not {side!r}")
    return PRESETS[key][side]


def _slot(t) -> int | str:
    return t.strength if t.kind == "warrior" else t.kind


def validate_army(numbers: Sequence[int], side: str, catalogue: Catalogue) -> None:
    """Raise :class:`~legends_core.errors.ArmyError` naming every way ``numbers`` breaks the composition rules."""
    problems = []
    types = []
    for n in numbers:
        if n not in catalogue:
            problems.append(f"#{n} is not in the catalogue")
        else:
            types.append(catalogue[n])
    for t in types:
        if t.army != side:
            problems.append(f"#{t.number} {t.name} is a {t.army} piece, not {side}")
    have = Counter(_slot(t) for t in types)
    for slot, want in COMPOSITION.items():
        got = have.get(slot, 0)
        if got != want:
            what = f"base strength {slot}" if isinstance(slot, int) else f"{slot} pieces"
            problems.append(f"needs {want} of {what}, has {got}")
    if len(numbers) != ARMY_SIZE:
        problems.append(f"needs {ARMY_SIZE} pieces, has {len(numbers)}")
    if problems:
        raise ArmyError(f"{side} army: " + "; ".join(problems))


def random_army(rng: random.Random, side: str, catalogue: Catalogue,
                pool: Iterable[int] | None = None) -> tuple[int, ...]:
    """A legal army for ``side`` drawn from ``pool`` (default: the 206 official pieces).

    Collector numbers may repeat (a collector can own several copies).
    """
    numbers = list(pool) if pool is not None else [t.number for t in catalogue.official()]
    by_slot: dict[int | str, list[int]] = {}
    for n in numbers:
        t = catalogue[n]
        if t.army == side:
            by_slot.setdefault(_slot(t), []).append(n)
    army: list[int] = []
    for slot, want in COMPOSITION.items():
        choices = sorted(by_slot.get(slot, ()))
        if not choices:
            raise ArmyError(f"no {side} pieces for slot {slot!r} in the pool")
        army.extend(rng.choice(choices) for _ in range(want))
    return tuple(sorted(army))


def resolve_army(spec: object, side: str, catalogue: Catalogue, rng: random.Random) -> tuple[int, ...]:
    """Turn a user's army argument into collector numbers.

    ``None`` draws one of the six presets with ``rng``; ``"preset-N"`` or ``N`` names a
    preset; ``"random"`` builds a random legal army; a list gives numbers or names.
    """
    if spec is None:
        return preset(rng.randint(1, 6), side)
    if isinstance(spec, int) or (isinstance(spec, str) and (spec.startswith("preset") or spec.isdigit())):
        return preset(spec, side)
    if spec == "random":
        return random_army(rng, side, catalogue)
    if isinstance(spec, str) or not isinstance(spec, (list, tuple)):
        raise ArmyError(f"{side} army: {spec!r} is not a preset name, 'random' or a list")
    out = []
    for item in spec:
        if not isinstance(item, (int, str)) or isinstance(item, bool):
            raise ArmyError(f"{side} army: {item!r} is neither a collector number nor a name")
        try:
            out.append(catalogue.find(item).number)
        except KeyError as exc:
            raise ArmyError(f"{side} army: {exc.args[0]}") from None
    validate_army(out, side, catalogue)
    return tuple(out)


def read_army(text: str, source: str = "army") -> list[int | str]:
    """The army an army file holds, as :func:`resolve_army` (and ``Game.new``) takes it:
    collector numbers as ``int``, piece names as ``str`` (the "Army file" part of the file
    formats page).

    The text is either a JSON list of numbers and names, or plain values separated by commas
    or new lines. Collector numbers (``157`` or ``#157``) may also be separated by spaces;
    names may not, since many names hold spaces (``Bone Legion``): an item whose words are
    not all numbers is one name. Blank items are skipped.

    :raises ArmyError: the JSON is malformed or not a list of numbers and names (the message
        starts with ``source``).
    """
    if text.lstrip().startswith(("[", "{", '"')):
        try:
            items = safejson.loads(text, source)
        except PositionError as exc:
            raise ArmyError(str(exc)) from None
        if not isinstance(items, list) or not all(
                isinstance(x, str | int) and not isinstance(x, bool) for x in items):
            raise ArmyError(f"{source}: expected a list of collector numbers or names")
        return [_number_or_name(x) if isinstance(x, str) else x for x in items]
    out: list[int | str] = []
    for item in text.replace(",", "\n").splitlines():
        words = item.split()
        if words and all(_is_number(w) for w in words):
            out.extend(int(w.lstrip("#")) for w in words)
        elif words:
            out.append(" ".join(words))
    return out


def _is_number(word: str) -> bool:
    """A collector number as a person writes it: ``157`` or ``#157`` (ASCII digits)."""
    digits = word[1:] if word.startswith("#") else word
    return digits.isdigit() and digits.isascii() and len(digits) < 10


def _number_or_name(item: str) -> int | str:
    return int(item.strip().lstrip("#")) if _is_number(item.strip()) else item

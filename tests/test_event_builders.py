"""The kernel's event builders (legends_core.effects) make the very events their classes
make: same class, equal, same fields in the same order, same repr and dict form."""

from __future__ import annotations

import attrs
import pytest
from tests.builder_checks import assert_fills_every_field, assert_made_alike

from legends_core import effects
from legends_core.events import (
    Attacked,
    Chose,
    Compared,
    Destroyed,
    Moved,
    PowerUsed,
    Revealed,
    Swapped,
    TurnStarted,
)

CASES = [
    (effects.moved_event, Moved, ("beige", "a1", "a2", 7, ("beige",), "move", ())),
    (effects.moved_event, Moved, ("gray", "c3", "c7", None, (), "Flying", ("c4", "c5"))),
    (effects.revealed_event, Revealed, ("d4", 12, ("beige", "gray"))),
    (effects.revealed_event, Revealed, ("gray:1", None, ("gray",))),
    (effects.destroyed_event, Destroyed, ("e5", 3, "gray", "destroyed", "attack")),
    (effects.destroyed_event, Destroyed, ("e5", 3, "beige", "curse", "")),
    (effects.turn_started_event, TurnStarted, ("beige", 13)),
    (effects.chose_event, Chose, ("gray", "which piece?", "b2", True)),
    (effects.power_used_event, PowerUsed, ("beige", "c2", 64, "teleport", ("b1",), False)),
    (effects.power_used_event, PowerUsed, ("gray", "d7", 150, "vision", ("a1", "b2"), True)),
    (effects.attacked_event, Attacked, ("beige", "c4", "c5", "move")),
    (effects.attacked_event, Attacked, ("gray", "h8", "h6", "charging")),
    (effects.compared_event, Compared, ("e5", 7, 4)),
    (effects.swapped_event, Swapped, ("beige", "a1", "c3", "switch")),
]


@pytest.mark.parametrize(("build", "cls", "args"), CASES)
def test_a_builder_makes_what_its_class_makes(build, cls, args):
    made, plain = build(*args), cls(*args)
    assert_made_alike(made, plain)
    assert cls.from_dict(made.to_dict()) == made
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.kind_of = 1  # still frozen


@pytest.mark.parametrize("cls", sorted({c for _, c, _ in CASES}, key=lambda c: c.__name__))
def test_each_builder_fills_every_field_of_its_class(cls):
    assert_fills_every_field(CASES, cls)

"""Checks shared by the tests of the kernel's builders, which make events and tasks without
running their class's attrs ``__init__``: what a builder makes must be what its class makes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

#: One case: a builder, the class it stands for, and arguments, one per field in order.
Case = tuple[Callable[..., Any], type, tuple[Any, ...]]


def assert_made_alike(made: Any, plain: Any) -> None:
    """``made`` (by a builder) and ``plain`` (by the class) are the same value, shown alike."""
    assert type(made) is type(plain)
    assert made == plain and hash(made) == hash(plain)
    assert repr(made) == repr(plain) and str(made) == str(plain)
    assert made.to_dict() == plain.to_dict()
    assert list(vars(made).items()) == list(vars(plain).items())


def assert_fills_every_field(cases: Sequence[Case], cls: type) -> None:
    """Each case of ``cls`` sets every field of the class, in the fields' order (a field
    added to the class must be added to its builder: the cases give one value per field)."""
    names = [f.name for f in attrs.fields(cls)]
    for build, c, args in cases:
        if c is cls:
            assert list(vars(build(*args))) == names

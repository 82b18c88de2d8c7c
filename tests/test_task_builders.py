"""The attack's task builders (legends_core.combat) make the very tasks their classes make:
same class, equal, same fields in the same order, same repr, dict form, copies and pickles."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from tests.builder_checks import assert_fills_every_field, assert_made_alike

from legends_core import combat, tasks
from legends_core.combat import (
    Attack,
    AttackFinish,
    AttackKill,
    AttackResolve,
    AttackReveal,
    BerserkCheck,
)

CASES = [
    (combat.attack_task, Attack, (12, 33, 23, "move", 0)),
    (combat.attack_task, Attack, (40, 7, 61, "charging", 1)),
    (combat.attack_reveal, AttackReveal, (12, 40, 33, 23, 0)),
    (combat.attack_resolve, AttackResolve, (12, 40, 33, 23, 1)),
    (combat.attack_kill, AttackKill, (12, 40, 33, 23, 0, True, False)),
    (combat.attack_kill, AttackKill, (12, 40, 33, 23, 1, False, True)),
    (combat.attack_finish, AttackFinish, (12, 33, 0, 64)),
    (combat.berserk_check, BerserkCheck, (12, 33, 1)),
]


@pytest.mark.parametrize(("build", "cls", "args"), CASES)
def test_a_builder_makes_what_its_class_makes(build, cls, args):
    made, plain = build(*args), cls(*args)
    assert_made_alike(made, plain)
    assert tasks.Task.from_dict(made.to_dict()) == made
    assert copy.copy(made) == made and copy.deepcopy(made) == made
    assert pickle.loads(pickle.dumps(made)) == made
    assert attrs.evolve(made, square=5) == attrs.evolve(plain, square=5)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.square = 1  # still frozen


@pytest.mark.parametrize("cls", sorted({c for _, c, _ in CASES}, key=lambda c: c.__name__))
def test_each_builder_fills_every_field_of_its_class(cls):
    assert_fills_every_field(CASES, cls)


def test_an_attack_is_built_by_name_with_its_builder():
    assert tasks.BUILDERS["attack"] is combat.attack_task
    assert tasks.new_task("attack", 12, 33, 23, "move", 0) == Attack(12, 33, 23, "move", 0)

"""Fuzzing every entry point that takes outside input.

Inputs are structured mutations of valid positions, records and notation (a field replaced,
removed, copied from elsewhere, nested, a list reordered ...), plus edits of their JSON text.
Each entry point must either succeed with a sound result or raise one of its documented
exceptions (``DOCUMENTED`` in test_hostile_input.py) with a short message.
"""

import copy
import json
import random
from functools import cache

from hypothesis import given
from hypothesis import strategies as st
from tests.kernel_pack import CATALOGUE, warrior
from tests.randomgames import check_invariants, random_position_game
from tests.test_hostile_input import DOCUMENTED

from legends_core import Action, Game
from legends_core.testing import position

POSITION_ERRORS = DOCUMENTED["Game.from_position"][1]
RECORD_ERRORS = DOCUMENTED["Game.from_record"][1]
NOTATION_ERRORS = DOCUMENTED["Action.from_str"][1]
DICT_ERRORS = DOCUMENTED["Action.from_dict"][1]
APPLY_ERRORS = DOCUMENTED["Game.apply"][1]


@cache
def bases():
    """Valid positions at different kinds of moment (each a JSON-ready dict)."""
    out = []
    game = random_position_game(1, CATALOGUE)
    rng = random.Random(0)
    for _ in range(40):
        game.apply(rng.choice(list(game.legal_actions())))
    out.append(game.to_position())  # mid-game, with destroyed pieces
    game = position({"d4": warrior("beige", 6), "d5": warrior("gray", 4),
                     "h8": warrior("gray", 1)}, curse=933, catalogue=CATALOGUE)
    game.apply("d4-d5")
    out.append(game.to_position())  # mid-attack under a curse
    game = random_position_game(2, CATALOGUE)
    out.append(game.to_position())  # first decision
    for p in out:  # the same in every process, so hypothesis can replay saved examples
        p["salt"] = "7" * 32
        p["commitment"] = None
    return [json.loads(json.dumps(p)) for p in out]


@cache
def records():
    game = random_position_game(3, CATALOGUE, turn_limit=50)
    rng = random.Random(3)
    for _ in range(30):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    return [json.loads(json.dumps(game.record()))]


def paths(obj, prefix=()):
    if len(prefix) > 10:
        return  # not into a value an earlier mutation nested deeply
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:5]):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


JUNK = [None, 0, 1, -1, 2, 63, 64, 99999, 2**31, 2**255, "", "x", "d4", "z9", "beige", "gray",
        "destroyed", "curse", "curse-queue", "main", "window", "turn-start", "attack", [], {},
        [0], [1, 2], [0, "k", 1], {"a": 1}, True, False, 3.5, -0.0, "ÿ" * 300]


def _parent(doc, path):
    for k in path[:-1]:
        doc = doc[k]
    return doc


def mutate(doc, data):
    """Apply one structured mutation to ``doc`` (in place)."""
    all_paths = list(paths(doc))
    path = data.draw(st.sampled_from(all_paths))
    parent, key = _parent(doc, path), path[-1]
    op = data.draw(st.sampled_from(["junk", "delete", "copy", "nudge", "nest", "shuffle",
                                    "duplicate"]))
    value = parent[key]
    if op == "junk":
        parent[key] = data.draw(st.sampled_from(JUNK))
    elif op == "delete":
        del parent[key]
    elif op == "copy":  # a value from elsewhere in the same document: plausible but wrong
        other = data.draw(st.sampled_from(all_paths))
        parent[key] = copy.deepcopy(_parent(doc, other)[other[-1]])
    elif op == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + data.draw(st.sampled_from([1, -1, -value - 1, 1000, 2**64]))
    elif op == "nest":
        for _ in range(data.draw(st.sampled_from([1, 40, 200]))):
            value = [value]
        parent[key] = value
    elif op in ("shuffle", "duplicate") and isinstance(value, list) and value:
        if op == "shuffle":
            random.Random(data.draw(st.integers(0, 99))).shuffle(value)
        else:
            value.append(copy.deepcopy(value[data.draw(st.integers(0, len(value) - 1))]))


def assert_short(exc):
    text = str(exc)
    assert text.split(":")[0], "the message names the field"
    assert len(text) < 1100, text[:200]


def assert_sound(game):
    """A game that loaded is a real one: invariants hold, it saves and loads back exactly,
    and play goes on raising only documented exceptions."""
    check_invariants(game)
    pos = game.to_position()
    again = Game.from_position(json.dumps(pos), catalogue=CATALOGUE)
    assert again.to_position() == pos
    rng = random.Random(0)
    for _ in range(3):
        if game.is_over:
            break
        try:
            game.apply(rng.choice(list(game.legal_actions())))
        except APPLY_ERRORS:
            break


@given(st.data())
def test_mutated_positions_load_soundly_or_raise_a_documented_error(data):
    pos = copy.deepcopy(data.draw(st.sampled_from(bases())))
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(pos, data)
    kept = copy.deepcopy(pos)
    try:
        game = Game.from_position(pos, catalogue=CATALOGUE)
    except POSITION_ERRORS as exc:
        assert_short(exc)
        return
    finally:
        assert pos == kept, "loading changed the given position"
    assert_sound(game)


@given(st.data())
def test_edited_position_text_loads_soundly_or_raises_a_documented_error(data):
    text = json.dumps(data.draw(st.sampled_from(bases())))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 20)))
        insert = data.draw(st.sampled_from(["", "[", "]", "{", "}", '"', ",", ":", "0", "-1",
                                            "1e999", "NaN", "true", "null", "\\u0000", "ÿ",
                                            "[" * 2000, "9" * 5000]))
        text = text[:i] + insert + text[j:]
    try:
        game = Game.from_position(text, catalogue=CATALOGUE)
    except POSITION_ERRORS as exc:
        assert_short(exc)
        return
    assert_sound(game)


@given(st.data())
def test_mutated_records_replay_soundly_or_raise_a_documented_error(data):
    record = copy.deepcopy(data.draw(st.sampled_from(records())))
    for _ in range(data.draw(st.integers(1, 2))):
        mutate(record, data)
    if data.draw(st.booleans()):
        record["actions"] = data.draw(st.lists(st.sampled_from(
            [*records()[0]["actions"], "pass", "zz", "", "choose done", 5, None]), max_size=8))
    as_text = data.draw(st.booleans())
    try:
        game = Game.from_record(json.dumps(record) if as_text else record, catalogue=CATALOGUE)
    except RECORD_ERRORS as exc:
        assert_short(exc)
        return
    check_invariants(game)


@given(st.sampled_from([None, 0, -1, "x", "", [], {}, [1, 2], True, 3.5, "1A", 2**255,
                        [1] * 30, ["1A"] * 4, "ÿ" * 200]),
       st.sampled_from(["beige", "gray", "boards", "seed", "first", "setup", "turn_limit",
                        "salt", "format", "version", "actions", "position"]))
def test_record_setups_with_junk_replay_or_raise_a_documented_error(junk, field):
    record = Game.new(seed=3, setup=False).record()
    (record if field in ("format", "version", "actions", "position") else
     record["setup"])[field] = junk
    try:
        Game.from_record(record)
    except RECORD_ERRORS as exc:
        assert_short(exc)


WORDS = ["a1", "b2", "d4", "d5", "z9", "a10", "A1", "h8", "pass", "choose", "swap", "done",
         "charging", "flying", "beige:0", "curse", "-", "d4-d5", "a1-", "²", "٣", "\t", "x" * 120]


@given(st.one_of(st.text(max_size=300),
                 st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)))
def test_notation_reads_to_a_round_tripping_action_or_raises_a_documented_error(text):
    try:
        action = Action.from_str(text)
    except NOTATION_ERRORS as exc:
        assert len(str(exc)) < 300
        return
    assert action.well_formed()
    assert Action.from_str(str(action)) == action
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action


FIELD_VALUES = st.one_of(st.sampled_from(WORDS), st.text(max_size=20), st.integers(),
                         st.none(), st.lists(st.sampled_from(WORDS), max_size=4),
                         st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@given(st.dictionaries(st.sampled_from(["kind", "src", "dst", "key", "targets", "value", "x"]),
                       FIELD_VALUES, max_size=5),
       st.sampled_from(["move", "power", "choose", "pass", "swap", None]))
def test_action_dicts_read_to_the_same_action_as_notation_or_raise_a_documented_error(d, kind):
    if kind is not None:
        d["kind"] = kind
    try:
        action = Action.from_dict(d)
    except DICT_ERRORS as exc:
        assert len(str(exc)) < 300
        return
    assert action.well_formed()
    assert Action.from_str(str(action)) == action == Action.from_dict(action.to_dict())


@cache
def games():
    g = Game.new(seed=2)  # the setup shuffle, then hundreds of setup switches
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    return [g, Game.from_position(bases()[1], catalogue=CATALOGUE)]


@given(st.integers(0, 1), st.one_of(
    st.text(max_size=250), st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join),
    st.builds(Action, st.sampled_from(["move", "power", "choose", "pass", "swap", "x", 1]),
              FIELD_VALUES, FIELD_VALUES, FIELD_VALUES, FIELD_VALUES, FIELD_VALUES)))
def test_apply_of_hostile_actions_is_legal_or_a_documented_error_leaving_the_game_alone(
        which, action):
    game = games()[which].copy()
    before = game.to_position()
    try:
        game.apply(action)
    except APPLY_ERRORS as exc:
        assert len(str(exc)) < 500
        assert game.to_position() == before
        return
    assert str(action) in {str(a) for a in games()[which].legal_actions()}

"""Hostile input: positions, records and notation from clients we do not trust.

Each test here was written against a defect found in the input paths; the fuzz tests are in
``test_input_fuzz.py`` and the command line's in ``test_cli_input.py``.
"""

import copy
import json
import os
import random
import re
import subprocess
import sys
import tracemalloc

import pytest
from tests.kernel_pack import CATALOGUE, warrior

from legends_core import (
    Action,
    Game,
    IllegalActionError,
    NotationError,
    PluginError,
    PositionError,
)
from legends_core import actions as actions_module
from legends_core.tasks import TASK_TYPES
from legends_core.testing import position, position_dict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SALT = "0123456789abcdef0123456789abcdef"

#: The documented exceptions of each entry point that takes outside input (also listed in
#: docs/formats.rst and in the docstrings); the fuzz tests allow exactly these.
DOCUMENTED = {
    "Game.from_position": (Game.from_position, (PositionError,)),
    "Game.from_record": (Game.from_record, (PositionError,)),
    "Action.from_str": (Action.from_str, (NotationError,)),
    "Action.from_dict": (Action.from_dict, (NotationError,)),
    "Game.apply": (Game.apply, (NotationError, IllegalActionError, PluginError)),
}


def test_documented_exceptions_are_listed_in_docstrings_and_formats_doc():
    with open(os.path.join(ROOT, "docs", "formats.rst"), encoding="utf-8") as fh:
        doc = fh.read()
    for name, (fn, excs) in DOCUMENTED.items():
        names = {e.__name__ for e in excs}
        row = re.search(rf"^``{re.escape(name)}``\s+(.+(?:\n {{20,}}.+)*)", doc, re.M)
        assert row, f"docs/formats.rst has no row for {name}"
        assert set(re.findall(r"``(\w+Error)``", row.group(1))) == names, name
        if name != "Game.apply":  # apply documents the errors of a legal-looking action only
            assert set(re.findall(r":raises (\w+):", fn.__doc__)) == names, name


def base():
    pos = position_dict({"d4": warrior("beige", 6), "d5": warrior("gray", 4),
                         "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    pos["salt"] = "5" * 32  # fixed, so that two loads commit alike
    return pos


def load(pos):
    return Game.from_position(pos, catalogue=CATALOGUE)


def nested(depth):
    x = []
    for _ in range(depth):
        x = [x]
    return x


# -- deep JSON -----------------------------------------------------------------------------


@pytest.mark.parametrize("load_text", [
    lambda t: Game.from_position(t, catalogue=CATALOGUE),
    lambda t: Game.from_record(t, catalogue=CATALOGUE),
])
def test_deeply_nested_json_text_is_a_position_error(load_text):
    with pytest.raises(PositionError, match="nested"):
        load_text("[" * 200_000)


@pytest.mark.parametrize("where", ["memo", "task data", "record"])
def test_deeply_nested_values_are_a_position_error(where):
    pos = base()
    if where == "memo":
        pos["memo"] = [[0, "k", nested(200_000)]]
    else:
        pos["stack"] = [{"task": "turn-end"},
                        {"task": "later", "then": "legends_pieces.powers.choices:_start_destroy",
                         "data": {"victim": 1, "left": 1, "together": nested(200_000)}}]
    with pytest.raises(PositionError, match="nested"):
        if where == "record":
            Game.from_record({"format": "stratego-legends-record", "position": pos},
                             catalogue=CATALOGUE)
        else:
            load(pos)


# -- stacks that cannot go on ------------------------------------------------------------


def test_bad_data_in_a_waiting_step_is_a_position_error_naming_the_stack():
    pos = base()
    pos["stack"] = [{"task": "turn-end"},
                    {"task": "later", "then": "legends_pieces.powers.choices:_start_destroy",
                     "data": {"left": 1}}]  # no 'victim'
    with pytest.raises(PositionError, match=r"^stack: .*victim"):
        load(pos)


@pytest.mark.parametrize("stack", [
    [{"task": "berserk", "player": 0, "piece": 0}],
    [{"task": "window", "kind": "sideways", "player": 0, "passes": 0}],
    [{"task": "turn-end"}, {"task": "window", "kind": "sideways", "player": 0, "passes": 0}],
    [{"task": "setup-switch", "player": 0, "left": 1}],
    [{"task": "turn-start"}, {"task": "turn-start"}],
    [{"task": "turn-end"}, {"task": "later", "then": "", "data": {}}],
])
def test_a_stack_that_cannot_reach_the_next_turn_is_refused(stack):
    pos = base()
    pos["stack"] = stack
    with pytest.raises(PositionError, match="^stack"):
        load(pos)


# -- impossible or mistyped states -------------------------------------------------------


def _second_castle(p):
    p["pieces"].append({"number": 901, "owner": "gray", "at": "a8"})
    p["pieces"].append({"number": 901, "owner": "gray", "at": "b8"})


def _destroyed(p, listed):
    p["pieces"].append({"number": warrior("gray", 2), "owner": "gray", "at": "destroyed",
                        "known_to": ["beige", "gray"]})
    p["destroyed"] = listed


@pytest.mark.parametrize("mutate, field", [
    (lambda p: p["rules"].update(turn_limit="5"), "rules.turn_limit"),
    (lambda p: p["rules"].update(turn_limit=-1), "rules.turn_limit"),
    (lambda p: p["rules"].update(players="ab"), "rules.players"),
    (lambda p: p["rules"].update(switches=True), "rules.switches"),
    (lambda p: _destroyed(p, {"gray": [3, 3]}), "destroyed.gray[1]"),
    (lambda p: _destroyed(p, {"beige": [3]}), "destroyed.beige[0]"),
    (lambda p: p["pieces"][0].update(known_to=["gray"]), "pieces[0].known_to"),
    (lambda p: p["pieces"][0].update(known_to=["beige", "beige"]), "pieces[0].known_to"),
    (_second_castle, "pieces[4].number"),
    (lambda p: p.update(over="false"), "over"),
    (lambda p: p["pieces"][0].update(number=True), "pieces[0].number"),
    (lambda p: p["pieces"][0].update(number=910.0), "pieces[0].number"),
    (lambda p: p.update(seed=3.7), "seed"),
    (lambda p: p.update(seed=10**5000), "seed"),
    (lambda p: p.update(seed=2**256), "seed"),
    (lambda p: p.update(seed="12"), "seed"),
    (lambda p: p.update(seed=True), "seed"),
    (lambda p: p.update(seed=-1), "seed"),
    (lambda p: p.update(shuffles=-1), "shuffles"),
    (lambda p: p["turn"].update(number=-3), "turn.number"),
    (lambda p: p["turn"].update(number=0), "turn.number"),
    (lambda p: p["turn"].update(extra={"beige": -1}), "turn.extra"),
    (lambda p: p.update(version=99), "version"),
    (lambda p: p.update(version=True), "version"),
    (lambda p: p.update(salt="xyz"), "salt"),
    (lambda p: p.update(salt=SALT.upper()), "salt"),
    (lambda p: p.update(winner="beige"), "winner"),
    (lambda p: p.update(effects=[{"piece": 0, "kind": "strength", "value": True}]),
     "effects[0].value"),
    (lambda p: p.update(combat=[]), "combat"),
    (lambda p: p.update(memo=[[0, "k"]]), "memo[0]"),
    (lambda p: p.update(stack=[{"task": "setup-switch", "player": 0, "left": 0},
                               {"task": "turn-start"}]), "stack"),
    (lambda p: p.update(stack=[{"task": "turn-end"},
                               {"task": "ask", "player": 0, "about": "x", "choices": [1],
                                "then": "legends_pieces.powers.choices:_destroy_chosen"}]),
     "stack"),
])
def test_invalid_states_are_refused_naming_the_field(mutate, field):
    pos = base()
    mutate(pos)
    with pytest.raises(PositionError) as err:
        load(pos)
    assert str(err.value).startswith(field), str(err.value)
    assert len(str(err.value)) < 300


def test_a_record_with_a_string_seed_is_refused_instead_of_saving_unloadable_positions():
    record = Game.new(seed=4, setup=False).record()
    record["setup"]["seed"] = "abc"
    with pytest.raises(PositionError, match="^setup.seed"):
        game = Game.from_record(record)
        Game.from_position(json.dumps(game.to_position()))  # (this is what used to fail)


def test_a_new_game_with_a_seed_that_is_not_a_whole_number_is_refused():
    # As a record's seed is (above): named at once, not a failure somewhere later.
    for seed in ("abc", "4", 3.5):
        with pytest.raises(ValueError, match="^seed: expected a whole number or None"):
            Game.new(seed=seed)


@pytest.mark.parametrize("field, value", [
    ("no_progress_limit", "5"), ("no_progress_limit", 1.5), ("repetition_limit", "x"),
    ("repetition_limit", 2.5)])
def test_limits_of_the_wrong_type_are_refused_naming_the_limit(field, value):
    # The same ValueError from the compiled kernel too (scripts/check_compiled.py), whose
    # typed reads would otherwise raise a bare TypeError first.
    with pytest.raises(ValueError, match=f"^{field}: expected"):
        Game.new(seed=1, **{field: value})


@pytest.mark.parametrize("seat", [5, 0.5, ("beige",)])
def test_views_and_records_for_a_seat_that_is_not_a_name_are_refused(seat):
    game = Game.new(seed=1)
    for ask in (game.view, game.record):
        with pytest.raises(ValueError, match="^no player named"):
            ask(seat)


def test_true_is_not_collector_number_one():
    pos = position_dict({"d4": 37, "h8": 157})  # the real catalogue, which has a #1
    pos["pieces"][0]["number"] = True
    with pytest.raises(PositionError, match=r"^pieces\[0\].number"):
        Game.from_position(pos)


def test_a_warrior_already_at_strength_zero_under_the_curse_is_refused():
    # Test Curse Down Gray: gold pieces -1. A beige strength-1 warrior cannot stand under it.
    pos = position_dict({"d4": warrior("beige", 1), "h8": warrior("gray", 5)}, curse=933,
                        catalogue=CATALOGUE)
    with pytest.raises(PositionError, match=r"^pieces\[0\]: .* strength 0"):
        load(pos)
    pos["curse"]["active"] = False  # while the curse is not yet in effect the piece is fine
    assert load(pos).strength_at("d4") == 1


def test_seeds_and_salts_in_range_are_accepted():
    pos = base()
    pos["seed"] = 2**256 - 1
    pos["salt"] = SALT
    game = load(pos)
    assert game.engine.seed == 2**256 - 1
    game = Game.new(seed=4, setup=False)
    record = game.record()
    record["setup"]["salt"] = SALT
    assert Game.from_record(record).current_player == game.current_player


@pytest.mark.parametrize("field, value", [
    ("seed", 3.5), ("seed", "4"), ("seed", True), ("seed", 2**256), ("seed", -1),
    ("setup", "no"), ("turn_limit", "5"), ("turn_limit", -1), ("boards", "1A2B"),
    ("salt", "0" * 31), ("beige", {"a": 1}), ("first", 0),
])
def test_invalid_record_setups_are_refused_naming_the_field(field, value):
    record = Game.new(seed=4, setup=False).record()
    record["setup"][field] = value
    with pytest.raises(PositionError, match=f"^setup.{field}"):
        Game.from_record(record)


def test_a_records_position_must_be_an_object_and_its_actions_bounded():
    record = {"format": "stratego-legends-record", "position": json.dumps(base())}
    with pytest.raises(PositionError, match="^position: expected an object"):
        Game.from_record(record, catalogue=CATALOGUE)
    record = {"format": "stratego-legends-record", "position": base(), "actions": ["pass"] * 100_001}
    with pytest.raises(PositionError, match="^actions: more than"):
        Game.from_record(record, catalogue=CATALOGUE)


def test_records_of_an_unknown_version_are_refused():
    record = Game.new(seed=4, setup=False).record()
    record["version"] = 99
    with pytest.raises(PositionError, match="^version"):
        Game.from_record(record)


# -- notation ------------------------------------------------------------------------------


def test_reading_notation_keeps_nothing():
    before = len(actions_module._POWERS)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for i in range(20_000):
            Action.from_str(f"a1 power{i} b2")
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert len(actions_module._POWERS) == before
    assert grown < 1_000_000  # 20k parsed notations used to keep ~1.5 MB


def test_error_messages_do_not_echo_long_input():
    huge = "x" * 10_000_000
    with pytest.raises(NotationError) as err:
        Action.from_str(huge)
    assert len(str(err.value)) < 200
    with pytest.raises(NotationError) as err:
        Action.from_str("a1 key " + "z" * 190)
    assert len(str(err.value)) < 200
    pos = base()
    pos["rules"]["name"] = "y" * 5000
    with pytest.raises(PositionError) as err:
        load(pos)
    assert len(str(err.value)) < 200
    pos = base()
    pos["pieces"][0]["owner"] = "z" * 5000
    with pytest.raises(PositionError) as err:
        load(pos)
    assert len(str(err.value)) < 200


@pytest.mark.parametrize("data", [
    {"kind": "power", "src": "a1", "key": "k", "targets": "b2c3"},
    {"kind": "pass", "src": "zz"},
    {"kind": "move", "src": "a1"},
    {"kind": "move", "src": "a1 b2", "dst": "c3"},
    {"kind": "choose", "value": 5},
    {"kind": "choose", "value": "  d4"},
    {"kind": "swap", "src": "a1", "dst": "b2", "value": "x"},
    {"kind": "power", "src": "a1", "key": "", "targets": ["c3"]},
    {"kind": ["move"]},
])
def test_action_dicts_are_read_strictly(data):
    with pytest.raises(NotationError, match="^action"):
        Action.from_dict(data)


def test_action_dicts_read_squares_and_keys_case_blind():
    assert Action.from_dict({"kind": "power", "src": "C3", "key": "Charging",
                             "targets": ["C6"]}) == Action.from_str("c3 charging c6")
    assert Action.from_dict({"kind": "pass"}) is Action.pass_()


@pytest.mark.parametrize("bad", [
    Action("choose", value=["x"]), Action("power", src=["a1"], key="k"),
    Action("move", src={"a": 1}, dst="b2"), Action("swap", "a1", "b2", targets=[1]),
])
@pytest.mark.parametrize("setup", [True, False])
def test_actions_with_non_text_fields_are_illegal_whatever_the_number_of_options(bad, setup):
    game = Game.new(seed=2, setup=setup)
    if setup:
        while game.decision_kind != "setup-switch":
            game.apply(game.legal_actions()[0])
    assert (len(game.legal_actions()) >= 200) == setup
    before = game.to_position()
    with pytest.raises(IllegalActionError):
        game.apply(bad)
    assert game.to_position() == before


def test_tables_of_actions_stay_bounded_whatever_positions_are_loaded(monkeypatch):
    from legends_core import setup

    monkeypatch.setattr(actions_module, "INTERN_MAX", 100, raising=False)
    monkeypatch.setattr(setup, "SWITCH_LISTS_MAX", 3)
    for module, name in ((actions_module, "_POWERS"), (setup, "_SWAPS"), (setup, "_SWITCHES")):
        monkeypatch.setattr(module, name, {})
    monkeypatch.setattr(setup, "_swap_count", [0])
    rng = random.Random(1)
    squares = [f"{chr(97 + f)}{r}" for f in range(26) for r in range(1, 21)]
    for _ in range(6):  # each position offers ~200 swaps and ~80 moves never seen before
        chosen = rng.sample(squares, 21)
        pos = position_dict({sq: warrior("beige", 5) for sq in chosen[:20]}
                            | {chosen[20]: warrior("gray", 5)},
                            width=26, height=20, catalogue=CATALOGUE)
        pos["stack"] = [{"task": "turn-start"}, {"task": "setup-switch", "player": 0, "left": 1}]
        game = load(pos)
        assert len(game.legal_actions()) > 150
        game.apply("choose done")
        assert game.decision_kind == "main" and len(game.legal_actions()) > 20
        assert len(actions_module._POWERS) <= 100
        # The swaps are kept by board width, then by their first square.
        assert sum(len(row) for rows in setup._SWAPS.values() for row in rows.values()) <= 100
        assert len(setup._SWITCHES) <= 3


@pytest.mark.parametrize("text", ["a² b2", "swap a1 b²", "a1-b٣"])
def test_only_ascii_digits_make_squares(text):
    with pytest.raises(NotationError):
        Action.from_str(text)


# -- every task type resumes in a fresh process -------------------------------------------

_CONT = "legends_pieces.powers.choices:"
_TASK_SAMPLES = {
    "attack": {"attacker": 0, "square": 35, "origin": 27, "how": "move", "player": 0},
    "attack-reveal": {"attacker": 0, "defender": 1, "square": 35, "origin": 27, "player": 0},
    "attack-resolve": {"attacker": 0, "defender": 1, "square": 35, "origin": 27, "player": 0},
    "attack-kill": {"attacker": 0, "defender": 1, "square": 35, "origin": 27, "player": 0,
                    "kill_attacker": False, "kill_defender": True},
    "attack-finish": {"attacker": 0, "square": 27, "player": 0,
                      "defender_number": warrior("gray", 4)},
    "berserk-check": {"attacker": 0, "square": 27, "player": 0},
    "berserk": {"player": 0, "piece": 0},
    "replacement": {"player": 1, "doomed": 1, "passes": 0},
    "curse-arrive": {"piece": 0, "controller": 0},
    "curse-activate": {"piece": 0},
    "turn-start": {},
    "main-check": {"player": 0},
    "main": {"player": 0},
    "turn-end": {},
    "rules-turn-end": {"player": 0, "piece": -1},
    "window": {"kind": "end", "player": 0, "passes": 0},
    "strike-resolve": {"attacker": 0, "defender": 1, "square": 35, "origin": 27, "player": 0,
                       "then": "legends_pieces.powers.ranged:_strike_decided"},
    "setup-shuffle": {"player": 0, "target": 1},
    "setup-switch": {"player": 0, "left": 2},
    "ask": {"player": 1, "about": "choose one of your pieces to destroy",
            "choices": ["d5", "h8"], "then": _CONT + "_destroy_chosen",
            "data": {"victim": 1, "left": 1, "together": False, "chosen": []}},
    "later": {"then": _CONT + "_start_destroy",
              "data": {"victim": 1, "left": 1, "together": False}},
}

_RESUME = """
import json, sys
from legends_core import Game
from tests.kernel_pack import CATALOGUE
game = Game.from_position(sys.stdin.read(), catalogue=CATALOGUE)
for _ in range(12):
    if game.is_over:
        break
    game.apply(game.legal_actions()[0])
print(json.dumps(game.to_position()))
"""


def _stack_with(name):
    task = {"task": name, **_TASK_SAMPLES[name]}
    if name in ("turn-start", "main-check", "main", "turn-end"):
        return [task]
    if TASK_TYPES[name].decision:
        return [{"task": "turn-end"}, task]
    return [{"task": "turn-end"}, task, {"task": "window", "kind": "end", "player": 0,
                                         "passes": 0}]


def _resume_here(text):
    game = Game.from_position(text, catalogue=CATALOGUE)
    for _ in range(12):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return game.to_position()


def test_every_task_type_resumes_in_a_new_process():
    assert set(_TASK_SAMPLES) == set(TASK_TYPES), "add a sample for each new task type"
    texts = {}
    for name in sorted(TASK_TYPES):
        pos = base()
        pos["stack"] = _stack_with(name)
        texts[name] = json.dumps(pos)
    # One fresh interpreter per task type (four at a time), importing only the public API.
    names = sorted(texts)
    for batch in (names[i:i + 4] for i in range(0, len(names), 4)):
        procs = {name: subprocess.Popen([sys.executable, "-c", _RESUME], cwd=ROOT, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
                 for name in batch}
        for name, proc in procs.items():
            out, err = proc.communicate(texts[name], timeout=300)
            assert proc.returncode == 0, f"{name}: {err.strip().splitlines()[-1:]}"
            assert json.loads(out) == _resume_here(texts[name]), name


def test_a_game_saved_mid_attack_resumes_in_a_new_process():
    game = position({"d4": warrior("beige", 6), "d5": warrior("gray", 4),
                     "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    game.apply("d4-d5")
    text = json.dumps(game.to_position())
    assert "attack-resolve" in text
    proc = subprocess.run([sys.executable, "-c", _RESUME], cwd=ROOT, input=text, text=True,
                          capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == _resume_here(text)


def test_loading_does_not_change_the_given_position():
    pos = base()
    pos["stack"] = _stack_with("later")
    kept = copy.deepcopy(pos)
    load(pos)
    assert pos == kept


def test_a_position_dict_with_tuples_as_written_by_to_position_loads_back():
    pos = base()
    pos["memo"] = [[0, "k", [1, [2, 3]]]]
    game = load(pos)
    again = game.to_position()
    assert again["memo"] == [[0, "k", (1, (2, 3))]]  # the engine keeps lists as tuples
    assert load(again).to_position() == again


def test_errors_in_a_records_starting_position_name_the_position():
    record = {"format": "stratego-legends-record", "position": base(), "actions": []}
    record["position"]["pieces"][0]["number"] = "910"
    with pytest.raises(PositionError, match=r"^position\.pieces\[0\]\.number"):
        Game.from_record(record, catalogue=CATALOGUE)


def test_legal_actions_listed_before_an_action_refuse_to_answer_after_it():
    game = Game.new(seed=2, auto_pass=True)
    acts = game.legal_actions()
    first = acts[0]
    assert len(acts) > 1 and acts[len(acts) - 1] is not first
    game.apply(first)
    for stale in (lambda: len(acts), lambda: acts[0], lambda: list(acts), lambda: first in acts):
        with pytest.raises(RuntimeError, match="changed since"):
            stale()

"""Positions and game records: exact round trips, replays, clear errors, atomic failures."""

import json
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.kernel_pack import CATALOGUE, PIECES, warrior
from tests.randomgames import random_position_game

from legends_core import (
    Action,
    Game,
    PluginError,
    PositionError,
    Power,
    hookimpl,
    load_packs,
    piece,
)
from legends_core.events import Event
from legends_core.testing import play, position, position_dict
from legends_pieces.powers import KEYWORD_POWERS


@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=0, max_value=150))
def test_position_json_round_trip_is_exact_even_mid_decision(seed, steps):
    rng = random.Random(seed)
    game = random_position_game(seed, CATALOGUE)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    pos = game.to_position()
    text = json.dumps(pos)
    again = Game.from_position(text, catalogue=CATALOGUE)
    assert again.to_position() == pos
    assert list(again.legal_actions()) == list(game.legal_actions())
    # ... and the two continue identically.
    for _ in range(20):
        if game.is_over:
            break
        a = rng.choice(list(game.legal_actions()))
        assert game.apply(a) == again.apply(a)
    assert again.to_position() == game.to_position()


@given(st.integers(min_value=0, max_value=2**31))
def test_game_record_replays_to_the_same_final_position(seed):
    rng = random.Random(seed)
    game = random_position_game(seed, CATALOGUE)
    for _ in range(rng.randrange(1, 200)):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    record = json.loads(json.dumps(game.record()))
    replay = Game.from_record(record, catalogue=CATALOGUE)
    assert replay.to_position() == game.to_position()


def test_actions_and_events_have_stable_dict_and_text_forms():
    for text in ("b2-b3", "c3 charging c6", "choose d4", "choose beige:2", "pass", "swap a1 b2",
                 "a1 oreld-the-deliverer"):
        a = Action.from_str(text)
        assert str(a) == text == a.notation()
        assert Action.from_notation(a.notation()) == a
        assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a
    game = position({"d4": warrior("beige", 6), "d5": warrior("gray", 4), "h8": warrior("gray", 1)},
                    catalogue=CATALOGUE)
    for e in play(game, "d4-d5", "pass", "pass"):
        assert Event.from_dict(json.loads(json.dumps(e.to_dict()))) == e


@pytest.mark.parametrize("mutate, field", [
    (lambda p: p.pop("pieces"), "pieces"),
    (lambda p: p["pieces"][0].update(number=99999), "pieces[0].number"),
    (lambda p: p["pieces"][0].update(at="z9"), "pieces[0].at"),
    (lambda p: p["pieces"][1].update(at=p["pieces"][0]["at"]), "pieces[1].at"),
    (lambda p: p["pieces"][0].update(owner="purple"), "pieces[0].owner"),
    (lambda p: p["board"].update(rows=["PPX"]), "board"),
    (lambda p: p["turn"].update(active="nobody"), "turn.active"),
    (lambda p: p.update(stack=[{"task": "no-such-task"}]), "stack"),
    (lambda p: p.update(curse={"piece": 0, "active": True}), "curse.piece"),
])
def test_malformed_positions_name_the_field(mutate, field):
    pos = position_dict({"d4": warrior("beige", 6), "d5": warrior("gray", 4)}, catalogue=CATALOGUE)
    mutate(pos)
    with pytest.raises(PositionError) as err:
        Game.from_position(pos, catalogue=CATALOGUE)
    assert field.split(".")[0].split("[")[0] in str(err.value)


def test_malformed_record_names_the_bad_action():
    game = position({"d4": warrior("beige", 6), "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    record = game.record()
    record["actions"] = ["d4-d5", "pass", "pass", "h8-a1"]
    with pytest.raises(PositionError, match=r"actions\[3\]"):
        Game.from_record(record, catalogue=CATALOGUE)


@attrs.frozen(repr=False)
class Explodes(Power):
    label = "Action"
    key = "explode"

    @hookimpl
    def legends_offer_actions(self, game, piece):
        yield Action.power(game.name(game.loc[piece]), "explode")

    @hookimpl
    def legends_perform(self, game, piece):
        game.move_piece(piece, game.sq("a8"))  # change something first...
        raise RuntimeError("boom")  # ...then fail


def test_a_plugin_that_raises_leaves_the_game_unchanged():
    bomb = piece(990, "Test Bomb", 5, type="soldier", colour="gold", text="Explodes.",
                 powers=[Explodes()])

    class Pack:
        @hookimpl
        def legends_piece_types(self):
            return [*PIECES, bomb]

        @hookimpl
        def legends_keyword_powers(self):
            return KEYWORD_POWERS

    cat = load_packs(entry_points=False, packs=[Pack()])
    game = position({"d4": 990, "h8": warrior("gray", 1)}, catalogue=cat)
    before = game.to_position()
    with pytest.raises(PluginError, match="boom"):
        game.apply("d4 explode")
    assert game.to_position() == before
    play(game, "d4-d5")  # still playable


@given(st.integers(min_value=0, max_value=2**31), st.booleans())
def test_records_of_new_games_replay_exactly(seed, setup):
    rng = random.Random(seed)
    game = Game.new(seed=seed, setup=setup)
    for _ in range(rng.randrange(1, 120)):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    replay = Game.from_record(json.loads(json.dumps(game.record())))
    assert replay.to_position() == game.to_position()


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:6]):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


_BASE = None


def _base_position():
    global _BASE
    if _BASE is None:
        game = random_position_game(1, CATALOGUE)
        rng = random.Random(0)
        for _ in range(40):
            game.apply(rng.choice(list(game.legal_actions())))
        _BASE = game.to_position()
    return _BASE


@given(st.data())
def test_any_corruption_of_a_position_is_a_clear_position_error(data):
    import copy

    pos = copy.deepcopy(_base_position())
    path = data.draw(st.sampled_from(list(_paths(pos))))
    target = pos
    for k in path[:-1]:
        target = target[k]
    junk = data.draw(st.sampled_from([None, 0, -1, 99999, "x", "", [], {}, [1, 2], {"a": 1},
                                      True, 3.5, "d4", "beige"]))
    target[path[-1]] = junk
    try:
        game = Game.from_position(pos, catalogue=CATALOGUE)
    except PositionError as exc:
        assert str(exc).split(":")[0]  # names the field
        return
    list(game.legal_actions())  # a position that loads must be playable


@given(st.sampled_from(["beige", "gray", "boards", "seed", "first", "setup", "turn_limit"]),
       st.sampled_from([None, 0, -1, "x", "", [], {}, [1, 2], True, 3.5, "1A", [1] * 30]))
def test_any_corruption_of_a_record_setup_is_a_clear_error(field, junk):
    from legends_core import LegendsError

    record = Game.new(seed=3, setup=False).record()
    record["setup"][field] = junk
    try:
        Game.from_record(record)
    except LegendsError as exc:
        assert str(exc)

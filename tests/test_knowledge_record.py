"""A seat's knowledge as plain data (``Knowledge.to_dict`` / ``Knowledge.from_dict``).

What a program playing over a wire is sent must rebuild the very knowledge a computer player
decides from: the same view, actions and decision, and the same imagined worlds, so that every
computer player picks the same action from the rebuilt knowledge as from the original with the
same seed. And it must hold nothing the seat may not know: twin games that differ only in what
the seat cannot see give equal dicts.
"""

from __future__ import annotations

import copy
import json
import random

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.test_hidden_info import twin_with_permuted_hidden
from tests.test_imagined_worlds import (
    FIRE_WALL,
    MIST_GIANT,
    PSYCHIC_DEVOURER,
    URGWAINES_CASTLE,
    devourer_twin,
)

from legends.ai import make_player
from legends_core import Game, Knowledge, PositionError, catalogue_for
from legends_core.position import to_position
from legends_core.testing import position

#: (ruleset, players): every edition, and a team game of Stratego Legends.
EDITIONS = [("classic", 2), ("legends", 2), ("legends", 4), ("ultimate-lightning", 2),
            ("ultimate-campaign", 2), ("narnia-1", 2)]
#: Each computer player, asked to think little (the choice, not its quality, is compared).
PLAYERS = {"random": {}, "heuristic": {"samples": 2, "breadth": 12},
           "ismcts": {"iterations": 30}, "search": {"breadth": 12}}


def new_game(rules: str, players: int, seed: int) -> Game:
    return Game.new(rules=rules, players=players, seed=seed, turn_limit=400)


def sent(k: Knowledge) -> Knowledge:
    """``k`` as a program over the wire gets it: to a dict, to JSON text and back."""
    return Knowledge.from_dict(json.loads(json.dumps(k.to_dict())))


def state(k: Knowledge) -> dict:
    return to_position(k._state)


#: What an engine holds of the game (besides what a position shows, what the engine derives
#: and keeps up to date from it), as opposed to its caches.
ENGINE_FIELDS = ("rules", "types", "beh", "owner", "ctrl", "loc", "known", "grid", "dead",
                 "curse", "curse_on", "curse_ctrl", "curse_queue", "temps", "tstr", "tkw",
                 "used_turn", "used_game", "memo", "turn", "progress", "active", "extra", "bf",
                 "flown", "moved", "stack", "combat", "winner", "over", "reason", "seed",
                 "shuffles", "salt", "commitment", "reps", "reps_own", "reps_from", "zob", "kc",
                 "all_mask", "team_mask", "zone")


def engine_fields(w) -> dict:
    return {name: getattr(w, name) for name in ENGINE_FIELDS}


def check_round_trip(game: Game, seat: str) -> tuple[Knowledge, Knowledge]:
    k = game.knowledge(seat)
    data = k.to_dict()
    assert json.loads(json.dumps(data)) == data  # plain JSON types only
    back = sent(k)
    assert back.player == k.player and back.seat == k.seat
    assert back.view == k.view
    assert back.actions == k.actions
    assert back.decision_kind == k.decision_kind
    assert state(back) == state(k)  # the knowledge state itself, field by field
    assert back.to_dict() == data
    # What a server's thinker reads (its own server's dict, as JSON text, without the checks)
    # is the very knowledge the checked reading gives.
    trusted = Knowledge.from_trusted_dict(orjson.loads(orjson.dumps(data)))
    assert (trusted.player, trusted.view, trusted.actions, trusted.decision_kind) == \
        (back.player, back.view, back.actions, back.decision_kind)
    assert state(trusted) == state(k)
    assert engine_fields(trusted._state) == engine_fields(back._state)
    assert trusted.to_dict() == data
    return k, back


def same_choices(k: Knowledge, back: Knowledge, seed: int) -> None:
    trusted = Knowledge.from_trusted_dict(k.to_dict())
    for name, options in PLAYERS.items():
        first = make_player(name, seed=seed, **options).choose(k)
        again = make_player(name, seed=seed, **options).choose(back)
        assert first == again, (name, str(first), str(again))
        assert make_player(name, seed=seed, **options).choose(trusted) == first, name


@pytest.mark.parametrize(("rules", "players"), EDITIONS)
@settings(max_examples=4)
@given(seed=st.integers(min_value=0, max_value=2**31), stop=st.integers(min_value=0, max_value=150))
def test_knowledge_survives_the_round_trip_in_random_play(rules, players, seed, stop):
    game = new_game(rules, players, seed)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < stop:
        if steps % 7 == 0:
            for seat in game.players:  # the seat deciding, and those waiting
                check_round_trip(game, seat)
        game.apply(rng.choice(list(game.legal_actions())))
        steps += 1
    if not game.is_over:
        k, back = check_round_trip(game, game.current_player)
        same_choices(k, back, seed)
    for seat in game.players:
        check_round_trip(game, seat)


@pytest.mark.parametrize(("rules", "players"), EDITIONS)
def test_every_computer_player_chooses_alike_from_the_rebuilt_knowledge(rules, players):
    game = new_game(rules, players, 5)
    rng = random.Random(5)
    for steps in range(60):
        if game.is_over:
            break
        if steps % 20 == 3:
            k, back = check_round_trip(game, game.current_player)
            same_choices(k, back, steps)
        game.apply(rng.choice(list(game.legal_actions())))
    assert steps > 20


def blanked(data: dict) -> dict:
    """The dict with the setup commitment blanked: a salted digest, different in every game
    (the twins are built afresh), that tells nothing."""
    data = copy.deepcopy(data)
    data["view"]["commitment"] = data["state"]["commitment"] = None
    return data


@pytest.mark.parametrize(("rules", "players"), EDITIONS)
def test_twins_differing_in_hidden_pieces_give_equal_dicts(rules, players):
    game = new_game(rules, players, 11)
    rng = random.Random(11)
    checked = 0
    for steps in range(120):
        if game.is_over:
            break
        if steps % 15 == 10:
            for seat in game.players:
                twin = twin_with_permuted_hidden(game, seat, steps,
                                                 catalogue_for(game.rules.name))
                assert blanked(twin.knowledge(seat).to_dict()) == \
                    blanked(game.knowledge(seat).to_dict())
                checked += 1
        game.apply(rng.choice(list(game.legal_actions())))
    assert checked >= 4


def test_twins_that_really_differ_give_equal_dicts():
    # Permuting hidden pieces changes the real game (else the test above proves nothing).
    game = new_game("classic", 2, 3)
    twin = twin_with_permuted_hidden(game, "red", 1, catalogue_for("classic"))
    assert twin.to_position()["pieces"] != game.to_position()["pieces"]
    assert blanked(twin.knowledge("red").to_dict()) == blanked(game.knowledge("red").to_dict())
    assert twin.knowledge("blue").to_dict() != game.knowledge("blue").to_dict()


def test_another_sides_private_guess_is_not_in_the_dict():
    right, wrong = devourer_twin("Mist Giant"), devourer_twin("Mummy")
    assert right.engine.memo != wrong.engine.memo  # the twins really differ
    assert blanked(right.knowledge("gray").to_dict()) == \
        blanked(wrong.knowledge("gray").to_dict())
    k, back = check_round_trip(right, "gray")
    same_choices(k, back, 2)


def test_a_knowledge_mid_question_keeps_the_pending_steps():
    # Beige's own private question (Psychic Devourer names a guess): its pending step and
    # continuation travel, and the guess is answered from the rebuilt knowledge alike.
    game = position({"d4": PSYCHIC_DEVOURER, "d5": MIST_GIANT, "e4": FIRE_WALL,
                     "a1": URGWAINES_CASTLE, "h8": 176, "b1": 16, "g8": 184},
                    revealed=["d4"])
    game.apply("d4-d5")
    assert game.decision_kind == "ask"
    k, back = check_round_trip(game, "beige")
    assert back.decision_kind == "ask" and back.actions
    assert [t["task"] for t in back.to_dict()["state"]["stack"]][-1] == "ask"
    same_choices(k, back, 4)


# -- malformed dicts: the error names the field ----------------------------------------------
def sample() -> dict:
    game = new_game("legends", 2, 2)
    return game.knowledge(game.current_player).to_dict()


def _set(path: list, value=None, delete: bool = False):
    def change(d: dict) -> None:
        for key in path[:-1]:
            d = d[key]
        if delete:
            del d[path[-1]]
        else:
            d[path[-1]] = value
    return change


MALFORMED = [
    ("format", _set(["format"], "stratego-legends-position")),
    ("version", _set(["version"], 2)),
    ("player", _set(["player"], "purple")),
    ("player", _set(["player"], 7)),
    ("decision_kind", _set(["decision_kind"], "window")),
    ("decision_kind", _set(["decision_kind"], 3)),
    ("actions", _set(["actions"], "b2-b3")),
    ("actions[1]", _set(["actions", 1], 12)),
    ("actions[0]", _set(["actions", 0], "fly to the moon")),
    ("view", _set(["view"], [])),
    ("view.turn", _set(["view", "turn"], delete=True)),
    ("view.turn", _set(["view", "turn"], "three")),
    ("view.over", _set(["view", "over"], 0)),
    ("view.surprise", _set(["view", "surprise"], 1)),
    ("view.pieces[2].number", _set(["view", "pieces", 2, "number"], "42")),
    ("view.pieces[0].known_to", _set(["view", "pieces", 0, "known_to"], "beige")),
    ("view.player", _set(["view", "player"], "nobody")),
    ("state", _set(["state"], None)),
    ("state.seed", _set(["state", "seed"], 5)),
    ("state.pieces[3].number", _set(["state", "pieces", 3, "number"], 100000)),
    ("state.pieces[0].owner", _set(["state", "pieces", 0, "owner"], "purple")),
    ("state.turn.number", _set(["state", "turn", "number"], -1)),
    ("state.stack", _set(["state", "stack"], [{"task": "no-such-step"}])),
    ("state.memo[0]", _set(["state", "memo"], [[0, "key"]])),
]


@pytest.mark.parametrize(("field", "change"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_dict_is_refused_naming_the_field(field, change):
    data = sample()
    Knowledge.from_dict(copy.deepcopy(data))  # the sample itself is fine
    change(data)
    with pytest.raises(PositionError) as caught:
        Knowledge.from_dict(data)
    message = str(caught.value)
    assert message.startswith(field), message


def test_not_a_dict_at_all_is_refused():
    for junk in (None, [], "knowledge", 3):
        with pytest.raises(PositionError, match="knowledge"):
            Knowledge.from_dict(junk)


def test_the_checks_stay_on_the_door_programs_use():
    # The trusted reading is for the server's own thinkers; what a program sends is still
    # checked field by field. The same oversized value passes the one and not the other.
    data = sample()
    data["view"]["reason"] = "x" * 100_000
    assert Knowledge.from_trusted_dict(copy.deepcopy(data)).view.reason == "x" * 100_000
    with pytest.raises(PositionError, match="view.reason"):
        Knowledge.from_dict(data)

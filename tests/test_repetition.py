"""Repetition draws: the same position at the start of a turn for the ``repetition_limit``-th
time ends the game with no winner (see the ruling "Repeated positions").

The shuttle: beige moves a1-a2 and back, then c1-c2 and back; gray does the same on h8 and f8.
A piece may not go back and forth for more than two turns running, so each side takes turns
with two pieces, and the whole cycle is eight turns. From turn 7 on, once every shuttling
piece has moved (which pieces have moved is part of a position), the position at the start of
a turn comes back eight turns later: turn 7's stands again at 15, 23, 31, 39 ...
"""

import json
import random

import pytest
from tests.kernel_pack import CATALOGUE, warrior

from legends.cli import main
from legends_core import REPETITION_LIMIT, Game, PositionError, Rules
from legends_core.repetition import (
    board_hash,
    count_position,
    one_way_count,
    position_key,
    repetition_reason,
)
from legends_core.testing import play, position_dict
from legends_core.visibility import knowledge_state

B, G = "beige", "gray"
CYCLE = ["a1-a2", "h8-h7", "a2-a1", "h7-h8", "c1-c2", "f8-f7", "c2-c1", "f7-f8"]


def shuttle_game(limit: int | None) -> Game:
    start = position_dict({"a1": warrior(B, 5), "c1": warrior(B, 4), "d1": warrior(B, 3),
                           "e1": warrior(B, 2), "h8": warrior(G, 5), "f8": warrior(G, 4)},
                          catalogue=CATALOGUE)
    start["rules"]["repetition_limit"] = limit
    return Game.from_position(start, catalogue=CATALOGUE)


def ended_at(game: Game, start: int) -> int:
    """Play the cycle on from its ``start``-th move until the game ends; the turn it ended at."""
    for i in range(start, start + 200):
        if game.is_over:
            return game.engine.turn
        play(game, CYCLE[i % len(CYCLE)], "pass", "pass")
    raise AssertionError("the shuttle never ended")


def turns(game: Game, n: int, start: int = 0) -> None:
    """Play ``n`` turns of the cycle, from its ``start``-th move (each turn ends with both
    players passing in the end-of-turn window)."""
    for i in range(start, start + n):
        assert not game.is_over, f"over before turn {game.engine.turn}: {game.reason}"
        play(game, CYCLE[i % len(CYCLE)], "pass", "pass")


# -- the rule -------------------------------------------------------------------------------

def test_the_third_time_the_shuttle_comes_round_ends_the_game_with_a_limit_of_three():
    game = shuttle_game(3)
    turns(game, 21)
    assert not game.is_over and game.engine.turn == 22
    turns(game, 1, 21)
    assert game.is_over and game.engine.turn == 23  # the starts of turns 7, 15 and 23
    assert game.winner is None and game.winners == ()
    assert game.reason == repetition_reason(3) == "the same position for the 3rd time"
    # Every player is told why.
    assert game.view("gray").reason == game.view("beige").reason == game.reason


def test_without_the_rule_the_shuttle_goes_on():
    game = shuttle_game(None)
    turns(game, 8 * 6)
    assert not game.is_over and game.engine.turn == 49


def test_the_default_limit_is_five():
    assert ended_at(shuttle_game(REPETITION_LIMIT), 0) == 39
    assert ended_at(shuttle_game(2), 0) == 15


def test_a_position_that_differs_in_a_hidden_identity_is_not_a_repetition():
    game = shuttle_game(3)
    turns(game, 6)  # turn 7 begins: its position counts once
    seen_at_7 = game.view("gray")
    e = game.engine
    d1, e1 = (e.grid[e.board.parse_square(s)] for s in ("d1", "e1"))
    assert e.types[d1] != e.types[e1]
    # At the start of every cycle two beige pieces gray has never seen change places (as a
    # switching power does, telling nobody): gray sees the same board every eight turns, but
    # the same position comes back only every sixteen.
    for turn in (7, 15, 23, 31):
        assert game.engine.turn == turn and not game.is_over
        assert game.view("gray").pieces == seen_at_7.pieces
        e.swap_pieces(d1, e1)
        turns(game, 8, 6)
    assert game.is_over and game.engine.turn == 39  # without the swaps: 23
    assert game.reason == repetition_reason(3)


def test_progress_starts_the_count_again():
    game = shuttle_game(3)
    turns(game, 16)  # turn 17: turn 7's position has stood twice
    e = game.engine
    e.destroy([e.grid[e.board.parse_square("e1")]], cause="power")  # progress, this turn
    assert ended_at(game, 16) == 34  # turn 18's position at 18, 26 and 34; not 23


# -- records, positions, copies and undo ----------------------------------------------------

def test_records_replay_to_the_same_draw():
    game = shuttle_game(3)
    ended_at(game, 0)
    replay = Game.from_record(json.loads(json.dumps(game.record())), catalogue=CATALOGUE)
    assert replay.is_over and replay.reason == game.reason
    assert replay.to_position() == game.to_position()


def test_positions_keep_the_counts_and_the_limit():
    game = shuttle_game(3)
    turns(game, 16)  # the start of turn 17: turn 7's position has stood twice
    saved = json.loads(json.dumps(game.to_position()))
    assert saved["rules"]["repetition_limit"] == 3
    assert 2 in saved["repetitions"].values()
    loaded = Game.from_position(saved, catalogue=CATALOGUE)
    assert loaded.to_position() == saved
    assert ended_at(loaded, 16) == 23
    # Without the counts, counting starts after the position: turn 18's at 18, 26 and 34.
    del saved["repetitions"]
    assert ended_at(Game.from_position(saved, catalogue=CATALOGUE), 16) == 34


def test_undo_and_copies():
    game = shuttle_game(3)
    ended_at(game, 0)
    copy = game.copy()
    game.pop()
    assert not game.is_over and copy.is_over
    play(game, "pass")
    assert game.is_over and game.reason == repetition_reason(3)
    # A copy taken before the end counts on from the same table, without touching the
    # original's.
    early = shuttle_game(3)
    turns(early, 16)
    twin = early.copy()
    assert ended_at(twin, 16) == 23
    turns(early, 5, 16)
    assert not early.is_over and early.engine.turn == 22
    assert ended_at(early, 21) == 23


def test_what_a_player_receives_holds_no_counts():
    game = shuttle_game(3)
    turns(game, 16)
    assert "repetitions" not in json.dumps(game.to_position("gray"))
    assert "repetitions" not in json.dumps(game.record("gray"))
    world = knowledge_state(game.engine, 1)
    assert world.reps == {} and game.engine.reps


# -- new games, old records ----------------------------------------------------------------

def test_the_readme_loop_ends_by_repetition_when_asked_and_old_records_replay_as_played():
    game = Game.new(seed=7, repetition_limit=REPETITION_LIMIT)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.reason == repetition_reason(REPETITION_LIMIT)
    assert game.engine.turn < 100  # the no-progress limit alone would take past turn 200
    record = game.record()
    assert record["setup"]["repetition_limit"] == REPETITION_LIMIT
    assert Game.from_record(record).to_position() == game.to_position()
    del record["setup"]["repetition_limit"]  # as written before the rule
    record["headers"]["result"] = "*"
    old = Game.from_record(record)
    assert not old.is_over and old.engine.rules.repetition_limit is None


def test_it_is_off_by_default():
    game = Game.new(seed=7)
    assert game.engine.rules.repetition_limit is None
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.reason != repetition_reason(REPETITION_LIMIT) and game.engine.turn > 200


@pytest.mark.parametrize("off", [None, 0])
def test_none_or_zero_turn_it_off(off):
    game = Game.new(seed=7, repetition_limit=off)
    assert game.engine.rules.repetition_limit is None
    assert game.record()["setup"]["repetition_limit"] is None
    assert Rules(repetition_limit=off).repetition_limit is None


@pytest.mark.parametrize("junk", [1, -2, "5", True, 2.5])
def test_bad_limits_are_refused_by_name(junk):
    with pytest.raises(ValueError, match="repetition_limit"):
        Game.new(seed=3, repetition_limit=junk)
    record = Game.new(seed=3, setup=False).record()
    record["setup"]["repetition_limit"] = junk
    with pytest.raises(PositionError, match=r"^setup\.repetition_limit"):
        Game.from_record(record)
    saved = Game.new(seed=3, setup=False).to_position()
    saved["rules"]["repetition_limit"] = junk
    with pytest.raises(PositionError, match=r"^rules\.repetition_limit"):
        Game.from_position(saved)


@pytest.mark.parametrize("junk", [[1], {"xyz": 1}, {"0123456789abcdef": 0},
                                  {"0123456789abcdef": "2"}])
def test_bad_counts_in_a_position_are_refused_by_name(junk):
    saved = Game.new(seed=3, setup=False).to_position()
    saved["repetitions"] = junk
    with pytest.raises(PositionError, match=r"^repetitions"):
        Game.from_position(saved)


def test_a_game_saved_mid_shuttle_ends_where_the_original_does():
    # Who knows what and the board's hash are made afresh from the position when it loads:
    # they must agree with what the original game kept up to date as it went.
    game = Game.new(seed=7, repetition_limit=REPETITION_LIMIT)
    for _ in range(100):
        game.apply(game.legal_actions()[0])
    again = Game.from_position(json.loads(json.dumps(game.to_position())))
    for g in (game, again):
        while not g.is_over:
            g.apply(g.legal_actions()[0])
    assert again.reason == game.reason == repetition_reason(REPETITION_LIMIT)
    assert again.to_position() == game.to_position()


@pytest.mark.parametrize(("given", "kept"), [(["3"], 3), (["off"], None), (["0"], None),
                                            ([], None)])
def test_the_command_line_passes_the_limit_into_the_record(tmp_path, capsys, given, kept):
    saved = tmp_path / "g.json"
    limit = ["--repetition-limit", *given] if given else []
    assert main(["game", "--seed", "7", "--players", "random,random", "--quiet",
                 "--turn-limit", "20", *limit, "--save", str(saved)]) == 0
    assert json.loads(saved.read_text())["setup"]["repetition_limit"] == kept


def test_the_command_line_refuses_a_limit_of_one(capsys):
    with pytest.raises(SystemExit):
        main(["game", "--repetition-limit", "1"])
    assert "--repetition-limit" in capsys.readouterr().err


def test_the_spelt_out_key_is_the_key():
    # count_position spells position_key out for two players: the turn start counted the
    # position under the same key that position_key gives now (nothing changed since).
    game = shuttle_game(3)
    turns(game, 9)
    e = game.engine
    assert e.reps.get(position_key(e), 0) >= 1
    n = e.reps[position_key(e)]
    assert count_position(e) == n + 1 == e.reps[position_key(e)]


@pytest.mark.parametrize("rules", ["legends", "classic", "ultimate-campaign", "narnia-1",
                                   "narnia-2"])
def test_what_the_engine_keeps_up_to_date_matches_a_fresh_count(rules):
    # Every move, swap, arrival, removal, change of control or knowledge, first move of a piece
    # and limited power used must update the board's hash and the one-way count: at every
    # decision of random games they equal the values worked out from scratch.
    players = 4 if rules == "legends" else 2
    for seed in (1, 2):
        game = Game.new(rules=rules, players=players, seed=seed, turn_limit=150,
                        auto_pass=True, repetition_limit=REPETITION_LIMIT)
        rng = random.Random(seed)
        while not game.is_over:
            e = game.engine
            if e.reps_from >= 0:
                assert (e.zob, e.kc) == (board_hash(e), one_way_count(e)), e.turn
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])

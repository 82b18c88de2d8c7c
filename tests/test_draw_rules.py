"""The no-progress limit: games in which nothing can change for good any more end in a draw.

See the ruling "Games that stop making progress" (legends_core.engine). Every loop here is
bounded, so a game that never ends fails its test instead of hanging the run.
"""

import json
import random
import subprocess
import sys

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.kernel_pack import CATALOGUE, warrior
from tests.randomgames import check_invariants, random_position_game

from legends_core import Game, PositionError
from legends_core.engine import NO_PROGRESS_LIMIT
from legends_core.flow import no_progress_reason
from legends_core.testing import play, position

B, G = "beige", "gray"


def first_actions(game: Game, max_actions: int) -> int:
    """Apply the first legal action until the game ends or ``max_actions`` were taken."""
    taken = 0
    while not game.is_over and taken < max_actions:
        game.apply(game.legal_actions()[0])
        taken += 1
    return taken


def quiet_turns(game: Game) -> int:
    """Complete turns since the last progress, as the turn start counts them."""
    return game.engine.turn - 1 - game.engine.progress


def with_limit(game: Game, limit: int | None) -> Game:
    e = game.engine
    e.rules = attrs.evolve(e.rules, no_progress_limit=limit)
    return game


# -- the README's loop ---------------------------------------------------------------------

def test_the_readme_loop_ends_in_a_draw_for_want_of_progress():
    # Before the rule this loop cycled for ever (turn 6,661 after ten minutes). 20,000 actions
    # is far more than the rule allows: about 3 decisions a turn for 200 quiet turns. (With
    # the repetition rule on, as by default, it ends sooner: see tests/test_repetition.py.)
    game = Game.new(seed=7, repetition_limit=None)
    first_actions(game, 20_000)
    assert game.is_over, f"still playing at turn {game.engine.turn}"
    assert game.winner is None and game.winners == ()
    assert game.reason == no_progress_reason(NO_PROGRESS_LIMIT)
    assert "200 turns" in game.reason
    assert quiet_turns(game) == NO_PROGRESS_LIMIT
    # Every player is told why it ended.
    assert game.view("gray").reason == game.view("beige").reason == game.reason


def test_the_count_restarts_at_each_attack():
    # Seed 7's first-action game attacks up to turn 16, then cycles: with a limit of 10 it
    # ends only 10 quiet turns after that, well past turn 11.
    game = Game.new(seed=7, no_progress_limit=10)
    first_actions(game, 5_000)
    assert game.is_over and game.winner is None
    assert game.engine.progress > 1
    assert game.engine.turn > 10 + 1
    assert quiet_turns(game) == 10
    assert game.reason == no_progress_reason(10)


def test_turning_the_limit_off_restores_the_old_endless_game():
    limited = Game.new(seed=7, no_progress_limit=5)
    first_actions(limited, 5_000)
    assert limited.is_over
    ended = limited.engine.turn
    endless = Game.new(seed=7, no_progress_limit=None, repetition_limit=None)
    while endless.engine.turn < ended + 300:
        assert not endless.is_over
        endless.apply(endless.legal_actions()[0])
    assert endless.engine.turn - 1 - endless.engine.progress > 300


def test_the_turn_limit_still_works_beside_it():
    game = Game.new(seed=7, turn_limit=12)
    first_actions(game, 5_000)
    assert game.is_over and game.winner is None and game.reason == "turn limit of 12 reached"


# -- what counts as progress ---------------------------------------------------------------

def test_moves_do_not_count_but_an_attack_does():
    game = with_limit(position({"a1": warrior(B, 5), "c2": warrior(G, 3), "h8": warrior(G, 1)},
                               catalogue=CATALOGUE), 4)
    play(game, "a1-a2", "pass", "pass", "h8-h7", "pass", "pass")
    assert game.engine.progress == 0 and game.engine.turn == 3
    play(game, "a2-b2", "pass", "pass", "c2-b2")  # gray attacks beige on b2 on turn 4
    assert game.engine.progress == 4
    assert not game.is_over


def test_three_quiet_turns_end_the_game_at_the_start_of_the_fourth():
    game = with_limit(position({"a1": warrior(B, 5), "h8": warrior(G, 1)}, catalogue=CATALOGUE), 3)
    play(game, "a1-a2", "pass", "pass", "h8-h7", "pass", "pass")
    assert not game.is_over
    play(game, "a2-a3", "pass", "pass")
    assert game.is_over and game.winner is None and game.reason == no_progress_reason(3)
    assert game.engine.turn == 4


def test_a_piece_destroyed_by_a_power_or_brought_onto_the_board_counts():
    game = with_limit(position({"a1": warrior(B, 5), "c3": warrior(G, 3), "h8": warrior(G, 1)},
                               catalogue=CATALOGUE), 5)
    play(game, "a1-a2", "pass", "pass", "h8-h7", "pass", "pass")
    e = game.engine
    victim = e.grid[e.board.parse_square("c3")]
    assert e.destroy([victim], cause="power") == [victim]
    assert e.progress == e.turn == 3
    e.progress = 0
    e.place(victim, e.board.parse_square("d3"), e.owner[victim])
    assert e.progress == 3


def test_a_destroy_that_destroys_nothing_is_not_progress():
    game = position({"a1": warrior(B, 5), "h8": warrior(G, 1)}, catalogue=CATALOGUE)
    play(game, "a1-a2", "pass", "pass")
    assert game.engine.destroy([]) == [] and game.engine.progress == 0


# -- state: copies, undo, positions, records -----------------------------------------------

def test_undo_and_copies_keep_the_progress_turn():
    game = Game.new(seed=7, no_progress_limit=10)
    first_actions(game, 5_000)
    assert game.is_over
    copy = game.copy()
    assert copy.engine.progress == game.engine.progress and copy.is_over
    game.pop()
    assert not game.is_over
    assert copy.is_over  # the copy is independent
    game.apply(game.legal_actions()[0])
    assert game.is_over and game.reason == no_progress_reason(10)


def test_the_limit_and_the_count_round_trip_through_positions():
    game = Game.new(seed=7, no_progress_limit=40)
    first_actions(game, 120)
    saved = game.to_position()
    assert saved["rules"]["no_progress_limit"] == 40
    assert saved["turn"]["progress"] == game.engine.progress > 0
    again = Game.from_position(saved)
    assert again.to_position() == saved
    assert again.engine.rules.no_progress_limit == 40
    first_actions(game, 5_000)
    first_actions(again, 5_000)
    assert again.is_over and again.to_position() == game.to_position()


def test_a_game_ended_for_want_of_progress_loads_as_ended():
    game = Game.new(seed=7, no_progress_limit=8)
    first_actions(game, 5_000)
    again = Game.from_position(game.to_position())
    assert again.is_over and again.winner is None and again.reason == no_progress_reason(8)


@pytest.mark.parametrize("limit", [None, 25, NO_PROGRESS_LIMIT])
def test_the_limit_round_trips_through_records(limit):
    game = Game.new(seed=7, no_progress_limit=limit)
    first_actions(game, 150)
    record = game.record()
    assert record["setup"]["no_progress_limit"] == limit
    replay = Game.from_record(record)
    assert replay.engine.rules.no_progress_limit == limit
    assert replay.to_position() == game.to_position()


def test_older_positions_and_records_without_the_field_play_on_as_before():
    game = Game.new(seed=7)
    first_actions(game, 60)
    old = game.to_position()
    del old["rules"]["no_progress_limit"]
    del old["turn"]["progress"]
    loaded = Game.from_position(old)
    assert loaded.engine.rules.no_progress_limit is None
    assert quiet_turns(loaded) == 0  # without a saved count, it starts at the position
    record = game.record()
    del record["setup"]["no_progress_limit"]
    assert Game.from_record(record).engine.rules.no_progress_limit is None


@pytest.mark.parametrize("junk", [0, -3, "200", True, 2.5, [200]])
def test_a_bad_limit_in_a_position_names_the_field(junk):
    saved = Game.new(seed=3, setup=False).to_position()
    saved["rules"]["no_progress_limit"] = junk
    with pytest.raises(PositionError, match=r"^rules\.no_progress_limit"):
        Game.from_position(saved)


@pytest.mark.parametrize("junk", [-1, "x", True, 50])
def test_a_bad_progress_turn_in_a_position_names_the_field(junk):
    saved = Game.new(seed=3, setup=False).to_position()
    saved["turn"]["progress"] = junk  # turn 1: only 0 or 1 can be the last progress
    with pytest.raises(PositionError, match=r"^turn\.progress"):
        Game.from_position(saved)


@pytest.mark.parametrize("junk", [0, -3, "200", True, 2.5])
def test_a_bad_limit_in_a_record_names_the_field(junk):
    record = Game.new(seed=3, setup=False).record()
    record["setup"]["no_progress_limit"] = junk
    with pytest.raises(PositionError, match=r"^setup\.no_progress_limit"):
        Game.from_record(record)


@pytest.mark.parametrize("junk", [0, -1, "10", True])
def test_game_new_refuses_a_bad_limit(junk):
    with pytest.raises(ValueError, match="no_progress_limit"):
        Game.new(seed=3, no_progress_limit=junk)


# -- every game ends -----------------------------------------------------------------------

@settings(max_examples=8)
@given(st.integers(min_value=0, max_value=2**31), st.integers(min_value=1, max_value=12))
def test_random_games_with_a_small_limit_always_end(seed, limit):
    game = random_position_game(seed, CATALOGUE, turn_limit=None)
    with_limit(game, limit)
    rng = random.Random(seed)
    for _ in range(200_000):
        if game.is_over:
            break
        assert quiet_turns(game) <= limit
        game.apply(rng.choice(list(game.legal_actions())))
        check_invariants(game)
    assert game.is_over, f"still playing at turn {game.engine.turn}"
    if game.winner is None:
        assert game.reason == no_progress_reason(limit) and quiet_turns(game) == limit


@settings(max_examples=4)
@given(st.sampled_from(["classic", "ultimate-lightning", "ultimate-campaign", "narnia-1",
                        "narnia-2"]), st.integers(min_value=0, max_value=2**31))
def test_first_action_games_of_every_edition_end(rules, seed):
    game = Game.new(rules=rules, seed=seed, no_progress_limit=30)
    first_actions(game, 50_000)
    assert game.is_over, f"{rules} still playing at turn {game.engine.turn}"


# -- the command line ----------------------------------------------------------------------

def run_cli(*args):
    proc = subprocess.run([sys.executable, "-m", "legends.cli", *args], capture_output=True,
                          text=True, timeout=600)
    return proc


@pytest.mark.parametrize(("given", "kept"), [("2", 2), ("off", None)])
def test_legends_game_passes_the_limit_into_the_saved_record(tmp_path, given, kept):
    saved = tmp_path / "g.json"
    proc = run_cli("game", "--seed", "7", "--players", "random,random", "--quiet",
                   "--no-progress-limit", given, "--save", str(saved))
    assert proc.returncode == 0, proc.stderr
    record = json.loads(saved.read_text())
    assert record["setup"]["no_progress_limit"] == kept
    if kept is not None:
        # Seed 7's armies start too far apart to meet in two turns.
        assert no_progress_reason(2) in proc.stdout
        assert Game.from_record(record).reason == no_progress_reason(2)


def test_legends_game_refuses_a_limit_of_zero():
    proc = run_cli("game", "--seed", "7", "--no-progress-limit", "0")
    assert proc.returncode != 0 and "--no-progress-limit" in proc.stderr

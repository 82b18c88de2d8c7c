"""Forged records that ``legends verify`` must refuse: the digest it compares is one it
recomputes from the setup, never the one a record states."""

import copy
import json
import subprocess
import sys

from legends_core import Game
from legends_core.fairness import verify

CMD = [sys.executable, "-m", "legends.cli"]
FORMAT = "stratego-legends-record"


def run(*args):
    return subprocess.run([*CMD, *args], capture_output=True, text=True, timeout=600)


def played(game):
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def started_after_setup(seed):
    """A game that begins after setup, its position as play begins (the commitment already
    stated in it), and the finished game."""
    game = Game.new(seed=seed, setup=False, turn_limit=4)
    start = game.to_position()
    assert start["commitment"] == game.commitment is not None
    return start, played(game)


def from_position(position, actions):
    return {"format": FORMAT, "version": 1, "position": position, "actions": actions}


def swap_unseen(start, actions, viewer="gray"):
    """``start`` with two of the other side's pieces exchanged: pieces the viewer never
    learns and no action names, so the viewer's own record cannot tell the difference."""
    unseen = [p for p in start["pieces"] if p["owner"] != viewer and viewer not in p["known_to"]
              and p["at"] not in " ".join(actions)]
    for a in unseen:
        for b in unseen:
            if a["number"] != b["number"]:
                forged = copy.deepcopy(start)
                pieces = forged["pieces"]
                pieces[a["id"]]["number"], pieces[b["id"]]["number"] = b["number"], a["number"]
                return forged
    raise AssertionError("no two different unseen pieces")


def test_an_honest_game_from_a_position_still_verifies():
    start, game = started_after_setup(3)
    honest = from_position(start, game.record()["actions"])
    result = verify(json.dumps(honest), commitment=game.commitment,
                    player_record=json.dumps(game.record("gray")))
    assert result.ok, result.problems
    assert result.commitment == game.commitment


def test_a_loaded_game_records_a_position_that_verifies():
    start, _ = started_after_setup(8)
    game = played(Game.from_position(start))
    assert "position" in game.record()
    assert verify(game.record(), player_record=game.record("beige")).ok


def test_another_game_stating_the_shown_commitment_is_refused():
    shown = played(Game.new(seed=5, turn_limit=6)).commitment
    start, other = started_after_setup(6)
    start["commitment"] = shown  # the referee pastes in the digest the player was shown
    result = verify(from_position(start, other.record()["actions"]), commitment=shown)
    assert not result.ok
    assert any("states the commitment" in p and "pieces and salt give" in p
               for p in result.problems)
    assert result.commitment != shown


def test_a_stated_commitment_that_does_not_match_the_setup_is_refused():
    start, game = started_after_setup(7)
    start["commitment"] = "ab" * 32
    result = verify(from_position(start, game.record()["actions"]), commitment="ab" * 32)
    assert not result.ok
    assert result.commitment == game.commitment  # what the setup really gives


def test_swapping_two_never_seen_pieces_is_refused_against_the_player_record():
    start, game = started_after_setup(3)
    actions, mine = game.record()["actions"], game.record("gray")
    forged = from_position(swap_unseen(start, actions), actions)
    result = verify(json.dumps(forged), player_record=json.dumps(mine))
    assert not result.ok
    assert any("pieces and salt give" in p for p in result.problems)
    assert any(p.startswith("commitment mismatch") for p in result.problems)


def test_a_stated_commitment_without_salt_or_before_setup_is_refused():
    start, game = started_after_setup(3)
    actions = game.record()["actions"]
    saltless = dict(start, salt=None)
    result = verify(from_position(saltless, actions), commitment=game.commitment)
    assert not result.ok and any("no salt" in p for p in result.problems)
    early = Game.new(seed=3, turn_limit=4)  # still in setup: reshuffles and switches to come
    position = early.to_position()
    position["commitment"] = game.commitment
    result = verify(from_position(position, []), commitment=game.commitment)
    assert not result.ok and any("setup decisions are still to come" in p
                                 for p in result.problems)


def test_verify_command_refuses_forgeries_and_accepts_the_honest_record(tmp_path):
    start, game = started_after_setup(3)
    actions = game.record()["actions"]
    (tmp_path / "gray.json").write_text(json.dumps(game.record("gray")))
    (tmp_path / "honest.json").write_text(json.dumps(from_position(start, actions)))
    (tmp_path / "swapped.json").write_text(json.dumps(
        from_position(swap_unseen(start, actions), actions)))
    proc = run("verify", str(tmp_path / "honest.json"), "--player-record",
               str(tmp_path / "gray.json"))
    assert proc.returncode == 0 and proc.stdout.startswith("ok:"), proc.stdout + proc.stderr
    proc = run("verify", str(tmp_path / "swapped.json"), "--player-record",
               str(tmp_path / "gray.json"))
    assert proc.returncode == 1 and "MISMATCH" in proc.stdout
    assert "pieces and salt give" in proc.stdout

    shown = game.commitment
    other_start, other = started_after_setup(11)
    other_start["commitment"] = shown
    (tmp_path / "other.json").write_text(json.dumps(
        from_position(other_start, other.record()["actions"])))
    proc = run("verify", str(tmp_path / "other.json"), "--commitment", shown)
    assert proc.returncode == 1 and "commitment mismatch" in proc.stdout

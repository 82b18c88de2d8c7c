"""Campaigns: two-game scoring, best-of majorities, who goes first, armies between games,
saving and resuming (between games and in the middle of one), and hostile saved files."""

from __future__ import annotations

import json
import random

import pytest

from legends_core import LegendsError, PositionError, preset
from legends_core.campaign import Campaign, destroyed_count
from legends_core.testing import position


def play_out(campaign: Campaign, seed: int = 0) -> dict:
    """Play the next game at random to its end and score it."""
    if campaign.chooser is not None:
        campaign.choose_first(campaign.chooser)
    game = campaign.start_game()
    rng = random.Random(seed)
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    return campaign.finish_game()


def saved(results, *, kind="two-game", games=2, first=0, **more) -> dict:
    data = Campaign.new(kind=kind, games=games, names=("Ann", "Bob"), seed=5, first=first,
                        turn_limit=100, auto_pass=True).to_dict()
    data["results"] = results
    data.update(more)
    return data


def won(first, winner, score, turns=50):
    return {"first": first, "winner": winner, "score": score, "turns": turns, "reason": "x"}


# -- scoring -----------------------------------------------------------------------------


def test_the_winner_scores_the_losers_destroyed_pieces():
    c = Campaign.new(kind="two-game", names=("Ann", "Bob"), seed=2, turn_limit=400,
                     auto_pass=True)
    game = c.start_game()
    rng = random.Random(2)
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    assert game.winner is not None  # this seed ends with a winner
    loser = game.players.index("gray" if game.winner == "beige" else "beige")
    g = game.engine
    off_board = [p for p in range(len(g.types)) if g.owner[p] == loser and g.loc[p] < 0]
    result = c.finish_game()
    assert result["winner"] == ["beige", "gray"].index(game.winner)
    assert result["score"] == len(off_board) >= 1  # the castle at least
    assert c.scores[result["winner"]] == result["score"] and c.scores[1 - result["winner"]] == 0


def test_a_death_curse_piece_of_the_loser_counts_as_destroyed():
    game = position({"a1": 16, "h8": 152}, curse=(160, "gray"), destroyed={"gray": [143, 142]})
    assert destroyed_count(game, "gray") == 3
    assert destroyed_count(game, "beige") == 0


def test_two_game_campaign_higher_total_wins_even_with_as_many_wins():
    c = Campaign.from_dict(saved([won(0, 0, 3), won(1, 1, 10)]))
    assert c.is_over and c.wins == (1, 1) and c.scores == (3, 10)
    assert c.winner == "Bob"


def test_two_game_campaign_tie_is_drawn():
    c = Campaign.from_dict(saved([won(0, 0, 7), won(1, 1, 7)]))
    assert c.is_over and c.winner is None
    c = Campaign.from_dict(saved([won(0, None, 0), won(1, None, 0)]))
    assert c.is_over and c.winner is None


def test_each_player_goes_first_once_in_a_two_game_campaign():
    c = Campaign.new(kind="two-game", names=("Ann", "Bob"), seed=1, first="Bob",
                     turn_limit=60, auto_pass=True)
    assert c.next_first() == "Bob"
    first = play_out(c)
    assert first["first"] == 1
    assert c.chooser is None and c.next_first() == "Ann"
    game = c.start_game()
    assert game.current_player == "beige"  # Ann plays beige and begins
    with pytest.raises(LegendsError):
        c.start_game()  # one game at a time


def test_best_of_ends_as_soon_as_a_player_has_a_majority():
    c = Campaign.from_dict(saved([won(0, 0, 3), won(0, 0, 4)], kind="best-of", games=3))
    assert c.is_over and c.winner == "Ann"
    with pytest.raises(LegendsError):
        c.start_game()
    c = Campaign.from_dict(saved([won(0, 0, 3), won(0, 1, 4)], kind="best-of", games=3))
    assert not c.is_over


def test_best_of_with_games_without_a_winner_goes_by_wins_then_draws():
    c = Campaign.from_dict(saved([won(0, 0, 3), won(0, None, 0), won(1, None, 0)],
                                 kind="best-of", games=3))
    assert c.is_over and c.winner == "Ann"
    c = Campaign.from_dict(saved([won(0, 0, 3), won(0, 1, 1), won(1, None, 0), won(0, None, 0)],
                                 kind="best-of", games=4))
    assert c.is_over and c.winner is None


def test_the_loser_of_the_last_game_chooses_who_goes_first():
    c = Campaign.from_dict(saved([won(0, 0, 3)], kind="best-of", games=3))
    assert c.chooser == "Bob" and c.next_first() is None
    with pytest.raises(LegendsError, match="Bob must first choose"):
        c.start_game()
    c.choose_first("Bob")
    assert c.next_first() == "Bob"
    assert c.start_game().current_player == "gray"
    # After a game without a winner, the player who went second chooses.
    c = Campaign.from_dict(saved([won(0, None, 0)], kind="best-of", games=3))
    assert c.chooser == "Bob"


def test_armies_change_between_games_only():
    c = Campaign.new(kind="best-of", games=3, names=("Ann", "Bob"), seed=4,
                     armies=("preset-1", "preset-2"), turn_limit=40, auto_pass=True)
    game = c.start_game()
    assert game.record()["setup"]["beige"] == list(preset(1, "beige"))
    with pytest.raises(LegendsError):
        c.set_army("Ann", "preset-3")
    rng = random.Random(0)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    c.finish_game()
    c.set_army("Ann", "preset-3")
    if c.chooser:
        c.choose_first("Ann")
    assert c.start_game().record()["setup"]["beige"] == list(preset(3, "beige"))


# -- saving and resuming -----------------------------------------------------------------


def test_a_campaign_resumes_between_games_and_in_the_middle_of_one():
    c = Campaign.new(kind="two-game", names=("Ann", "Bob"), seed=8, turn_limit=80,
                     auto_pass=True)
    play_out(c, 1)
    text = json.dumps(c.to_dict())
    again = Campaign.from_dict(text)
    assert again.table() == c.table() and again.next_first() == c.next_first()
    game = again.start_game()
    rng = random.Random(3)
    for _ in range(25):
        game.apply(rng.choice(list(game.legal_actions())))
    middle = json.dumps(again.to_dict())
    resumed = Campaign.from_dict(middle)
    assert resumed.game is not None
    assert resumed.game.to_position() == game.to_position()
    while not resumed.game.is_over:
        resumed.game.apply(rng.choice(list(resumed.game.legal_actions())))
    resumed.finish_game()
    assert resumed.is_over and len(resumed.table()) == 2


def test_each_campaign_game_records_its_round_and_who_plays_each_side():
    c = Campaign.new(kind="best-of", games=3, names=("Ann", "Bob"), seed=8, turn_limit=80,
                     auto_pass=True)
    play_out(c, 1)
    if c.chooser is not None:
        c.choose_first(c.chooser)
    headers = c.start_game().record()["headers"]
    assert headers["players"] == {"beige": "Ann", "gray": "Bob"}
    assert headers["round"] == "2" and headers["event"] == "campaign (best-of, 3 games)"
    # Saved in the middle of the game and resumed, the headers come back with it.
    assert Campaign.from_dict(json.dumps(c.to_dict())).game.headers["round"] == "2"


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(kind="best-of-3"), "kind"),
    (lambda d: d.update(games=3), "games"),
    (lambda d: d.update(names=["Ann", "Ann"]), "names"),
    (lambda d: d.update(armies=["preset-1", {"x": 1}]), "armies[1]"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(first=2), "first"),
    (lambda d: d.update(results=[won(0, 2, 3)]), "results[0].winner"),
    (lambda d: d.update(results=[won(1, 0, 3)]), "results[0].first"),
    (lambda d: d.update(results=[won(0, None, 3)]), "results[0].score"),
    (lambda d: d.update(results=[won(0, 0, 3), won(1, 1, 2), won(0, 1, 2)]), "results"),
    (lambda d: d.update(results=[dict(won(0, 0, 3), extra=1)]), "results[0]"),
    (lambda d: d.update(first_choice=1), "first_choice"),
    (lambda d: d.update(current={"format": "stratego-legends-record", "version": 1,
                                 "setup": {"seed": 1, "first": "gray"}}), "current.setup.first"),
    (lambda d: d.update(current={"format": "stratego-legends-record", "version": 1,
                                 "setup": {"seed": 1, "first": "beige"},
                                 "actions": ["zz9-zz8"]}), "current.actions[0]"),
    (lambda d: d.update(current={"format": "stratego-legends-record", "version": 1,
                                 "setup": {"seed": 1, "first": "beige", "players": 4}}),
     "current.setup"),
])
def test_a_bad_saved_campaign_is_refused_naming_the_field(change, field):
    data = saved([])
    change(data)
    with pytest.raises(PositionError) as err:
        Campaign.from_dict(data)
    assert str(err.value).startswith(field), str(err.value)


def test_a_saved_campaign_in_json_text_is_read_within_bounds():
    with pytest.raises(PositionError, match="nested more than"):
        Campaign.from_dict("[" * 100 + "]" * 100)

"""Tests of the example pack's piece, written the way any pack can test its pieces."""

from legends_core import catalogue
from legends_core.testing import play, position


def test_the_pack_is_discovered_on_install():
    t = catalogue()[301]
    assert t.name == "Ember Drake" and t.strength == 6 and t.army == "gray"


def test_the_drake_gets_two_when_attacking():
    # 6 + 2 = 8 beats a strength 7 Srik.
    game = position({"d5": 301, "d4": 8, "a1": 11}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.piece_at("d4").name == "Ember Drake"


def test_the_drakes_bonus_says_it_never_lowers_its_strength():
    assert catalogue().behaviour(301).strength_floor == 6  # 6, plus at least 0


def test_the_drake_fights_at_six_when_attacked():
    game = position({"d5": 301, "d4": 8, "h8": 157})
    play(game, "d4-d5", "pass", "pass")
    assert game.piece_at("d5").name == "Srik"


def test_the_drake_flies():
    game = position({"d5": 301, "d4": 8, "h8": 157}, active="gray")
    play(game, "d5 flying d3")
    assert game.piece_at("d3").name == "Ember Drake"


# -- the Cinder Oracle: an action with a target, then a question ---------------------------
def test_the_oracle_points_at_a_neighbour_and_scorches_it():
    game = position({"d5": 302, "d4": 8, "a1": 11}, active="gray")  # Srik, strength 7
    assert "d5 cinder-oracle d4" in [str(a) for a in game.legal_actions()]
    play(game, "d5 cinder-oracle d4")
    assert game.decision == "reveal the piece, or scorch it (-2 until the end of the turn)"
    assert [str(a) for a in game.legal_actions()] == ["choose reveal", "choose scorch"]
    play(game, "choose scorch")
    assert game.strength_at("d4") == 5


def test_the_oracle_may_reveal_instead_and_the_question_survives_saving():
    from legends_core import Game

    game = position({"d5": 302, "d4": 8, "a1": 11}, active="gray")
    play(game, "d5 cinder-oracle d4")
    resumed = Game.from_position(game.to_position())  # saved while the question waits
    play(resumed, "choose reveal")
    assert resumed.view("gray").piece_on("d4").name == "Srik"
    assert resumed.strength_at("d4") == 7


def test_the_oracles_kept_offers_stay_right_in_random_play():
    """``watches = "adjacent"`` must cover what the offers look at: at every main decision of
    random games, the offers the kernel kept equal offers worked out afresh."""
    import random

    from legends_core import Game
    from legends_core.testing import check_offers, position_dict

    for seed in range(20):
        rng = random.Random(seed)
        pos = position_dict({"d5": 302, "e5": 302, "c4": 301, "d4": 8, "e3": 37, "b2": 11,
                             "g7": 160, "a8": 157}, active="gray")
        pos["rules"]["turn_limit"] = 120
        game = Game.from_position(pos)
        while not game.is_over:
            check_offers(game)
            actions = list(game.legal_actions())
            # Favour the Oracles' action, so the kept offers are used and renewed often.
            oracle = [a for a in actions if a.key == "cinder-oracle"]
            game.apply(rng.choice(oracle if oracle and rng.random() < 0.3 else actions))

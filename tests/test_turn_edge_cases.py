"""Edge cases of the turn found by the stress runs (each was a crash before its fix)."""

from legends_core.testing import options, play, position


def test_losing_the_last_mobile_piece_to_an_ability_loses_at_once():
    # Gray's Bloodsucker (h8) is boxed in by water (h7) and its own stationary Flit Spore (g8);
    # its only mobile friend stands diagonally on g7. Feeding on it leaves gray no move and no
    # action, so gray loses there and then (stress seed 51918 used to find no legal action).
    game = position({"h8": 159, "g8": 200, "g7": 151, "a1": 8}, terrain={"h7": "water"},
                    active="gray")
    assert "h8 bloodsucker g7" in options(game)
    play(game, "h8 bloodsucker g7")
    assert game.is_over and game.winner == "beige" and "cannot move" in game.reason

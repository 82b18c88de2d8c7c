"""Qa'an pieces with powers of their own: Queen Kivoa, Garpus, Perplexon, Marbas, Parasitix,
Silwon the Confusing."""

from legends_core.testing import destroyed_names as dead_names
from legends_core.testing import options, play, position
from legends_core.testing import seen_number as known_to


def B(number):
    """A piece owned and controlled by beige."""
    return {"number": number, "owner": "beige"}




# -- #172 Queen Kivoa ---------------------------------------------------------------------


KIVOA = {"d5": 172, "a1": 175, "h1": 178, "a8": 184, "b8": 190, "c1": 171, "h8": B(11)}


def test_queen_kivoa_brings_three_insectoids_and_reveals_them():
    game = position(KIVOA, active="gray")
    play(game, "d5 queen-kivoa")
    # Only insectoids may come: Bremmuk (a mold) on c1 is not offered.
    assert options(game) == ["choose a1", "choose h1", "choose a8", "choose b8"]
    play(game, "choose a1", "choose c6", "choose h1", "choose c4", "choose a8", "choose e6")
    # Three moved: the action is over although Kzz't on b8 is still far away.
    assert game.decision_kind == "window"
    assert [game.piece_at(s).number for s in ("c6", "c4", "e6", "b8")] == [175, 178, 184, 190]
    for sq, number in (("c6", 175), ("c4", 178), ("e6", 184), ("d5", 172)):
        assert known_to(game, "beige", sq) == number
    assert known_to(game, "beige", "b8") is None


def test_queen_kivoa_may_stop_after_one():
    game = position(KIVOA, active="gray")
    play(game, "d5 queen-kivoa", "choose a1", "choose c6")
    assert "choose done" in options(game)
    play(game, "choose done")
    assert game.decision_kind == "window"
    assert game.piece_at("h1").name == "Yorkus"
    assert known_to(game, "beige", "h1") is None


def test_queen_kivoa_needs_an_insectoid_and_room():
    alone = position({"d5": 172, "c1": 171, "h8": B(11)}, active="gray")
    assert "d5 queen-kivoa" not in options(alone)
    # Three molds around the Queen in the corner: no free square next to her.
    hemmed = {"a1": 172, "a2": 171, "b1": 176, "b2": 182, "h1": 175, "h8": B(11)}
    assert "a1 queen-kivoa" not in options(position(hemmed, active="gray"))


# -- #177 Garpus --------------------------------------------------------------------------


def test_garpus_goes_next_to_its_castle_and_shows_it():
    game = position({"a1": 177, "h8": 203, "g8": 184, "d4": B(11)}, active="gray")
    moves = sorted(o for o in options(game) if "garpus" in o)
    assert moves == ["a1 garpus g7", "a1 garpus h7"]  # g8 is taken
    play(game, "a1 garpus g7")
    assert game.piece_at("g7").name == "Garpus" and game.piece_at("a1") is None
    assert known_to(game, "beige", "h8") == 203
    assert known_to(game, "beige", "g7") == 177
    assert known_to(game, "beige", "g8") is None


def test_garpus_uses_the_castle_it_controls_not_the_enemy_one():
    game = position({"a1": 177, "h1": B(204), "d4": B(11)}, active="gray")
    assert not any("garpus" in o for o in options(game))


# -- #180 Perplexon -----------------------------------------------------------------------


PERPLEXON = {"d5": 180, "d4": B(193), "a1": B(99), "b1": B(11), "h8": 203, "g8": 184}


def test_perplexon_trades_two_pieces_unseen():
    game = position(PERPLEXON, active="gray")
    play(game, "d5-d4", "pass", "pass")
    # The opponent picks first, among all of their pieces.
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose a1", "choose b1"]
    play(game, "choose b1")
    assert game.current_player == "gray"
    assert sorted(options(game)) == ["choose d4", "choose g8", "choose h8"]
    play(game, "choose g8")
    assert game.piece_at("b1").name == "Hades Giant" and game.controller_at("b1") == "gray"
    assert game.piece_at("g8").name == "High Elf" and game.controller_at("g8") == "beige"
    # Nobody learned anything from the trade.
    assert known_to(game, "beige", "b1") is None
    assert known_to(game, "gray", "g8") is None
    assert game.decision_kind == "window"


def test_perplexon_may_trade_stationary_pieces_and_castles():
    game = position(PERPLEXON, active="gray")
    play(game, "d5-d4", "pass", "pass", "choose a1", "choose h8")
    assert game.piece_at("a1").name == "The Hidden Hive" and game.controller_at("a1") == "gray"
    assert game.piece_at("h8").name == "Anti-Red Wind" and game.controller_at("h8") == "beige"
    assert not game.is_over


def test_perplexon_does_nothing_after_losing():
    game = position({**PERPLEXON, "d4": B(37)}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"
    assert game.piece_at("b1").name == "High Elf"


# -- #187 Marbas --------------------------------------------------------------------------


def test_marbas_destroys_itself_to_reveal_an_enemy():
    game = position({"a1": 187, "h8": B(37), "g8": B(11), "b1": 184}, revealed=["g8"],
                    active="gray")
    # Already revealed enemies are not worth it.
    assert sorted(o for o in options(game) if "marbas" in o) == ["a1 marbas h8"]
    play(game, "a1 marbas h8")
    assert known_to(game, "gray", "h8") == 37
    assert game.piece_at("a1") is None and dead_names(game, "gray") == ["Marbas"]


def test_marbas_mountain_bonus():
    game = position({"d5": 187, "d4": B(11), "h8": B(11)}, terrain={"d4": "mountain"},
                    active="gray")
    play(game, "d5-d4")
    assert game.strength_at("d5") == 6
    play(game, "pass", "pass")
    assert game.piece_at("d4") is None and game.piece_at("d5") is None  # 6 ties the High Elf


# -- #189 Parasitix, #199 Spore of Parasitix ---------------------------------------------


def test_parasitix_takes_a_piece_the_opponent_chooses():
    game = position({"a1": 189, "h8": B(37), "g8": B(11), "h1": B(204), "b1": 184},
                    active="gray")
    play(game, "a1 parasitix")
    assert game.piece_at("a1") is None and dead_names(game, "gray") == ["Parasitix"]
    assert game.current_player == "beige"
    assert sorted(options(game)) == ["choose g8", "choose h8"]  # not the castle
    play(game, "choose g8")
    assert game.controller_at("g8") == "gray"
    assert known_to(game, "gray", "g8") == 11


def test_parasitix_gets_the_castle_when_nothing_else_is_left():
    game = position({"a1": 189, "h1": B(204), "b1": 184}, active="gray")
    play(game, "a1 parasitix", "choose h1")
    assert game.winner == "gray"


def test_spore_of_parasitix_action_takes_a_piece():
    game = position({"a1": 199, "h8": B(37), "b1": 184}, active="gray")
    play(game, "a1 spore-of-parasitix", "choose h8")
    assert game.controller_at("h8") == "gray" and dead_names(game, "gray") == ["Spore of Parasitix"]


# -- #192 Silwon the Confusing ------------------------------------------------------------


SILWON = {"d5": 192, "d4": B(193), "c3": B(11), "e3": B(189), "h8": B(37), "a8": 184}


def test_silwon_takes_an_adjacent_enemy_after_winning():
    game = position(SILWON, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.current_player == "gray"
    assert sorted(options(game)) == ["choose c3", "choose e3"]  # h8 is not adjacent
    play(game, "choose c3")
    assert game.controller_at("c3") == "gray" and game.controller_at("e3") == "beige"
    assert known_to(game, "gray", "c3") == 11


def test_silwon_takes_the_enemy_castle_and_wins():
    game = position({**SILWON, "e4": B(204)}, active="gray")
    play(game, "d5-d4", "pass", "pass", "choose e4")
    assert game.winner == "gray"


def test_silwon_without_neighbours_takes_nothing():
    game = position({"d5": 192, "d4": B(193), "h8": B(37), "a8": 184}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"


def test_silwon_after_losing_takes_nothing():
    game = position({**SILWON, "d4": B(184)}, active="gray")
    play(game, "d5-d4", "pass", "pass")
    assert game.decision_kind == "window"
    assert game.controller_at("c3") == "beige"

"""Promotional pieces: #205 Delmikra, #206 Dalious, #207 Celams, #208 Noslrac."""

from legends_core import catalogue
from legends_core.testing import curse_name, options, play, position
from legends_core.testing import destroyed_names as dead_names
from legends_core.testing import seen_number as known_to


def B(number):
    """A piece owned and controlled by beige."""
    return {"number": number, "owner": "beige"}


def G(number):
    """A piece owned and controlled by gray."""
    return {"number": number, "owner": "gray"}





def test_extras_are_marked():
    cat = catalogue()
    assert not cat[205].extra and not cat[206].extra
    assert cat[207].extra and cat[208].extra
    assert {t.number for t in cat.official()} >= {205, 206}
    assert not {207, 208} & {t.number for t in cat.official()}


# -- #205 Delmikra ------------------------------------------------------------------------


def test_delmikra_flies():
    game = position({"d4": 205, "d5": G(184), "h8": G(11)})
    assert "d4 flying d6" in options(game)


DELMIKRA = {"d3": B(44), "d4": G(195), "a8": G(184), "b8": G(175), "c8": G(189),
            "h8": G(204), "h1": B(11)}


def test_delmikra_curse_end_hands_over_two_pieces():
    # Beige's Delmikra curse is replaced when Gray Knight destroys Nosimaj.
    game = position(DELMIKRA, curse=(205, "beige"))
    play(game, "d3-d4", "pass", "pass")
    assert game.current_player == "gray"
    assert sorted(options(game)) == ["choose a8", "choose b8", "choose c8"]  # not the castle
    play(game, "choose a8")
    assert sorted(options(game)) == ["choose b8", "choose c8"]
    play(game, "choose c8")
    assert game.controller_at("a8") == "beige" and game.controller_at("c8") == "beige"
    assert game.controller_at("b8") == "gray"
    assert known_to(game, "beige", "a8") == 184
    assert curse_name(game) == "Nosimaj" and game.engine.curse_on


def test_delmikra_curse_does_nothing_while_in_effect():
    game = position({**DELMIKRA, "d4": G(189)}, curse=(205, "beige"))
    play(game, "d3-d4", "pass", "pass")
    assert game.decision_kind == "window"
    assert game.controller_at("a8") == "gray"


def test_delmikra_curse_end_with_only_the_castle_left_wins():
    game = position({"d3": B(44), "d4": G(195), "h8": G(204), "h1": B(11)},
                    curse=(205, "beige"))
    play(game, "d3-d4", "pass", "pass", "choose h8")
    assert game.winner == "beige"


# -- #206 Dalious -------------------------------------------------------------------------


def test_dalious_curse_end_destroys_every_magic_piece_without_spells():
    pieces = {"d3": B(44), "d4": G(195),
              "a1": B(99), "b1": B(198), "a8": G(201), "b8": G(198), "c8": G(199),
              "h8": G(204), "h1": B(11), "g8": G(184)}
    game = position(pieces, curse=(206, "gray"))
    play(game, "d3-d4", "pass", "pass")
    for sq in ("a1", "b1", "a8", "b8", "c8"):
        assert game.piece_at(sq) is None
    assert dead_names(game, "beige") == ["Paranos"]  # Anti-Red Wind went to the curse queue
    assert dead_names(game, "gray") == ["Dalious", "Fungus of Bremmuk", "Nosimaj",
                                        "Paranos", "Spore of Parasitix"]
    # No spell was cast: nobody else died; castles and warriors are untouched.
    assert game.piece_at("d4").name == "Gray Knight"
    assert game.piece_at("h8").name == "Infested Nest" and game.piece_at("g8").name == "Hades Giant"
    # The one death curse among them takes effect after Nosimaj's.
    assert curse_name(game) == "Anti-Red Wind"


def test_dalious_two_magic_curses_cancel():
    pieces = {"d3": B(44), "d4": G(195), "a8": G(200), "b8": G(202),
              "h8": G(204), "h1": B(11)}
    game = position(pieces, curse=(206, "gray"))
    play(game, "d3-d4", "pass", "pass")
    assert game.piece_at("a8") is None and game.piece_at("b8") is None
    assert curse_name(game) == "Nosimaj"
    assert {"Flit Spore", "Larva"} <= set(dead_names(game, "gray"))


def test_dalious_reveals_before_destroying():
    game = position({"d3": B(44), "d4": G(195), "a8": G(198), "h8": G(204), "h1": B(11)},
                    curse=(206, "gray"))
    events = play(game, "d3-d4", "pass", "pass")
    kinds = [type(e).__name__ for e in events]
    assert "Revealed" in kinds


# -- #207 Celams --------------------------------------------------------------------------


CELAMS = {"d4": 207, "d3": G(174), "a1": 11, "h8": G(11)}


def test_celams_destroys_an_enemy_that_flew_over_her():
    game = position(CELAMS, active="gray")
    play(game, "d3 flying d5")
    assert game.decision_kind == "window" and game.current_player == "gray"
    play(game, "pass")
    assert game.current_player == "beige"
    assert "d4 celams d5" in options(game)
    play(game, "d4 celams d5")
    assert game.piece_at("d5") is None and dead_names(game, "gray") == ["Frinhorn"]
    assert known_to(game, "gray", "d4") == 207


def test_celams_ignores_flights_elsewhere_and_her_own_side():
    game = position({**CELAMS, "e3": G(179), "e4": 11}, active="gray")
    play(game, "e3 flying e5", "pass")
    assert not any("celams" in o for o in options(game))
    own = position({"d3": B(174), "d4": 207, "a1": G(11)})  # beige flies over its own Celams
    play(own, "d3 flying d5")
    assert own.decision_kind == "window" and own.current_player == "beige"
    assert not any("celams" in o for o in options(own))


def test_celams_acts_only_before_the_turn_ends():
    game = position(CELAMS, active="gray")
    play(game, "d3 flying d5", "pass", "pass")
    assert game.active_player == "beige"
    assert not any("celams" in o for o in options(game))


def test_celams_flies():
    game = position({"d4": 207, "d5": G(184), "h8": G(11)})
    assert "d4 flying d6" in options(game)


# -- #208 Noslrac -------------------------------------------------------------------------


def test_noslrac_gives_an_adjacent_mutant_two():
    # Silwon (3) attacks Parasitix (4): it would lose, with +2 it wins.
    game = position({"d5": G(192), "d4": B(189), "e6": G(208), "h1": B(11)}, active="gray")
    play(game, "d5-d4")
    assert "e6 noslrac d5" in options(game)
    play(game, "e6 noslrac d5")
    assert game.strength_at("d5") == 5
    assert known_to(game, "beige", "e6") == 208 and known_to(game, "beige", "d5") == 192
    play(game, "pass", "pass")
    assert game.piece_at("d4").name == "Silwon the Confusing"


def test_noslrac_once_per_turn_mutants_only_until_the_end_of_the_turn():
    game = position({"e6": G(208), "d5": G(192), "f5": G(180), "e7": G(184), "h1": B(11)},
                    active="gray")
    opts = {o for o in options(game) if "noslrac" in o}
    assert opts == {"e6 noslrac d5", "e6 noslrac f5"}  # not the Hades Giant
    play(game, "e6 noslrac f5")
    assert game.strength_at("f5") == 9
    assert not any("noslrac" in o for o in options(game))
    play(game, "f5-f4", "pass", "pass")
    assert game.strength_at("f4") == 7


NOSLRAC = {"d3": B(44), "d4": G(195),
           "a1": B(22), "b1": B(99), "c1": B(11), "e1": B(189), "f1": B(184), "g1": B(175),
           "h1": B(204),
           "a8": G(184), "b8": G(175), "c8": G(190), "d8": G(193), "h8": G(203)}


def test_noslrac_curse_end_five_then_three_each_group_at_once():
    game = position(NOSLRAC, curse=(208, "gray"))
    play(game, "d3-d4", "pass", "pass")
    # Beige (the opponent) names five pieces, never the castle; none goes before all five.
    assert game.current_player == "beige"
    assert "choose h1" not in options(game)
    play(game, "choose a1", "choose b1", "choose c1", "choose e1")
    assert game.piece_at("a1") is not None and game.current_player == "beige"
    play(game, "choose f1")
    for sq in ("a1", "b1", "c1", "e1", "f1"):
        assert game.piece_at(sq) is None
    # Strangling Vines and Anti-Red Wind went together: their curses cancel.
    assert curse_name(game) == "Nosimaj"
    # Then gray destroys three of its own, together.
    assert game.current_player == "gray"
    assert "choose h8" not in options(game)
    play(game, "choose a8", "choose b8")
    assert game.piece_at("a8") is not None
    play(game, "choose d8")
    assert [game.piece_at(s) for s in ("a8", "b8", "d8")] == [None, None, None]
    assert game.piece_at("c8").name == "Kzz't" and game.piece_at("g1").name == "Mrmrm"
    assert game.decision_kind == "window"


def test_noslrac_curse_end_with_too_few_pieces():
    pieces = {"d3": B(44), "d4": G(195), "c1": B(11), "h1": B(204), "a8": G(184), "h8": G(203)}
    game = position(pieces, curse=(208, "gray"))
    play(game, "d3-d4", "pass", "pass")
    play(game, "choose c1", "choose d4")  # beige has only two pieces besides its castle
    assert game.piece_at("c1") is None and game.piece_at("d4") is None
    assert game.current_player == "gray"
    play(game, "choose a8")
    assert game.piece_at("a8") is None and game.piece_at("h8") is not None
    assert game.piece_at("h1") is not None and not game.is_over

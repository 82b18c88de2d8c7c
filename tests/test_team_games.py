"""Team games (4, 6 or 8 players): seats, boards, turn order, control by region, allies,
the end of the game, shared knowledge, and powers that name "the opponent".

Positions come from :func:`legends_core.testing.team_position`: a plain board of the team
game's size, where ``beige-1`` and ``gray-1`` hold files a-h, ``beige-2`` and ``gray-2`` files
i-p (and so on), beige on ranks 1-4 and gray on 5-8 when they set up.
"""

from __future__ import annotations

import pytest

from legends_core import Game, PositionError
from legends_core.testing import (
    name_at,
    options,
    pass_windows,
    play,
    team_position,
    team_position_dict,
)

# Plain pieces: warriors whose powers do not matter on plains.
GRUNDIN, HILLSTONE_PRIEST, GOLD_KNIGHT = 16, 43, 8 + 33  # beige 5, 7, 8
SKELETON_HORDE, MUMMY, RAT, PLAGUE_BEARER, BONE_LEGION = 142, 143, 152, 155, 157  # gray 8 8 5 4 3
QUICKSAND, BONE_CASTLE, RANCID_CASTLE, URGWAINES_CASTLE, MIRAGE_CASTLE = 28, 170, 169, 67, 68
TIERA, NOBLE_CLERIC, DWARVEN_GENERAL, WANNOK = 37, 52, 9, 13
SPORE, PARASITIX, DUMES, DELMIKRA, SKELETON_WARLOCK = 199, 189, 123, 205, 160


def everyone_can_move(**extra):
    """A warrior for each of the four players, in a corner of their band, plus ``extra``."""
    pieces = {"a1": GRUNDIN, "p1": GRUNDIN, "a8": RAT, "p8": RAT}
    pieces.update(extra)
    return pieces


def end_turn(game: Game) -> None:
    pass_windows(game)


# -- seats, boards and setup ----------------------------------------------------------------


@pytest.mark.parametrize("players, width", [(4, 16), (6, 24), (8, 32)])
def test_a_team_game_has_named_seats_two_boards_each_and_thirty_pieces_per_player(players, width):
    game = Game.new(players=players, seed=5, setup=False)
    k = players // 2
    assert game.players == tuple(f"{s}-{i}" for i in range(1, k + 1) for s in ("beige", "gray"))
    assert game.teams == {"beige": game.players[0::2], "gray": game.players[1::2]}
    assert (game.board.width, game.board.height) == (width, 8)
    assert len(game.board.layout) == 2 * players
    g = game.engine
    for i, seat in enumerate(game.players):
        mine = [p for p in range(len(g.types)) if g.owner[p] == i]
        assert len(mine) == 30
        band = {g.board.file_of(g.loc[p]) for p in mine}
        assert band <= set(range(8 * (i // 2), 8 * (i // 2) + 8)), seat
        side = "beige" if seat.startswith("beige") else "gray"
        assert {g.types[p].army for p in mine} == {side}
        ranks = {g.board.rank_of(g.loc[p]) for p in mine}
        assert ranks <= ({0, 1, 2, 3} if side == "beige" else {4, 5, 6, 7})


def test_the_last_files_of_a_wide_board_are_named_after_z():
    game = Game.new(players=8, seed=1, setup=False)
    assert [game.board.name(f) for f in (25, 26, 31)] == ["z1", "aa1", "af1"]
    assert game.board.parse_square("af8") == 7 * 32 + 31


def test_each_player_reshuffles_the_army_of_the_player_across_the_table():
    game = Game.new(players=4, seed=2)
    targets = []
    for _ in range(4):
        assert game.decision_kind == "setup-shuffle"
        targets.append(game.engine.pending.target)
        game.apply("choose keep")
    assert [game.players[t] for t in targets] == ["gray-1", "beige-1", "gray-2", "beige-2"]


def test_armies_are_given_per_seat_or_per_side():
    game = Game.new(players=4, seed=3, setup=False, beige="preset-2",
                    armies={"beige-2": "preset-5", "gray-1": "preset-1"})
    setup = game.record()["setup"]
    from legends_core import preset

    assert setup["players"] == 4
    assert setup["armies"]["beige-1"] == list(preset(2, "beige"))
    assert setup["armies"]["beige-2"] == list(preset(5, "beige"))
    assert setup["armies"]["gray-1"] == list(preset(1, "gray"))
    with pytest.raises(ValueError, match="not a seat"):
        Game.new(players=4, seed=3, armies={"beige": "preset-1"})
    with pytest.raises(ValueError, match="2, 4, 6 or 8"):
        Game.new(players=3, seed=3)
    with pytest.raises(ValueError, match="played by 2 players"):
        Game.new(rules="classic", players=4, seed=3)


def test_a_team_game_record_replays_and_its_position_loads_back():
    game = Game.new(players=6, seed=11, auto_pass=True, turn_limit=40)
    import random

    rng = random.Random(11)
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    again = Game.from_record(game.record())
    assert again.to_position() == game.to_position()
    assert Game.from_position(game.to_position()).to_position() == game.to_position()


# -- turn order --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 8])
def test_beige_and_gray_alternate_and_nobody_plays_twice_before_everyone_has(players):
    pieces = {}
    k = players // 2
    for i in range(k):
        left = "abcdefghijklmnopqrstuvwxyz"[8 * i] if 8 * i < 26 else "a" + chr(97 + 8 * i - 26)
        pieces[f"{left}1"] = GRUNDIN
        pieces[f"{left}8"] = RAT
    game = team_position(pieces, players=players)
    seen = []
    for _ in range(2 * players):
        seen.append(game.active_player)
        play(game, options(game)[0])
        end_turn(game)
    expected = [f"{s}-{i}" for i in range(1, k + 1) for s in ("beige", "gray")]
    assert seen == expected * 2


# -- control by region -------------------------------------------------------------------


def test_a_piece_crossing_into_a_teammates_band_changes_controller():
    game = team_position(everyone_can_move(h4=HILLSTONE_PRIEST))
    assert game.controller_at("h4") == "beige-1"
    events = play(game, "h4-i4")
    assert game.controller_at("i4") == "beige-2"
    assert any(e.kind == "control" and e.player == "beige-2" for e in events)
    end_turn(game)
    play(game, "a8-a7")
    end_turn(game)
    # Now beige-2 plays it, and beige-1 no longer can.
    assert game.active_player == "beige-2"
    assert "i4-h4" in options(game)


def test_a_piece_winning_an_attack_across_the_border_goes_on_under_the_teammate():
    game = team_position(everyone_can_move(h4=HILLSTONE_PRIEST, i4=PLAGUE_BEARER))
    play(game, "h4-i4")
    pass_windows(game)
    assert name_at(game, "i4") == "Hillstone Priest"
    assert game.controller_at("i4") == "beige-2"


def test_powers_after_an_attack_won_across_the_border_belong_to_the_teammate():
    # Tiera wins on i4, in beige-2's band: her power still follows, and beige-2 makes its
    # choice.
    game = team_position(everyone_can_move(h4=TIERA, i4=PLAGUE_BEARER, k7=MUMMY))
    play(game, "h4-i4")
    pass_windows(game)
    assert game.controller_at("i4") == "beige-2"
    assert game.current_player == "beige-2" and game.decision_kind == "ask"
    assert sorted(options(game)) == ["choose gray-1", "choose gray-2"]


def test_a_piece_handed_over_goes_to_the_teammate_whose_band_it_stands_in():
    # gray-1's Parasitix makes beige-2 hand over a piece on p3: gray-2's band, so gray-2's.
    game = team_position({"a1": GRUNDIN, "c6": PARASITIX, "p1": GRUNDIN, "a8": RAT,
                          "p8": RAT, "p3": HILLSTONE_PRIEST}, active="gray-1")
    play(game, "c6 parasitix")
    assert game.decision_kind == "ask" and game.current_player == "gray-1"
    assert sorted(options(game)) == ["choose beige-1", "choose beige-2"]
    play(game, "choose beige-2")
    assert game.current_player == "beige-2"
    play(game, "choose p3")
    assert game.controller_at("p3") == "gray-2"
    assert game.view("gray-1").piece_on("p3").number == HILLSTONE_PRIEST  # the team knows it


def test_positions_must_give_each_team_piece_to_the_player_of_its_band():
    pos = team_position_dict(everyone_can_move(h4=HILLSTONE_PRIEST))
    piece = next(p for p in pos["pieces"] if p["at"] == "h4")
    piece["controller"] = "beige-2"
    with pytest.raises(PositionError, match=r"pieces\[\d+\]\.controller"):
        Game.from_position(pos)


def test_positions_must_let_a_team_know_its_pieces():
    pos = team_position_dict(everyone_can_move())
    pos["pieces"][0]["known_to"] = ["beige-1"]
    with pytest.raises(PositionError, match=r"pieces\[0\]\.known_to"):
        Game.from_position(pos)


def test_overlapping_bands_are_refused():
    pos = team_position_dict(everyone_can_move())
    pos["board"]["regions"]["beige-2"] = pos["board"]["regions"]["beige-1"]
    with pytest.raises(PositionError, match="board.regions"):
        Game.from_position(pos)


# -- allies ------------------------------------------------------------------------------


def test_no_piece_moves_onto_an_allys_square_nor_flies_onto_it():
    game = team_position(everyone_can_move(h4=WANNOK, i4=GRUNDIN, h5=GRUNDIN))
    opts = options(game)
    assert "h4-i4" not in opts and "h4-h5" not in opts
    assert not [o for o in opts if o.startswith("h4 flying") and o.endswith(("i4", "h5"))]


def test_dumes_may_attack_a_teammates_piece():
    game = team_position(everyone_can_move(h5=(DUMES, "gray-1"), i5=(RAT, "gray-2")),
                         active="gray-1")
    assert "h5-i5" in options(game)


# -- the end -----------------------------------------------------------------------------


def test_a_player_who_cannot_move_or_act_loses_for_the_whole_team():
    # beige-2 holds only a stationary Quicksand.
    game = team_position({"a1": GRUNDIN, "p1": QUICKSAND, "a8": RAT, "p8": RAT})
    play(game, "a1-a2")
    end_turn(game)
    play(game, "a8-a7")
    end_turn(game)
    assert game.is_over and game.reason == "beige-2 cannot move or act"
    assert game.winners == ("gray-1", "gray-2")
    assert game.winner == "gray-2"  # the first opponent due after beige-2


def test_losing_a_castle_does_not_end_the_game_while_the_side_has_another():
    game = team_position(everyone_can_move(b7=GOLD_KNIGHT, o7=GOLD_KNIGHT,
                                           b8=BONE_CASTLE, o8=RANCID_CASTLE))
    play(game, "b7-b8")
    pass_windows(game)
    assert not game.is_over
    assert name_at(game, "b8") == "Gold Knight"  # the attacker took the square
    assert game.active_player == "gray-1"  # gray-1 plays on without a castle
    play(game, "a8-a7")
    end_turn(game)
    play(game, "o7-o8")
    assert game.is_over and game.winners == ("beige-1", "beige-2")
    assert game.reason == "attacked the enemy castle"


def test_a_castle_handed_to_the_other_side_counts_as_lost_for_its_side():
    # beige-1 controls nothing but its castle, so gray-1's Spore of Parasitix takes the castle
    # itself; beige still holds beige-2's castle, so the game goes on, until beige-1 is to
    # play with nothing to move.
    game = team_position({"b1": URGWAINES_CASTLE, "c6": SPORE, "p1": GRUNDIN,
                          "o1": MIRAGE_CASTLE, "a8": RAT, "p8": RAT}, active="gray-1")
    play(game, "c6 spore-of-parasitix", "choose beige-1", "choose b1")
    assert game.controller_at("b1") == "gray-1"
    assert not game.is_over
    pass_windows(game)
    for move in ("p1-p2", "p8-p7"):
        play(game, move)
        pass_windows(game)
    assert game.is_over and game.reason == "beige-1 cannot move or act"
    assert game.winners == ("gray-1", "gray-2")


# -- knowledge ---------------------------------------------------------------------------


def test_teammates_know_each_others_pieces_and_opponents_do_not():
    game = Game.new(players=4, seed=9, setup=False)
    g = game.engine
    for seat in game.players:
        view = game.view(seat)
        me = game.players.index(seat)
        for pv in view.pieces:
            pid = g.grid[g.board.parse_square(pv.square)]
            if g.same_side(g.owner[pid], me):
                assert pv.number == g.types[pid].number
            else:
                assert pv.number is None


# -- "the opponent" ----------------------------------------------------------------------


def test_tieras_player_picks_which_opponent_destroys_a_piece():
    game = team_position(everyone_can_move(d4=TIERA, d5=PLAGUE_BEARER, k7=MUMMY))
    play(game, "d4-d5")
    pass_windows(game)
    assert game.current_player == "beige-1" and game.decision_kind == "ask"
    assert sorted(options(game)) == ["choose gray-1", "choose gray-2"]
    events = play(game, "choose gray-2")
    assert game.current_player == "gray-2"
    assert sorted(options(game)) == ["choose k7", "choose p8"]
    # The pick is private to the one who made it.
    assert [e for e in game.events_for(events, "gray-1") if e.kind == "choose"] == []
    assert [e for e in game.events_for(events, "beige-1") if e.kind == "choose"]


def test_in_a_two_player_game_nobody_is_asked_which_opponent():
    from legends_core.testing import position

    game = position({"d4": TIERA, "d5": PLAGUE_BEARER, "a1": GRUNDIN, "h8": RAT})
    play(game, "d4-d5", "pass", "pass")
    assert game.current_player == "gray" and options(game) == ["choose h8"]


def test_a_death_curse_naming_the_opponent_lets_its_player_pick_one():
    # Delmikra's curse works for beige-1; when the Skeleton Warlock's curse replaces it,
    # beige-1 picks the opponent who hands over two pieces.
    game = team_position(everyone_can_move(d4=GOLD_KNIGHT, d5=SKELETON_WARLOCK, k7=MUMMY),
                         curse=(DELMIKRA, "beige-1"))
    play(game, "d4-d5")
    pass_windows(game)
    assert game.current_player == "beige-1"
    assert sorted(options(game)) == ["choose gray-1", "choose gray-2"]
    play(game, "choose gray-2", "choose k7", "choose p8")
    assert game.controller_at("k7") == "beige-2" and game.controller_at("p8") == "beige-2"


def test_your_destroyed_pieces_are_those_of_the_player_using_the_power():
    # beige-1's Noble Cleric stands in beige-2's band, so beige-2 uses it: only beige-2's
    # destroyed piece can come back, not beige-1's.
    game = team_position(
        everyone_can_move(k4={"number": NOBLE_CLERIC, "owner": "beige-1"}, k5=BONE_LEGION,
                          a7=RAT),
        destroyed={"beige-1": [GRUNDIN], "beige-2": [HILLSTONE_PRIEST]}, active="beige-2")
    play(game, "k4-k5")
    pass_windows(game)
    assert game.current_player == "beige-2"
    assert sorted(options(game)) == ["choose beige-2:0", "choose done"]


def test_surround_counts_only_the_pieces_its_player_controls():
    # A gray piece on h6 touches five beige pieces, but the one on i5 is beige-2's.
    around = {"g5": GRUNDIN, "g6": GRUNDIN, "g7": GRUNDIN, "h7": DWARVEN_GENERAL,
              "i5": GRUNDIN, "h6": RAT}
    game = team_position(everyone_can_move(**around))
    assert not [o for o in options(game) if "surround" in o]
    around["h5"] = GRUNDIN  # a fifth of beige-1's own
    game = team_position(everyone_can_move(**around))
    assert "h7 surround h6" in options(game)


HIGH_ELF, SRIK, SIR_URGWAINE, ENCHANTED_SHIELD = 11, 8, 35, 118


def test_an_ability_on_an_adjacent_elf_may_pick_a_teammates_elf():
    # The High Elf's text names "an Elf next to it", not an Elf of yours: beige-2's Srik on
    # i3 qualifies for beige-1's High Elf on h3.
    game = team_position(everyone_can_move(h3=HIGH_ELF, i3=SRIK))
    assert game.current_player == "beige-1" and game.controller_at("i3") == "beige-2"
    assert "h3 high-elf i3" in options(game)
    before = game.strength_at("i3")
    play(game, "h3 high-elf i3")
    assert game.strength_at("i3") == before + 1


def test_an_ability_on_an_adjacent_paladin_may_pick_a_teammates_paladin():
    game = team_position(everyone_can_move(h3=SIR_URGWAINE, i4=GOLD_KNIGHT, g3=GRUNDIN))
    assert [o for o in options(game) if "sir-urgwaine" in o] == ["h3 sir-urgwaine i4"]


def test_the_shield_may_boost_a_teammates_piece_next_to_it():
    # The Enchanted Shield's printed text says "an adjacent piece", not a piece of yours:
    # gray-2's Rat on i6 qualifies for gray-1's Shield on h6, as gray-1's own on g6 does.
    game = team_position(everyone_can_move(h6=ENCHANTED_SHIELD, g6=RAT, i6=RAT),
                         active="gray-1")
    assert game.controller_at("i6") == "gray-2"
    assert sorted(o for o in options(game) if "enchanted-shield" in o) == [
        "h6 enchanted-shield g6", "h6 enchanted-shield i6"]
    before = game.strength_at("i6")
    play(game, "h6 enchanted-shield i6")
    assert game.strength_at("i6") == before + 2


# -- computer players --------------------------------------------------------------------


def test_the_computer_counts_its_teammates_pieces_as_its_own():
    from legends.ai import evaluate

    alone = team_position(everyone_can_move())
    helped = team_position(everyone_can_move(k3=GOLD_KNIGHT))
    me = alone.players.index("beige-1")
    assert evaluate(helped.engine, me) > evaluate(alone.engine, me)


@pytest.mark.parametrize("kind", ["random", "heuristic", "ismcts"])
def test_computer_players_play_a_team_game(kind):
    from legends.ai import make_player

    game = Game.new(players=4, seed=8, turn_limit=6, auto_pass=True)
    options = {"iterations": 20} if kind == "ismcts" else {}
    players = {s: make_player(kind, i, **options) for i, s in enumerate(game.players)}
    while not game.is_over:
        who = game.current_player
        action = players[who].choose(game.knowledge(game.current_player))
        game.apply(action, player=who)
    assert game.reason == "turn limit of 6 reached"


# -- pieces whose texts name the opponent, one by one ------------------------------------

GNARAK, PERPLEXON, FUNGUS, WOODLAND_TOWER, GARPUS, DALIOUS = 127, 180, 201, 33, 177, 206
HOLY_LIGHT, FLIT_SPORE = 62, 200


def test_gnaraks_player_picks_the_opponent_who_throws_it():
    game = team_position(everyone_can_move(d6=GNARAK, d5=GRUNDIN), terrain={"d5": "mountain"},
                         active="gray-1")
    play(game, "d6-d5")
    pass_windows(game)
    assert game.current_player == "gray-1"
    assert sorted(options(game)) == ["choose beige-1", "choose beige-2"]
    play(game, "choose beige-2")
    assert game.current_player == "beige-2" and "choose k3" in options(game)
    play(game, "choose k3")
    assert name_at(game, "k3") == "Gnarak" and game.controller_at("k3") == "gray-2"


def test_perplexons_player_picks_the_opponent_who_names_a_piece_to_trade():
    game = team_position(everyone_can_move(d6=PERPLEXON, d5=GRUNDIN, k2=HILLSTONE_PRIEST),
                         active="gray-1")
    play(game, "d6-d5")
    pass_windows(game)
    play(game, "choose beige-2")
    assert game.current_player == "beige-2"
    assert sorted(options(game)) == ["choose k2", "choose p1"]
    play(game, "choose k2", "choose a8")
    # Each piece stays on its side, under the player whose band it now stands in.
    assert name_at(game, "a8") == "Hillstone Priest" and game.controller_at("a8") == "beige-1"
    assert name_at(game, "k2") == "Giant Zombie Rat" and game.controller_at("k2") == "gray-2"


def test_the_fungus_player_picks_whose_magic_is_shown():
    game = team_position(everyone_can_move(d5=GRUNDIN, d6=FUNGUS, c1=HOLY_LIGHT,
                                           o2=QUICKSAND))
    play(game, "d5-d6")
    pass_windows(game)
    assert game.current_player == "gray-1"
    play(game, "choose beige-2")
    assert game.view("gray-2").piece_on("o2").number == QUICKSAND
    assert game.view("gray-2").piece_on("c1").number is None


def test_the_woodland_tower_makes_the_opponent_picked_show_their_castle():
    game = team_position(everyone_can_move(b1=WOODLAND_TOWER, b8=BONE_CASTLE,
                                           o8=RANCID_CASTLE))
    play(game, "b1 woodland-tower")
    assert sorted(options(game)) == ["choose gray-1", "choose gray-2"]
    play(game, "choose gray-2")
    assert game.view("beige-2").piece_on("o8").number == RANCID_CASTLE
    assert game.view("beige-2").piece_on("b8").number is None


def test_garpus_may_burrow_next_to_either_castle_its_player_controls():
    # gray-2's castle stands in gray-1's band, so gray-1 controls both castles.
    game = team_position(everyone_can_move(h5=GARPUS, b8=BONE_CASTLE,
                                           e8={"number": RANCID_CASTLE, "owner": "gray-2"}),
                         active="gray-1")
    assert game.controller_at("e8") == "gray-1"
    burrows = [o for o in options(game) if o.startswith("h5 garpus")]
    assert "h5 garpus a7" in burrows and "h5 garpus f7" in burrows
    play(game, "h5 garpus f7")
    assert game.view("beige-1").piece_on("e8").number == RANCID_CASTLE
    assert game.view("beige-1").piece_on("b8").number is None


def test_dalious_destroys_every_players_magic_pieces():
    game = team_position(everyone_can_move(d4=GRUNDIN, d5=SKELETON_WARLOCK, c1=HOLY_LIGHT,
                                           o2=QUICKSAND, c7=FLIT_SPORE, n7=FLIT_SPORE),
                         curse=(DALIOUS, "gray-2"))
    play(game, "d4-d5")
    pass_windows(game)
    for sq in ("c1", "o2", "c7", "n7"):
        assert name_at(game, sq) is None, sq


@pytest.mark.parametrize("change, field", [
    ({"players": 5}, "setup.players"),
    ({"players": True}, "setup.players"),
    ({"armies": {"beige-1": {"x": 1}}}, "setup.armies.beige-1"),
    ({"armies": ["preset-1"]}, "setup.armies"),
    ({"boards": ["1A", "1B", "1C", "1D"]}, "setup.boards"),
    ({"armies": {"beige-9": "preset-1"}}, "setup"),
])
def test_a_bad_team_record_is_refused_naming_the_field(change, field):
    record = Game.new(players=4, seed=3, setup=False).record()
    record["setup"].update(change)
    with pytest.raises(PositionError) as err:
        Game.from_record(record)
    assert str(err.value).startswith(field), str(err.value)

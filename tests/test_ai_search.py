"""The two-ply search player: it sees the enemy's reply, keeps its budget, and never peeks."""

from types import SimpleNamespace

import pytest
from tests.test_hidden_info import twin_with_permuted_hidden

from legends.ai import HeuristicPlayer, SearchPlayer, make_player, search
from legends_core import Game
from legends_core.testing import position

# Warriors whose only text is a terrain bonus (or a death curse without effect), so on plains
# they are plain strengths.
GRUNDIN, CURATE, SARAVANNUS = 16, 49, 36  # beige 5, beige 5, beige 10
MIST_GIANT, MUMMY, HADES_GIANT = 120, 143, 184  # gray 4, gray 8, gray 5

SEEDS = range(5)


def knows(game):
    """What a computer player is handed: the deciding player's knowledge."""
    return game.knowledge(game.current_player)


def choices(player_class, make_game, **options):
    return {str(player_class(seed=s, samples=4, **options).choose(knows(make_game())))
            for s in SEEDS}


def free_capture():
    # Beige's known 5 next to gray's known 4, nothing of gray's near enough to strike back.
    return position({"d4": GRUNDIN, "b2": CURATE, "d5": MIST_GIANT, "g7": HADES_GIANT},
                    revealed=["d4", "d5"])


def poisoned_capture():
    # The same capture, but gray's known 8 stands behind the 4 and would take the 5 back.
    return position({"d4": GRUNDIN, "b2": CURATE, "d5": MIST_GIANT, "d6": MUMMY,
                     "g7": HADES_GIANT}, revealed=["d4", "d5", "d6"])


def walk_into_danger():
    # d3-d4 would put beige's known 5 next to gray's known 8; every other move is safe.
    return position({"d3": GRUNDIN, "b2": CURATE, "d5": MUMMY, "g7": HADES_GIANT},
                    revealed=["d3", "d5"])


def test_it_takes_a_free_capture_of_a_known_weaker_piece():
    assert choices(SearchPlayer, free_capture) == {"d4-d5"}


def test_it_does_not_take_a_capture_the_enemy_takes_back():
    assert "d4-d5" not in choices(SearchPlayer, poisoned_capture)
    # The one-move heuristic cannot see the reply: it grabs the piece.
    assert choices(HeuristicPlayer, poisoned_capture) == {"d4-d5"}


def guarded_capture():
    # The poisoned capture again, but beige's hidden 10 on c5 would take the 8 after it
    # recaptures on d5. The 10 could take the 4 itself, but only by showing itself.
    return position({"d4": GRUNDIN, "b2": CURATE, "c5": SARAVANNUS, "d5": MIST_GIANT,
                     "d6": MUMMY, "g7": HADES_GIANT}, revealed=["d4", "d5", "d6"])


def test_with_a_third_ply_it_sees_that_the_recapture_would_be_punished():
    assert choices(SearchPlayer, guarded_capture) == {"d4-d5"}
    # Two plies stop at the recapture, so the 10 must do the work and be seen.
    assert choices(SearchPlayer, guarded_capture, plies=2) == {"c5-d5"}


def test_a_short_list_from_the_heuristic_still_gets_the_reply_checked():
    # With focus 2 only the heuristic's two favourites are searched; its first is the capture.
    assert "d4-d5" not in choices(SearchPlayer, poisoned_capture, focus=2)


def test_it_does_not_walk_a_known_piece_next_to_a_known_stronger_one():
    assert "d3-d4" not in choices(SearchPlayer, walk_into_danger)


def test_the_imagined_enemy_aims_only_at_pieces_it_knows_unless_fearful():
    # Gray to move: its 8 on d5 touches beige's 5 on d4 (known) and beige's 5 on c5 (hidden).
    def game():
        return position({"d4": GRUNDIN, "c5": CURATE, "d5": MUMMY, "h1": HADES_GIANT},
                        revealed=["d4", "d5"], active="gray")

    g = game().engine
    beige = 0
    informed = SearchPlayer(seed=1).aimed_attacks(g, beige)
    fearful = SearchPlayer(seed=1, informed=False).aimed_attacks(g, beige)
    assert [str(a) for a in informed] == ["d5-d4"]
    assert sorted(str(a) for a in fearful) == ["d5-c5", "d5-d4"]


def test_it_stops_before_its_time_runs_out(monkeypatch):
    # A fake clock: each imagined world costs 0.03 s. With 0.1 s a fourth world would end at
    # 0.12 s, so the player stops after three.
    clock = [0.0]
    real = search.imagine

    def costly(knowledge, rng):
        clock[0] += 0.03
        return real(knowledge, rng)

    monkeypatch.setattr(search, "imagine", costly)
    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    SearchPlayer(seed=1, samples=1, seconds=0.1).choose(knows(free_capture()))
    assert clock[0] == pytest.approx(0.09)
    clock[0] = 0.0
    SearchPlayer(seed=1, samples=2).choose(knows(free_capture()))  # no time budget: just the samples
    assert clock[0] == pytest.approx(0.06)


def mid_game_positions():
    for seed in range(6):
        game = Game.new(seed=seed, turn_limit=1000)
        players = {s: make_player("heuristic", i) for i, s in enumerate(game.players)}
        for _ in range(40 + 7 * seed):
            if game.is_over:
                break
            game.apply(players[game.current_player].choose(knows(game)))
        while game.engine.pending is not None and game.engine.pending.name != "main":
            game.apply(players[game.current_player].choose(knows(game)))
        if not game.is_over:
            yield game


def test_its_choice_does_not_depend_on_hidden_enemy_identities(monkeypatch):
    pairs = []
    for game in mid_game_positions():
        twin = twin_with_permuted_hidden(game, game.current_player, 7, catalogue=None)
        assert twin.engine.types != game.engine.types  # the twins really differ
        pairs.append((game, twin))
    assert len(pairs) >= 4

    def chosen(game, peek=False):
        if peek:  # a player that could reach the real game would imagine it as it is
            monkeypatch.setattr(search, "imagine", lambda knowledge, rng: game.engine.copy())
        return SearchPlayer(seed=3, samples=2).choose(knows(game))

    assert all(chosen(a) == chosen(b) for a, b in pairs)
    # The check has teeth: a player that looked at the real pieces would tell twins apart.
    assert any(chosen(a, peek=True) != chosen(b, peek=True) for a, b in pairs)

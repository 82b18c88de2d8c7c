"""What makes the search player stronger than the heuristic: it guards its castle against the
enemy's blind attacks, keeps the squares next to it covered, counts the castle lottery at its
odds, and stops where its turn ends."""

import random

from legends.ai import HeuristicPlayer, SearchPlayer
from legends.ai.approaches import open_approaches
from legends.ai.heuristic import WIN, castle_chances, evaluate, play_turn, score_in_worlds
from legends_core import Game, imagine
from legends_core.testing import position

SEEDS = range(5)


def knows(game):
    return game.knowledge(game.current_player)


def flag_in_reach():
    # Blue's known Captain on a2 touches red's hidden Flag on a1: blue does not know it is the
    # Flag, but it is a piece that never moved, so blue may well try it. Red can take the
    # Captain with its Colonel, or take blue's General with its Marshal (more material).
    return position({"a1": ("Flag", "red"), "c1": ("Sergeant", "red"), "a3": ("Colonel", "red"),
                     "g3": ("Marshal", "red"), "a2": ("Captain", "blue"),
                     "g4": ("General", "blue"), "j10": ("Flag", "blue"),
                     "h10": ("Sergeant", "blue")},
                    rules="classic", revealed=["a3", "a2", "g3", "g4"])


def choices(player_class, make_game, **options):
    return {str(player_class(seed=s, samples=4, **options).choose(knows(make_game())))
            for s in SEEDS}


def test_it_takes_the_piece_that_threatens_its_flag_before_a_bigger_prize():
    assert choices(SearchPlayer, flag_in_reach) == {"a3-a2"}
    # Counting only the attacks the enemy can aim (pieces it knows), and not the enemy piece
    # next to the Flag as such, or looking one move ahead, the General is the better catch
    # and the Flag falls.
    assert choices(SearchPlayer, flag_in_reach, guard=False, approach=(0.0, 0.0, 0.0)) == {"g3-g4"}
    assert choices(HeuristicPlayer, flag_in_reach) == {"g3-g4"}


def test_a_move_in_classic_ends_the_turn_and_the_enemy_is_not_played_for():
    game = flag_in_reach()
    world = imagine(knows(game), random.Random(1))
    before = {sq: world.grid[world.sq(sq)] for sq in ("a2", "g4", "j10", "h10")}
    play_turn(world, next(a for a in knows(game).actions if str(a) == "c1-c2"), random.Random(1))
    assert world.pending is not None and world.pending.name == "main"
    assert world.rules.players[world.pending.player] == "blue"
    assert {sq: world.grid[world.sq(sq)] for sq in before} == before


def chances(game):
    k = knows(game)
    return castle_chances(imagine(k, random.Random(1)), k.seat)


def test_castle_chances_are_spread_over_the_hidden_pieces_that_never_moved():
    game = position({"a1": ("Flag", "red"), "a3": ("Colonel", "red"), "a2": ("Captain", "blue"),
                     "j10": ("Flag", "blue"), "h10": ("Sergeant", "blue"),
                     "g10": ("Scout", "blue")}, rules="classic", revealed=["a3", "a2"])
    # Blue's Flag and six Bombs are dealt first to its hidden pieces that never moved: here
    # seven of them for three pieces, so each is the Flag one time in seven.
    assert chances(game) == {"j10": 1 / 7, "h10": 1 / 7, "g10": 1 / 7}
    game.apply(knows(game).actions[0])  # red moves
    game.apply(next(a for a in knows(game).actions if a.src == "g10"))  # blue's g10 moves
    assert chances(game) == {"j10": 1 / 7, "h10": 1 / 7}  # a piece that moved is no Flag
    revealed = position({"a1": ("Flag", "red"), "c1": ("Sergeant", "red"),
                         "a2": ("Captain", "blue"), "j10": ("Flag", "blue"),
                         "h10": ("Sergeant", "blue")}, rules="classic", revealed=["j10"])
    assert chances(revealed) == {}  # nothing to guess once the Flag is seen
    # Stratego Legends: one castle and five magic pieces to deal.
    legends = Game.new(seed=3)
    while legends.engine.pending.name != "main":
        legends.apply(knows(legends).actions[0])
    odds = chances(legends)
    assert len(odds) == 30 and set(odds.values()) == {1 / 30}


def test_an_attack_on_a_hidden_piece_is_credited_with_its_odds_not_the_worlds_luck():
    # Red's Marshal next to blue's two hidden pieces that never moved: each is the Flag one
    # time in seven (see above), else a Bomb.
    def game():
        return position({"a1": ("Flag", "red"), "c1": ("Sergeant", "red"),
                         "i9": ("Marshal", "red"), "j9": ("Sergeant", "blue"),
                         "i10": ("Flag", "blue"), "a2": ("Captain", "blue")},
                        rules="classic", revealed=["i9", "a2"])

    def values(lottery):
        out = []
        for seed in range(12):
            k = knows(game())
            attack = [a for a in k.actions if str(a) == "i9-i10"]
            scored = score_in_worlds(k, attack, random.Random(seed), evaluate,
                                     lambda n: n < 3, lottery=lottery)
            out.append(scored[0][1])
        return out

    fair = values(True)
    assert all(abs(v - WIN / 7) < 50 for v in fair)
    assert max(fair) - min(fair) < 30
    lucky = values(False)  # three worlds: the Flag there in none of them, or in one or more
    assert max(lucky) - min(lucky) > WIN / 4


def castles_after_setup(name, seed):
    from legends.ai import make_player

    game = Game.new(seed=seed)
    players = {s: make_player(name, seed) for s in game.players}
    while game.engine.pending.name != "main":
        game.apply(players[game.current_player].choose(knows(game)))
    e = game.engine
    return [e.name(e.loc[e.castle_of(p)]) for p in (0, 1)]


def test_in_setup_it_puts_its_castle_in_a_back_corner():
    # Beige's back row is rank 1, gray's rank 8 (a single switch does it).
    corners = {"a1", "h1", "a8", "h8"}
    assert all(set(castles_after_setup("search", seed)) <= corners for seed in range(4))
    # The heuristic moves its castle only when it touches an enemy piece.
    assert not all(set(castles_after_setup("heuristic", seed)) <= corners for seed in range(4))


def open_flag():
    # Red's Flag on e4 (its front row) with nothing of red's touching e5, the square in front
    # of it: an enemy piece that reaches e5 may try the Flag, and no red piece could take it
    # there first. f4-f5 covers e5 (and f4, which it leaves, is covered by f5 in turn).
    return position({"e4": ("Flag", "red"), "f4": ("Captain", "red"), "d4": ("Bomb", "red"),
                     "e3": ("Sergeant", "red"), "a1": ("Lieutenant", "red"),
                     "b1": ("Lieutenant", "red"), "h1": ("Sergeant", "red"),
                     "j10": ("Flag", "blue"), "i10": ("Sergeant", "blue"),
                     "j9": ("Captain", "blue")}, rules="classic", revealed=["i10", "j9"])


def test_open_approaches_count_the_uncovered_squares_next_to_the_flag():
    game = open_flag()
    assert open_approaches(game.engine, 0) == (1, 1, 0)  # e5; d4 and f4 are red's, d5 is water
    game.apply("f4-f5")
    assert open_approaches(game.engine, 0) == (2, 0, 0)  # f4 is empty now, but covered
    game.apply("j9-j8")
    game.apply("f5-f6")  # e5 uncovered again, and f4 now open and uncovered too
    assert open_approaches(game.engine, 0) == (2, 2, 0)


def test_with_a_wall_the_bombs_next_to_the_flag_count_as_part_of_it():
    game = position({"a1": ("Flag", "red"), "a2": ("Bomb", "red"), "b1": ("Bomb", "red"),
                     "d1": ("Captain", "red"), "a3": ("Miner", "blue"),
                     "j10": ("Flag", "blue")}, rules="classic", revealed=["a3"])
    # Boxed in by its Bombs, the Flag itself has no open approach...
    assert open_approaches(game.engine, 0) == (0, 0, 0)
    # ...but the squares next to the Bombs are one Miner's step from it: b2 and c1 are empty,
    # the Captain on d1 covers c1, and blue's Miner stands on a3.
    assert open_approaches(game.engine, 0, wall=True) == (2, 1, 1)


def test_it_covers_the_open_square_in_front_of_its_flag():
    assert choices(SearchPlayer, open_flag) == {"f4-f5"}  # the default weights
    # Without counting the approaches, f4-f5 is one of several moves forward, all alike.
    assert len(choices(SearchPlayer, open_flag, approach=(0.0, 0.0, 0.0))) > 1

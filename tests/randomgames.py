"""Random complete games for property tests."""

from __future__ import annotations

import random

from legends_core import Game
from legends_core.board import from_battle_boards
from legends_core.engine import CURSE, CURSE_QUEUE, DESTROYED
from legends_core.registry import Catalogue
from legends_core.testing import check_offers, position_dict


def random_position_game(seed: int, catalogue: Catalogue, turn_limit: int = 3000) -> Game:
    """Fill both armies' squares with random pieces of the catalogue (one castle each)."""
    rng = random.Random(seed)
    boards = rng.sample(["1A", "1B", "2C", "3D", "4A", "5B", "6C", "7D"], 4)
    board = from_battle_boards(boards)
    pieces = {}
    for side in ("beige", "gray"):
        pool = [n for n, t in catalogue.items() if t.army == side and t.kind != "castle"]
        castles = [n for n, t in catalogue.items() if t.army == side and t.kind == "castle"]
        squares = [s for s in board.regions[side] if board.is_land(s)]
        rng.shuffle(squares)
        pieces[board.name(squares[0])] = rng.choice(castles)
        for s in squares[1:]:
            pieces[board.name(s)] = rng.choice(pool)
    pos = position_dict(pieces, rows=board.rows(), catalogue=catalogue)
    pos["rules"]["turn_limit"] = turn_limit
    pos["salt"] = format(seed % 16**32, "032x")  # the same game in every process
    return Game.from_position(pos, catalogue=catalogue)


def check_invariants(game: Game) -> None:
    g = game.engine
    n = len(g.types)
    on_board = [p for p in range(n) if g.loc[p] >= 0]
    for p in on_board:
        assert g.grid[g.loc[p]] == p, f"piece {p} is not where it says"
    assert sorted(q for q in g.grid if q >= 0) == sorted(on_board), "grid and locations disagree"
    listed = [p for area in g.dead for p in area]
    assert sorted(listed) == sorted(p for p in range(n) if g.loc[p] == DESTROYED)
    assert len(listed) == len(set(listed)), "a piece is twice in the destroyed areas"
    for i, area in enumerate(g.dead):
        assert all(g.owner[p] == i for p in area), "a piece is in the wrong destroyed area"
    in_slot = [p for p in range(n) if g.loc[p] == CURSE]
    assert len(in_slot) <= 1 and in_slot == ([g.curse] if g.curse >= 0 else [])
    assert sorted(g.curse_queue) == sorted(p for p in range(n) if g.loc[p] == CURSE_QUEUE)
    for p in range(n):
        assert g.loc[p] >= CURSE_QUEUE
    if not game.is_over and game.decision_kind != "ask":
        for p in on_board:
            if g.types[p].kind == "warrior":
                assert g.strength(p) > 0, f"{g.types[p].name} stands with strength {g.strength(p)}"
    if not game.is_over:
        assert game.legal_actions(), f"no legal action in decision {game.decision}"
        check_offers(game)  # the main decision's cache agrees with a fresh listing


def play_random(game: Game, rng: random.Random, check: bool = True, max_decisions: int = 200000) -> int:
    n = 0
    while not game.is_over and n < max_decisions:
        if check:
            check_invariants(game)
        actions = list(game.legal_actions())
        game.apply(rng.choice(actions))
        n += 1
    if check:
        check_invariants(game)
    return n

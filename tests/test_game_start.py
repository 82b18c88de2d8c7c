"""A game's start made cheaper must stay the same game: the seeded draws, the boards laid out
from battle boards, the tables each board keeps, and the caches behind them."""

from __future__ import annotations

import hashlib
import json
import random

import attrs
import pytest

from legends_core import Game
from legends_core import board as board_module
from legends_core import setup as setup_tasks
from legends_core.battleboards import BATTLE_BOARDS, TERRAIN_LETTERS
from legends_core.board import (
    from_battle_boards,
    from_rows,
    parse_board_id,
    rotate_layout,
    seat_regions,
    shuffle,
)

#: Every attribute a Board keeps (its value and the tables worked out from it).
TABLES = ("width", "height", "terrain", "regions", "layout", "_land", "_rays", "_adjacent",
          "_orthogonal", "_steps", "_diagonal", "_within2", "_water_adjacent", "_names",
          "_index")


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 17, 28, 30, 33, 64, 65, 200])
def test_shuffle_draws_what_random_shuffle_draws(length: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(f"{seed}:x"), random.Random(f"{seed}:x")
        a, b = list(range(length)), list(range(length))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.getstate() == theirs.getstate()  # the same draws, no more, no fewer


def test_shuffle_leaves_another_kind_of_generator_to_shuffle_its_own_way() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[no-untyped-def, override]
            Counting.calls += 1
            x.reverse()

    items = [1, 2, 3]
    shuffle(Counting(1), items)
    assert items == [3, 2, 1] and Counting.calls == 1


def _laid_out(ids: list[str], armies: tuple[str, ...]) -> list[str]:
    """The terrain of a board of battle boards, square by square, placed by the rule the
    rulebook's picture gives, one battle-board square at a time (the first seat of each pair
    has its boards upright on ranks 1-4, the second turned half-way round on ranks 5-8)."""
    width = 4 * len(armies)
    terrain = [""] * (width * 8)
    for slot, text in enumerate(ids):
        bid, rot = parse_board_id(text)
        rows = rotate_layout(BATTLE_BOARDS[bid], rot)
        block, place = divmod(slot, 4)
        for r in range(4):
            for c in range(4):
                if place < 2:
                    rank, file = 3 - r, 8 * block + 4 * place + c
                else:
                    rank, file = 4 + r, 8 * block + (4 if place == 2 else 0) + 3 - c
                terrain[rank * width + file] = TERRAIN_LETTERS[rows[r][c]]
    return terrain


def _seats(players: int) -> tuple[str, ...]:
    if players == 2:
        return ("beige", "gray")
    return tuple(f"{side}-{i}" for i in range(1, players // 2 + 1) for side in ("beige", "gray"))


def test_boards_of_battle_boards_lie_where_the_rules_put_them() -> None:
    rng = random.Random(5)
    names = sorted(BATTLE_BOARDS)
    for _ in range(200):
        players = rng.choice([2, 2, 4, 6, 8])
        ids = [rng.choice(names) + rng.choice(["", "@90", "@180", "@270"])
               for _ in range(2 * players)]
        armies = _seats(players)
        board = from_battle_boards(ids, armies)
        assert list(board.terrain) == _laid_out(ids, armies)
        assert board.regions == {a: tuple(board.parse_square(s) for s in sq)
                                 for a, sq in seat_regions(armies).items()}
        # The same board read from its rows (the other way to build one) keeps equal tables.
        again = from_rows(board.rows(), regions=seat_regions(armies), layout=board.layout)
        for name in TABLES:
            assert getattr(board, name) == getattr(again, name), name
        for terrain in (*TERRAIN_LETTERS.values(), "nowhere"):
            expected = tuple(sq for sq, t in enumerate(board.terrain) if t == terrain)
            assert board.of_terrain(terrain) == again.of_terrain(terrain) == expected
        water = set(board.of_terrain("water"))
        assert all(board.is_land(sq) == (sq not in water) for sq in board.squares())
        assert all(board.next_to_water(sq) == any(x in water for x in board.adjacent(sq))
                   for sq in board.squares())


def test_a_kept_board_is_the_board_built_afresh_and_cannot_be_changed() -> None:
    ids = ["3B", "7D@90", "1A", "5C@270"]
    kept = from_battle_boards(ids)
    assert from_battle_boards(list(ids)) is kept  # built once per process
    fresh = board_module._build_from_battle_boards.__wrapped__(tuple(ids), ("beige", "gray"))
    assert fresh is not kept
    for name in TABLES:
        assert getattr(kept, name) == getattr(fresh, name), name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        kept.terrain = fresh.terrain  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        kept._land = ()  # type: ignore[misc]
    for name in TABLES:  # the tables worked out from the terrain are immutable values
        if name not in ("regions", "_index"):
            assert isinstance(getattr(kept, name), int | tuple), name
    assert kept.regions is not fresh.regions


def test_the_caches_of_a_start_are_bounded() -> None:
    assert board_module._build_from_battle_boards.cache_info().maxsize == 512
    assert board_module._tables.cache_info().maxsize == 128
    # Rotations and sides of the 28 battle boards: a table that cannot grow past them.
    for bid in BATTLE_BOARDS:
        for rot in range(4):
            board_module._ranks(bid, rot, True)
            board_module._ranks(bid, rot, False)
    assert board_module._ranks.cache_info().currsize <= 28 * 4 * 2
    # Many games' switch lists: never more kept than the bound.
    for seed in range(40):
        game = Game.new(seed=seed)
        while game.decision_kind in ("setup-shuffle", "setup-switch"):
            game.apply(game.legal_actions()[-1])
    assert 0 < len(setup_tasks._SWITCHES) <= setup_tasks.SWITCH_LISTS_MAX


def _start_digest(**options: object) -> str:
    """A digest of what a seeded start gives: the legal actions at each setup decision, the
    events, and the full record and each seat's view once play begins."""
    game = Game.new(seed=options.pop("seed"), **options)  # type: ignore[arg-type]
    rng = random.Random(3)
    h = hashlib.sha256()
    while game.decision_kind in ("setup-shuffle", "setup-switch"):
        actions = list(game.legal_actions())
        h.update(" ".join(map(str, actions)).encode())
        events = game.apply(actions[rng.randrange(len(actions))])
        h.update(repr(events).encode())
    h.update(" ".join(map(str, game.legal_actions())).encode())
    record = game.record()
    record.pop("headers")  # today's date
    h.update(json.dumps(record, sort_keys=True).encode())
    for seat in game.players:
        h.update(json.dumps(game.view(seat).to_dict(), sort_keys=True).encode())
    return h.hexdigest()[:16]


# Taken from the code before the start was made cheaper: the same seed must give the same game.
@pytest.mark.parametrize(("options", "digest"), [
    ({"seed": 7}, "00e7a3f18d43d3b8"),
    ({"seed": 12, "auto_pass": True}, "23efc84ad698aeec"),
    ({"seed": 3, "players": 4}, "e9a844f96b58082f"),
    ({"seed": 5, "beige": "random", "gray": "preset-2", "boards": ["2A@90", "6C", "4B", "1D"]},
     "c042edf8d753df0c"),
    ({"seed": 9, "rules": "classic"}, "dcc6ac2324398c12"),
])
def test_a_seeded_start_is_the_same_game_as_before(options: dict[str, object],
                                                   digest: str) -> None:
    assert _start_digest(**dict(options)) == digest

"""Computer players' own setups in the editions where players arrange their armies.

* :func:`guarded_setup` puts the Flag in the back row with Bombs in front of and beside it,
  names the whole army in every such edition, and varies from game to game.
* The search player arranges (``arrange``); the heuristic, random and ISMCTS players take the
  deal unless told otherwise; nobody arranges in Stratego Legends, which deals setups.
* ``legends play``, ``legends game`` and the play server build the game with the computer's
  own setup.
"""

from __future__ import annotations

import json
import random
import warnings

import pytest
from tests.test_cli_polish import play

from legends.ai import HeuristicPlayer, ISMCTSPlayer, RandomPlayer, SearchPlayer, make_player
from legends.ai.arranging import guarded_setup
from legends.web import create_app
from legends.web.store import open_store
from legends_core import Game
from legends_core.ruleset import get_ruleset
from legends_core.setupline import format_setup, parse_setup, setup_squares, setup_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

EDITIONS = ["classic", "ultimate-lightning", "ultimate-campaign", "narnia-1", "narnia-2"]


def line_of(game: Game, seat: str) -> str:
    """``seat``'s setup at the start of ``game`` as a setup line (the referee's view)."""
    record = game.record()
    game = Game.from_record({**record, "actions": [], "headers": {}})
    rules = record["setup"]["rules"]
    squares = set(setup_squares(get_ruleset(rules).board(), seat))
    placed = {p.square: p.name for p in game.view(None).pieces
              if p.owner == seat and p.square in squares}
    return format_setup(placed, rules, seat)


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("seat", ["red", "blue"])
def test_the_whole_army_is_named_and_the_flag_stands_guarded_at_the_back(rules, seat):
    counts = {ch: n for ch, (_, n) in setup_table(rules, seat).items()}
    for seed in range(25):
        line = guarded_setup(rules, seat, random.Random(seed))
        assert {ch: line.count(ch) for ch in counts} == counts
        game = Game.new(rules=rules, seed=seed, placement={seat: line})
        assert line_of(game, seat) == line  # taken as written, nothing dealt
        flag = line.index("F")
        assert flag < 10  # the back row: a setup line lists it first
        # Bombs close the square in front, then the sides, as far as the army has Bombs.
        guards = [flag + 10] + [s for s in (flag - 1, flag + 1) if s // 10 == 0 <= s]
        bombed = sum(line[s] == "B" for s in guards)
        assert bombed == min(len(guards), counts["B"])
        assert line[flag + 10] == "B"


def test_dealt_armies_often_leave_the_flag_forward_arranged_ones_never():
    dealt = [line_of(Game.new(rules="classic", seed=s), "red").index("F") for s in range(40)]
    arranged = [guarded_setup("classic", "red", random.Random(s)).index("F") for s in range(40)]
    assert sum(i >= 10 for i in dealt) >= 20
    assert all(i < 10 for i in arranged)
    # Not one fixed setup an opponent could learn: the Flag's file and the rest vary.
    assert len(set(arranged)) >= 5
    assert len({guarded_setup("classic", "red", random.Random(s)) for s in range(40)}) == 40


def test_the_spy_stands_by_the_general_and_the_miners_stay_back():
    for seed in range(25):
        line = guarded_setup("classic", "red", random.Random(seed))
        g, s = divmod(line.index("9"), 10), divmod(line.index("1"), 10)
        assert abs(g[0] - s[0]) + abs(g[1] - s[1]) == 1
    miners = [i // 10 for seed in range(25)
              for i, ch in enumerate(guarded_setup("classic", "red", random.Random(seed)))
              if ch == "3"]
    scouts = [i // 10 for seed in range(25)
              for i, ch in enumerate(guarded_setup("classic", "red", random.Random(seed)))
              if ch == "2"]
    assert sum(miners) / len(miners) < 1.3 < 1.8 < sum(scouts) / len(scouts)


def test_no_setup_line_in_stratego_legends():
    with pytest.raises(ValueError, match="deal the setup"):
        guarded_setup("legends", "beige", random.Random(1))
    assert SearchPlayer(seed=1).arrange("legends", "beige") is None


def test_who_arranges():
    line = SearchPlayer(seed=1).arrange("classic", "red")
    assert line is not None and parse_setup(line, "classic", "red")["a1"] != "" and "." not in line
    assert SearchPlayer(seed=1, arranged=False).arrange("classic", "red") is None
    assert HeuristicPlayer(seed=1).arrange("classic", "red") is None
    assert HeuristicPlayer(seed=1, arranged=True).arrange("classic", "red") is not None
    assert RandomPlayer(seed=1).arrange("classic", "red") is None
    assert ISMCTSPlayer(seed=1).arrange("classic", "red") is None


def test_legends_play_builds_the_game_with_the_computers_own_setup(tmp_path):
    # The computer is made with the seed + 7 and arranges blue before the game is built.
    for opponent, expected in (
            ("search", SearchPlayer(seed=11).arrange("classic", "blue")),
            ("heuristic", line_of(Game.new(rules="classic", seed=4), "blue"))):
        save = tmp_path / f"{opponent}.json"
        play(["done", f"save {save}", "quit"], "--rules", "classic", "--seed", "4",
             "--opponent", opponent, "--save-full")
        game = Game.from_record({**json.loads(save.read_text()), "actions": []})
        assert line_of(game, "blue") == expected


def test_legends_game_gives_each_arranging_player_its_setup():
    from legends.cli import build_parser, game_cmd

    seen: list[Game] = []
    real = game_cmd.Game.new

    def spy(*a, **k):
        seen.append(real(*a, **k))
        return seen[-1]

    args = build_parser().parse_args(["game", "--rules", "classic", "--players",
                                      "search,heuristic", "--seed", "9", "--turn-limit", "2",
                                      "--quiet"])
    game_cmd.Game.new = spy  # type: ignore[method-assign]
    try:
        game_cmd.run(args)
    finally:
        game_cmd.Game.new = real  # type: ignore[method-assign]
    game = seen[-1]
    assert line_of(game, "red") == make_player("search", 9).arrange("classic", "red")
    assert line_of(game, "blue") == line_of(Game.new(rules="classic", seed=9), "blue")


def test_the_play_servers_computer_sends_its_own_setup(tmp_path):
    target = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db_path=target, computer_time=0.0, init=True)) as http:
        lines = {}
        for opponent in ("search", "random"):
            made = http.post("/api/games", json={"rules": "classic", "side": "red",
                                                 "opponent": opponent}).json()
            lines[opponent] = open_store(target).load(made["code"]).start["arranging"][
                "lines"]["blue"]
            with http.websocket_connect(f"/ws/{made['code']}") as ws:
                ws.send_json({"type": "hello", "token": made["token"]})
                shown = json.dumps([ws.receive_json(), ws.receive_json()])
            # The person is told only that the computer is ready, never its line.
            assert lines[opponent] not in shown and '"blue": true' in shown
    assert "." not in lines["search"] and lines["search"].index("F") < 10
    assert set(lines["random"]) == {"."}  # dealt when the game is built

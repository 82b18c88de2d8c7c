"""Game records carry headers like a PGN game's tags: event, site, date, players, result."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys

import pytest

from legends_core import Game, PositionError
from legends_core.records import check_record


def finished() -> Game:
    game = Game.new(seed=3, setup=False, turn_limit=3)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def test_a_record_has_headers_and_a_result():
    game = Game.new(seed=3, setup=False)
    record = game.record()
    assert record["headers"]["result"] == "*"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", record["headers"]["date"])
    assert record["headers"]["players"] == {"beige": "?", "gray": "?"}
    game.headers.update(event="club night", players={"beige": "Ann", "gray": "Bo"}, round="3")
    done = finished()
    done.headers["event"] = "club night"
    record = done.record()
    assert record["headers"]["result"] == "none" and record["headers"]["event"] == "club night"
    again = Game.from_record(json.loads(json.dumps(record)))
    assert again.headers == {k: v for k, v in record["headers"].items() if k != "result"}
    assert again.record() == record
    assert done.record("gray")["headers"] == record["headers"]  # public facts


def test_a_record_whose_result_its_actions_do_not_give_is_refused():
    record = finished().record()
    record["headers"]["result"] = "gray"
    with pytest.raises(PositionError, match=r"headers.result: the record says 'gray'"):
        Game.from_record(record)
    record["headers"]["result"] = "*"  # unknown, as in PGN: nothing to check
    assert Game.from_record(record).result == "none"


@pytest.mark.parametrize("headers, field", [
    ([], "headers: expected an object"),
    ({"Event": "x"}, "not a header name"),
    ({f"h{i}": "x" for i in range(40)}, "more than 32"),
    ({"event": "x" * 500}, "headers.event: expected text"),
    ({"event": 7}, "headers.event: expected text"),
    ({"date": "30/11/2026"}, "headers.date: expected YYYY-MM-DD"),
    ({"players": ["Ann", "Bo"]}, "headers.players: expected an object"),
    ({"players": {"beige": 3}}, "headers.players.beige"),
    ({"result": ""}, "headers.result"),
])
def test_bad_headers_are_refused_naming_the_header(headers, field):
    record = Game.new(seed=3, setup=False).record()
    record["headers"] = headers
    with pytest.raises(PositionError, match=re.escape(field)):
        check_record(copy.deepcopy(record))


def test_records_without_headers_still_load():
    record = Game.new(seed=3, setup=False).record()
    del record["headers"]
    assert Game.from_record(record).headers["event"] == "?"


def test_the_command_line_fills_in_and_shows_the_headers(tmp_path):
    cmd = [sys.executable, "-m", "legends.cli"]
    path = tmp_path / "g.json"
    subprocess.run([*cmd, "game", "--seed", "4", "--players", "random,random", "--quiet",
                    "--turn-limit", "10", "--save", str(path)], check=True, capture_output=True)
    record = json.loads(path.read_text())
    assert record["headers"]["event"] == "legends game"
    assert record["headers"]["players"] == {"beige": "computer (random)",
                                            "gray": "computer (random)"}
    assert record["headers"]["result"] == "none"
    out = subprocess.run([*cmd, "replay", str(path)], check=True, capture_output=True,
                         text=True).stdout
    assert out.splitlines()[0].startswith("event legends game; beige: computer (random)")
    record["headers"]["result"] = "beige"
    path.write_text(json.dumps(record))
    proc = subprocess.run([*cmd, "replay", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2 and "headers.result" in proc.stderr

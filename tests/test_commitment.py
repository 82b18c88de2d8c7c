"""The commitment's digest is of a fixed JSON text: setup_digest writes that text out by hand,
so it must stay byte for byte what json.dumps makes of the same data."""

import hashlib
import json

import pytest

from legends_core import Game, rulesets
from legends_core.commitment import setup_digest


def json_digest(g):
    names = g.rules.players
    pieces = [[pid, g.ref(pid), names[g.owner[pid]], g.types[pid].number]
              for pid in range(len(g.types))]
    text = json.dumps({"salt": g.salt, "pieces": pieces}, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("rules", sorted(rulesets()))
def test_the_digest_is_that_of_the_json_text(rules):
    game = Game.new(rules=rules, seed=3, turn_limit=60)
    while not game.is_over:  # pieces destroyed, in reserves and curses have places too
        acts = game.legal_actions()
        game.apply(acts[len(acts) // 2])
        g = game.engine
        assert setup_digest(g) == json_digest(g)


def test_names_that_json_escapes_are_written_as_json_writes_them():
    g = Game.new(seed=5).engine.copy()
    g.salt = 'q"\\\u00e9\u2603\n'
    assert setup_digest(g) == json_digest(g)

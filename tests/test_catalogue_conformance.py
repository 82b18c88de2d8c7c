"""One conformance suite over the whole catalogue (the PettingZoo ``api_test`` idea)."""

from __future__ import annotations

import importlib
import random

import pytest
from tests.randomgames import check_invariants, play_random
from tests.reference_facts import FACTS

from legends_core import Action, Game, catalogue
from legends_core.armies import COMPOSITION, random_army
from legends_core.piecetype import slug
from legends_core.testing import position
from legends_pieces import NATIONS

CAT = catalogue()
NUMBERS = sorted(FACTS)
NATION_OF = {"green": "ancients", "gold": "valorians", "blue": "celestia", "silver": "gargans",
             "red": "manes", "purple": "qaans"}


def test_the_catalogue_holds_the_206_and_the_two_extras():
    ours = sorted(n for n in CAT if n in FACTS or CAT[n].extra or n <= 208)
    assert ours == NUMBERS  # anything else comes from another installed pack (#301 example)
    assert [t.number for t in CAT.official()] == list(range(1, 207))
    assert {t.number for t in CAT.values() if t.extra} == {207, 208}


@pytest.mark.parametrize("number", NUMBERS)
def test_facts_match_the_reference(number):
    t = CAT[number]
    name, strength, kind, ptype, colour, army, _ = FACTS[number]
    assert (t.number, t.name, t.strength, t.kind, t.type, t.colour, t.army) == (
        number, name, strength, kind, ptype, colour, army)


@pytest.mark.parametrize("number", NUMBERS)
def test_each_piece_is_found_by_name_in_its_nation(number):
    t = CAT[number]
    nation = "promotional" if number > 204 else NATION_OF[t.colour]
    module = importlib.import_module(f"legends_pieces.{nation}.p{number:03d}_{slug(t.name).replace('-', '_')}")
    assert module.PIECE is t
    assert t in NATIONS[nation].PIECES


@pytest.mark.parametrize("number", NUMBERS)
def test_each_piece_has_rules_text_and_described_powers(number):
    t = CAT[number]
    assert len(t.text) > 10 and t.powers
    for p in t.powers:
        assert isinstance(p.describe(), str) and p.describe()
    if t.kind in ("magic", "castle"):
        assert t.strength is None
    keys = [p.key for p in t.powers if p.key]
    assert len(keys) == len(set(keys)), "power keys must be unique within a piece"


def _sample_game(number: int, seed: int) -> Game:
    """The piece on d4 of a 4x4-ish crowd: friends and enemies around, some terrain."""
    t = CAT[number]
    rng = random.Random(seed)
    side, other = t.army, ("gray" if t.army == "beige" else "beige")
    friends = [n for n, x in CAT.items() if x.army == side and x.kind == "warrior"]
    foes = [n for n, x in CAT.items() if x.army == other and x.kind != "castle"]
    pieces: dict[str, object] = {"d4": number}
    for sq in ("c4", "c3", "e3", "b1", "h2"):
        pieces[sq] = rng.choice(friends)
    for sq in ("d5", "e5", "c6", "f4", "g7"):
        pieces[sq] = rng.choice(foes)
    terrain = {sq: rng.choice(["forest", "marsh", "mountain", "town", "desert", "water"])
               for sq in ("a5", "b5", "f6", "g3", "a3", "h5", "d6", "e6")}
    return position(pieces, terrain=terrain, active=side,
                    revealed=["d5"] if seed % 2 else [])


@pytest.mark.parametrize("number", NUMBERS)
def test_legal_actions_in_sample_positions_are_well_formed_and_safe(number):
    for seed in range(3):
        game = _sample_game(number, seed)
        actions = list(game.legal_actions())
        assert actions, "the side to move must have something to do"
        for a in actions:
            assert Action.from_str(str(a)) == a
            assert Action.from_dict(a.to_dict()) == a
        rng = random.Random(seed)
        for a in actions:
            trial = game.copy()
            trial.apply(a)
            for _ in range(40):  # let the rest of the turn play out
                if trial.is_over or (trial.decision_kind == "main" and trial.turn > game.turn):
                    break
                check_invariants(trial)
                trial.apply(rng.choice(list(trial.legal_actions())))
            check_invariants(trial)


def _army_with(number: int, side: str, rng: random.Random) -> list[int]:
    army = list(random_army(rng, side, CAT))
    t = CAT[number]
    if t.army != side:
        return army
    slot = t.strength if t.kind == "warrior" else t.kind
    for i, n in enumerate(army):
        x = CAT[n]
        if (x.strength if x.kind == "warrior" else x.kind) == slot:
            army[i] = number
            break
    return army


@pytest.mark.parametrize("number", NUMBERS)
def test_random_complete_games_with_the_piece_keep_every_invariant(number):
    rng = random.Random(number)
    game = Game.new(beige=_army_with(number, "beige", rng), gray=_army_with(number, "gray", rng),
                    seed=number, turn_limit=2000)
    play_random(game, rng)
    assert game.is_over


def test_composition_table_has_thirty_pieces():
    assert sum(COMPOSITION.values()) == 30

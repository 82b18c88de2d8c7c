"""Stratego: The Chronicles of Narnia, Games 1 and 2.

Game 1 is classic Stratego with the Narnia armies and two variants for captured pieces. Game 2
is the mechanism the fragment describes: powers (tested with a power written only for these
tests, since the edition's powers are not in our sources), Red's reinforcements after seven
captures, and room for Blue's extra win (again a stand-in written for the test).
"""

import attrs
import pytest

from legends_core import Action, ArmyError, Game, Power, hookimpl, piece
from legends_core.errors import PositionError
from legends_core.registry import load_packs
from legends_core.ruleset import get_ruleset, register_ruleset
from legends_core.testing import destroyed_names, name_at, options, play, stratego
from legends_editions.common.board import LAKES
from legends_editions.narnia import NARNIA_2

SPARE_RED, SPARE_BLUE = {"a1": "Sergeant"}, {"j10": "Sergeant"}


def game(red, blue, rules="narnia-1", **kwargs):
    return stratego(rules, {**SPARE_RED, **red}, {**SPARE_BLUE, **blue}, **kwargs)


# -- Game 1 -----------------------------------------------------------------------------------

def test_the_narnia_armies_and_their_labels():
    g = Game.new(rules="narnia-1", seed=3)
    names = {p.owner: set() for p in g.view(None).pieces}
    for p in g.view(None).pieces:
        names[p.owner].add(p.name)
    assert {"Leopard", "Spring Magic"} <= names["red"] and "Wolf" not in names["red"]
    assert {"Wolf", "Winter Magic"} <= names["blue"] and "Spring Magic" not in names["blue"]
    assert sorted(g.board.name(s) for s in g.board.squares() if not g.board.is_land(s)) == \
        sorted(LAKES)  # the Boulders stand where the lakes are
    assert len(g.view(None).pieces) == 80


def test_leopards_and_wolves_are_the_running_scouts():
    g = game({"b2": "Leopard"}, {"b6": "Wolf"})
    play(g, "b2 scout b6")  # rank 2 against rank 2: both go
    assert destroyed_names(g, "red") == ["Leopard"] and destroyed_names(g, "blue") == ["Wolf"]


def test_the_immovable_magic_is_a_bomb_that_only_a_miner_clears():
    g = game({"e4": "Miner", "f4": "Major"}, {"e5": "Winter Magic", "f5": "Winter Magic"})
    assert not [o for o in options(g) if o.startswith(("e5", "f5"))]
    play(g, "f4-f5")
    assert name_at(g, "f5") == "Winter Magic" and destroyed_names(g, "red") == ["Major"]
    play(g, "j10-j9", "e4-e5")
    assert name_at(g, "e5") == "Miner" and destroyed_names(g, "blue") == ["Winter Magic"]


def _capture(mode):
    g = game({"e4": "Major"}, {"e5": "Captain"}, options={"captures": mode})
    events = g.apply("e4-e5")
    return g, events


@pytest.mark.parametrize("mode, red_sees, blue_sees", [
    ("open", True, True), ("prisoner", True, False), ("secret", False, True)])
def test_prisoner_and_secret_play_change_who_keeps_seeing_a_captured_piece(mode, red_sees,
                                                                            blue_sees):
    g, events = _capture(mode)
    captain = g.engine.catalogue.find("Captain", "blue").number
    for player in ("red", "blue"):
        # Both players saw the attack: the Captain was shown to each.
        shown = [e for e in g.events_for(events, player) if e.kind == "reveal"]
        assert any(e.piece == captain for e in shown), player
    assert g.view("red").destroyed["blue"] == ((captain,) if red_sees else (None,))
    assert g.view("blue").destroyed["blue"] == ((captain,) if blue_sees else (None,))
    assert g.view(None).destroyed["blue"] == (captain,)
    # Kept in the knowledge of the piece, so saving and loading keep it too.
    again = Game.from_position(g.to_position())
    assert again.view("red") == g.view("red") and again.view("blue") == g.view("blue")


def test_the_captures_option_is_checked():
    with pytest.raises(PositionError, match="captures: 'public' is not one of"):
        Game.new(rules="narnia-1", options={"captures": "public"})
    with pytest.raises(PositionError, match="'speed' is not an option of the narnia-1"):
        Game.new(rules="narnia-1", options={"speed": "fast"})
    with pytest.raises(PositionError, match="not an option of the classic rules"):
        Game.new(rules="classic", options={"captures": "secret"})


# -- Game 2: reinforcements -------------------------------------------------------------------

SEVEN = ["Wolf"] * 4 + ["Sergeant"] * 3


def test_reinforcements_wait_for_the_seventh_captured_blue_piece():
    six = game({"e4": "Major"}, {}, rules="narnia-2", destroyed={"blue": SEVEN[:6]},
               reserve={"red": ["General"]})
    assert "choose reserve" not in options(six)
    seven = game({"e4": "Major"}, {}, rules="narnia-2", destroyed={"blue": SEVEN},
                 reserve={"red": ["General"]})
    assert "choose reserve" in options(seven)


def test_reinforcements_come_from_reds_next_turn_after_the_capture():
    g = game({"e4": "Major"}, {"e5": "Captain"}, rules="narnia-2",
             destroyed={"blue": SEVEN[:6]}, reserve={"red": ["General"]})
    assert "choose reserve" not in options(g)
    play(g, "e4-e5", "j10-j9")  # the seventh Blue piece falls; Blue plays; Red's next turn
    assert "choose reserve" in options(g)
    play(g, "choose reserve", "choose General", "choose c3")
    assert name_at(g, "c3") == "General" and g.current_player == "blue"
    assert g.view("blue").piece_on("c3").number is None  # it came in face down
    assert g.view("red").reserve["red"] == () and g.view("blue").reserve["red"] == ()


def test_only_red_gets_reinforcements_and_they_stay_hidden_in_reserve():
    with pytest.raises(ArmyError, match="gives blue no reserve"):
        Game.new(rules="narnia-2", reserve={"blue": ["General"]})
    g = Game.new(rules="narnia-2", seed=1, reserve={"red": ["General", "Major"]})
    general = g.engine.catalogue.find("General", "red").number
    assert sorted(g.view("red").reserve["red"]) == sorted(
        (general, g.engine.catalogue.find("Major", "red").number))
    assert g.view("blue").reserve["red"] == (None, None)
    assert Game.from_record(g.record()).view("blue") == g.view("blue")


# -- Game 2: powers, as plugins (a power written only for this test) --------------------------

@attrs.frozen(repr=False)
class PeekForTest(Power):
    """Written for these tests only, not a Narnia power: look at one adjacent enemy piece."""

    label = "Special power"
    key = "test-peek"

    @hookimpl
    def legends_offer_actions(self, game, piece):
        player = game.ctrl[piece]
        return [Action.power(game.name(game.loc[piece]), self.key, game.name(s))
                for s in game.board.orthogonal(game.loc[piece])
                if game.grid[s] >= 0 and game.hostile(game.ctrl[game.grid[s]], player)]

    @hookimpl
    def legends_perform(self, game, piece, action):
        game.reveal([game.from_ref(action.targets[0])], to=[game.ctrl[piece]])


TEST_SEER = piece(3950, "Test Seer", 5, type="test", colour="red", army="red",
                  text="For tests only: rank 5; may look at an adjacent enemy piece instead of "
                       "moving.", powers=[PeekForTest()])


class _TestPack:
    @hookimpl
    def legends_piece_types(self):
        return [TEST_SEER]


@pytest.fixture(scope="module")
def with_powers():
    return load_packs(group="legends.pieces.narnia", packs=[_TestPack()], armies=("red", "blue"))


def test_a_powered_piece_moves_or_uses_one_power_and_is_shown_first(with_powers):
    g = game({"e4": "Test Seer"}, {"e5": "Major"}, rules="narnia-2", catalogue=with_powers)
    assert {"e4-e3", "e4 test-peek e5"} <= set(options(g))
    events = g.apply("e4 test-peek e5")
    kinds = [e.kind for e in events]
    assert kinds.index("reveal") < kinds.index("power")  # shown before the power works
    assert g.view("blue").piece_on("e4").name == "Test Seer"
    assert g.view("red").piece_on("e5").name == "Major"
    assert g.current_player == "blue"  # the power was the turn: no move as well


def test_a_powered_piece_takes_the_place_of_a_standard_piece_of_its_rank(with_powers):
    placement = Game.new(rules="narnia-2", seed=4).record()["setup"]["placement"]["red"]
    square = next(sq for sq, name in placement.items() if name == "Lieutenant")
    g = Game.new(rules="narnia-2", seed=4, catalogue=with_powers,
                 placement={"red": {**placement, square: "Test Seer"}})
    assert name_at(g, square) == "Test Seer"
    square = next(sq for sq, name in placement.items() if name == "Major")
    with pytest.raises(ArmyError, match="needs 4 Lieutenant"):
        Game.new(rules="narnia-2", catalogue=with_powers,
                 placement={"red": {**placement, square: "Test Seer"}})


# -- Game 2: Blue's extra win is not in our sources; a ruleset can add one --------------------

@attrs.frozen
class BlueWinsForTest:
    """Written for this test only (the real condition is unknown): Blue wins at the start of
    its turn when one of its pieces stands on Red's back row."""

    @hookimpl
    def legends_rules_turn_starts(self, game, player):
        if game.rules.players[player] == "blue" and any(
                game.board.rank_of(game.loc[p]) == 0 for p in game.pieces(player)):
            game.end_game(player, "test condition")


def test_a_ruleset_built_on_game_2_can_add_blues_win():
    try:
        rs = get_ruleset("narnia-2-test")
    except PositionError:
        rs = register_ruleset(attrs.evolve(NARNIA_2, name="narnia-2-test",
                                           rules=(*NARNIA_2.rules, BlueWinsForTest())))
    g = stratego(rs.name, {"j1": "Sergeant"}, {"b2": "Wolf", "j10": "Flag"}, active="blue")
    play(g, "b2-b1", "j1-j2")
    assert g.is_over and g.winner == "blue" and g.reason == "test condition"
    assert Game.from_record(g.record()).reason == "test condition"

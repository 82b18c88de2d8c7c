"""The ruleset mechanism: finding rulesets, naming them in games, positions and records, and
the kernel calling a ruleset's hooks (and nothing for Stratego Legends)."""

import attrs
import pytest

from legends_core import Action, Game, hookimpl, rulesets
from legends_core.errors import CatalogueError, PositionError
from legends_core.ruleset import (
    behaviour,
    get_ruleset,
    register_ruleset,
    unregister_ruleset,
)
from legends_core.testing import options, play, position_dict, stratego
from legends_editions.classic import CLASSIC

EDITIONS = ("legends", "classic", "ultimate-lightning", "ultimate-campaign", "narnia-1",
            "narnia-2")


def test_rulesets_lists_every_edition_with_one_line_each():
    found = rulesets()
    assert list(found)[0] == "legends" and set(EDITIONS) <= set(found)
    assert all(d and "\n" not in d for d in found.values())
    assert "barrage" in found  # the example pack's


@pytest.mark.parametrize("name", EDITIONS)
def test_a_game_of_each_ruleset_names_it_everywhere(name):
    g = Game.new(rules=name, seed=1)
    seats = ("beige", "gray") if name == "legends" else ("red", "blue")
    assert g.players == seats and g.current_player == seats[0]
    assert g.to_position()["rules"]["name"] == name
    assert g.record()["setup"]["rules"] == name
    assert g.view(seats[1]).rules == name
    assert Game.from_position(g.to_position()).to_position() == g.to_position()


def test_stratego_legends_stays_the_default_and_old_positions_load():
    g = Game.new(seed=4)
    assert g.engine.rules.name == "legends" and g.decision_kind == "setup-shuffle"
    pos = g.to_position()
    pos["rules"]["name"] = "stratego-legends"  # as positions were saved before rulesets
    assert Game.from_position(pos).to_position() == g.to_position()
    b = behaviour("legends")
    assert b.windows and not any((b.turn_starts, b.turn_actions, b.perform, b.turn_ends,
                                  b.compare, b.castle_taken, b.attack_won, b.captured))


def test_an_unknown_ruleset_is_refused_with_the_installed_ones():
    with pytest.raises(PositionError, match="'chess' is not an installed ruleset.*classic"):
        Game.new(rules="chess")
    pos = Game.new(rules="classic", seed=1).to_position()
    pos["rules"]["name"] = "chess"
    with pytest.raises(PositionError, match="^rules.name: 'chess' is not an installed"):
        Game.from_position(pos)
    record = Game.new(rules="classic", seed=1).record()
    record["setup"]["rules"] = "chess"
    with pytest.raises(PositionError, match="^setup: rules: 'chess'"):
        Game.from_record(record)


@pytest.mark.parametrize("field, junk, where", [
    ("placement", {"red": {"a1": 5}}, "setup.placement.red"),
    ("placement", ["a1"], "setup.placement"),
    ("reserve", {"red": "Flag"}, "setup.reserve.red"),
    ("options", {"captures": 3}, "setup.options"),
    ("rules", 7, "setup.rules"),
])
def test_record_fields_of_the_editions_are_checked(field, junk, where):
    record = Game.new(rules="ultimate-campaign", seed=1).record()
    record["setup"][field] = junk
    with pytest.raises(PositionError, match=f"^{where}"):
        Game.from_record(record)


def test_a_position_must_use_the_rulesets_seats_and_options():
    pos = position_dict({"a1": ("Flag", "red"), "j10": ("Flag", "blue")}, rules="classic")
    pos["rules"]["players"] = ["beige", "gray"]
    with pytest.raises(PositionError, match="^rules.players: the classic rules are played by red"):
        Game.from_position(pos)
    pos = position_dict({"a1": ("Flag", "red"), "j10": ("Flag", "blue")}, rules="narnia-1",
                        options={"captures": "loud"})
    with pytest.raises(PositionError, match="^rules.options.captures: 'loud'"):
        Game.from_position(pos)


def test_reserve_pieces_only_where_the_rules_have_a_reserve():
    pos = position_dict({"a1": ("Flag", "red"), "j10": ("Flag", "blue")}, rules="classic",
                        reserve={"red": ["Marshal"]})
    with pytest.raises(PositionError, match=r"^pieces\[2\].at: these rules have no reserve"):
        Game.from_position(pos)
    pos = position_dict({"a1": ("Flag", "red"), "j10": ("Flag", "blue")},
                        rules="ultimate-campaign", reserve={"red": ["Marshal"]})
    assert Game.from_position(pos).view("red").reserve["red"] == (2001,)


def test_stratego_editions_open_no_response_windows():
    g = stratego("classic", {"e4": "Major", "a1": "Sergeant"}, {"e5": "Captain", "j10": "Flag",
                                                                  "j9": "Sergeant"})
    play(g, "e4-e5")
    assert g.current_player == "blue" and g.decision_kind == "main"
    assert not [o for o in options(g) if o == "pass"]


# -- a ruleset made in a program: the hooks the kernel calls ----------------------------------

@attrs.frozen
class Recorder:
    """Test plugin: a turn action of its own, ties to the defender, flags that do not win."""

    @hookimpl
    def legends_rules_turn_actions(self, game, player):
        return [Action.choose("rest")]

    @hookimpl
    def legends_rules_perform(self, game, player, action):
        if action.value == "rest":
            game.remember(game.pieces(player)[0], "rested", game.turn)
            return True
        return None

    @hookimpl
    def legends_rules_compare(self, attacker_strength, defender_strength):
        return attacker_strength <= defender_strength, defender_strength < attacker_strength

    @hookimpl
    def legends_rules_castle_taken(self, game, player, castle):
        pass  # taking a flag does not end this game


@pytest.fixture
def variant():
    """A classic variant whose rule plugin records what the kernel asks, registered for
    this test only (a ruleset left registered would be offered to every later test)."""
    rs = register_ruleset(attrs.evolve(CLASSIC, name="classic-test-variant",
                                       rules=(Recorder(),)))
    yield rs
    unregister_ruleset(rs.name)


def test_the_kernel_calls_the_rulesets_hooks(variant):
    rs = variant
    g = stratego(rs.name, {"e4": "Major", "f4": "Major"}, {"e5": "Major", "f5": "Flag",
                                                            "j9": "Sergeant"})
    assert "choose rest" in options(g)
    play(g, "e4-e5")  # equal ranks: this variant gives the fight to the defender
    assert g.controller_at("e5") == "blue"
    play(g, "choose rest", "f4-f5")  # blue rests; taking the flag does not end the game
    assert not g.is_over and g.controller_at("f5") == "red"
    assert Game.from_record(g.record()).to_position() == g.to_position()


def test_a_rule_plugin_must_implement_ruleset_hooks_only():
    @attrs.frozen
    class Stray:
        @hookimpl
        def legends_strength_modifier(self, game, piece):
            return 1

    bad = attrs.evolve(CLASSIC, name="classic-test-stray", rules=(Stray(),))
    with pytest.raises(CatalogueError, match="not a ruleset hook"):
        register_ruleset(bad)
    with pytest.raises(Exception, match="classic-test-stray"):
        behaviour("classic-test-stray")  # refused, so not registered either


def test_a_ruleset_name_is_claimed_once():
    with pytest.raises(CatalogueError, match="claimed twice"):
        register_ruleset(attrs.evolve(CLASSIC))


# -- the command line, in process -------------------------------------------------------------

def test_pieces_and_play_take_the_rules(capsys):
    from legends.cli import build_parser, main, play_cmd

    assert main(["pieces", "--rules", "ultimate-lightning", "--army", "blue"]) == 0
    out = capsys.readouterr().out
    assert "Corporal" in out and "Miner" not in out and "12 pieces" in out
    answers = iter(["done", "1", "board", "2", "quit"])  # 'done': the dealt setup, unchanged
    args = build_parser().parse_args(["play", "--rules", "narnia-1", "--seed", "2",
                                      "--opponent", "random"])
    assert play_cmd.run(args, read=lambda prompt="": next(answers)) == 0
    out = capsys.readouterr().out
    assert "You play red" in out and "r:" in out and "Turn 3, red" in out
    assert main(["play", "--rules", "classic", "--side", "beige"]) == 2
    assert "choose one of red, blue" in capsys.readouterr().err


def test_a_registered_ruleset_can_be_taken_back():
    rs = register_ruleset(attrs.evolve(CLASSIC, name="classic-test-gone"))
    assert "classic-test-gone" in rulesets()
    behaviour(rs.name)  # its dispatch table is built and kept ...
    unregister_ruleset(rs.name)
    assert "classic-test-gone" not in rulesets()  # ... and goes with it
    with pytest.raises(PositionError, match="classic-test-gone"):
        get_ruleset("classic-test-gone")
    with pytest.raises(PositionError, match="not added by register_ruleset"):
        unregister_ruleset("classic")  # installed editions stay
    with pytest.raises(PositionError, match="not added by register_ruleset"):
        unregister_ruleset("legends")

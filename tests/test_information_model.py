"""The information model: everything a player receives comes from what that player may know.

Kernel side of it: event audiences (default-deny), other players' pending decisions, effects
on hidden pieces, input judged from the sender's side, unsearchable seeds, per-player records
and the setup commitment.
"""

import json

import attrs
import pytest
from tests.kernel_pack import CATALOGUE, warrior

import legends_core.game as game_module
from legends_core import Game
from legends_core.errors import IllegalActionError, PositionError
from legends_core.events import AUDIENCES, EVENT_TYPES, REFEREE, Event, PowerUsed
from legends_core.fairness import verify
from legends_core.testing import position, position_dict

CHOICES = "legends_pieces.powers.choices:_destroy_picked"


def asked(player: int = 0, **kwargs):
    """A game where ``player`` must answer a power's private question (destroy d6 or not)."""
    start = Game.from_position(position_dict(
        {"d4": warrior("beige", 5), "d6": warrior("gray", 7), "h8": warrior("gray", 1)},
        catalogue=CATALOGUE, **kwargs), catalogue=CATALOGUE)
    pos = start.to_position()
    pos["stack"].append({"task": "ask", "player": player, "about": "choose a piece to destroy",
                         "choices": ["d6", "done"], "then": CHOICES,
                         "data": {"player": player, "cands": [1], "optional": True,
                                  "about": "choose a piece to destroy", "cause": "power"}})
    return Game.from_position(pos, catalogue=CATALOGUE)


# -- events -----------------------------------------------------------------------------


def test_every_event_type_declares_its_audience():
    for kind, cls in EVENT_TYPES.items():
        assert "audience" in vars(cls), f"event type {kind!r} declares no audience"
        assert cls.audience in AUDIENCES and cls.audience != REFEREE, kind


def test_an_event_type_that_declares_nothing_reaches_only_the_referee():
    @attrs.frozen
    class Secret(Event):
        kind = "test-secret"
        what: str

    game = position({"d4": warrior("beige", 5), "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    events = [Secret("castle on b2")]
    assert game.events_for(events, "beige") == []
    assert game.events_for(events, "gray") == []


def test_a_private_answer_reaches_only_the_chooser():
    game = asked()
    events = game.apply("choose done")
    assert [e.kind for e in game.events_for(events, "beige")] == ["choose"]
    assert [e.kind for e in game.events_for(events, "gray")] == []


def test_secret_power_targets_are_told_only_to_the_user():
    used = PowerUsed("beige", "c3", 67, "quickness", ("d4",), True)
    game = position({"d4": warrior("beige", 5), "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    assert game.events_for([used], "beige")[0].targets == ("d4",)
    theirs = game.events_for([used], "gray")[0]
    assert theirs.targets == () and theirs.key == "quickness"


def test_effects_on_a_hidden_piece_are_not_shown_to_those_who_do_not_know_it():
    game = position({"d4": warrior("beige", 5), "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    g = game.engine
    d4 = g.grid[g.board.parse_square("d4")]
    g.grant(d4, "quickness")
    g.boost(d4, 2)
    events, g.events = g.events, []
    assert ("d4", "keyword", "quickness") in game.view("beige").effects
    assert game.view("gray").effects == ()
    assert game.events_for(events, "gray") == []
    assert [e.kind for e in game.events_for(events, "beige")] == ["grant", "modify"]
    g.reveal([d4])
    assert ("d4", "strength", 2) in game.view("gray").effects


# -- decisions ---------------------------------------------------------------------------


def test_another_players_question_shows_only_as_waiting_for_them():
    game = asked()
    mine, theirs = game.view("beige"), game.view("gray")
    assert mine.decision == "choose a piece to destroy"
    assert mine.options == ("choose d6", "choose done")
    assert theirs.to_move == "beige"
    assert theirs.decision is None and theirs.options == ()


def test_input_from_a_player_who_is_not_deciding_is_judged_from_their_side():
    # Gray's Ground Lightning on g8 cannot move; beige types "g8-g7" while gray decides.
    game = position({"d4": 37, "g8": 131, "h8": 140}, active="gray")
    with pytest.raises(IllegalActionError) as info:
        game.parse_action("g8-g7", player="beige")
    assert "gray's decision" in str(info.value)
    assert "Lightning" not in str(info.value) and "g8" not in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        game.apply("g8-g7", player="beige")
    assert "Lightning" not in str(info.value)
    # The deciding player hears about their own piece.
    with pytest.raises(IllegalActionError, match="Ground Lightning"):
        game.parse_action("g8-g7", player="gray")
    with pytest.raises(IllegalActionError, match="unknown player"):
        game.parse_action("pass", player="nobody")


# -- seeds, records, commitment ------------------------------------------------------------


def test_a_chosen_seed_has_128_bits_from_the_secure_source(monkeypatch):
    calls = []

    def randbits(k):
        calls.append(k)
        return (1 << 127) + 12345

    monkeypatch.setattr(game_module.secrets, "randbits", randbits)
    game = Game.new(setup=False)
    assert calls == [128]
    assert game.record()["setup"]["seed"] == (1 << 127) + 12345


def test_nothing_made_for_a_player_holds_the_seed_or_the_salt():
    game = Game.new(seed=(1 << 100) + 77, turn_limit=4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    full = game.record()
    seed, salt = str(full["setup"]["seed"]), full["setup"]["salt"]
    assert len(salt) == 32
    for player in game.players:
        for made in (game.record(player), game.to_position(player), game.view(player).to_dict()):
            text = json.dumps(made)
            assert seed not in text and salt not in text
            assert '"seed"' not in text and '"salt"' not in text


def test_player_record_has_own_actions_and_only_visible_events():
    game = Game.new(seed=11, turn_limit=6)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    rec = game.record("gray")
    assert rec["format"] == "stratego-legends-player-record" and rec["player"] == "gray"
    for entry in rec["log"]:
        assert set(entry) in ({"action"}, {"events"})
        for e in entry.get("events", ()):
            assert not (e["kind"] == "choose" and e["player"] == "beige" and not e["public"])
    # Runs of events are one entry: two event entries never follow each other.
    kinds = ["events" in e for e in rec["log"]]
    assert not any(a and b for a, b in zip(kinds, kinds[1:], strict=False))


def test_player_record_does_not_show_whether_the_other_player_was_asked():
    # The same game with and without auto-pass: gray's record is the same entry for entry.
    asked = Game.new(seed=21, turn_limit=12)
    auto = Game.new(seed=21, turn_limit=12, auto_pass=True, salt=asked.record()["setup"]["salt"])
    for game in (asked, auto):
        rng = __import__("random").Random(21)
        while not game.is_over:
            acts = list(game.legal_actions())
            game.apply(acts[0] if len(acts) == 1 else acts[rng.randrange(len(acts))])
    def without_passes(log):
        # A player's own passes differ (asked in one game, passed for in the other), which
        # they know; what must match is everything else, run for run.
        out = []
        for entry in log:
            if entry.get("action") == "pass":
                continue
            if "events" in entry and out and "events" in out[-1]:
                out[-1] = {"events": out[-1]["events"] + entry["events"]}
            else:
                out.append(entry)
        return out

    assert auto.record("gray")["log"] != asked.record("gray")["log"]  # own passes differ
    for player in ("beige", "gray"):
        assert without_passes(asked.record(player)["log"]) == \
            without_passes(auto.record(player)["log"])


def test_commitment_is_published_to_everyone_and_verifies():
    game = Game.new(seed=5, turn_limit=6)
    assert game.commitment is None  # still in setup: nothing is fixed yet
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    digest = game.commitment
    assert digest is not None and len(digest) == 64
    assert game.view("beige").commitment == game.view("gray").commitment == digest
    full = json.dumps(game.record())
    assert verify(full, commitment=digest).ok
    assert verify(full, player_record=json.dumps(game.record("beige"))).ok


def test_a_changed_setup_or_log_is_caught():
    game = Game.new(seed=5, turn_limit=6)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    digest, mine = game.commitment, game.record("gray")
    changed = game.record()
    changed["setup"]["salt"] = "0" * 32  # the referee claims another salt
    assert not verify(changed, commitment=digest).ok
    swapped = game.record()
    swapped["setup"]["gray"] = list(reversed(swapped["setup"]["gray"]))  # another hidden army
    result = verify(swapped, player_record=mine)
    assert not result.ok and any("commitment" in p for p in result.problems)
    forged = json.loads(json.dumps(mine))
    forged["log"][0]["events"].append({"kind": "turn", "player": "gray", "number": 99})
    assert not verify(game.record(), player_record=forged).ok
    with pytest.raises(PositionError):
        verify(game.record(), player_record={"format": "nonsense"})


def test_commitment_survives_saving_and_loading():
    game = Game.new(seed=9, setup=False)
    again = Game.from_position(json.loads(json.dumps(game.to_position())))
    assert again.commitment == game.commitment is not None
    assert Game.from_record(json.loads(json.dumps(game.record()))).commitment == game.commitment

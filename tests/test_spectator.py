"""The spectator: someone watching a game, holding no seat, sees only what every seat knows."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.leaky_pack import CATALOGUE as LEAKY_CATALOGUE
from tests.leaky_pack import WHISPERERS

from legends_core import SPECTATOR, Game
from legends_core.events import Moved, Revealed
from legends_core.leakcheck import fuzz_game, hidden_from, make_twin, power_biased
from legends_core.visibility import events_for


def mid_game(seed: int, decisions: int) -> Game:
    game = Game.new(seed=seed)
    play = power_biased(random.Random(seed))
    for _ in range(decisions):
        if game.is_over:
            break
        game.apply(play(list(game.legal_actions()), game))
    return game


def test_twins_differing_in_hidden_pieces_look_the_same_to_a_spectator():
    stops: Counter[str] = Counter()
    decisions = 0
    for seed in range(16):
        for report in fuzz_game(seed, pairs=3, spectator=True):
            assert report.observer == SPECTATOR
            assert report.changed, "the twins must differ in something"
            assert not report.result.findings, report.result.findings
            stops[report.result.stop] += 1
            decisions += report.result.decisions
    # The twins are compared until a differing piece is shown to everyone (an attack).
    assert stops["reveal"] >= 10, stops
    assert decisions > 100


def test_the_spectator_fuzzer_catches_an_event_naming_a_hidden_piece():
    reports = [r for s in range(30)
               for r in fuzz_game(s, LEAKY_CATALOGUE, pool=WHISPERERS, pairs=3, spectator=True)]
    findings = [f for r in reports for f in r.result.findings]
    assert any(f.channel == "events" and f.what == "modify/modify" for f in findings)


def test_a_spectator_twin_varies_pieces_only_one_seat_knows():
    game = mid_game(5, 40)
    position = game.to_position()
    seats = set(game.players)
    hidden = hidden_from(position, SPECTATOR)
    # Both armies' own hidden pieces are hidden from the spectator.
    assert {p["owner"] for p in hidden} == seats
    assert all(not seats <= set(p["known_to"]) for p in hidden)
    twin, changed = make_twin(position, SPECTATOR, random.Random(1), game.catalogue)
    assert changed
    b = Game.from_position(twin, catalogue=game.catalogue)
    assert attrs_free(game.view(SPECTATOR)) == attrs_free(b.view(SPECTATOR))
    # ...while each seat sees its own army change.
    assert any(game.view(s) != b.view(s) for s in game.players)


def attrs_free(view):
    d = view.to_dict()
    d["commitment"] = d["commitment"] is not None
    return d


def shown_to(known_to: list[str], players: int = 2) -> tuple[Game, str, int]:
    """A game at the start of play where the first piece of the last seat's army is known
    to the seats ``known_to`` (its owner among them)."""
    game = Game.new(seed=2, players=players)
    while game.decision_kind != "main":
        game.apply(next(iter(game.legal_actions())))
    position = game.to_position()
    piece = next(p for p in position["pieces"] if p["owner"] == game.players[-1])
    piece["known_to"] = known_to
    return Game.from_position(position, catalogue=game.catalogue), piece["at"], piece["number"]


def test_a_piece_only_its_owner_knows_is_hidden_from_the_spectator():
    game, square, number = shown_to(["gray"])
    assert game.view("gray").piece_on(square).number == number
    seen = game.view(SPECTATOR).piece_on(square)
    assert seen.number is None and seen.name is None and not seen.revealed
    move = Moved(player="gray", frm=square, to="a1", piece=number, seen=("gray",))
    assert game.events_for([move], SPECTATOR)[0].piece is None


def test_a_piece_shown_to_some_seats_but_not_all_stays_hidden_from_the_spectator():
    seats = Game.new(seed=2, players=4).players
    owner = seats[-1]
    others = [s for s in seats if s != owner]
    game, square, number = shown_to([owner, *others[:2]], players=4)
    assert game.view(others[0]).piece_on(square).number == number
    assert game.view(others[2]).piece_on(square).number is None
    seen = game.view(SPECTATOR).piece_on(square)
    assert seen.number is None and not seen.revealed
    # Events name it to the spectator only when every seat was shown it.
    some = Revealed(at=square, piece=number, seen=(owner, *others[:2]))
    every = Revealed(at=square, piece=number, seen=tuple(seats))
    assert game.events_for([some], SPECTATOR) == [
        Revealed(at=square, piece=None, seen=some.seen)]
    assert game.events_for([some], others[0]) == [some]
    assert game.events_for([every], SPECTATOR) == [every]


def test_a_piece_shown_to_every_seat_is_shown_to_the_spectator():
    game, square, number = shown_to(["gray", "beige"])
    seen = game.view(SPECTATOR).piece_on(square)
    assert seen.number == number and seen.revealed
    seats = Game.new(seed=2, players=4).players
    game, square, number = shown_to(list(seats), players=4)
    assert game.view(SPECTATOR).piece_on(square).number == number


def test_a_spectator_never_sees_a_decision_or_its_options():
    game = mid_game(3, 30)
    view = game.view(SPECTATOR)
    assert view.player == SPECTATOR
    assert view.to_move == game.current_player
    assert view.decision is None and view.options == ()
    assert game.view(game.current_player).options


def test_a_spectator_sees_everything_once_every_seat_does():
    """In a played game, every piece the spectator is shown is one all seats know, and every
    piece all seats know is shown."""
    game = mid_game(9, 120)
    seats = set(game.players)
    position = {p["at"]: p for p in game.to_position()["pieces"] if p["at"][0].isalpha()}
    for p in game.view(SPECTATOR).pieces:
        assert (p.number is not None) == (seats <= set(position[p.square]["known_to"]))


def test_the_referee_and_unknown_names_are_not_spectators():
    game = mid_game(4, 10)
    with pytest.raises(ValueError):
        game.view("nobody")
    # Without the seats, the kernel cannot tell what every seat knows: it refuses.
    with pytest.raises(ValueError):
        events_for([Revealed(at="a1", piece=1, seen=("beige",))], SPECTATOR)


@pytest.mark.parametrize("options", [{"players": 4}, {"rules": "classic"}, {"strict": True}],
                         ids=["team game", "classic", "strict"])
def test_spectator_twins_in_team_games_other_editions_and_step_by_step(options):
    stops: Counter[str] = Counter()
    for seed in range(6):
        for report in fuzz_game(seed, pairs=2, spectator=True, **options):
            assert not report.result.findings, report.result.findings
            stops[report.result.stop] += 1
    assert stops["reveal"] >= 3, stops

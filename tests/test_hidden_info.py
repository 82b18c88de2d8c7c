"""Hidden information: what one player sees must not depend on what they cannot know."""

import random

import attrs
from hypothesis import given
from hypothesis import strategies as st
from tests.kernel_pack import CATALOGUE, warrior
from tests.randomgames import random_position_game

from legends_core import Game
from legends_core.testing import play, position


def twin_with_permuted_hidden(game: Game, hidden_from: str, seed: int, catalogue=CATALOGUE) -> Game:
    """A copy of ``game`` whose other players' pieces unknown to ``hidden_from`` swap
    identities among themselves (each army's among its own, so every army keeps its one
    castle)."""
    pos = game.to_position()
    rng = random.Random(seed)
    for owner in game.players:
        secret = [p for p in pos["pieces"] if hidden_from not in p["known_to"] and p["at"] not in
                  ("destroyed", "curse", "curse-queue") and p["owner"] == owner]
        numbers = [p["number"] for p in secret]
        rng.shuffle(numbers)
        for p, n in zip(secret, numbers, strict=True):
            p["number"] = n
    return Game.from_position(pos, catalogue=catalogue)


def salted(x):
    """Blank the setup commitment: a salted hash, random in every game, so twins differ in it
    without telling anyone anything."""
    if isinstance(x, list):
        return [salted(e) for e in x]
    if getattr(x, "kind", None) == "commit":
        return attrs.evolve(x, digest="")
    if hasattr(x, "commitment"):
        return attrs.evolve(x, commitment=None)
    return x


def views_equal(a: Game, b: Game, player: str) -> bool:
    return salted(a.view(player)) == salted(b.view(player))


def check_indistinguishable(a: Game, viewer: str, seed: int, catalogue) -> None:
    rng = random.Random(seed)
    b = twin_with_permuted_hidden(a, viewer, seed, catalogue)
    for _ in range(60):
        if a.is_over or b.is_over:
            break
        assert views_equal(a, b, viewer)
        assert a.current_player == b.current_player
        if a.current_player == viewer:
            assert list(a.legal_actions()) == list(b.legal_actions())
        shared = [x for x in a.legal_actions() if x in b.legal_actions()]
        if not shared:
            break  # the other player's own options differ: expected, they know their pieces
        action = rng.choice(shared)
        ea = salted(a.events_for(a.apply(action), viewer))
        eb = salted(b.events_for(b.apply(action), viewer))
        if ea != eb:
            # Allowed only where an attack or a power is about to show the viewer a piece.
            # (Psychic Devourer's blind guess comes one step before the reveal, so the two
            # games may reach the reveal one step apart.)
            diff = [(x, y) for x, y in zip(ea, eb, strict=False) if x != y]
            if diff:
                # The first difference must be a piece the viewer is now allowed to see; what
                # follows may differ because of it (a death curse it carried, say).
                first = diff[0][0]
                assert getattr(first, "piece", None) is not None, diff
            else:  # one list runs ahead of the other: only around an attack's reveal
                assert any(e.kind == "attack" for e in ea), (ea, eb)
            break


@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(["beige", "gray"]))
def test_views_actions_and_events_do_not_depend_on_hidden_identities(seed, viewer):
    rng = random.Random(seed)
    a = random_position_game(seed, CATALOGUE)
    # Play a little first so some pieces have moved, fought or been revealed.
    for _ in range(rng.randrange(0, 40)):
        if a.is_over:
            return
        a.apply(rng.choice(list(a.legal_actions())))
    check_indistinguishable(a, viewer, seed, CATALOGUE)


@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(["beige", "gray"]))
def test_the_same_with_the_real_catalogue(seed, viewer):
    from legends_core import catalogue

    rng = random.Random(seed)
    a = Game.new(seed=seed, beige="random", gray="random", setup=False)
    for _ in range(rng.randrange(0, 60)):
        if a.is_over:
            return
        a.apply(rng.choice(list(a.legal_actions())))
    check_indistinguishable(a, viewer, seed, catalogue())


def test_view_hides_enemy_identity_until_revealed():
    game = position({"d4": warrior("beige", 5), "d6": warrior("gray", 7), "h8": warrior("gray", 1)},
                    catalogue=CATALOGUE)
    v = game.view("beige")
    assert v.piece_on("d4").name == "Test beige 5"
    enemy = v.piece_on("d6")
    assert enemy.number is None and enemy.name is None and enemy.strength is None
    assert enemy.controller == "gray"
    assert game.view("gray").piece_on("d6").name == "Test gray 7"


def test_events_for_a_player_blank_what_they_may_not_know():
    game = position({"d4": warrior("beige", 5), "h7": warrior("gray", 7), "h8": warrior("gray", 1)},
                    catalogue=CATALOGUE, active="gray")
    events = play(game, "h7-h6")
    mine = game.events_for(events, "gray")
    theirs = game.events_for(events, "beige")
    assert mine[0].piece == warrior("gray", 7)
    assert theirs[0].piece is None


def test_position_for_a_player_has_no_hidden_identities():
    game = position({"d4": warrior("beige", 5), "d6": warrior("gray", 7), "h8": warrior("gray", 1)},
                    catalogue=CATALOGUE)
    pos = game.to_position("beige")
    numbers = {p["square"]: p["number"] for p in pos["pieces"]}
    assert numbers["d4"] == warrior("beige", 5)
    assert numbers["d6"] is None and numbers["h8"] is None
    assert "stack" not in pos


def test_error_for_wrong_player_reveals_nothing():
    game = position({"d4": warrior("beige", 5), "h8": warrior("gray", 1)}, catalogue=CATALOGUE)
    try:
        game.apply("d4-d5", player="gray")
    except ValueError as exc:
        assert "beige's decision" in str(exc) and "d4" not in str(exc)

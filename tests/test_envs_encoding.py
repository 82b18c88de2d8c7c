"""Action ids and observation tensors (legends.envs.encoding)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.envs_helpers import RULESETS, random_states
from tests.test_hidden_info import twin_with_permuted_hidden

from legends.envs.encoding import ActionSpace, Chooser, ObservationSpace, observe, power_keys
from legends_core import Action, ActionIdError, Game, IllegalActionError, catalogue
from legends_core.testing import comparable_view, position


def round_trip_all(game: Game, space: ActionSpace) -> int:
    """Encode every legal action and choose it back from its ids; return how many."""
    legal = list(game.legal_actions())
    for action in legal:
        ids = space.encode(action, legal)
        chooser = Chooser(space, legal)
        for aid in ids[:-1]:
            assert 0 <= aid < space.size
            assert chooser.step(aid) is None
        assert chooser.step(ids[-1]) == action, (action, ids)
    # Every id legal at the first step leads somewhere, and nothing else is legal.
    chooser = Chooser(space, legal)
    assert int(chooser.mask().sum()) == len(chooser.legal_ids()) > 0
    return len(legal)


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_action_round_trips_through_its_ids(rules, seed):
    space = None
    count = 0
    for game in random_states(rules, seed, turn_limit=40):
        space = space or ActionSpace.for_game(game)
        count += round_trip_all(game, space)
    assert count > 300


def test_the_ids_of_one_game_are_the_layout_of_its_board_seats_and_catalogue():
    game = Game.new(seed=5)
    space = ActionSpace.for_game(game)
    cat = game.engine.catalogue
    squares = game.board.width * game.board.height
    assert space.blocks["move"] == (1, squares * squares)
    assert space.blocks["power"][1] == squares * len(power_keys(cat))
    assert space.blocks["choose-name"][1] == len(cat.names)
    assert space.size == sum(size for _, size in space.blocks.values())
    assert ActionSpace.for_game(Game.new(seed=6)) is space  # one space per layout
    # An id means the same in every game of the layout.
    assert space.first_id(Action.move("a1", "a2")) == 1 + 0 * squares + 8
    assert space.describe(1 + 8) == "move a1-a2"
    assert space.describe(0) == "pass"


def test_a_power_with_several_targets_is_chosen_step_by_step():
    # Ogre Fort moves a piece next to it onto a square: two targets, chosen one at a time.
    game = position({"d4": 136, "a1": 106, "h1": 121, "h8": 37},
                    terrain={"d5": "mountain", "e5": "mountain"}, active="gray")
    legal = [a for a in game.legal_actions() if a.kind == "power" and len(a.targets) == 2]
    assert len(legal) == 4  # two Ogres, two mountain squares
    space = ActionSpace.for_game(game)
    action = legal[0]
    ids = space.encode(action, list(game.legal_actions()))
    assert len(ids) >= 2
    chooser = Chooser(space, list(game.legal_actions()))
    assert chooser.step(ids[0]) is None
    assert chooser.partial == (action.src, action.key, ())
    # Only targets (or the end) are legal while a power is half chosen.
    assert all(space.block_of(i)[0] in ("target", "end") for i in chooser.legal_ids())


@pytest.mark.parametrize("bad", [-1, 10**9, 1.5, True, "3", None])
def test_out_of_range_ids_raise_the_documented_error(bad):
    game = Game.new(seed=1)
    chooser = Chooser(ActionSpace.for_game(game), list(game.legal_actions()))
    with pytest.raises(ActionIdError):
        chooser.step(bad)
    assert issubclass(ActionIdError, IllegalActionError) and issubclass(ActionIdError, ValueError)


def test_a_masked_id_raises_and_changes_nothing():
    game = Game.new(seed=1)
    space = ActionSpace.for_game(game)
    chooser = Chooser(space, list(game.legal_actions()))
    masked = int(np.flatnonzero(chooser.mask() == 0)[0])
    before = chooser.legal_ids()
    with pytest.raises(ActionIdError, match="not legal now"):
        chooser.step(masked)
    assert chooser.legal_ids() == before and chooser.partial is None


def test_unusual_answers_are_numbered_in_order_and_bounded():
    space = ActionSpace.for_game(Game.new(seed=1))
    ids = space.choice_ids(["a1", "done", "maybe", "beige:3", "Tiera", "forest", "later"])
    off = space.blocks["choose-other"][0]
    assert ids[2] == off and ids[6] == off + 1
    assert space.describe(ids[3]) == "choose beige:3"
    assert space.describe(ids[4]) == "choose Tiera"
    with pytest.raises(ActionIdError):
        space.choice_ids([f"word{i}" for i in range(40)])


def test_observation_layout_shows_own_pieces_and_hides_unknown_ones():
    game = Game.new(seed=4, setup=False)
    space = ObservationSpace.for_game(game)
    vec = observe(game.view("beige"), space)
    assert vec.shape == (space.size,) and vec.dtype == np.float32
    planes = space.board(vec)
    view = game.view("beige")
    mine = next(p for p in view.pieces if p.controller == "beige")
    theirs = next(p for p in view.pieces if p.controller == "gray")
    sq = space.actions._sq
    r, f = divmod(sq[mine.square], game.board.width)
    assert planes[space.planes.index(f"piece:{mine.number}"), r, f] == 1.0
    assert planes[space.planes.index("controller:0"), r, f] == 1.0
    r, f = divmod(sq[theirs.square], game.board.width)
    assert planes[space.planes.index("hidden"), r, f] == 1.0
    assert planes[space.planes.index("controller:1"), r, f] == 1.0
    identity = [i for i, name in enumerate(space.planes) if name.startswith("piece:")]
    assert planes[identity, r, f].sum() == 0.0
    # Each plane of terrain is one-hot per square.
    assert (planes[:7].sum(axis=0) == 1.0).all()
    assert space.feature(vec, "deciding")[0] == float(game.current_player == "beige")


def _tensors(game: Game, player: str) -> tuple[np.ndarray, np.ndarray]:
    space = ActionSpace.for_game(game)
    obs = observe(comparable_view(game, player), ObservationSpace.for_game(game))
    legal = list(game.legal_actions()) if game.current_player == player else []
    return obs, Chooser(space, legal).mask()


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("rules", RULESETS)
def test_twins_that_differ_only_in_hidden_identities_give_identical_tensors(rules, seed, seat):
    rng = random.Random(seed)
    armies = {"beige": "random", "gray": "random"} if rules is None else {"rules": rules}
    a = Game.new(seed=seed, setup=False, **armies)
    viewer = a.players[seat]
    for _ in range(rng.randrange(0, 60)):
        if a.is_over:
            return
        a.apply(rng.choice(list(a.legal_actions())))
    b = twin_with_permuted_hidden(a, viewer, seed, a.engine.catalogue)
    hidden = [p.square for p in a.view(viewer).pieces if p.number is None]
    if len({a.piece_at(sq) for sq in hidden}) > 1:  # else no permutation can differ
        assert any(a.piece_at(sq) != b.piece_at(sq) for sq in hidden)
    for _ in range(30):
        if a.is_over or b.is_over:
            break
        oa, ma = _tensors(a, viewer)
        ob, mb = _tensors(b, viewer)
        assert np.array_equal(oa, ob)
        assert np.array_equal(ma, mb)
        shared = [x for x in a.legal_actions() if x in b.legal_actions()]
        if not shared:
            break
        action = rng.choice(shared)
        ea, eb = a.events_for(a.apply(action), viewer), b.events_for(b.apply(action), viewer)
        if any(getattr(e, "piece", None) is not None for e in ea + eb) or len(ea) != len(eb):
            break  # a piece is being shown to the viewer: the twins may part from here


def test_the_referee_tensor_differs_from_a_players_when_pieces_are_hidden():
    # The check above must be able to fail: the referee sees what the player does not.
    game = Game.new(seed=2, setup=False)
    space = ObservationSpace.for_game(game)
    twin = twin_with_permuted_hidden(game, "beige", 2, catalogue())
    ref_a = observe(_as(game.view(None), "beige"), space)
    ref_b = observe(_as(twin.view(None), "beige"), space)
    assert not np.array_equal(ref_a, ref_b)
    assert np.array_equal(observe(comparable_view(game, "beige"), space),
                          observe(comparable_view(twin, "beige"), space))


def _as(view, player):
    import attrs

    return attrs.evolve(view, player=player, commitment=None)


@pytest.mark.parametrize("rules", RULESETS)
def test_observations_of_random_states_fit_the_layout(rules):
    count = 0
    for game in random_states(rules, 11, turn_limit=30):
        space = ObservationSpace.for_game(game)
        for player in game.players:
            vec = observe(game.view(player), space)
            assert vec.shape == (space.size,) and np.isfinite(vec).all()
        count += 1
    assert count > 20


def test_the_kernel_never_imports_the_research_adapters():
    import subprocess
    import sys

    code = ("import sys, legends_core, legends.cli, legends.simulate, legends_pieces\n"
            "from legends_core import Game\n"
            "Game.new(seed=1)\n"
            "bad = [m for m in sys.modules if m.startswith('legends.envs') or m in "
            "('numpy', 'ray', 'pyspiel', 'pettingzoo', 'gymnasium')]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)

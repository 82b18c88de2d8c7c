"""The main decision's cache (legends_core.changes): right, and actually reused.

Every power that declares ``watches`` is exercised by random games with armies drawn from the
whole catalogue, played with a policy that favours powers; at every main decision the kept
options must equal options worked out afresh.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from legends_core import Action, CatalogueError, Game, Power, hookimpl, piece
from legends_core.changes import REACHES, areas
from legends_core.leakcheck import power_biased
from legends_core.moves import turn_options
from legends_core.registry import Catalogue, default_catalogue
from legends_core.testing import check_offers, play, position
from legends_pieces.powers import KEYWORD_POWERS


def _play_checked(game: Game, rng: random.Random, limit: int = 3000) -> int:
    """Play until the end (or ``limit`` decisions), checking every main decision; returns
    how many main decisions were checked."""
    pick = power_biased(rng)
    checked = 0
    for _ in range(limit):
        if game.is_over:
            break
        if game.decision_kind == "main":
            check_offers(game)
            checked += 1
        game.apply(pick(list(game.legal_actions()), game))
    return checked


@pytest.mark.parametrize("seed", range(60))
def test_kept_options_equal_fresh_ones_in_random_army_games(seed):
    game = Game.new(beige="random", gray="random", seed=70_000 + seed, turn_limit=1000)
    assert _play_checked(game, random.Random(seed)) >= 1


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_kept_options_equal_fresh_ones_with_preset_armies(seed):
    game = Game.new(seed=seed, turn_limit=300, auto_pass=seed % 2 == 0)
    _play_checked(game, random.Random(seed))


def test_a_piece_far_from_the_change_keeps_its_offers():
    """A move on one side of the board leaves a piece's entry on the other side untouched:
    the same tuple is reused, not worked out again."""
    game = position({"a1": 37, "h8": 160, "a8": 160, "h1": 37}, active="beige")
    g = game.engine
    turn_options(g, 0)
    a1, h1 = g.grid[g.sq("a1")], g.grid[g.sq("h1")]
    kept_a1, kept_h1 = g.offers[a1], g.offers[h1]
    play(game, "h1-g1", "pass", "pass", "a8-b8", "pass", "pass")
    turn_options(g, 0)
    assert g.offers[a1] is kept_a1          # nothing near a1 changed
    assert g.offers[h1] is not kept_h1      # h1 moved to g1: worked out again
    assert g.offers[h1].square == g.sq("g1")


def test_a_change_next_to_a_piece_renews_its_offers():
    game = position({"d4": 37, "a8": 160, "h8": 160}, active="beige")
    g = game.engine
    d4, a8 = g.grid[g.sq("d4")], g.grid[g.sq("a8")]
    turn_options(g, 0)
    kept = g.offers[d4]
    g.move_piece(a8, g.sq("a7"))                    # far away: kept
    assert set(map(str, turn_options(g, 0))) == {"d4-d5", "d4-e4", "d4-d3", "d4-c4"}
    assert g.offers[d4] is kept
    g.move_piece(a8, g.sq("d5"))                    # next to it: worked out again
    assert "d4-d5" in map(str, turn_options(g, 0))  # now an attack
    assert g.offers[d4] is not kept
    g.move_piece(a8, g.sq("c4"))
    g.move_piece(g.grid[g.sq("h8")], g.sq("d5"))
    g.boost(d4, 1)                                  # its own square changed
    kept = g.offers[d4]
    turn_options(g, 0)
    assert g.offers[d4] is not kept


def test_a_stationary_piece_keeps_its_offers_while_pieces_move_around_it():
    """A piece printed stationary has no standard move wherever it stands (keywords are only
    ever added), so its entry watches its own square, not the squares a step reaches."""
    game = position({"d4": 29, "e4": 37, "a8": 160, "h8": 160}, active="beige")
    g = game.engine
    quake, knight, a8, h8 = (g.grid[g.sq(s)] for s in ("d4", "e4", "a8", "h8"))
    assert g.beh[quake].watches == frozenset({"own"})
    assert g.beh[knight].watches is not None and "moves" in g.beh[knight].watches
    turn_options(g, 0)
    kept, kept_knight = g.offers[quake], g.offers[knight]
    g.move_piece(a8, g.sq("d5"))                    # next to the Earthquake
    g.move_piece(h8, g.sq("e5"))                    # next to both
    assert "e4-e5" in map(str, turn_options(g, 0))
    assert g.offers[quake] is kept                  # nothing it could do changed
    assert g.offers[knight] is not kept_knight      # its step area changed
    g.reveal([quake])                               # its own square: worked out again
    turn_options(g, 0)
    assert g.offers[quake] is not kept


def _brute(width: int, height: int, reach: str, at: int, changed: int) -> bool:
    """Does a change on ``changed`` concern a power of ``reach`` on ``at``? (By definition.)"""
    f, r = at % width, at // width
    cf, cr = changed % width, changed // width
    if reach == "own":
        return at == changed
    if reach in ("step", "moves"):
        return abs(f - cf) + abs(r - cr) <= 1
    if reach == "adjacent":
        return max(abs(f - cf), abs(r - cr)) <= 1
    if reach == "near":
        return max(abs(f - cf), abs(r - cr)) <= 2
    if reach == "lines":
        return f == cf or r == cr
    if reach == "diagonals":
        return f - r == cf - cr or f + r == cf + cr
    if reach == "looked":  # no fixed area: the squares looked at are added per entry
        return False
    return True


@pytest.mark.parametrize("size", [(8, 8), (10, 10), (16, 8), (3, 5)])
def test_a_change_stamps_exactly_the_areas_that_watch_it(size):
    w, h = size
    a = areas(w, h)
    for reach in REACHES:
        for at in range(w * h):
            watched = set(a.watch[reach][at])
            for changed in range(w * h):
                hit = bool(watched & set(a.touches[changed]))
                assert hit == _brute(w, h, reach, at, changed), (reach, at, changed)
                # A change to who stands there: the same, but for the standard moves of the
                # pieces next to it, which depend only on whether one stands there and whose.
                marked = bool(watched & set(a.marks[changed]))
                expect = at == changed if reach == "moves" else _brute(w, h, reach, at, changed)
                assert marked == expect, (reach, at, changed)


def _kept_entry(placement: dict, square: str):
    """A beige-to-move position, its engine, the piece on ``square`` and its kept entry."""
    g = position(placement, active="beige").engine
    pid = g.grid[g.sq(square)]
    turn_options(g, 0)
    return g, pid, g.offers[pid]


def test_a_neighbour_becoming_known_or_stronger_keeps_a_pieces_standard_moves():
    g, d4, kept = _kept_entry({"d4": 37, "d5": 160, "h8": 160}, "d4")
    d5 = g.grid[g.sq("d5")]
    assert g.beh[d4].watches is not None and "moves" in g.beh[d4].watches
    g.reveal([d5])
    g.boost(d5, 2)
    g.grant(d5, "flying")
    assert "d4-d5" in map(str, turn_options(g, 0))
    assert g.offers[d4] is kept                  # who d5 is does not change d4's moves
    g.expire_turn_effects()
    turn_options(g, 0)
    assert g.offers[d4] is kept
    g.boost(d4, 1)                               # its own: worked out again
    turn_options(g, 0)
    assert g.offers[d4] is not kept


def test_a_change_stamps_few_areas():
    """A square's own area, up to five step areas and the board's: the wider reaches watch
    the one-square areas of their squares (a change is far more common than a check)."""
    a = areas(8, 8)
    assert max(len(t) for t in a.touches) == 7
    assert a.count == 2 * 64 + 1
    assert set(a.watch["near"][a.width * 4 + 4]) == {
        r * 8 + f for r in range(2, 7) for f in range(2, 7)}


def test_the_areas_of_several_reaches_are_the_union_of_each_worked_out_once():
    a = areas(8, 8)
    for reaches in (frozenset({"step", "lines"}), frozenset({"step", "near", "diagonals"}),
                    frozenset({"step", "board"})):
        for sq in range(64):
            want = a.watch["board"][sq] if "board" in reaches else tuple(
                x for r in REACHES if r in reaches for x in a.watch[r][sq])
            assert a.watched(reaches, sq) == want
        assert a.watched(reaches, 9) is a.combined[reaches][9]  # every square, kept


@attrs.frozen(repr=False)
class _Peek(Power):
    """Offers a jump to any empty corner, but declares it only watches its own step."""

    label = "Action"
    key = "peek"
    watches = "step"

    @hookimpl
    def legends_offer_actions(self, game, piece):
        for sq in (0, game.board.size - 1):
            if game.grid[sq] < 0:
                yield Action.power(game.name(game.loc[piece]), self.key, game.name(sq))

    @hookimpl
    def legends_perform(self, game, piece, action):
        game.move_piece(piece, game.sq(action.targets[0]))


def _with(power: Power, number: int = 901) -> Catalogue:
    base = default_catalogue()
    extra = piece(number, "Peeker", 5, type="Test", colour="blue", text="Test piece.",
                  powers=[power])
    return Catalogue([*base.values(), extra], KEYWORD_POWERS)


def test_check_offers_catches_a_power_that_watches_too_little():
    cat = _with(_Peek())
    game = position({"d4": 901, "b1": 37, "e8": 160}, catalogue=cat, active="beige")
    play(game, "b1-a1", "pass", "pass", "e8-e7", "pass", "pass")
    with pytest.raises(AssertionError, match="stale"):
        check_offers(game)          # the corner a1 filled up far from d4's step


class _Wide(_Peek):
    watches = "everything"


def test_an_unknown_watches_value_is_refused_by_name():
    with pytest.raises(CatalogueError, match="watches='everything'"):
        _with(_Wide())


# -- abilities are asked only in the windows their powers declare ---------------------------
def _all_windows_agree(game: Game) -> int:
    """At a main decision or window: every piece's abilities asked in all its powers equal
    those asked only in the powers declared for this window. Returns pieces compared."""
    from legends_core.moves import _offer

    g = game.engine
    pending = g.pending
    if pending is None or pending.name not in ("main", "window"):
        return 0
    window = "main" if pending.name == "main" else pending.kind
    n = 0
    for pid in g.ability_pieces():
        if g.loc[pid] < 0:
            continue
        b = g.beh[pid]
        every: list = []
        declared: list = []
        _offer(g, pid, b, b.offer_abilities, (window,), every)
        _offer(g, pid, b, b.abilities_in[window], (window,), declared)
        assert every == declared, (g.types[pid].name, window, every, declared)
        n += 1
    return n


@pytest.mark.parametrize("seed", range(30))
def test_declared_windows_leave_out_no_offer(seed):
    game = Game.new(beige="random", gray="random", seed=80_000 + seed, turn_limit=300)
    pick = power_biased(random.Random(seed))
    compared = 0
    while not game.is_over:
        compared += _all_windows_agree(game)
        game.apply(pick(list(game.legal_actions()), game))
    assert compared > 0


def test_a_window_scans_only_pieces_with_abilities_for_it():
    boost = next(n for n, t in default_catalogue().items()
                 if any(type(p).__name__ == "Boost" for p in t.powers))
    game = position({"d4": boost, "h8": 160})
    g = game.engine
    pid = g.grid[g.sq("d4")]
    assert pid in g.ability_pieces("main") and pid in g.ability_pieces("attack")
    assert pid not in g.ability_pieces("end")


class _Late(_Peek):
    windows = frozenset({"later"})


def test_an_unknown_window_is_refused_by_name():
    with pytest.raises(CatalogueError, match="windows=\\['later'\\]"):
        _with(_Late())


def test_a_classic_scout_keeps_its_runs_until_its_rank_or_file_changes():
    """The Scout's run watches its lines: a move elsewhere keeps its entry, a piece arriving on
    its file renews it (and shortens the run)."""
    game = position({"a1": ("Flag", "red"), "j10": ("Flag", "blue"), "b1": ("Scout", "red"),
                     "h9": ("Sergeant", "red"), "j7": ("Sergeant", "blue")}, rules="classic")
    g = game.engine
    scout = g.grid[g.sq("b1")]
    runs = {str(a) for a in turn_options(g, 0) if a.src == "b1"}
    assert {"b1 scout b6", "b1 scout b10"} <= runs
    kept = g.offers[scout]
    g.move_piece(g.grid[g.sq("j7")], g.sq("j8"))        # not on rank 1 or file b
    turn_options(g, 0)
    assert g.offers[scout] is kept
    g.move_piece(g.grid[g.sq("j8")], g.sq("b6"))        # on the Scout's file
    runs = {str(a) for a in turn_options(g, 0) if a.src == "b1"}
    assert g.offers[scout] is not kept
    assert "b1 scout b6" in runs and "b1 scout b7" not in runs  # attack at the end, no further


def test_a_relocation_to_an_adjacent_square_watches_only_what_is_adjacent():
    """Wind Castle's once-a-game move to an empty square next to it: a change across the board
    keeps its entry; a piece arriving next to it renews it (one target fewer)."""
    game = position({"d4": 101, "a1": 37, "h8": 160, "a8": 160}, active="beige")
    g = game.engine
    castle = g.grid[g.sq("d4")]
    targets = {a.targets[0] for a in turn_options(g, 0) if a.key == "wind-castle"}
    assert targets == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}
    kept = g.offers[castle]
    g.move_piece(g.grid[g.sq("h8")], g.sq("h7"))          # far away: kept
    turn_options(g, 0)
    assert g.offers[castle] is kept
    g.move_piece(g.grid[g.sq("h7")], g.sq("e5"))          # next to it: worked out again
    targets = {a.targets[0] for a in turn_options(g, 0) if a.key == "wind-castle"}
    assert g.offers[castle] is not kept and "e5" not in targets and len(targets) == 7


def test_a_terrain_jump_off_its_terrain_keeps_its_offers_until_its_surroundings_change():
    """The Cave Beast jumps between mountains only while on one (``Power.idle_on``): off the
    mountains its entry outlasts changes across the board; on one, a change on a mountain
    renews it."""
    game = position({"d4": 109, "a1": 37, "h8": 160, "a8": 160}, active="gray",
                    terrain={"f6": "mountain", "b7": "mountain", "g2": "mountain"})
    g = game.engine
    beast = g.grid[g.sq("d4")]
    assert g.beh[beast].watches_on(g.board, g.sq("d4")) == {"moves"}
    assert g.beh[beast].watches_on(g.board, g.sq("f6")) == {"moves", "looked"}
    turn_options(g, 1)
    kept = g.offers[beast]
    g.move_piece(g.grid[g.sq("h8")], g.sq("g2"))          # far away: kept
    assert not any(a.key == "terrain-move" for a in turn_options(g, 1))
    assert g.offers[beast] is kept
    g.move_piece(beast, g.sq("f6"))
    jumps = {a.targets[0] for a in turn_options(g, 1) if a.key == "terrain-move"}
    assert jumps == {"b7"}                                # g2 is taken
    g.move_piece(g.grid[g.sq("g2")], g.sq("h2"))          # far away, but a mountain is free
    jumps = {a.targets[0] for a in turn_options(g, 1) if a.key == "terrain-move"}
    assert jumps == {"b7", "g2"}
    check_offers(game)
    # On a mountain it watches the mountains (the squares empty_squares read), not the
    # whole board: a move between two plains squares far away keeps its entry.
    kept = g.offers[beast]
    g.move_piece(g.grid[g.sq("h2")], g.sq("h3"))
    turn_options(g, 1)
    assert g.offers[beast] is kept
    check_offers(game)


@pytest.mark.parametrize("seed", range(6))
def test_powers_that_now_declare_watches_keep_options_equal_to_fresh_ones(seed):
    """Guarded Fortress, Elven Assassin, Woodland Tower, Ogre Fort, Garpus and Great Shaman
    declare what they watch: random games among them check every main decision."""
    castle = 34 if seed % 2 else 33  # one castle an army
    pieces = {"d1": castle, "c3": 26, "e3": 37, "b2": 22, "g3": 28,
              "d8": 136, "c6": 177, "f6": 111, "h8": 160, "b7": 150, "g6": 120}
    game = position(pieces, terrain={"c7": "mountain", "e7": "mountain", "e8": "mountain"},
                    active="beige" if seed < 3 else "gray")
    assert _play_checked(game, random.Random(seed), limit=600) >= 1


# -- "looked": an entry watches exactly the squares its powers read -------------------------
def test_a_charge_keeps_its_offers_until_a_square_it_read_changes():
    """Hunter's Charging reads its file up to the piece that stops it: a move further along
    the file keeps its entry (a "lines" reach renewed it), a piece arriving on the run renews
    it."""
    game = position({"d2": 7, "a1": 37, "d6": 160, "d8": 160, "h8": 160}, active="beige")
    g = game.engine
    hunter = g.grid[g.sq("d2")]
    charges = {a.targets[0] for a in turn_options(g, 0) if a.key == "charging"}
    assert {"d4", "d5", "d6"} <= charges and "d7" not in charges
    kept = g.offers[hunter]
    g.move_piece(g.grid[g.sq("d8")], g.sq("d7"))          # beyond d6, which stops the run
    turn_options(g, 0)
    assert g.offers[hunter] is kept
    g.move_piece(g.grid[g.sq("h8")], g.sq("d5"))          # on the run: worked out again
    charges = {a.targets[0] for a in turn_options(g, 0) if a.key == "charging"}
    assert g.offers[hunter] is not kept
    assert "d5" in charges and "d6" not in charges


@attrs.frozen(repr=False)
class _LookedPeek(_Peek):
    """Offers the jump to a corner with a "looked" reach, but reads the corners directly,
    not through a recording building block."""

    watches = "looked"


def test_check_offers_catches_a_looked_power_that_reads_around_the_recording():
    cat = _with(_LookedPeek())
    game = position({"d4": 901, "b1": 37, "e8": 160}, catalogue=cat, active="beige")
    play(game, "b1-a1", "pass", "pass", "e8-e7", "pass", "pass")
    with pytest.raises(AssertionError, match="stale"):
        check_offers(game)


@pytest.mark.parametrize("seed", range(8))
def test_runs_and_flights_keep_options_equal_to_fresh_ones(seed):
    """Armies of runners, flyers, slashers and quick pieces (whose powers watch the squares
    they read): random games check every main decision."""
    pieces = {"b1": 7, "c1": 10, "d1": 8, "e1": 20, "f1": 40, "g1": 78, "c2": 92, "e2": 6,
              "a1": 37, "h1": 37,
              "b8": 113, "c8": 103, "d8": 124, "e8": 137, "f8": 144, "g8": 115, "c7": 123,
              "a8": 160, "h8": 160}
    game = position(pieces, terrain={"d4": "water", "e5": "water", "b5": "mountain"},
                    active="beige" if seed % 2 else "gray")
    assert _play_checked(game, random.Random(seed), limit=600) >= 10


@attrs.frozen(repr=False)
class _LookoutAbility(Power):
    """An ability in its player's main decision aimed at the squares of a run along its file
    and rank (what line_targets reads), declaring "looked"."""

    label = "Ability"
    key = "lookout"
    watches = "looked"
    windows = frozenset({"main"})

    @hookimpl
    def legends_offer_abilities(self, game, piece, window):
        from legends_core.moves import line_targets, power_actions
        return power_actions(game, piece, self.key, line_targets(game, piece, range(0, 4), 2))

    @hookimpl
    def legends_perform(self, game, piece, action):
        pass


def test_a_looked_ability_watches_its_own_square_and_the_squares_it_read():
    cat = _with(_LookoutAbility())
    game = position({"d2": 901, "a1": 37, "d6": 160, "d8": 160, "h8": 160}, catalogue=cat,
                    active="beige")
    g = game.engine
    me = g.grid[g.sq("d2")]
    turn_options(g, 0)
    kept = g.offers[-1 - me]
    assert g.sq("d2") in kept.areas and g.sq("d6") in kept.areas and g.sq("d7") not in kept.areas
    g.move_piece(g.grid[g.sq("d8")], g.sq("d7"))          # beyond d6, which stops the run
    turn_options(g, 0)
    assert g.offers[-1 - me] is kept
    g.boost(me, 1)                                        # its own square changed
    turn_options(g, 0)
    assert g.offers[-1 - me] is not kept
    check_offers(game)


# -- rosters: a list of candidates over the whole board watches the pieces it found ---------
def test_candidates_over_the_board_record_the_rosters_and_the_squares_found():
    from legends_core.changes import roster
    from legends_core.queries import nameable

    game = position({"a1": (37, "beige"), "c3": (138, "beige"), "f2": (159, "beige"),
                     "h8": (160, "gray"), "e6": (159, "gray")})
    g = game.engine
    sq = g.sq
    mine, anyone = roster(g.areas, 0), [roster(g.areas, 0), roster(g.areas, 1)]
    g.looked = []
    assert [g.loc[p] for p in nameable(g, 0, None, "own", None)] == [sq("a1"), sq("f2"), sq("c3")]
    assert g.looked == [mine, sq("a1"), sq("f2"), sq("c3")]
    g.looked = []
    nameable(g, 0, None, "enemy", None)
    assert g.looked == [roster(g.areas, 1), sq("e6"), sq("h8")]
    g.looked = []
    g.pieces()
    assert g.looked == [*anyone, sq("a1"), sq("f2"), sq("c3"), sq("e6"), sq("h8")]
    g.looked = []
    g.pieces(0)
    assert g.looked == [mine, sq("a1"), sq("f2"), sq("c3")]
    g.looked = []                                 # squares given: those are what it read
    nameable(g, 0, [sq("c3"), sq("c4")], "any", None)
    assert g.looked == [sq("c3"), sq("c4")]
    g.looked = None                               # nothing recorded outside a "looked" entry
    assert len(nameable(g, 0, None, "any", None)) == 5


def test_a_roster_is_stamped_by_a_piece_coming_under_control_or_gaining_a_keyword():
    from legends_core.changes import roster

    game = position({"a1": (37, "beige"), "c3": (138, "beige"), "h8": (160, "gray"),
                     "e6": (159, "gray")}, destroyed={"gray": [159]})
    g = game.engine
    beige, gray = roster(g.areas, 0), roster(g.areas, 1)
    assert len(g.changed) == g.areas.count + 2
    before = g.changed[:]
    g.move_piece(g.grid[g.sq("c3")], g.sq("c4"))          # a move: its squares, no roster
    assert g.changed[beige] == before[beige] and g.changed[gray] == before[gray]
    g.grant(g.grid[g.sq("c4")], "flying")
    assert g.changed[beige] == g.clock and g.changed[gray] == before[gray]
    g.take_control(g.grid[g.sq("e6")], 0)
    assert g.changed[beige] == g.clock
    g.place(g.dead[1][0], g.sq("b7"), 1)
    assert g.changed[gray] == g.clock


def test_a_grant_to_any_piece_of_yours_keeps_its_offers_until_a_piece_it_named_changes():
    """Lord Esenwein lends Flying to a vampire of his player anywhere: his entry watches the
    squares of that player's vampires (and whether one joins them), not every move."""
    game = position({"a1": (37, "beige"), "c3": (138, "beige"), "f2": (159, "beige"),
                     "b2": (7, "beige"), "h8": (160, "gray"), "e6": (160, "gray"),
                     "g7": (141, "gray")}, active="beige")
    g = game.engine
    lord = g.grid[g.sq("c3")]

    def targets():
        return {a.targets[0] for a in turn_options(g, 0) if a.key == "lord-esenwein"}

    assert targets() == {"c3", "f2"}
    kept = g.offers[-1 - lord]
    g.move_piece(g.grid[g.sq("b2")], g.sq("b3"))          # another piece of his: kept
    g.move_piece(g.grid[g.sq("e6")], g.sq("e5"))          # an enemy piece: kept
    assert targets() == {"c3", "f2"} and g.offers[-1 - lord] is kept
    g.move_piece(g.grid[g.sq("f2")], g.sq("f3"))          # a vampire moved: worked out again
    assert targets() == {"c3", "f3"} and g.offers[-1 - lord] is not kept
    kept = g.offers[-1 - lord]
    g.take_control(g.grid[g.sq("g7")], 0)                 # a vampire joins him
    assert targets() == {"c3", "f3", "g7"} and g.offers[-1 - lord] is not kept
    check_offers(game)


@attrs.frozen(repr=False)
class _Guardian(Power):
    """Boosts any piece of its player that has an enemy next to it: it reads the squares
    around the candidates without recording them, so "looked" is too narrow for it."""

    label = "Ability"
    key = "guardian"
    watches = "looked"
    windows = frozenset({"main"})

    @hookimpl
    def legends_offer_abilities(self, game, piece, window):
        from legends_core.moves import power_actions
        from legends_core.queries import nameable
        me = game.ctrl[piece]
        return power_actions(game, piece, self.key, [
            game.loc[p] for p in nameable(game, me, None, "own", None)
            if game.adjacent_enemies(game.loc[p], me)])

    @hookimpl
    def legends_perform(self, game, piece, action):
        pass


def test_check_offers_catches_a_roster_power_that_reads_beyond_its_candidates():
    cat = _with(_Guardian())
    game = position({"d4": (901, "beige"), "b1": (37, "beige"), "h8": (160, "gray"),
                     "e8": (159, "gray")}, catalogue=cat, active="beige")
    g = game.engine
    check_offers(game)                                    # no enemy next to a beige piece
    assert g.offers[-1 - g.grid[g.sq("d4")]] is not None  # kept
    g.move_piece(g.grid[g.sq("e8")], g.sq("d5"))
    with pytest.raises(AssertionError, match="missing"):
        check_offers(game)          # the enemy arrived next to d4, a square not recorded


@pytest.mark.parametrize("seed", range(8))
def test_grants_switching_and_control_changes_keep_options_equal_to_fresh_ones(seed):
    """Armies whose abilities and actions pick pieces of their player anywhere (Urgwaine's
    Castle, Lord Esenwein, Lord of Bones, Elementus, Switching spirits) against pieces that
    take control of others and bring pieces back: random games check every main decision."""
    pieces = {"a1": 67, "b1": 35, "c1": 59, "d1": 70, "e1": 85, "f1": 76, "g1": 27, "c2": 192,
              "e2": 141, "h1": 37,
              "a8": 160, "b8": 138, "c8": 159, "d8": 139, "e8": 142, "f8": 165, "g8": 141,
              "d7": 111, "h8": 136}
    game = position(pieces, terrain={"d4": "water", "e5": "mountain"},
                    active="beige" if seed % 2 else "gray")
    assert _play_checked(game, random.Random(seed), limit=600) >= 10


def test_lent_behaviours_are_those_of_the_keywords_not_printed_worked_out_once():
    cat = default_catalogue()
    scout = cat.find(7)                                   # prints Charging, not Flying
    assert "charging" in scout.keywords and "flying" not in scout.keywords
    kws = frozenset({"flying", "charging", "no-such-keyword"})
    lent = cat.lent_behaviours(scout, kws)
    assert lent == (cat.keyword_behaviour("flying"),)
    assert cat.lent_behaviours(scout, kws) is lent and cat.lent[(scout, kws)] is lent
    assert cat.lent_behaviours(scout, frozenset({"charging"})) == ()


@given(st.lists(st.integers(0, 63), unique=True, max_size=12), st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_pieces_with_abilities_are_put_in_board_order_as_a_sort_by_square_would(
        squares: list[int], rnd: random.Random) -> None:
    from legends_core.moves import _by_square

    loc = [-1] * 40
    pids = rnd.sample(range(40), len(squares))
    for pid, sq in zip(pids, squares, strict=True):
        loc[pid] = sq
    got = list(pids)
    _by_square(got, loc)
    assert got == sorted(pids, key=loc.__getitem__)

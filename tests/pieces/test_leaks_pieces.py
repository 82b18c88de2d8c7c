"""Hidden information in the pieces (issue 7): what a player is offered, whether a question is
put, and what gets revealed must not depend on identities that player (or the other player)
cannot know.

Most tests play twin games that differ only in one hidden piece and check that the player who
cannot see it sees the same thing in both.
"""

import pytest

from legends_core import Power, catalogue
from legends_core.testing import comparable_view, options, play, position
from legends_core.testing import destroyed_names as dead
from legends_core.testing import seen_number as seen

SPARE = {"h1": 7, "h8": 157}  # Hunter (beige), Bone Legion (gray): both sides can move

WOODLAND_TOWER, HIDDEN_HIVE = 33, 203  # a beige castle, a gray castle


def twins(differing: str, a: int, b: int, pieces: dict, steps=(), **kw):
    """Two games alike but for the piece on ``differing`` (``a`` in one, ``b`` in the other),
    both played through ``steps``."""
    games = []
    for number in (a, b):
        game = position({**SPARE, **pieces, differing: number}, **kw)
        play(game, *steps)
        games.append(game)
    return games


def assert_alike_for(player: str, one, other) -> None:
    """``player`` cannot tell the two games apart: same view, and same options if it is
    their decision."""
    assert comparable_view(one, player) == comparable_view(other, player)
    if one.current_player == player:
        assert options(one) == options(other)


# -- 1. candidate lists ---------------------------------------------------------------------

SKULL = {"d5": 167, "d4": 44, "c2": 85}  # gray Skull; beige Gray Knight (gold); beige on c2
MARSH = {"b2": "marsh", "c2": "marsh", "g4": "marsh"}


def test_skull_of_gorion_offers_a_hidden_castle_like_any_other_piece():
    # Beige's piece on b2 is hidden from gray: a castle in one game, a High Elf in the other.
    castle, elf = twins("b2", WOODLAND_TOWER, 11, SKULL, ["d4-d5", "pass", "pass"],
                        terrain=MARSH, active="beige")
    assert castle.current_player == "gray"
    assert_alike_for("gray", castle, elf)
    assert sorted(options(castle)) == ["choose b2", "choose c2", "choose done"]


def test_skull_of_gorion_picking_a_hidden_castle_does_nothing_and_reveals_nothing():
    game = position({**SPARE, **SKULL, "b2": WOODLAND_TOWER}, terrain=MARSH, active="beige")
    play(game, "d4-d5", "pass", "pass", "choose b2")
    assert game.piece_at("b2").name == "Woodland Tower" and not game.is_over
    assert seen(game, "gray", "b2") is None
    assert dead(game, "beige") == ["Gray Knight"]


def test_skull_of_gorion_asks_even_when_only_a_castle_stands_on_marsh():
    pieces = {"d5": 167, "d4": 44}
    castle, elf = twins("b2", WOODLAND_TOWER, 11, pieces, ["d4-d5", "pass", "pass"],
                        terrain=MARSH, active="beige")
    assert_alike_for("gray", castle, elf)
    assert options(castle) == ["choose b2", "choose done"]
    # Gray's own castle on marsh is known to gray, so it is not offered; the question is still
    # put, or beige would learn that gray's piece on g4 is a castle.
    own = position({**SPARE, **pieces, "g4": 169}, terrain=MARSH, active="beige")
    play(own, "d4-d5", "pass", "pass")
    assert options(own) == ["choose done"]


GROUND = {"d5": 131, "d4": 13, "a1": 8}  # gray Ground Lightning; beige Wannok (Flying); Srik
FOREST = {"d5": "forest", "a1": "forest", "b2": "forest"}


def test_ground_lightning_offers_a_hidden_castle_like_any_other_piece():
    castle, grundin = twins("b2", WOODLAND_TOWER, 16, GROUND, ["d4-d5", "pass", "pass"],
                            terrain=FOREST, active="beige")
    assert castle.current_player == "gray"
    assert_alike_for("gray", castle, grundin)
    assert sorted(options(castle)) == ["choose a1", "choose b2", "choose done"]
    play(castle, "choose b2")
    assert castle.piece_at("b2").name == "Woodland Tower" and seen(castle, "gray", "b2") is None


def test_ground_lightning_asks_even_when_only_a_castle_stands_on_that_terrain():
    pieces = {"d5": 131, "d4": 13}
    castle, grundin = twins("b2", WOODLAND_TOWER, 16, pieces, ["d4-d5", "pass", "pass"],
                            terrain=FOREST, active="beige")
    assert_alike_for("gray", castle, grundin)
    assert options(castle) == ["choose b2", "choose done"]


# -- 2. questions put whatever the hidden pieces ----------------------------------------------

KIVOA = {"d5": 172, "a1": 175, "h7": 11}  # gray Queen, gray Mrmrm (insectoid), beige High Elf


def test_queen_kivoa_asks_for_another_insectoid_even_when_none_is_left():
    # c1 holds another insectoid (Yorkus) in one game and a mold (Bremmuk) in the other.
    more, none = twins("c1", 178, 171, KIVOA, ["d5 queen-kivoa", "choose a1", "choose c6"],
                       active="gray")
    assert_alike_for("beige", more, none)
    assert options(none) == ["choose done"]
    assert options(more) == ["choose c1", "choose done"]
    play(none, "choose done")
    assert none.decision_kind == "window"


@pytest.mark.parametrize(("ambush", "kin", "other"), [(32, 23, 21), (31, 21, 23)],
                         ids=["elven-ambush", "dwarven-ambush"])
def test_ambush_asks_even_when_no_piece_can_come(ambush, kin, other):
    # Gray's Skeleton Horde attacks the Ambush; beige's b2 holds an Elf/Dwarf that could come,
    # or a piece of the other kind.
    pieces = {"d4": ambush, "d5": 142}
    can, cannot = twins("b2", kin, other, pieces, ["d5-d4", "pass", "pass"], active="gray")
    assert can.current_player == "beige"
    assert_alike_for("gray", can, cannot)
    assert options(cannot) == ["choose done"]
    assert options(can) == ["choose b2", "choose done"]
    play(cannot, "choose done")
    assert cannot.piece_at("b2").number == other and seen(cannot, "gray", "b2") is None


def test_fray_asks_for_another_blue_piece_even_when_none_is_left():
    # Beige's Fray brings Montika; h1 holds a Spirit of Vision (blue) or a Gray Knight (gold).
    pieces = {"d4": 80, "a1": 83, "h8": 146}
    more, none = twins("h1", 88, 44, pieces, ["d4 fray", "choose a1", "choose c5"])
    assert_alike_for("gray", more, none)
    assert options(none) == ["choose done"]


# -- 3. no reveal of the castles an effect spares ----------------------------------------------


@pytest.mark.parametrize("user", [166, 112], ids=["decay", "medusa"])
def test_destroying_all_around_leaves_a_castle_standing_and_hidden(user):
    game = position({**SPARE, "d5": user, "d4": 11, "e4": WOODLAND_TOWER}, active="gray")
    play(game, f"d5 {game.piece_at('d5').name.lower()}")
    assert dead(game, "beige") == ["High Elf"]
    assert game.piece_at("e4").name == "Woodland Tower" and not game.is_over
    assert seen(game, "gray", "e4") is None


@pytest.mark.parametrize("general", [9, 18], ids=["dwarven-general", "dwarven-hero"])
def test_surround_leaves_a_castle_standing_and_hidden(general):
    ring = {"d4": general, "c4": 21, "e4": 21, "c5": 6, "e5": 6}
    castle, mummy = twins("d5", HIDDEN_HIVE, 143, ring)
    # The castle is a target like any other piece: the offer does not give it away.
    assert_alike_for("beige", castle, mummy)
    assert "d4 surround d5" in options(castle)
    play(castle, "d4 surround d5")
    assert castle.piece_at("d5").name == "The Hidden Hive" and not castle.is_over
    assert seen(castle, "beige", "d5") is None


# -- 4. lent keywords: only the lender is revealed ---------------------------------------------


def test_elementus_does_not_reveal_the_spirit_it_lends_flying_to():
    game = position({"a1": 70, "d4": 79, "d5": 83, "h8": 146})
    play(game, "a1 elementus-the-airlord d4")
    assert seen(game, "gray", "a1") == 70
    assert seen(game, "gray", "d4") is None
    assert "d4 flying d6" in options(game)


def test_bone_castle_does_not_reveal_the_skeleton_it_lends_slashing_to():
    game = position({**SPARE, "d2": 170, "c2": 142, "f5": 11}, active="gray")
    play(game, "d2 bone-castle c2")
    assert seen(game, "beige", "d2") == 170
    assert seen(game, "beige", "c2") is None
    assert "c2 slashing f5" in options(game)


def test_powers_that_point_at_a_piece_without_revealing_it_keep_their_targets_secret():
    assert Power.secret_targets is False
    cat = catalogue()
    secret = {(t.number, p.key) for t in cat.values() for p in t.powers if p.secret_targets}
    assert secret == {(67, "urgwaines-castle"), (70, "elementus-the-airlord"), (170, "bone-castle")}


def test_the_texts_that_reveal_the_target_still_do():
    # Cloud Citadel reveals the piece it lends Flying to; King Migol the Dwarf he boosts.
    game = position({**SPARE, "a1": 102, "b2": 11})
    play(game, "a1 cloud-citadel b2")
    assert seen(game, "gray", "b2") == 11
    game = position({**SPARE, "d4": 3, "d5": 21})
    play(game, "d4 king-migol d5")
    assert seen(game, "gray", "d5") == 21


# -- the shared helper -------------------------------------------------------------------


def test_candidates_test_identities_only_on_pieces_the_chooser_knows():
    from legends_pieces.powers import candidates, not_castle

    # Beige's castle on b2 is hidden from gray; gray's own castle is on d2.
    game = position({"b2": WOODLAND_TOWER, "d2": 169, "e2": 11, "f2": 142})
    g = game.engine
    gray = g.player_index("gray")
    picked = {g.name(g.loc[p]) for p in candidates(g, gray, match=not_castle)}
    assert picked == {"b2", "e2", "f2"}
    enemy = {g.name(g.loc[p]) for p in candidates(g, gray, whose="enemy", match=not_castle)}
    assert enemy == {"b2", "e2"}
    # Once revealed, beige's castle (Guarded Fortress, #34, on c2) is left out.
    shown = position({"c2": 34, "d2": 169, "e2": 11}, revealed=["c2"]).engine
    assert {shown.name(shown.loc[p]) for p in candidates(shown, gray, match=not_castle)} == {"e2"}
    row = [g.sq(s) for s in ("f2", "e2", "d2")]
    assert [g.name(g.loc[p]) for p in candidates(g, gray, squares=row)] == ["f2", "e2", "d2"]


def test_urgwaines_castle_tells_only_its_user_which_piece_gained_quickness():
    # Sir Urgwaine (#35) on b2 stays hidden from gray: the power event names no target for
    # gray, the lent keyword reaches gray neither as an event nor as an effect in the view.
    game = position({**SPARE, "a1": 67, "b2": 35})
    events = play(game, "a1 urgwaines-castle b2")
    mine, theirs = game.events_for(events, "beige"), game.events_for(events, "gray")
    used = [e for e in theirs if e.kind == "power"]
    assert used and used[0].targets == () and used[0].secret
    assert [e.targets for e in mine if e.kind == "power"] == [("b2",)]
    assert [e.kind for e in theirs if e.kind == "grant"] == []
    assert [e.kind for e in mine if e.kind == "grant"] == ["grant"]
    assert game.view("gray").effects == ()
    assert ("b2", "keyword", "quickness") in game.view("beige").effects
    assert seen(game, "gray", "b2") is None and seen(game, "gray", "a1") == 67

"""The short ways the powers' offers take give what the general building blocks give.

For speed (issue 32) some offers read the engine's tables instead of calling the general
queries: targets near a piece, keywords when nothing is lent, strength boosts in attack and
strike windows, granted actions, Gather's "is there anyone to bring". At every decision of a
few random games with armies drawn from the whole catalogue, each short way is compared with
the general one it stands for, and the squares recorded for the offer cache must agree too.
"""

from __future__ import annotations

import random
from collections import Counter

from legends_core import Game
from legends_core.leakcheck import power_biased
from legends_core.queries import nameable, nameable_squares
from legends_core.testing import position
from legends_pieces.powers import Boost, Grant, of
from legends_pieces.powers.knowledge import candidates
from legends_pieces.powers.match import ANY
from legends_pieces.powers.movement import _any_gatherable, _gatherable

KEYWORDS = ("stationary", "cannot_attack", "attacks_own", "flying", "charging")
MATCHES = (of(type="elf"), of(colour="blue", mobile=True), of(keyword="flying"))


def _recorded(g, fn, *args):
    """What ``fn(g, *args)`` returns, and the squares it recorded for a ``"looked"`` entry."""
    g.looked = []
    try:
        return fn(g, *args), g.looked
    finally:
        g.looked = None


def _boost_reference(g, piece, power, window):
    """Boost's target squares, worked out the long way (every candidate, then the tests)."""
    if window == "main" and g.active != g.ctrl[piece]:
        return []
    if window not in ("main", "attack", "strike"):
        return []
    squares = g.board.adjacent(g.loc[piece]) if power.reach == "adjacent" else None
    match = None if power.target is ANY else power.target
    me = g.ctrl[piece]
    return [g.name(g.loc[p])
            for p in candidates(g, me, squares=squares, whose=power.whose, match=match)
            if (power.whose == "own" or g.knows(me, p)) and g.types[p].kind == "warrior"
            and (window == "main" or g.in_combat(p))]


def _grant_reference(g, piece, power):
    if g.active != g.ctrl[piece]:
        return []
    squares = g.board.adjacent(g.loc[piece]) if power.reach == "adjacent" else None
    match = None if power.target is ANY else power.target
    return [g.name(g.loc[p])
            for p in candidates(g, g.ctrl[piece], squares=squares, whose=power.whose, match=match)
            if not g.has_keyword(p, power.keyword) and "stationary" not in g.types[p].keywords]


def _check(g, seen: Counter) -> None:
    players = range(len(g.rules.players))
    if g.tkw or (g.curse >= 0 and g.curse_on and g.beh[g.curse].curse_keywords):
        seen["keywords lent"] += 1
    for pid in range(len(g.types)):
        if g.loc[pid] < 0:
            continue
        kws = g.keywords_of(pid)
        assert g.is_stationary(pid) == ("stationary" in kws)
        for kw in KEYWORDS:
            assert g.has_keyword(pid, kw) == (kw in kws), (pid, kw)
        for squares in (g.board.within_two(g.loc[pid]), g.board.adjacent(g.loc[pid])):
            for chooser in players:
                for whose in ("any", "own", "enemy"):
                    fast, looked = _recorded(g, nameable_squares, chooser, squares, whose, None)
                    slow, recorded = _recorded(g, nameable, chooser, squares, whose, None)
                    assert fast == [g.loc[p] for p in slow]
                    assert looked == recorded
        for match in MATCHES:
            assert _any_gatherable(g, pid, match) == bool(_gatherable(g, pid, match, ()))
        for power in g.types[pid].powers:
            if isinstance(power, Boost):
                for window in ("main", "attack", "strike", "end"):
                    got = [a.targets[0] for a in power.legends_offer_abilities(g, pid, window)]
                    assert got == _boost_reference(g, pid, power, window)
                    if got and window != "main" and g.combat is not None:
                        seen["boost in a contest"] += 1
            elif isinstance(power, Grant):
                got = [a.targets[0] for a in power.legends_offer_abilities(g, pid, "main")]
                assert got == _grant_reference(g, pid, power)
                if got:
                    seen["grant"] += 1


def test_short_ways_agree_with_the_general_ones():
    """Every decision of four games; the games must reach each case the short ways treat
    apart (a change of armies that stopped them would fail here rather than pass)."""
    seen: Counter = Counter()
    for seed in range(4):
        game = Game.new(beige="random", gray="random", seed=81_000 + seed, turn_limit=400,
                        auto_pass=False)
        pick = power_biased(random.Random(seed))
        for _ in range(400):
            if game.is_over:
                break
            _check(game.engine, seen)
            game.apply(pick(list(game.legal_actions()), game))
    assert seen["grant"] and seen["keywords lent"], seen


def test_boosts_in_an_attack_agree_with_the_general_way():
    """A Dancing Sword next to the attacker and an Enchanted Shield next to both pieces:
    their boosts in the attack's windows, and none from pieces out of reach."""
    game = position({"c3": 84, "c4": 35, "c5": 105, "d5": 118, "h8": 37, "a8": 160, "f1": 84},
                    active="beige")
    game.apply(game.parse_action("c4-c5"))
    seen: Counter = Counter()
    while game.engine.combat is not None:
        _check(game.engine, seen)
        game.apply(game.legal_actions()[-1])  # a boost when one is offered, else a pass
    assert seen["boost in a contest"] >= 2, seen

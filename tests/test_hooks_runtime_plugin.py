"""A plugin written as the tutorial shows (a Power subclass whose methods carry ``@hookimpl``,
some taking fewer arguments than the spec), registered at run time with ``load_packs``, has its
hooks called through the catalogue's per-type dispatch: offered, carried out, and counted in an
attack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from legends_core import Action, Power, hookimpl, load_packs, piece
from legends_core.testing import pass_windows, play, position
from legends_pieces.powers import KEYWORD_POWERS

if TYPE_CHECKING:
    from legends_core.engine import Engine

CALLS: list[str] = []


@attrs.frozen(repr=False)
class Gust(Power):
    """Action: push the enemy piece in front of it one square back (here: reveal it)."""

    label = "Action"
    key = "test-gust"

    @hookimpl
    def legends_offer_actions(self, game: Engine, piece: int) -> Iterator[Action]:
        CALLS.append("offer")
        here = game.loc[piece]
        for enemy in game.adjacent_enemies(here, game.ctrl[piece]):
            yield Action.power(game.name(here), self.key, game.name(game.loc[enemy]))

    @hookimpl
    def legends_perform(self, game: Engine, action: Action) -> None:  # no ``piece``: opt-in
        CALLS.append("perform")
        game.reveal([game.piece_at(game.sq(action.targets[0]))])


@attrs.frozen(repr=False)
class Stubborn(Power):
    """Innate: +5 when attacked (takes only ``game`` and ``piece`` of the spec)."""

    @hookimpl
    def legends_strength_modifier(self, game: Engine, piece: int) -> int:
        CALLS.append("strength")
        c = game.combat
        return 5 if c is not None and c.defender == piece else 0


PIECES = [
    piece(951, "Test Gust Caller", 3, type="soldier", colour="gold", text="Gust.",
          powers=[Gust()]),
    piece(952, "Test Stubborn", 2, type="soldier", colour="silver", text="+5 when attacked.",
          powers=[Stubborn()]),
    piece(953, "Test Castle Gold", None, kind="castle", type="castle", colour="gold",
          text="A castle."),
    piece(954, "Test Castle Silver", None, kind="castle", type="castle", colour="silver",
          text="A castle."),
    piece(955, "Test Brute", 6, type="soldier", colour="gold", text="A plain warrior."),
]


class _Pack:
    @hookimpl
    def legends_piece_types(self):  # type: ignore[no-untyped-def]
        return PIECES

    @hookimpl
    def legends_keyword_powers(self):  # type: ignore[no-untyped-def]
        return KEYWORD_POWERS


def test_a_pack_registered_at_run_time_has_its_hooks_called() -> None:
    cat = load_packs(entry_points=False, packs=[_Pack()])
    CALLS.clear()
    game = position({"c3": 951, "c4": 952, "a1": 953, "h8": 954, "e3": 955},
                    active="beige", catalogue=cat)
    offered = [str(a) for a in game.legal_actions() if "test-gust" in str(a)]
    assert offered == ["c3 test-gust c4"]
    assert "offer" in CALLS
    stubborn = game.engine.grid[game.engine.board.parse_square("c4")]
    assert game.engine.known[stubborn] & 1 == 0  # hidden from beige before the gust
    play(game, "c3 test-gust c4")
    pass_windows(game)
    assert "perform" in CALLS
    assert game.engine.known[stubborn] & 1  # the gust revealed it to beige

    # The Stubborn piece's modifier decides an attack: 2 + 5 beats the Brute's 6.
    game = position({"e3": 955, "e4": 952, "a1": 953, "h8": 954}, active="beige", catalogue=cat)
    CALLS.clear()
    play(game, "e3-e4")
    pass_windows(game)
    assert "strength" in CALLS
    g = game.engine
    at_e4 = g.grid[g.board.parse_square("e4")]
    assert at_e4 >= 0 and g.types[at_e4].number == 952
    assert not any(g.loc[p] >= 0 and g.types[p].number == 955 for p in range(len(g.types)))

"""Stratego: The Chronicles of Narnia, Games 1 and 2.

Red is the good army (Peter's and Aslan's), Blue the White Witch's. Game 1 (``narnia-1``) plays
by the classic rules with the Narnia armies: Spring Magic (Red) and Winter Magic (Blue) are the
immovable bombs, Boulders stand on the lakes' squares, Leopards (Red) and Wolves (Blue) are the
rank-2 scouts. The option ``captures`` picks how captured pieces are kept: ``open`` (both
players see them), ``prisoner`` (only the capturer) or ``secret`` (only the player who lost
them).

Game 2 (``narnia-2``) adds what the surviving fragment of its rules tells: pieces with special
powers (each turn such a piece either moves or uses one power, and is shown first: the kernel's
actions do exactly that), and Red's reinforcements, which may come in from Red's first turn
after Blue has lost seven pieces. The powers themselves, the list of reinforcements and Blue's
extra way to win are not in our sources: none is invented here. A piece pack in the group
``legends.pieces.narnia`` can add powered pieces (they take the place of a standard piece of
the same rank in a placement), a reserve names the reinforcements, and a ruleset built on
``NARNIA_2`` with one more rule plugin can add Blue's win.

One module per piece kind, each declaring ``KIND``.
"""

from __future__ import annotations

import attrs

from legends_core import PieceType, hookimpl, ruling
from legends_core.ruleset import Ruleset

from ..common import pieces
from ..common.edition import stratego_ruleset
from ..common.reserves import Reserves
from ..common.rules import CAPTURES, CapturedKnowledge, FlagCapture
from ..common.setup import StrategoSetup

RULINGS = (
    ruling("Whose scouts are the Leopards",
           "The fragment names Wolves and Leopards as the rank-2 pieces without saying which army "
           "has which. In the story the wolves serve the White Witch and the leopards march with "
           "Aslan, so Blue's scouts are Wolves and Red's are Leopards."),
    ruling("The other ranks of the Narnia armies",
           "Our sources give Narnia labels only for the immovable magic, the scouts and the "
           "Boulders; every other piece keeps its classic rank name (Marshal, General, ... Spy, "
           "Flag) rather than a character's name we would have to guess."),
    ruling("Powers in Game 2 are turn actions",
           "A piece with a special power either moves or uses one power in a turn, so a power is "
           "offered as the turn's action, never in addition to a move, and the piece is shown "
           "before it works. No power of the edition is built in: our sources do not give them."),
)

KINDS = pieces.collect(__name__, __path__)
PIECES = pieces.types(KINDS)
ARMY = {seat: pieces.army(KINDS, seat) for seat in pieces.SEATS}
#: Blue pieces Red must have captured before its reinforcements may come in.
REINFORCEMENTS_AFTER = 7

NARNIA_1 = stratego_ruleset(
    __name__, KINDS, name="narnia-1",
    description="Stratego: The Chronicles of Narnia, Game 1: classic rules with the armies of "
                "Aslan and the White Witch; option captures=open|prisoner|secret",
    group="legends.pieces.narnia", rules=(FlagCapture(), CapturedKnowledge()),
    options={"captures": CAPTURES})

NARNIA_2 = attrs.evolve(
    NARNIA_1,
    name="narnia-2",
    description="Stratego: The Chronicles of Narnia, Game 2: Game 1 plus powered pieces and "
                "Red's reinforcements (the mechanism; the powers are not in our sources)",
    setup=StrategoSetup(ARMY, reserve_seats=("red",), reserve_free=True),
    rules=(FlagCapture(), CapturedKnowledge(),
           Reserves(seats=("red",), unlock=REINFORCEMENTS_AFTER)),
    reserve=True,
    packages=(*NARNIA_1.packages, "legends_editions.common.reserves"),
)


@hookimpl
def legends_rulesets() -> list[Ruleset]:
    return [NARNIA_1, NARNIA_2]


@hookimpl
def legends_piece_types() -> list[PieceType]:
    return PIECES

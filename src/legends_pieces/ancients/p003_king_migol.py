"""#3 King Migol -- green dwarf, strength 9."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    3, "King Migol", 9, type="dwarf", colour="green",
    text=("Ability (once per turn): show King Migol and a Dwarf of yours beside him; that "
          "Dwarf is revealed and fights at +2 until the turn is over."),
    powers=[Boost("king-migol", 2, target=of(type="dwarf"), once="turn", reveal_target=True)],
)

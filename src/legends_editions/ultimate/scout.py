"""The Scouts: rank 2, four a side; they run, strike from afar and survive Bombs."""

from ..common.pieces import kind
from ..common.powers import BOMB_PROOF, NO_RESCUE, SCOUT_RUN

KIND = kind(2009, "Scout", 2, count=4, powers=[SCOUT_RUN, BOMB_PROOF, NO_RESCUE],
            text="Rank 2. Moves one square, or runs any number of empty squares in a straight "
                 "line (never across a lake) and may attack the enemy piece that ends the run. "
                 "The only piece that survives attacking a Bomb, which is then removed. Cannot "
                 "make a rescue.")

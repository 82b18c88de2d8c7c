"""The Scouts: rank 2, eight a side; they run any distance in a straight line."""

from ..common.pieces import kind
from ..common.powers import SCOUT_RUN

KIND = kind(1009, "Scout", 2, count=8, powers=[SCOUT_RUN],
            text="Rank 2. Moves one square, or runs any number of empty squares in a straight "
                 "line (never across a lake) and may attack the enemy piece that ends the run.")

"""The rank-2 scouts, eight a side: Red's Leopards and Blue's Wolves."""

from ..common.pieces import kind
from ..common.powers import SCOUT_RUN

KIND = kind(3009, "Scout", 2, count=8, powers=[SCOUT_RUN],
            names={"red": "Leopard", "blue": "Wolf"}, type="scout",
            text="Rank 2, the army's scouts. Moves one square, or runs any number of empty "
                 "squares in a straight line (never across a Boulder) and may attack the enemy "
                 "piece that ends the run.")

"""The Captains, the cavalry: rank 6, two a side; they ride two squares."""

from ..common.pieces import kind
from ..common.powers import CAVALRY

KIND = kind(2005, "Captain", 6, count=2, powers=[CAVALRY], type="cavalry",
            text="Rank 6, cavalry. Moves one square, or rides two (straight on, or turning "
                 "after the first). It may attack once in its move: an attack after one square "
                 "ends the move; after an attack on its first square that it wins it may ride "
                 "one more square.")

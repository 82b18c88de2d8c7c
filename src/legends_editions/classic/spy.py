"""The Spy: one a side, the lowest rank; wins by attacking the Marshal."""

from ..common.pieces import kind
from ..common.powers import SpyStrike

KIND = kind(1010, "Spy", 1, count=1, powers=[SpyStrike()],
            text="The lowest rank (counted as 1): loses every fight except when it attacks "
                 "the Marshal, who is then removed.")

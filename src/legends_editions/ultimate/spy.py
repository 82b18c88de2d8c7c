"""The Spy: one a side; wins when it attacks a Spy, the Flag or the Marshal."""

from ..common.pieces import kind
from ..common.powers import SpyStrike

KIND = kind(2010, "Spy", 1, count=1, powers=[SpyStrike(spies=True)],
            text="No rank (counted as 1): wins when it attacks the enemy Spy, Flag or Marshal; "
                 "loses every other fight, attacking or attacked.")

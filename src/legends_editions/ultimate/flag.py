"""The Flag: one a side (two in the Campaign); whoever takes the last one wins."""

from ..common.pieces import kind
from ..common.powers import IMMOBILE

KIND = kind(2012, "Flag", None, count=1, kind="castle", powers=[IMMOBILE],
            text="Never moves. Any piece that attacks it takes it: in the Lightning game that "
                 "wins; in the Campaign, taking the enemy's last Flag on the board wins.")

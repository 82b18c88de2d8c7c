"""The Flag: one a side; it never moves, and whoever takes it wins."""

from ..common.pieces import kind
from ..common.powers import IMMOBILE

KIND = kind(3012, "Flag", None, count=1, kind="castle", powers=[IMMOBILE],
            text="Never moves. The player who attacks it wins the game.")

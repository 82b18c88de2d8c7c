"""The Bombs: six a side; they never move, and destroy any attacker but a Miner."""

from ..common.pieces import kind
from ..common.powers import IMMOBILE, BombBlast

KIND = kind(1011, "Bomb", None, count=6, kind="magic", powers=[IMMOBILE, BombBlast()],
            text="Never moves. Any piece that attacks it is removed and the Bomb stays, "
                 "except a Miner, who removes the Bomb and takes its square.")

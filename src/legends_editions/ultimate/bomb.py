"""The Bombs: two a side; they never move, and go out of the game after any fight."""

from ..common.pieces import kind
from ..common.powers import IMMOBILE, BombBlast

KIND = kind(2011, "Bomb", None, count=2, kind="magic",
            powers=[IMMOBILE, BombBlast(immune="bomb_proof", spent=True)],
            text="Never moves. Defeats any attacker but a Scout; win or lose, the Bomb is out "
                 "of the game after the fight.")

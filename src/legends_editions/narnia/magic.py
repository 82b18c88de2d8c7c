"""The immovable magic, six a side: Red's Spring Magic and Blue's Winter Magic (the bombs)."""

from ..common.pieces import kind
from ..common.powers import IMMOBILE, BombBlast

KIND = kind(3011, "Magic", None, count=6, kind="magic", powers=[IMMOBILE, BombBlast()],
            names={"red": "Spring Magic", "blue": "Winter Magic"}, type="bomb",
            text="Never moves. Any piece that attacks it is removed and the magic stays, "
                 "except a Miner, who removes it and takes its square.")

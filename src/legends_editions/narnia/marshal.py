"""The Marshal: rank 10, one a side; a Spy that attacks it wins."""

from ..common.pieces import kind

KIND = kind(3001, "Marshal", 10, count=1,
            text="Rank 10, the highest: beats every other rank, but falls to a Spy that "
                 "attacks it.")

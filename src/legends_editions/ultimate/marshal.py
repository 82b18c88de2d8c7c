"""The Marshal: rank 10, one a side; a Spy that attacks it wins."""

from ..common.pieces import kind

KIND = kind(2001, "Marshal", 10, count=1,
            text="Rank 10, the highest: only a Spy that attacks it can beat it.")

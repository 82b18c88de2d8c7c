"""The Colonel: rank 8, one a side."""

from ..common.pieces import kind

KIND = kind(2003, "Colonel", 8, count=1, text="Rank 8.")

"""The General: rank 9, one a side."""

from ..common.pieces import kind

KIND = kind(2002, "General", 9, count=1, text="Rank 9.")

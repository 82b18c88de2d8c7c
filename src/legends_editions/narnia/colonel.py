"""The Colonels: rank 8, two a side."""

from ..common.pieces import kind

KIND = kind(3003, "Colonel", 8, count=2, text="Rank 8.")

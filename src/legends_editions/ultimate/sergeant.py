"""The Sergeants: rank 4, two a side."""

from ..common.pieces import kind

KIND = kind(2007, "Sergeant", 4, count=2, text="Rank 4.")

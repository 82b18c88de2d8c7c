"""The Sergeants: rank 4, four a side."""

from ..common.pieces import kind

KIND = kind(1007, "Sergeant", 4, count=4, text="Rank 4.")

"""The Captains: rank 6, four a side."""

from ..common.pieces import kind

KIND = kind(3005, "Captain", 6, count=4, text="Rank 6.")

"""The Lieutenants: rank 5, four a side."""

from ..common.pieces import kind

KIND = kind(3006, "Lieutenant", 5, count=4, text="Rank 5.")

"""The Lieutenants: rank 5, four a side."""

from ..common.pieces import kind

KIND = kind(1006, "Lieutenant", 5, count=4, text="Rank 5.")

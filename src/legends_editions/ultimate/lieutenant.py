"""The Lieutenants: rank 5, two a side."""

from ..common.pieces import kind

KIND = kind(2006, "Lieutenant", 5, count=2, text="Rank 5.")

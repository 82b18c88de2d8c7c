"""The Corporals: rank 3, two a side (no Miners in this edition)."""

from ..common.pieces import kind

KIND = kind(2008, "Corporal", 3, count=2, text="Rank 3.")

"""The Majors: rank 7, three a side."""

from ..common.pieces import kind

KIND = kind(3004, "Major", 7, count=3, text="Rank 7.")

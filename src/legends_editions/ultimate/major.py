"""The Major: rank 7, one a side."""

from ..common.pieces import kind

KIND = kind(2004, "Major", 7, count=1, text="Rank 7.")

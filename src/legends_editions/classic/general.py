"""The General: rank 9, one a side."""

from ..common.pieces import kind

KIND = kind(1002, "General", 9, count=1,
            text="Rank 9: beats every lower rank and loses to the Marshal.")

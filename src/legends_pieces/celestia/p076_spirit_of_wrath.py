"""#76 Spirit of Wrath -- blue spirit, strength 7."""

from legends_core import piece

from ..powers import BERSERK, SWITCHING

PIECE = piece(
    76, "Spirit of Wrath", 7, type="spirit", colour="blue",
    text=("Innate: Berserk (each won attack forces another attack while one is possible). "
          "Action: Switching (trade squares with another spirit of yours)."),
    powers=[BERSERK, SWITCHING],
)

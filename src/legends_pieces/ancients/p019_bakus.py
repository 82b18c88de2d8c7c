"""#19 Bakus -- green dragon, strength 4."""

from legends_core import piece

from ..powers import TELEPORT

PIECE = piece(
    19, "Bakus", 4, type="dragon", colour="green",
    text=("Action: Teleport -- Bakus is destroyed and another movable piece of yours, "
          "revealed, takes his square."),
    powers=[TELEPORT],
)

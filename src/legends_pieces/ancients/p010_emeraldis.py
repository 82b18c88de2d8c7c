"""#10 Emeraldis -- green dragon, strength 7."""

from legends_core import piece

from ..powers import BERSERK, FLYING

PIECE = piece(
    10, "Emeraldis", 7, type="dragon", colour="green",
    text=("Innate: Berserk -- each time Emeraldis wins an attack she must attack again if an "
          "enemy is in reach. Action: Flying."),
    powers=[BERSERK, FLYING],
)

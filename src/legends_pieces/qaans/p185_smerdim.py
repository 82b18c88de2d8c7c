"""#185 Smerdim -- purple mold, strength 5."""

from legends_core import piece

from ..powers import BERSERK, TerrainBonus

PIECE = piece(
    185, "Smerdim", 5, type="mold", colour="purple",
    text=("Innate: +1 on forest. Innate: Berserk -- each time it wins an attack it must go on "
          "to attack another enemy piece if one is in reach."),
    powers=[TerrainBonus("forest", 1), BERSERK],
)

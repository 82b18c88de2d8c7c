"""#194 Foulis -- purple mold, strength 2."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, TerrainBonus

PIECE = piece(
    194, "Foulis", 2, type="mold", colour="purple",
    text=("Innate: +2 on forest. Innate: Dispel Magic -- a magic piece it attacks is destroyed "
          "and casts nothing."),
    powers=[TerrainBonus("forest", 2), DISPEL_MAGIC],
)

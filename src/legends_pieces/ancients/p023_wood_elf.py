"""#23 Wood Elf -- green elf, strength 2."""

from legends_core import piece

from ..powers import SLASHING, TerrainBonus

PIECE = piece(
    23, "Wood Elf", 2, type="elf", colour="green",
    text="Innate: +2 in forest. Action: Slashing.",
    powers=[TerrainBonus("forest", 2), SLASHING],
)

"""#142 Skeleton Horde -- red skeleton, strength 8."""

from legends_core import piece

from ..powers import TerrainBonus

PIECE = piece(
    142, "Skeleton Horde", 8, type="skeleton", colour="red",
    text="Innate: +1 on marsh.",
    powers=[TerrainBonus("marsh", 1)],
)

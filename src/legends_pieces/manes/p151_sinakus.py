"""#151 Sinakus -- red skeleton, strength 5."""

from legends_core import piece

from ..powers import QUICKNESS, TerrainBonus

PIECE = piece(
    151, "Sinakus", 5, type="skeleton", colour="red",
    text="Innate: +1 on marsh. Action: Quickness.",
    powers=[TerrainBonus("marsh", 1), QUICKNESS],
)

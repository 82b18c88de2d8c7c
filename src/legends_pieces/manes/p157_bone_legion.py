"""#157 Bone Legion -- red skeleton, strength 3."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, QUICKNESS

PIECE = piece(
    157, "Bone Legion", 3, type="skeleton", colour="red",
    text="Innate: Dispel Magic. Action: Quickness.",
    powers=[DISPEL_MAGIC, QUICKNESS],
)

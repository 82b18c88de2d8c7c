"""#147 Keelian -- red vampire, strength 6."""

from legends_core import piece

from ..powers import DISPEL_MAGIC, QUICKNESS

PIECE = piece(
    147, "Keelian", 6, type="vampire", colour="red",
    text="Innate: Dispel Magic. Action: Quickness.",
    powers=[DISPEL_MAGIC, QUICKNESS],
)

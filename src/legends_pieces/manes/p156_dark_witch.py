"""#156 Dark Witch -- red vampire, strength 3."""

from legends_core import piece

from ..powers import CHARGING, DISPEL_MAGIC

PIECE = piece(
    156, "Dark Witch", 3, type="vampire", colour="red",
    text="Innate: Dispel Magic. Action: Charging.",
    powers=[DISPEL_MAGIC, CHARGING],
)

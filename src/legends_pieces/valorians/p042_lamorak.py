"""#42 Lamorak -- gold wizard, strength 7."""

from legends_core import piece

from ..powers import CHARGING, DISPEL_MAGIC

PIECE = piece(
    42, "Lamorak", 7, type="wizard", colour="gold",
    text="Innate: Dispel Magic. Action: Charging.",
    powers=[DISPEL_MAGIC, CHARGING],
)

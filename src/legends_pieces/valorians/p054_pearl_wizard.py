"""#54 Pearl Wizard -- gold wizard, strength 3."""

from legends_core import piece

from ..powers import CHARGING, DISPEL_MAGIC

PIECE = piece(
    54, "Pearl Wizard", 3, type="wizard", colour="gold",
    text="Innate: Dispel Magic. Action: Charging.",
    powers=[DISPEL_MAGIC, CHARGING],
)

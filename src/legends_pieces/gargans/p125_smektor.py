"""#125 Smektor -- silver titan, strength 2."""

from legends_core import piece

from ..powers import CHARGING, DISPEL_MAGIC

PIECE = piece(
    125, "Smektor", 2, type="titan", colour="silver",
    text="Innate: Dispel Magic. Action: Charging.",
    powers=[DISPEL_MAGIC, CHARGING],
)

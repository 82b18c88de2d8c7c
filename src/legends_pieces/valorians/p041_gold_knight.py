"""#41 Gold Knight -- gold paladin, strength 8."""

from legends_core import piece

from ..powers import VsColour

PIECE = piece(
    41, "Gold Knight", 8, type="paladin", colour="gold",
    text="Innate: +1 when fighting a red piece.",
    powers=[VsColour("red", 1)],
)

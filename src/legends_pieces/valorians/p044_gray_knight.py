"""#44 Gray Knight -- gold paladin, strength 7."""

from legends_core import piece

from ..powers import QUICKNESS, VsColour

PIECE = piece(
    44, "Gray Knight", 7, type="paladin", colour="gold",
    text="Innate: +1 when fighting a red piece. Action: Quickness (two steps in one turn).",
    powers=[VsColour("red", 1), QUICKNESS],
)

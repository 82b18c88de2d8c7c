"""#108 Girr -- silver giant, strength 8."""

from legends_core import piece

from ..powers import VISION

PIECE = piece(
    108, "Girr", 8, type="giant", colour="silver",
    text="Action: Vision (show Girr, then turn face up one enemy piece within two squares).",
    powers=[VISION],
)

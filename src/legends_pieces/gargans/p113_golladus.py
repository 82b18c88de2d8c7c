"""#113 Golladus -- silver titan, strength 6."""

from legends_core import piece

from ..powers import CHARGING

PIECE = piece(
    113, "Golladus", 6, type="titan", colour="silver",
    text="Action: Charging.",
    powers=[CHARGING],
)

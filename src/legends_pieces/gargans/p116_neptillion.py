"""#116 Neptillion -- silver titan, strength 5."""

from legends_core import piece

from ..powers import NearWater

PIECE = piece(
    116, "Neptillion", 5, type="titan", colour="silver",
    text="Innate: +2 whenever a water square touches its square.",
    powers=[NearWater(2)],
)

"""#120 Mist Giant -- silver giant, strength 4."""

from legends_core import piece

from ..powers import NearWater

PIECE = piece(
    120, "Mist Giant", 4, type="giant", colour="silver",
    text="Innate: +2 whenever a water square touches its square.",
    powers=[NearWater(2)],
)

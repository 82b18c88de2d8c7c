"""#190 Kzz't -- purple insectoid, strength 3."""

from legends_core import piece

from ..powers import FLYING, VsKeyword

PIECE = piece(
    190, "Kzz't", 3, type="insectoid", colour="purple",
    text="Innate: +3 when fighting a piece that has the Flying action. Action: Flying.",
    powers=[VsKeyword("flying", 3), FLYING],
)

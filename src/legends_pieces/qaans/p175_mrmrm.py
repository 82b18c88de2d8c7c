"""#175 Mrmrm -- purple insectoid, strength 8."""

from legends_core import piece

from ..powers import VsKeyword

PIECE = piece(
    175, "Mrmrm", 8, type="insectoid", colour="purple",
    text="Innate: +1 when fighting a piece that has Flying.",
    powers=[VsKeyword("flying", 1)],
)

"""#104 Ultimadus -- silver titan, strength 10."""

from legends_core import piece

from ..powers import CurseGrant, of

PIECE = piece(
    104, "Ultimadus", 10, type="titan", colour="silver",
    text="Death Curse: while it lasts, every Titan on the board has Berserk.",
    powers=[CurseGrant("berserk", of(type="titan"))],
)

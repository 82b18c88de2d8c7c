"""#55 Jillus -- gold cleric, strength 3."""

from legends_core import piece

from ..powers import CurseGrant, of

PIECE = piece(
    55, "Jillus", 3, type="cleric", colour="gold",
    text="Death Curse: while it lasts, every Cleric has Dispel Magic.",
    powers=[CurseGrant("dispel_magic", of(type="cleric"))],
    rulings=["Clerics of both sides gain Dispel Magic, since the text names no side."],
)

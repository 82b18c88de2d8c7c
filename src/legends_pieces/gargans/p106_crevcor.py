"""#106 Crevcor -- silver ogre, strength 9."""

from legends_core import piece

from ..powers import CurseStrength, of

PIECE = piece(
    106, "Crevcor", 9, type="ogre", colour="silver",
    text="Death Curse: while it lasts, each silver piece gets +1.",
    powers=[CurseStrength(1, of(colour="silver"))],
)
